// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/pagemap.h"
#include "cuda/cudaerror.h"
#include "cuda/gpuclock.h"
#include "deviceinfo.h"
#include "uvm/uvmcounters.h"
#include "uvm/uvmeventqueue.h"

#include <memory>
#include <optional>
#include <string>

namespace sharescope::cuda {

// Whether this process carries the instruments. A process that times
// experiments never loads them: its counters come from a counted pass in a
// child process, which does (the engine runs it: ../engine.h).
enum class Instrumentation {
    Timing, // no CUPTI, no driver counters, no page reads: counted passes run in a child
    Counted, // this is that child: every session is instrumented
};

// What every session on one device shares.
struct CudaContext
{
    DeviceInfo info;
    ContextHealth health;
    Instrumentation instrumentation = Instrumentation::Timing;
    // Counted only: CUPTI counts on every GPU, not this one alone (the peer
    // modes, whose pages move between two).
    bool countEveryDevice = false;
    // Counted only: where the migration records come from. CUPTI is started
    // (before the context, as it must be) only where they are to be CUPTI's,
    // or where the driver's queue cannot be opened, so that it never adds
    // its cost to the driver's.
    RecordsSource records = RecordsSource::DriverEvents;
    // Counted only: CUPTI's records, the driver's exact counters, the pages.
    MessageTemplate recordsProblem; // why CUPTI's records are unavailable, if they are
    std::unique_ptr<uvm::UvmCounters> uvm;
    MessageTemplate uvmProblem;
    // The driver's own migration records, which replace CUPTI's where the
    // driver has the queue.
    std::unique_ptr<uvm::UvmEventQueue> uvmEvents;
    MessageTemplate uvmEventsProblem;
    std::optional<int> accessCounterMigration; // the driver's setting, where read
    std::optional<Pagemap> pagemap;
    MessageTemplate pagemapProblem;
    // The device's SM clock (NVML), read at each phase's end and by the
    // clock warm-up; why not, where it is not.
    std::unique_ptr<GpuClock> clock;
    MessageTemplate clockProblem;
};

} // namespace sharescope::cuda
