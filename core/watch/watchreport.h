// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "environment.h"
#include "ids.h"
#include "result.h"
#include "uvm/uvmcounters.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::watch {

// How a process's counters came to be read.
enum class Attach {
    None, // not at all: see the process's note
    Held, // held at its first GPU registration, before it could migrate anything: nothing missed
    Polled, // found by looking at its descriptors every interval: migrations before that are not counted
    Running, // a process that was already running (--pid): migrations before that are not counted
};
std::string_view attachName(Attach attach); // "none", "held", "polled", "running"
std::optional<Attach> attachFromName(std::string_view name);

// The process's counters at one moment: what the driver counted for it
// since it was attached, all its GPUs together.
struct WatchSample
{
    std::uint64_t atNs = 0; // since the watch began
    uvm::UvmCounterValues values;
    friend bool operator==(const WatchSample &, const WatchSample &) = default;
};

// A way the program shared memory, in ShareScope's words, summed over the
// calls that took it (the injection library's records).
enum class Route {
    DeviceCopyPageable, // copies between device memory and ordinary (pageable) host memory
    DeviceCopyPinned, // the same from or to page-locked memory
    DeviceToDevice, // copies between device allocations
    ZeroCopy, // pinned host memory mapped into the device's address space
    RegisteredHost, // ordinary memory page-locked in place (cudaHostRegister)
    Managed, // managed memory, migrating on demand
    ManagedPrefetch, // managed memory moved by prefetch calls
    ManagedAdvice, // managed memory with advice
    ManagedDiscard, // managed memory discarded before it is overwritten
    LegacyIpc, // memory exported or opened with a legacy IPC handle
    Vmm, // memory of the driver's virtual memory management, exported as a descriptor
    Pool, // memory from a stream-ordered pool
};
inline constexpr std::size_t routeCount = 12;
std::string_view routeName(Route route); // "device-copy-pageable", ...
std::optional<Route> routeFromName(std::string_view name);
// The ShareScope mode that shows the same route, measured.
ModeId routeMode(Route route);

struct RouteUse
{
    Route route = Route::DeviceCopyPageable;
    std::uint64_t calls = 0;
    std::uint64_t bytes = 0; // what the calls named: copied, allocated, prefetched
    // The synchronous copies among them, with the time the calls took: their
    // bandwidth (an asynchronous call's time is not its copy's).
    std::uint64_t timedBytes = 0;
    std::uint64_t timedNs = 0;
    std::uint64_t failed = 0; // calls that returned an error
    friend bool operator==(const RouteUse &, const RouteUse &) = default;
};

// One memory call, kept to draw it (the trace's spans): the first
// maxKeptCalls of each process.
struct CallSpan
{
    Route route = Route::DeviceCopyPageable;
    std::uint64_t startNs = 0; // since the watch began
    std::uint64_t endNs = 0;
    std::uint64_t bytes = 0;
    bool async = false; // the call only queued the work
    friend bool operator==(const CallSpan &, const CallSpan &) = default;
};
inline constexpr std::size_t maxKeptCalls = 20000;

struct WatchedProcess
{
    int pid = 0;
    int parentPid = 0;
    std::string name;
    std::string commandLine;
    // Since the watch began; a process already running (--pid) started
    // before it: negative.
    std::int64_t startedNs = 0;
    std::optional<std::uint64_t> endedNs; // empty: still running when the watch ended
    std::optional<int> exitStatus; // as a shell gives it (128 + N for signal N); where it was reaped here
    bool usedGpu = false; // it opened the UVM driver (a CUDA context)
    Attach attach = Attach::None;
    std::optional<std::uint64_t> attachedNs;
    MessageTemplate note; // why it was not counted, or what may be missing
    std::optional<uvm::UvmCounterValues> totals; // empty: not reported (never zero for "not counted")
    std::vector<WatchSample> samples; // at each interval where they changed, and the last
    // The driver's event queue (--records): bytes by cause, device-to-device
    // bytes, and what it dropped (the records are then a lower bound).
    std::optional<std::array<std::uint64_t, migrationCauseCount>> migratedByCause;
    std::optional<std::uint64_t> bytesDeviceToDevice;
    std::uint64_t recordsDropped = 0;
    // The memory calls (--api): whether the injection library reported
    // from this process, and what it saw.
    bool routesSeen = false;
    MessageTemplate routesNote;
    std::vector<RouteUse> routes;
    std::vector<CallSpan> calls;
    std::uint64_t callsDropped = 0; // beyond maxKeptCalls (counted in the routes all the same)
    friend bool operator==(const WatchedProcess &, const WatchedProcess &) = default;
};

struct WatchReport
{
    std::string toolVersion;
    std::string commandLine; // the sharescope line that made it
    std::string createdUtc;
    Environment environment;
    std::vector<std::string> command; // what was watched; empty for --pid
    std::optional<int> watchedPid; // --pid
    std::string driverVersion; // the UVM driver's, where read
    MessageTemplate countersNote; // why no process could be counted at all, where none could
    std::uint64_t intervalNs = 100'000'000;
    bool records = false;
    bool api = false;
    MessageTemplate apiNote; // why the memory calls are not reported, where they are not
    std::string cupti; // the CUPTI library the injection loaded: the toolkit's, or the Python environment's
    std::uint64_t durationNs = 0;
    std::optional<std::uint64_t> watcherCpuNs; // the watch's own CPU time, every thread of it
    std::optional<int> exitStatus; // the command's, as a shell gives it
    MessageTemplate startError; // the command could not be started (exit status 126 or 127)
    bool stopped = false; // the watch was asked to stop (SIGINT, SIGTERM, Stop)
    std::vector<WatchedProcess> processes; // in the order they appeared
    friend bool operator==(const WatchReport &, const WatchReport &) = default;
};

// The bytes and faults of every counted process together; empty where none
// was counted.
std::optional<uvm::UvmCounterValues> watchTotals(const WatchReport &report);
// Whether any process of the watch used the GPU's unified memory at all.
bool anyGpuUse(const WatchReport &report);

} // namespace sharescope::watch
