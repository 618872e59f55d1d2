// SPDX-License-Identifier: GPL-3.0-or-later
#include "watch/watcher.h"

#include "outputfile.h"
#include "system/ptracerules.h"
#include "trnoop.h"
#include "uvm/uvmcounters.h"
#include "uvm/uvmdriverversion.h"
#include "uvm/uvmeventqueue.h"
#include "watch/procstat.h"
#include "watch/routerecord.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <set>

namespace sharescope::watch {
namespace {

constexpr std::string_view uvmPath = "/dev/nvidia-uvm";
constexpr std::uint64_t msNs = 1'000'000;
// After the command ends, how long processes it left (DataLoader workers
// on their way out) have to end before their last counts are read anyway.
constexpr std::uint64_t drainNs = 2'000 * msNs;

std::string procPath(int pid, std::string_view rest = {})
{
    return "/proc/" + std::to_string(pid) + std::string(rest);
}

std::string secondsText(std::uint64_t ns)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(ns) / 1e9);
    return text;
}

// Counting and records of one VA space of one process: a descriptor of
// this process for its /dev/nvidia-uvm file and the trackers opened on it.
struct Tracker
{
    std::size_t process = 0; // index into the report's processes
    int pid = 0;
    int fd = -1; // the process's own descriptor number
    int pidfd = -1;
    int taken = -1; // this process's copy (pidfd_getfd)
    std::unique_ptr<uvm::UvmCounters> counters;
    std::unique_ptr<uvm::UvmEventQueue> events;
    uvm::UvmCounterValues last; // the last read; the final one once closed
    std::array<std::uint64_t, migrationCauseCount> byCause{};
    std::uint64_t deviceToDevice = 0;
    std::uint64_t dropped = 0;
    bool recorded = false; // its event queue opened
    bool open() const { return counters != nullptr; }
};

class Session
{
public:
    Session(const WatchOptions &options, const WatchPlatform &platform, WatchObserver *observer,
            const StopRequest *stop)
        : m_options(options)
        , m_system(*platform.system)
        , m_files(*platform.files)
        , m_uvm(platform.uvm)
        , m_observer(observer)
        , m_stop(stop)
    {
    }

    Result<WatchReport> run();

private:
    Status startCommand();
    Status takeRunning();
    void loop();
    void handleHeld();
    void handleRoutes();
    void sample(bool last);
    void refreshTree();
    void pollDescriptors();
    void reapChildren();
    void handleStop();
    void closeEnded(const std::vector<int> &readyPidfds, bool lookAtFiles);
    void closeTracker(Tracker &tracker);
    void finish();

    std::optional<std::size_t> processOf(int pid);
    bool tracked(int pid, int fd) const;
    // Takes the process's descriptor and opens the counters on it; a refusal
    // is noted on the process.
    bool attach(int pid, int fd, Attach how, std::optional<std::uint64_t> heldId);
    std::uint64_t sinceStart() { return m_system.now() - m_start; }
    bool treeAlive();

    const WatchOptions &m_options;
    WatchSystem &m_system;
    sys::SystemFiles &m_files;
    std::shared_ptr<uvm::UvmSystem> m_uvm;
    WatchObserver *m_observer;
    const StopRequest *m_stop;

    WatchReport m_report;
    std::map<int, std::size_t> m_current; // PID -> its process now (a PID may be used again)
    std::map<int, std::uint64_t> m_startTicks;
    std::vector<Tracker> m_trackers;
    std::set<std::pair<int, int>> m_refused; // (pid, fd) that will not be counted
    std::map<std::pair<int, int>, int> m_pollTries;
    bool m_canCount = false;
    bool m_held = false;
    int m_root = -1;
    int m_rootPidfd = -1;
    int m_listener = -1;
    int m_backstop = -1;
    int m_routeFd = -1;
    std::string m_routePath;
    std::uint64_t m_start = 0;
    std::uint64_t m_bootAtStart = 0;
    std::uint64_t m_cpuAtStart = 0;
    std::optional<std::uint64_t> m_rootEndedAt;
    std::uint64_t m_nextSample = 0;
    std::uint64_t m_nextTree = 0;
    int m_stopStage = 0;
    std::uint64_t m_stopAt = 0;
};

