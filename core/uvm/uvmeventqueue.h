// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "result.h"
#include "uvm/uvmsystem.h"

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace sharescope::uvm {

// A processor's UUID as the driver and CUDA both write it (16 bytes).
using ProcessorUuid = std::array<std::uint8_t, 16>;

// The driver's processor indices named as CUDA names devices: index 0 is the
// CPU (-1 here, as MigrationEvent names the host); a GPU index maps to the
// CUDA ordinal whose UUID the driver's table gives it, else noDevice.
struct ProcessorNames
{
    static constexpr int noDevice = -2; // a GPU CUDA does not show this process
    std::vector<int> cudaIndex; // by the driver's processor index

    int of(std::uint16_t index) const;
    // table: the driver's UUID table (UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2),
    // 16 bytes per processor.
    static ProcessorNames fromTable(std::span<const std::uint8_t> table, const std::vector<ProcessorUuid> &cudaUuids);
};

// One entry of the driver's version-2 queue (UvmEventEntry_V2, 72 bytes) as
// a record: a migration (host to device, device to host, device to device),
// thrashing detected, throttling started, a remote mapping. Empty for kinds
// ShareScope does not ask for, and for migrations within the host (NUMA),
// which the driver's byte counters leave out too.
inline constexpr std::size_t uvmEventEntryBytes = 72;
std::optional<MigrationEvent> decodeUvmEvent(std::span<const std::uint8_t, uvmEventEntryBytes> entry,
                                             const ProcessorNames &names);

// The driver's uvm_perf_access_counter_migration_enable (a module
// parameter): <= -1 its default policy (on only where CPU and GPU share page
// tables, ATS), 0 off, >= 1 on. Empty where it cannot be read.
std::optional<int> accessCounterMigrationSetting(UvmSystem &system);

// Whether UvmEventQueue knows the event queue of this driver branch.
bool uvmEventQueueKnowsBranch(int branch);

// The UVM driver's own event stream for tools (/dev/nvidia-uvm-tools, the
// queue behind UvmToolsCreateEventQueue), which delivers every migration
// with its source, destination, address, bytes, cause and time, and counts
// what it had to drop. Read from the open kernel module's source
// (kernel-open/nvidia-uvm: uvm_tools.c, uvm_types.h, uvm_ioctl.h), not a
// public API: only branches checked there are used.
//
// A thread drains the queue every couple of milliseconds into memory, so
// that a storm of migrations does not fill it; flush() completes what the
// driver finished and drains once more, for a phase's end.
class UvmEventQueue
{
public:
    static constexpr std::uint32_t defaultEntries = 1u << 16; // 4.5 MiB the driver pins

    // Needs CUDA to have initialised the process's /dev/nvidia-uvm (a
    // context exists). cudaUuids: each CUDA device's UUID, by ordinal. The
    // message completes "not reported (...)".
    static Result<std::unique_ptr<UvmEventQueue>> open(const std::vector<ProcessorUuid> &cudaUuids,
                                                       const std::shared_ptr<UvmSystem> &system = linuxUvmSystem(),
                                                       std::uint32_t entries = defaultEntries);

    // Another process's queue, through this process's descriptor for that
    // process's /dev/nvidia-uvm file (UvmCounters::openOn says why and what
    // it holds). Its GPUs may register after this: the names of their
    // processors are read again when an event names one not known yet.
    static Result<std::unique_ptr<UvmEventQueue>> openOn(int uvmFd, const std::vector<ProcessorUuid> &cudaUuids,
                                                         const std::shared_ptr<UvmSystem> &system = linuxUvmSystem(),
                                                         std::uint32_t entries = defaultEntries);

    // Whether open() can be expected to succeed once a context exists: the
    // driver's branch is known and the tools device opens. Asked before
    // CUDA starts, when CUPTI must be started or never.
    static Status expected(const std::shared_ptr<UvmSystem> &system = linuxUvmSystem());

    UvmEventQueue(const UvmEventQueue &) = delete;
    UvmEventQueue &operator=(const UvmEventQueue &) = delete;
    ~UvmEventQueue();

    // The records' clock: CLOCK_MONOTONIC_RAW in nanoseconds, as the driver
    // stamps its events.
    static std::uint64_t now();

    // The driver finishes recording the migrations it completed
    // (UVM_TOOLS_FLUSH_EVENTS), then the queue is drained: every migration
    // of work that has ended is in memory when this returns.
    void flush();
    // Everything drained so far, handed over.
    std::vector<MigrationEvent> take();
    // Events the driver dropped because the queue was full, of the kinds
    // asked for; the records are then a lower bound.
    std::uint64_t dropped() const;
    // Which kinds the queue reports (the rest are "not reported").
    static std::array<bool, counterKindCount> reportedKinds();

private:
    struct Mapping
    {
        void *pages = nullptr;
        std::size_t bytes = 0;
    };
    static Result<std::unique_ptr<UvmEventQueue>> openOnAny(const std::vector<int> &uvmFds,
                                                            const std::vector<ProcessorUuid> &cudaUuids,
                                                            const std::shared_ptr<UvmSystem> &system,
                                                            std::uint32_t entries, const std::string &whose);
    UvmEventQueue(std::shared_ptr<UvmSystem> system, int toolsFd, int uvmFd, Mapping queue, Mapping control,
                  std::uint32_t entries, ProcessorNames names, std::vector<ProcessorUuid> cudaUuids);
    bool readNamesLocked(); // the driver's processor table again
    void drainLocked();
    void drainLoop();

    std::shared_ptr<UvmSystem> m_system;
    int m_toolsFd = -1;
    int m_uvmFd = -1; // CUDA's, borrowed: never closed here
    Mapping m_queue;
    Mapping m_control;
    std::uint32_t m_entries = 0;
    ProcessorNames m_names; // guarded by m_mutex once the drainer runs
    std::vector<ProcessorUuid> m_cudaUuids;

    mutable std::mutex m_mutex;
    std::vector<MigrationEvent> m_events; // guarded by m_mutex
    bool m_stopping = false; // guarded by m_mutex
    std::condition_variable m_wake;
    std::thread m_drainer;
};

} // namespace sharescope::uvm
