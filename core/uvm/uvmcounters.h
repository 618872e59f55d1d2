// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"
#include "uvm/uvmsystem.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sharescope::uvm {

// What the NVIDIA UVM driver itself counted for this process, over all its
// GPUs: exact, with no records to lose. Meanings from the open kernel
// module's uvm_tools.c (branches 535 and 565 to 595):
struct UvmCounterValues
{
    // Bytes copied from CPU memory to a GPU, and back, by any unified-memory
    // migration: fault-driven, prefetches (cudaMemPrefetchAsync), evictions,
    // access-counter migrations and read duplication. Counted when the copy
    // is issued. Not counted: pages populated where they are first touched
    // (nothing is copied), GPU-to-GPU copies, explicit cudaMemcpy.
    std::uint64_t bytesHostToDevice = 0;
    std::uint64_t bytesDeviceToHost = 0;
    // CPU page faults on managed memory that the driver serviced, one per
    // fault (retries not counted again), first touches included.
    std::uint64_t cpuPageFaults = 0;
    // GPU page faults the driver serviced: one per fault-buffer entry after
    // it merged consecutive entries for the same address, so neither fault
    // groups (CUPTI's GPU fault value) nor distinct pages; a page that faults
    // again after a replay counts again. Non-replayable faults included.
    std::uint64_t gpuPageFaults = 0;

    friend bool operator==(const UvmCounterValues &, const UvmCounterValues &) = default;
};

// What moved between two reads. The driver's counters only grow, and
// unsigned subtraction stays right across a wrap.
UvmCounterValues operator-(const UvmCounterValues &after, const UvmCounterValues &before);

// The driver's per-process counters, through /dev/nvidia-uvm-tools. The
// driver adds to a page of this process that it pinned, so a read is four
// loads. This is not a public API: the layout is read from the driver's
// source and only driver branches checked there are used.
//
// Needs CUDA to have initialised the process's /dev/nvidia-uvm (a context
// exists). Holding the counters holds a reference to that file; the
// destructor releases it and leaves CUDA's state as it was.
class UvmCounters
{
public:
    // Why not, when not: the message completes "not reported (...)".
    static Result<std::unique_ptr<UvmCounters>> open(const std::shared_ptr<UvmSystem> &system = linuxUvmSystem());
    // Another process's counters: `uvmFd` is this process's descriptor for
    // that process's /dev/nvidia-uvm file (taken with pidfd_getfd; a file
    // opened again by its path is a new, empty one). The tracker holds a
    // reference to that file, and with it the process's GPU memory, until it
    // is destroyed: destroy it when the process ends.
    static Result<std::unique_ptr<UvmCounters>> openOn(int uvmFd,
                                                       const std::shared_ptr<UvmSystem> &system = linuxUvmSystem());

    UvmCounters(const UvmCounters &) = delete;
    UvmCounters &operator=(const UvmCounters &) = delete;
    ~UvmCounters();

    UvmCounterValues read() const;
    const std::string &driverVersion() const { return m_driverVersion; }

private:
    static Result<std::unique_ptr<UvmCounters>> openOnAny(const std::vector<int> &uvmFds,
                                                          const std::shared_ptr<UvmSystem> &system,
                                                          const std::string &whose, std::string version);
    UvmCounters(std::shared_ptr<UvmSystem> system, int toolsFd, void *page, std::size_t pageBytes,
                std::string driverVersion);

    std::shared_ptr<UvmSystem> m_system;
    int m_toolsFd = -1;
    void *m_page = nullptr; // the driver's counters, indexed by its UvmCounterName
    std::size_t m_pageBytes = 0;
    std::string m_driverVersion;
};

} // namespace sharescope::uvm