Result<WatchReport> Session::run()
{
    m_report.toolVersion = toolVersion();
    m_report.createdUtc = currentUtcTime();
    m_report.environment = currentEnvironment();
    m_report.commandLine = m_options.commandLine;
    m_report.command = m_options.command;
    m_report.watchedPid = m_options.pid;
    m_report.intervalNs = m_options.intervalNs;
    m_report.records = m_options.records;
    m_report.api = m_options.api;
    m_report.apiNote = m_options.apiNote;
    m_report.cupti = m_options.cupti;

    // Whether anything can be counted here at all: the driver's branch and
    // its tools device. Without them the command still runs, unwatched.
    const bool driverHere = m_uvm->readFile("/sys/module/nvidia_uvm/version").has_value()
        || m_uvm->readFile("/proc/driver/nvidia/version").has_value();
    if (!driverHere) {
        m_report.countersNote = MessageTemplate(
            SHARESCOPE_TR_NOOP("Core", "the NVIDIA UVM driver is not loaded here (no NVIDIA GPU, or no driver)"),
            std::vector<std::string>{});
    } else if (Result<std::string> version = uvm::supportedUvmDriverVersion(*m_uvm); !version) {
        m_report.countersNote = templateOf(version.error());
    } else {
        m_report.driverVersion = *version;
        if (Result<int> tools = uvm::openUvmTools(*m_uvm); !tools) {
            m_report.countersNote = templateOf(tools.error());
        } else {
            m_uvm->close(*tools);
            m_canCount = true;
        }
    }

    m_start = m_system.now();
    m_bootAtStart = m_system.sinceBoot();
    m_cpuAtStart = m_system.ownCpuNs();
    if (Status started = m_options.pid ? takeRunning() : startCommand(); !started)
        return started.error();
    if (!m_report.startError.empty())
        return std::move(m_report);
    loop();
    finish();
    return std::move(m_report);
}

Status Session::startCommand()
{
    m_system.becomeSubreaper();
    if (m_options.api) {
        // The injection library sends its records here (a socket only this
        // user reaches); the variable that names it goes into the command's
        // environment alone.
        if (auto socket = m_system.openRouteSocket(); socket) {
            m_routeFd = socket->first;
            m_routePath = socket->second;
        } else {
            m_report.api = false;
            m_report.apiNote = templateOf(socket.error());
        }
    }
    std::vector<std::string> argv = m_options.command;
    argv[0] = m_options.program;
    std::vector<std::string> environment = m_options.environment;
    if (m_routeFd >= 0)
        environment.push_back(std::string(routeSocketVariable) + "=" + m_routePath);
    Result<Spawned> spawned = m_system.spawn(argv, environment, m_canCount);
    if (!spawned)
        return spawned.error();
    if (spawned->execError) {
        // Found and could not be started: as a shell says it, with its status.
        m_report.exitStatus = spawned->execError == ENOENT ? 127 : 126;
        m_report.startError = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1: cannot run it (%2)"),
                                              {MessageTemplate(m_options.command[0]), osErrorText(spawned->execError)});
        return okStatus();
    }
    m_root = spawned->pid;
    m_listener = spawned->listener;
    m_held = m_listener >= 0;
    m_rootPidfd = m_system.pidfdOpen(m_root);
    if (m_canCount && !m_held) {
        m_report.countersNote = MessageTemplate(
            SHARESCOPE_TR_NOOP("Core",
                               "the kernel would not hold the command at its first GPU call (seccomp: %1): "
                               "each process is counted from when its descriptors are first seen, and "
                               "what it migrated before that is missing"),
            {std::strerror(spawned->holdError)});
    }
    if (m_held)
        m_backstop = m_system.startBackstop(m_listener);
    processOf(m_root);
    if (m_observer)
        m_observer->started(m_root);
    return okStatus();
}

