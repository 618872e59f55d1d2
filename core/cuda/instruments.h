// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "cuda/cudacontext.h"
#include "report/runreport.h"
#include "result.h"

#include <vector>

namespace sharescope::cuda {

// What a counted pass measures of one session, phase by phase: the
// migration records (the UVM driver's event queue where it has one, else
// CUPTI's), the UVM driver's exact counts, and which pages of the managed
// buffers the CPU holds. Lives only in the counted pass's process.
class Instruments
{
public:
    explicit Instruments(CudaContext &context);
    Instruments(const Instruments &) = delete;
    Instruments &operator=(const Instruments &) = delete;
    ~Instruments();

    // The driver's queue (unless CUPTI's records are asked for), else CUPTI's
    // collection, where either is available.
    Status start(RecordsSource wanted);
    void phaseStarting();
    // buffers: the session's, whose managed ones have their pages read.
    void phaseEnded(int iteration, Phase phase, const std::vector<BufferReport> &buffers);
    CounterRecords finish(); // once, after free

private:
    std::vector<std::vector<ChunkPages>> readPages(const std::vector<BufferReport> &buffers);

    std::uint64_t now() const; // the records' clock

    CudaContext &m_context;
    bool m_collecting = false; // CUPTI's
    bool m_queueing = false; // the driver's queue
    bool m_noRecords = false; // --records none
    std::uint64_t m_droppedBefore = 0;
    MessageTemplate m_cuptiInstead; // why not the driver's queue, when not
    PhaseWindow m_window;
    uvm::UvmCounterValues m_before;
    std::vector<PhaseWindow> m_windows;
    MessageTemplate m_pagesProblem;
};

} // namespace sharescope::cuda