Status Session::takeRunning()
{
    const int pid = *m_options.pid;
    if (pid == m_system.self())
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--pid %1 is ShareScope itself; it cannot watch itself"),
                           {std::to_string(pid)});
    if (!processOf(pid))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--pid %1: there is no such process"), {std::to_string(pid)});
    if (!m_canCount) {
        return errorOf(ErrorKind::Unsupported,
                       MessageTemplate(SHARESCOPE_TR_NOOP("Core", "--pid %1: nothing can be counted here: %2"),
                                       {MessageTemplate(std::to_string(pid)), m_report.countersNote}));
    }
    m_root = pid;
    m_rootPidfd = m_system.pidfdOpen(pid);
    if (m_rootPidfd < 0) {
        const sys::PtraceRules rules = sys::readPtraceRules(m_files);
        return errorOf(ErrorKind::BadArgument,
                       MessageTemplate(
                           SHARESCOPE_TR_NOOP("Core", "cannot watch process %1: %2"),
                           {MessageTemplate(std::to_string(pid)),
                            sys::takeRefusalText(sys::explainTakeRefusal(-m_rootPidfd, rules, {}, false), rules, {})}));
    }
    // Its VA spaces now, or (--wait) once it opens one.
    for (;;) {
        pollDescriptors();
        const WatchedProcess &process = m_report.processes[m_current.at(pid)];
        if (process.attach != Attach::None)
            break;
        if (!process.note.empty() && process.usedGpu) {
            return errorOf(ErrorKind::BadArgument,
                           MessageTemplate(SHARESCOPE_TR_NOOP("Core", "cannot watch process %1: %2"),
                                           {MessageTemplate(std::to_string(pid)), process.note}));
        }
        if (!m_options.waitForGpu)
            return badArgument(SHARESCOPE_TR_NOOP("Core",
                                                  "process %1 has no %2 open: it has not used CUDA yet (add "
                                                  "--wait to wait until it does)"),
                               {std::to_string(pid), std::string(uvmPath)});
        if (!m_system.wait({m_rootPidfd}, static_cast<int>(m_options.intervalNs / msNs)).empty())
            return badArgument(SHARESCOPE_TR_NOOP("Core", "process %1 ended before it used CUDA"),
                               {std::to_string(pid)});
        if (m_stop && m_stop->signal.load()) {
            m_report.stopped = true;
            return okStatus();
        }
    }
    if (m_observer)
        m_observer->started(pid);
    return okStatus();
}

std::optional<std::size_t> Session::processOf(int pid)
{
    const sys::FileResult line = m_files.read(procPath(pid, "/stat"), 4096);
    const std::optional<ProcStat> stat = line.ok() ? parseProcStat(*line.text) : std::nullopt;
    if (const auto found = m_current.find(pid); found != m_current.end()) {
        // The same process while its start time is the same.
        if (!stat || stat->startTicks == m_startTicks[pid])
            return found->second;
    }
    if (!stat)
        return std::nullopt;
    WatchedProcess process;
    process.pid = pid;
    process.parentPid = stat->parentPid;
    process.name = stat->name;
    if (const sys::FileResult arguments = m_files.read(procPath(pid, "/cmdline"), 64 * 1024); arguments.ok())
        process.commandLine = commandText(parseCommandLine(*arguments.text));
    const long ticks = std::max(1L, m_system.ticksPerSecond());
    const auto startedSinceBoot = static_cast<std::int64_t>(stat->startTicks * (1'000'000'000 / ticks));
    process.startedNs = startedSinceBoot - static_cast<std::int64_t>(m_bootAtStart);
    m_report.processes.push_back(std::move(process));
    m_current[pid] = m_report.processes.size() - 1;
    m_startTicks[pid] = stat->startTicks;
    return m_report.processes.size() - 1;
}

bool Session::tracked(int pid, int fd) const
{
    return std::ranges::any_of(m_trackers, [&](const Tracker &t) { return t.pid == pid && t.fd == fd && t.open(); });
}

bool Session::attach(int pid, int fd, Attach how, std::optional<std::uint64_t> heldId)
{
    const std::optional<std::size_t> index = processOf(pid);
    if (!index)
        return false;
    WatchedProcess &process = m_report.processes[*index];
    process.usedGpu = true;
    if (!m_canCount) {
        process.note = m_report.countersNote;
        return false;
    }
    const int pidfd = m_system.pidfdOpen(pid);
    const int taken = pidfd >= 0 ? m_system.takeDescriptor(pidfd, fd) : pidfd;
    if (taken < 0) {
        const sys::PtraceRules rules = sys::readPtraceRules(m_files);
        sys::ProcessStatus target;
        if (const sys::FileResult status = m_files.read(procPath(pid, "/status"), 64 * 1024); status.ok())
            target = sys::parseProcessStatus(*status.text);
        const sys::TakeRefusal why = sys::explainTakeRefusal(-taken, rules, target, !m_options.pid);
        if (why != sys::TakeRefusal::Gone && why != sys::TakeRefusal::NoSuchDescriptor) {
            process.note = sys::takeRefusalText(why, rules, target);
            m_refused.insert({pid, fd});
        }
        m_system.close(pidfd);
        return false;
    }
    // Held at the call: its PID still names the process that made it (not
    // one that took the PID after it ended).
    if (heldId && !m_system.stillHeld(m_listener, *heldId)) {
        m_system.close(taken);
        m_system.close(pidfd);
        return false;
    }
    Result<std::unique_ptr<uvm::UvmCounters>> counters = uvm::UvmCounters::openOn(taken, m_uvm);
    if (!counters) {
        // An uninitialised file or CUDA's second one, which only keeps the
        // memory map alive: not this one. Refused for good only when held.
        if (how != Attach::Polled)
            process.note = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the driver would not count it: %1"),
                                           {templateOf(counters.error())});
        m_system.close(taken);
        m_system.close(pidfd);
        return false;
    }
    Tracker tracker;
    tracker.process = *index;
    tracker.pid = pid;
    tracker.fd = fd;
    tracker.pidfd = pidfd;
    tracker.taken = taken;
    tracker.counters = std::move(*counters);
    if (m_options.records) {
        if (auto events = uvm::UvmEventQueue::openOn(taken, {}, m_uvm); events) {
            tracker.events = std::move(*events);
            tracker.recorded = true;
        } else
            process.note = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "its migration records are not reported: %1"),
                                           {templateOf(events.error())});
    }
    m_trackers.push_back(std::move(tracker));
    const std::uint64_t at = sinceStart();
    if (process.attach == Attach::None) {
        process.attach = how;
        process.attachedNs = at;
        process.totals = uvm::UvmCounterValues{};
        switch (how) {
        case Attach::Held:
        case Attach::None:
            break;
        case Attach::Polled:
            process.note = MessageTemplate(
                SHARESCOPE_TR_NOOP("Core",
                                   "counted from %1 on, when its descriptors were seen; what it migrated "
                                   "before that is not counted"),
                {secondsText(at)});
            break;
        case Attach::Running:
            process.note = MessageTemplate(
                SHARESCOPE_TR_NOOP("Core",
                                   "it had been running for %1; what it migrated before that is not "
                                   "counted"),
                {secondsText(static_cast<std::uint64_t>(std::max<std::int64_t>(0, -process.startedNs)))});
            break;
        }
    }
    return true;
}

void Session::handleHeld()
{
    std::optional<HeldCall> call = m_system.nextHeld(m_listener);
    if (!call)
        return;
    // The kernel names the thread that made the call; its process is the
    // thread group (a runtime may start CUDA on any of its threads).
    if (call->pid > 0) {
        const sys::FileResult status = m_files.read(procPath(call->pid, "/status"), 64 * 1024);
        if (status.ok()) {
            if (const auto group = sys::parseProcessStatus(*status.text).threadGroup; group && *group > 0)
                call->pid = *group;
        }
    }
    if (call->pid > 0) {
        const sys::FileResult link = m_files.readLink(procPath(call->pid, "/fd/" + std::to_string(call->fd)));
        if (link.ok() && *link.text == uvmPath) {
            if (const auto index = processOf(call->pid))
                m_report.processes[*index].usedGpu = true;
            // The first GPU of a VA space: from here on it could migrate.
            if (call->request == uvmRegisterGpuRequest && !tracked(call->pid, call->fd)
                && !m_refused.contains({call->pid, call->fd}))
                attach(call->pid, call->fd, Attach::Held, call->id);
        }
    }
    m_system.resume(m_listener, call->id);
}

void Session::handleRoutes()
{
    for (const std::string &datagram : m_system.receiveDatagrams(m_routeFd)) {
        if (datagram.size() != sizeof(RouteRecord))
            continue;
        RouteRecord record;
        std::memcpy(&record, datagram.data(), sizeof record);
        if (record.magic != routeRecordMagic)
            continue;
        const std::optional<std::size_t> index = processOf(static_cast<int>(record.pid));
        if (!index)
            continue;
        WatchedProcess &process = m_report.processes[*index];
        process.routesSeen = true;
        const auto call = static_cast<RouteCall>(record.call);
        const bool failedCall = record.flags & RouteFailed;
        std::optional<Route> route;
        switch (call) {
        case RouteCall::Hello:
            if (record.value != 1)
                process.routesNote = MessageTemplate(
                    SHARESCOPE_TR_NOOP("Core",
                                       "CUPTI would not report its calls (error %1): another tool, such as a "
                                       "profiler, may hold it"),
                    {std::to_string(record.value)});
            break;
        case RouteCall::CopyToDevice:
        case RouteCall::CopyToHost:
            route = (record.flags & RoutePinned) ? Route::DeviceCopyPinned : Route::DeviceCopyPageable;
            break;
        case RouteCall::CopyWithinDevice:
            route = Route::DeviceToDevice;
            break;
        case RouteCall::AllocPinned:
            if (record.flags & RouteMapped)
                route = Route::ZeroCopy;
            break;
        case RouteCall::RegisterHost:
            route = Route::RegisteredHost;
            break;
        case RouteCall::AllocManaged:
            route = Route::Managed;
            break;
        case RouteCall::Prefetch:
            route = Route::ManagedPrefetch;
            break;
        case RouteCall::Advise:
            route = Route::ManagedAdvice;
            break;
        case RouteCall::Discard:
            route = Route::ManagedDiscard;
            break;
        case RouteCall::IpcExport:
        case RouteCall::IpcImport:
            route = Route::LegacyIpc;
            break;
        case RouteCall::VmmCreate:
        case RouteCall::VmmExport:
        case RouteCall::VmmImport:
            route = Route::Vmm;
            break;
        case RouteCall::PoolAlloc:
        case RouteCall::PoolExport:
            route = Route::Pool;
            break;
        case RouteCall::AllocDevice:
            break;
        }
        if (!route)
            continue;
        auto found = std::ranges::find(process.routes, *route, &RouteUse::route);
        if (found == process.routes.end()) {
            process.routes.push_back({*route});
            found = process.routes.end() - 1;
        }
        ++found->calls;
        if (failedCall) {
            ++found->failed;
            continue;
        }
        found->bytes += record.bytes;
        const auto relative = [this](std::uint64_t ns) { return ns > m_start ? ns - m_start : 0; };
        if (process.calls.size() < maxKeptCalls)
            process.calls.push_back({*route, relative(record.startNs), relative(record.endNs), record.bytes,
                                     (record.flags & RouteAsync) != 0});
        else
            ++process.callsDropped;
        const bool copy
            = call == RouteCall::CopyToDevice || call == RouteCall::CopyToHost || call == RouteCall::CopyWithinDevice;
        if (copy && !(record.flags & RouteAsync) && record.endNs > record.startNs) {
            found->timedBytes += record.bytes;
            found->timedNs += record.endNs - record.startNs;
        }
    }
}

void Session::sample(bool last)
{
    const std::uint64_t at = sinceStart();
    WatchProgress progress;
    progress.atNs = at;
    std::map<std::size_t, uvm::UvmCounterValues> sums;
    for (Tracker &tracker : m_trackers) {
        if (tracker.open()) {
            tracker.last = tracker.counters->read();
            if (tracker.events) {
                for (const MigrationEvent &event : tracker.events->take()) {
                    const bool transfer = event.kind == CounterKind::BytesHostToDevice
                        || event.kind == CounterKind::BytesDeviceToHost
                        || event.kind == CounterKind::BytesDeviceToDevice;
                    if (transfer)
                        tracker.byCause[static_cast<std::size_t>(event.cause)] += event.value;
                    if (event.kind == CounterKind::BytesDeviceToDevice)
                        tracker.deviceToDevice += event.value;
                }
                tracker.dropped = tracker.events->dropped();
            }
        }
        uvm::UvmCounterValues &sum = sums[tracker.process];
        sum.bytesHostToDevice += tracker.last.bytesHostToDevice;
        sum.bytesDeviceToHost += tracker.last.bytesDeviceToHost;
        sum.cpuPageFaults += tracker.last.cpuPageFaults;
        sum.gpuPageFaults += tracker.last.gpuPageFaults;
    }
    for (const auto &[index, sum] : sums) {
        WatchedProcess &process = m_report.processes[index];
        const bool changed = !process.totals || *process.totals != sum;
        process.totals = sum;
        if (changed || (last && (process.samples.empty() || process.samples.back().atNs != at)))
            process.samples.push_back({at, sum});
    }
    if (m_options.records) {
        for (WatchedProcess &process : m_report.processes) {
            if (process.attach == Attach::None)
                continue;
            std::array<std::uint64_t, migrationCauseCount> byCause{};
            std::uint64_t deviceToDevice = 0;
            std::uint64_t dropped = 0;
            bool any = false;
            for (const Tracker &tracker : m_trackers) {
                if (&m_report.processes[tracker.process] != &process || !tracker.recorded)
                    continue;
                any = true;
                for (std::size_t c = 0; c < byCause.size(); ++c)
                    byCause[c] += tracker.byCause[c];
                deviceToDevice += tracker.deviceToDevice;
                dropped += tracker.dropped;
            }
            if (any) {
                process.migratedByCause = byCause;
                process.bytesDeviceToDevice = deviceToDevice;
                process.recordsDropped = dropped;
            }
        }
    }
    if (m_observer) {
        for (const WatchedProcess &process : m_report.processes) {
            progress.processes.push_back(
                {process.pid, process.name, process.attach, process.totals, process.endedNs.has_value()});
        }
        m_observer->progress(progress);
    }
}

void Session::refreshTree()
{
    // From the command down, through each thread's children; and the
    // orphans of the tree, which came to this process (the subreaper).
    std::vector<int> queue;
    if (m_root > 0)
        queue.push_back(m_root);
    std::set<int> seen;
    const auto childrenOf = [this](int pid) {
        std::vector<int> children;
        const auto tasks = m_files.list(procPath(pid, "/task"));
        if (!tasks)
            return children;
        for (const std::string &task : *tasks) {
            const sys::FileResult text = m_files.read(procPath(pid, "/task/" + task + "/children"), 64 * 1024);
            if (text.ok())
                for (int child : parseChildren(*text.text))
                    children.push_back(child);
        }
        return children;
    };
    if (!m_options.pid) {
        for (int orphan : childrenOf(m_system.self()))
            if (orphan != m_root && orphan != m_backstop)
                queue.push_back(orphan);
    }
    while (!queue.empty() && seen.size() < 100'000) {
        const int pid = queue.back();
        queue.pop_back();
        if (!seen.insert(pid).second)
            continue;
        processOf(pid);
        for (int child : childrenOf(pid))
            queue.push_back(child);
    }
    const std::uint64_t at = sinceStart();
    for (const auto &[pid, index] : m_current) {
        WatchedProcess &process = m_report.processes[index];
        if (process.endedNs)
            continue;
        const sys::FileResult line = m_files.read(procPath(pid, "/stat"), 4096);
        const std::optional<ProcStat> stat = line.ok() ? parseProcStat(*line.text) : std::nullopt;
        if (!stat || stat->startTicks != m_startTicks[pid] || stat->state == 'Z' || stat->state == 'X')
            process.endedNs = at;
    }
}

void Session::pollDescriptors()
{
    // Unheld: each process's /dev/nvidia-uvm files as they appear. Until one
    // of a process's files is counted, each is tried every pass (an
    // uninitialised file, or CUDA's second, is refused by the driver).
    for (const auto &[pid, index] : m_current) {
        WatchedProcess &process = m_report.processes[index];
        if (process.endedNs || process.attach != Attach::None)
            continue;
        const auto fds = m_files.list(procPath(pid, "/fd"));
        if (!fds)
            continue;
        for (const std::string &name : *fds) {
            int fd = -1;
            if (std::sscanf(name.c_str(), "%d", &fd) != 1 || m_refused.contains({pid, fd}))
                continue;
            const sys::FileResult link = m_files.readLink(procPath(pid, "/fd/" + name));
            if (!link.ok() || *link.text != uvmPath)
                continue;
            process.usedGpu = true;
            if (tracked(pid, fd))
                continue;
            attach(pid, fd, m_options.pid && pid == *m_options.pid ? Attach::Running : Attach::Polled, std::nullopt);
            if (++m_pollTries[{pid, fd}] > 1000)
                m_refused.insert({pid, fd});
        }
    }
}

void Session::closeTracker(Tracker &tracker)
{
    if (!tracker.open())
        return;
    tracker.last = tracker.counters->read();
    if (tracker.events) {
        tracker.events->flush();
        for (const MigrationEvent &event : tracker.events->take()) {
            const bool transfer = event.kind == CounterKind::BytesHostToDevice
                || event.kind == CounterKind::BytesDeviceToHost || event.kind == CounterKind::BytesDeviceToDevice;
            if (transfer)
                tracker.byCause[static_cast<std::size_t>(event.cause)] += event.value;
            if (event.kind == CounterKind::BytesDeviceToDevice)
                tracker.deviceToDevice += event.value;
        }
        tracker.dropped = tracker.events->dropped();
    }
    // The trackers hold the process's file, and with it its GPU memory:
    // closed as soon as the process is done with it.
    tracker.events.reset();
    tracker.counters.reset();
    m_system.close(tracker.taken);
    m_system.close(tracker.pidfd);
    tracker.taken = tracker.pidfd = -1;
}

void Session::closeEnded(const std::vector<int> &ready, bool lookAtFiles)
{
    bool closed = false;
    for (Tracker &tracker : m_trackers) {
        if (!tracker.open())
            continue;
        const bool ended = std::ranges::find(ready, tracker.pidfd) != ready.end();
        // A file the process closed (or left behind at exec) is not its any
        // more: looked at once an interval.
        const bool dropped = !ended && lookAtFiles && [&] {
            const sys::FileResult link = m_files.readLink(procPath(tracker.pid, "/fd/" + std::to_string(tracker.fd)));
            return !link.ok() || *link.text != uvmPath;
        }();
        if (ended || dropped) {
            if (ended && !m_report.processes[tracker.process].endedNs)
                m_report.processes[tracker.process].endedNs = sinceStart();
            closeTracker(tracker);
            closed = true;
        }
    }
    if (closed)
        sample(false);
}

void Session::reapChildren()
{
    for (const WatchSystem::Reaped &reaped : m_system.reap()) {
        if (reaped.pid == m_backstop) {
            m_backstop = -1;
            continue;
        }
        if (const auto found = m_current.find(reaped.pid); found != m_current.end()) {
            WatchedProcess &process = m_report.processes[found->second];
            process.exitStatus = reaped.status;
            if (!process.endedNs)
                process.endedNs = sinceStart();
        }
        if (reaped.pid == m_root) {
            m_report.exitStatus = reaped.status;
            m_rootEndedAt = m_system.now();
        }
    }
}

void Session::handleStop()
{
    if (!m_stop)
        return;
    const int requested = m_stop->signal.load();
    if (requested == 0)
        return;
    m_report.stopped = true;
    if (m_options.pid) {
        m_rootEndedAt = m_system.now(); // stop watching; the process goes on
        return;
    }
    const std::uint64_t now = m_system.now();
    if (m_stopStage == 0) {
        if (m_stop->forward.load())
            m_system.signal(m_root, requested);
        m_stopStage = 1;
        m_stopAt = now;
    } else if (m_stopStage == 1 && now - m_stopAt > m_options.stopGraceNs) {
        m_system.signal(m_root, SIGTERM);
        m_stopStage = 2;
        m_stopAt = now;
    } else if (m_stopStage == 2 && now - m_stopAt > m_options.stopGraceNs) {
        m_system.signal(m_root, SIGKILL);
        m_stopStage = 3;
    }
}

bool Session::treeAlive()
{
    return std::ranges::any_of(m_report.processes, [](const WatchedProcess &p) { return !p.endedNs; });
}

void Session::loop()
{
    m_nextSample = m_system.now() + m_options.intervalNs;
    m_nextTree = m_system.now();
    for (;;) {
        const std::uint64_t now = m_system.now();
        if (now >= m_nextTree) {
            refreshTree();
            // Unheld, a process's descriptors are looked at more often than
            // it is sampled: what it migrates before is lost.
            if (!m_held)
                pollDescriptors();
            m_nextTree = now + std::min<std::uint64_t>(m_options.intervalNs, m_held ? 250 * msNs : 10 * msNs);
        }
        bool sampled = false;
        if (now >= m_nextSample) {
            sample(false);
            m_nextSample = now + m_options.intervalNs;
            sampled = true;
        }
        handleStop();
        reapChildren();
        if (m_rootEndedAt) {
            const bool counting = std::ranges::any_of(m_trackers, &Tracker::open);
            if (!counting || m_system.now() - *m_rootEndedAt > drainNs || m_options.pid)
                break;
        }
        std::vector<int> fds;
        if (m_listener >= 0)
            fds.push_back(m_listener);
        if (m_routeFd >= 0)
            fds.push_back(m_routeFd);
        if (m_options.pid && m_rootPidfd >= 0)
            fds.push_back(m_rootPidfd);
        for (const Tracker &tracker : m_trackers)
            if (tracker.open())
                fds.push_back(tracker.pidfd);
        const std::uint64_t until = std::min(m_nextSample, m_nextTree);
        const int timeout = static_cast<int>(std::clamp<std::uint64_t>((until - std::min(until, now)) / msNs, 1, 50));
        const std::vector<int> ready = m_system.wait(fds, timeout);
        const auto isReady = [&ready](int fd) { return fd >= 0 && std::ranges::find(ready, fd) != ready.end(); };
        if (isReady(m_listener))
            handleHeld();
        if (isReady(m_routeFd))
            handleRoutes();
        if (m_options.pid && isReady(m_rootPidfd) && !m_rootEndedAt)
            m_rootEndedAt = m_system.now();
        closeEnded(ready, sampled);
    }
}

void Session::finish()
{
    if (m_routeFd >= 0)
        handleRoutes();
    for (Tracker &tracker : m_trackers)
        closeTracker(tracker);
    refreshTree();
    sample(true);
    m_report.durationNs = sinceStart();
    m_report.watcherCpuNs = m_system.ownCpuNs() - m_cpuAtStart;
    if (m_routeFd >= 0)
        m_system.removeRouteSocket(m_routeFd, m_routePath);
    if (m_listener >= 0)
        m_system.close(m_listener);
    m_system.close(m_rootPidfd);
    // The backstop answers the tree's held calls from here on; where no
    // process of the tree is left, it has nothing to do.
    if (m_backstop > 0 && !treeAlive()) {
        m_system.signal(m_backstop, SIGKILL);
        reapChildren();
    }
}

} // namespace

WatchPlatform livePlatform()
{
    return {linuxWatchSystem(), sys::liveSystemFiles(), uvm::linuxUvmSystem()};
}

Result<WatchReport> watchProgram(const WatchOptions &options, const WatchPlatform &platform, WatchObserver *observer,
                                 const StopRequest *stop)
{
    if (!options.pid && options.command.empty())
        return badArgument(SHARESCOPE_TR_NOOP("Core", "give the command to watch after --, or --pid N"), {});
    Session session(options, platform, observer, stop);
    return session.run();
}

} // namespace sharescope::watch
