// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmeventqueue.h"

#include "uvm/uvmdriverversion.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <ctime>

namespace sharescope::uvm {
namespace {

// (Names apart from uvmcounters.cpp's: a unity build joins the two files.)

// The tools interface of NVIDIA's open kernel module, kernel-open/nvidia-uvm
// (MIT). On Linux an ioctl number is the plain index. The first two go to
// /dev/nvidia-uvm-tools, the last two to CUDA's /dev/nvidia-uvm.
constexpr unsigned long toolsInitEventTrackerV2 = 76; // UVM_TOOLS_INIT_EVENT_TRACKER_V2
constexpr unsigned long toolsEnableEvents = 58; // UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS
constexpr unsigned long toolsFlushEvents = 67; // UVM_TOOLS_FLUSH_EVENTS
constexpr unsigned long toolsProcessorTableV2 = 77; // UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2

// Branches whose version-2 queue was read at the tags of each: ioctls 76,
// 58, 67 and 77 as above, UvmEventEntry_V2 of 72 bytes, the migration,
// thrashing, throttling and remote-map entries at the offsets decoded
// below, UvmToolsEventControlData of 528 bytes (four 32-bit pointers, then
// 64 dropped counts), a table of 257 processors. 535 to 560 have no
// version-2 tracker.
constexpr std::array<int, 6> queueBranches{565, 570, 575, 580, 590, 595};

// UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS_PARAMS: a mask of 1 << UvmEventType.
struct EnableEventsParams
{
    alignas(8) std::uint64_t eventTypeFlags;
    std::uint32_t rmStatus;
};
static_assert(sizeof(EnableEventsParams) == 16);

// UVM_TOOLS_FLUSH_EVENTS_PARAMS.
struct FlushEventsParams
{
    std::uint32_t rmStatus;
};

// UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_PARAMS: the driver copies
// UVM_ID_MAX_PROCESSORS (257) UUIDs to tablePtr.
struct ProcessorTableParams
{
    alignas(8) std::uint64_t tablePtr;
    std::uint32_t rmStatus;
};
static_assert(sizeof(ProcessorTableParams) == 16);
constexpr std::size_t driverProcessors = 257;
constexpr std::size_t tableRoom = 1024; // room to spare, should a branch grow the table

// UvmEventType.
enum EventType : std::uint8_t {
    Migration = 2,
    ThrashingDetected = 10,
    ThrottlingStart = 11,
    MapRemote = 13,
};
constexpr std::uint64_t enabledEvents
    = (1ull << Migration) | (1ull << ThrashingDetected) | (1ull << ThrottlingStart) | (1ull << MapRemote);

// UvmToolsEventControlData: the consumer's pointers (get), the driver's
// (put), then the dropped count of each event type.
enum ControlSlot : std::size_t { GetAhead = 0, GetBehind = 1, PutAhead = 2, PutBehind = 3 };
constexpr std::size_t droppedOffset = 16;
constexpr std::size_t controlBytes = droppedOffset + 64 * sizeof(std::uint64_t);

template<typename T>
T at(std::span<const std::uint8_t, uvmEventEntryBytes> entry, std::size_t offset)
{
    T value;
    std::memcpy(&value, entry.data() + offset, sizeof value);
    return value;
}

MigrationCause causeOf(std::uint8_t cause)
{
    // UvmEventMigrationCause: invalid, user, coherence, prefetch, eviction,
    // access counters, in MigrationCause's order.
    return cause <= static_cast<std::uint8_t>(MigrationCause::AccessCounters) ? static_cast<MigrationCause>(cause)
                                                                              : MigrationCause::Unknown;
}

// UvmEventMigrationInfo_V2.
std::optional<MigrationEvent> migration(std::span<const std::uint8_t, uvmEventEntryBytes> entry,
                                        const ProcessorNames &names)
{
    const auto source = at<std::uint16_t>(entry, 4);
    const auto destination = at<std::uint16_t>(entry, 6);
    if (source == 0 && destination == 0)
        return std::nullopt; // between NUMA nodes of the host
    MigrationEvent event;
    event.kind = source == 0 ? CounterKind::BytesHostToDevice
        : destination == 0   ? CounterKind::BytesDeviceToHost
                             : CounterKind::BytesDeviceToDevice;
    event.cause = causeOf(entry[1]);
    event.sourceDevice = names.of(source);
    event.destinationDevice = names.of(destination);
    event.address = at<std::uint64_t>(entry, 16);
    event.value = at<std::uint64_t>(entry, 24);
    event.startNs = at<std::uint64_t>(entry, 32);
    // The end is zero for migrations the driver did not wait for.
    event.endNs = std::max(event.startNs, at<std::uint64_t>(entry, 40));
    return event;
}

} // namespace

int ProcessorNames::of(std::uint16_t index) const
{
    if (index == 0)
        return -1;
    return index < cudaIndex.size() ? cudaIndex[index] : noDevice;
}

ProcessorNames ProcessorNames::fromTable(std::span<const std::uint8_t> table,
                                         const std::vector<ProcessorUuid> &cudaUuids)
{
    ProcessorNames names;
    const std::size_t count = table.size() / sizeof(ProcessorUuid);
    names.cudaIndex.assign(count, noDevice);
    if (count > 0)
        names.cudaIndex[0] = -1;
    for (std::size_t i = 1; i < count; ++i) {
        ProcessorUuid uuid;
        std::memcpy(uuid.data(), table.data() + i * uuid.size(), uuid.size());
        const auto found = std::ranges::find(cudaUuids, uuid);
        if (found != cudaUuids.end() && std::ranges::any_of(uuid, [](std::uint8_t b) { return b != 0; }))
            names.cudaIndex[i] = static_cast<int>(found - cudaUuids.begin());
    }
    return names;
}

std::optional<MigrationEvent> decodeUvmEvent(std::span<const std::uint8_t, uvmEventEntryBytes> entry,
                                             const ProcessorNames &names)
{
    MigrationEvent event;
    switch (entry[0]) {
    case Migration:
        return migration(entry, names);
    case ThrashingDetected: // UvmEventThrashingDetectedInfo_V2
        event.kind = CounterKind::Thrashing;
        event.address = at<std::uint64_t>(entry, 8);
        event.value = at<std::uint64_t>(entry, 16);
        event.startNs = at<std::uint64_t>(entry, 24);
        break;
    case ThrottlingStart: // UvmEventThrottlingStartInfo_V2
        event.kind = CounterKind::Throttling;
        event.sourceDevice = names.of(at<std::uint16_t>(entry, 2));
        event.address = at<std::uint64_t>(entry, 8);
        event.value = 1;
        event.startNs = at<std::uint64_t>(entry, 16);
        break;
    case MapRemote: // UvmEventMapRemoteInfo_V2
        event.kind = CounterKind::RemoteMap;
        event.sourceDevice = names.of(at<std::uint16_t>(entry, 4));
        event.destinationDevice = names.of(at<std::uint16_t>(entry, 6));
        event.address = at<std::uint64_t>(entry, 8);
        event.value = at<std::uint64_t>(entry, 16);
        event.startNs = at<std::uint64_t>(entry, 24);
        break;
    default:
        return std::nullopt;
    }
    event.endNs = event.startNs;
    return event;
}

std::optional<int> accessCounterMigrationSetting(UvmSystem &system)
{
    const std::optional<std::string> text
        = system.readFile("/sys/module/nvidia_uvm/parameters/uvm_perf_access_counter_migration_enable");
    if (!text)
        return std::nullopt;
    int value = 0;
    const char *begin = text->data();
    const char *end = begin + text->size();
    const auto [at, error] = std::from_chars(begin, end, value);
    if (error != std::errc() || at == begin || (at != end && *at != '\n'))
        return std::nullopt;
    return value;
}

bool uvmEventQueueKnowsBranch(int branch)
{
    return std::ranges::find(queueBranches, branch) != queueBranches.end();
}

namespace {

// What open() holds until it succeeds; released on every way out.
struct HeldQueue
{
    UvmSystem &system;
    int fd = -1;
    void *queue = nullptr;
    std::size_t queueBytes = 0;
    void *control = nullptr;
    std::size_t controlBytes = 0;

    ~HeldQueue()
    {
        // The driver unpins the pages when the tracker's file closes.
        if (fd >= 0)
            system.close(fd);
        if (queue)
            system.unmapPages(queue, queueBytes);
        if (control)
            system.unmapPages(control, controlBytes);
    }
};

std::size_t roundUp(std::size_t bytes, std::size_t page)
{
    return (bytes + page - 1) / page * page;
}

int branchOf(const std::string &version)
{
    int branch = 0;
    std::from_chars(version.data(), version.data() + version.size(), branch);
    return branch;
}

Error trackerFailure(unsigned long request, const char *name, int result, std::uint32_t status)
{
    if (result < 0)
        return failed(std::string("ioctl ") + name + " (" + std::to_string(request)
                      + ") failed: " + uvmErrnoText(result));
    return failed(std::string(name) + " (" + std::to_string(request) + ") refused: " + uvmStatusText(status));
}

} // namespace

Status UvmEventQueue::expected(const std::shared_ptr<UvmSystem> &system)
{
    Result<std::string> version = supportedUvmDriverVersion(*system);
    if (!version)
        return version.error();
    if (!uvmEventQueueKnowsBranch(branchOf(*version)))
        return unsupported("driver " + *version + " has no event queue this version of ShareScope knows");
    Result<int> tools = openUvmTools(*system);
    if (!tools)
        return tools.error();
    system->close(*tools);
    return okStatus();
}

Result<std::unique_ptr<UvmEventQueue>> UvmEventQueue::open(const std::vector<ProcessorUuid> &cudaUuids,
                                                           const std::shared_ptr<UvmSystem> &system,
                                                           std::uint32_t entries)
{
    Result<std::vector<int>> uvmFds = uvmDescriptors(*system);
    if (!uvmFds)
        return uvmFds.error();
    return openOnAny(*uvmFds, cudaUuids, system, entries, "this process");
}

Result<std::unique_ptr<UvmEventQueue>> UvmEventQueue::openOn(int uvmFd, const std::vector<ProcessorUuid> &cudaUuids,
                                                             const std::shared_ptr<UvmSystem> &system,
                                                             std::uint32_t entries)
{
    return openOnAny({uvmFd}, cudaUuids, system, entries, "the process");
}

Result<std::unique_ptr<UvmEventQueue>> UvmEventQueue::openOnAny(const std::vector<int> &uvmFds,
                                                                const std::vector<ProcessorUuid> &cudaUuids,
                                                                const std::shared_ptr<UvmSystem> &system,
                                                                std::uint32_t entries, const std::string &whose)
{
    Result<std::string> version = supportedUvmDriverVersion(*system);
    if (!version)
        return version.error();
    if (!uvmEventQueueKnowsBranch(branchOf(*version)))
        return unsupported("driver " + *version
                           + " has no event queue this version of ShareScope knows (it reads the version-2 queue of "
                             "branches 565 to 595)");
    if (entries < 2 || (entries & (entries - 1)) != 0)
        return failed("an event queue of " + std::to_string(entries) + " entries: the driver takes a power of two");

    HeldQueue held{*system};
    Result<int> tools = openUvmTools(*system);
    if (!tools)
        return tools.error();
    held.fd = *tools;
    const std::size_t page = system->pageSize();
    held.queueBytes = roundUp(std::size_t(entries) * uvmEventEntryBytes, page);
    Result<void *> queue = system->mapPages(held.queueBytes);
    if (!queue)
        return queue.error();
    held.queue = *queue;
    held.controlBytes = roundUp(controlBytes, page);
    Result<void *> control = system->mapPages(held.controlBytes);
    if (!control)
        return control.error();
    held.control = *control;

    int trackedFd = -1;
    std::string refusals;
    for (int uvmFd : uvmFds) {
        UvmInitEventTrackerParams init{};
        init.queueBuffer = reinterpret_cast<std::uintptr_t>(held.queue);
        init.queueBufferSize = entries;
        init.controlBuffer = reinterpret_cast<std::uintptr_t>(held.control);
        init.allProcessors = 1;
        init.uvmFd = static_cast<std::uint32_t>(uvmFd);
        const int result = system->ioctl(held.fd, toolsInitEventTrackerV2, &init);
        if (result < 0)
            return trackerFailure(toolsInitEventTrackerV2, "UVM_TOOLS_INIT_EVENT_TRACKER_V2", result, 0);
        if (init.rmStatus == 0) {
            trackedFd = uvmFd;
            break;
        }
        refusals
            += (refusals.empty() ? "" : "; ") + ("fd " + std::to_string(uvmFd)) + ": " + uvmStatusText(init.rmStatus);
    }
    if (trackedFd < 0)
        return failed(std::string("UVM_TOOLS_INIT_EVENT_TRACKER_V2 (76) refused every ") + uvmDevicePath + " of "
                      + whose + " (" + refusals + ")");

    std::vector<std::uint8_t> table(tableRoom * sizeof(ProcessorUuid));
    ProcessorTableParams tableParams{};
    tableParams.tablePtr = reinterpret_cast<std::uintptr_t>(table.data());
    if (const int result = system->ioctl(trackedFd, toolsProcessorTableV2, &tableParams);
        result < 0 || tableParams.rmStatus != 0)
        return trackerFailure(toolsProcessorTableV2, "UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2", result,
                              tableParams.rmStatus);
    table.resize(driverProcessors * sizeof(ProcessorUuid));

    EnableEventsParams enable{};
    enable.eventTypeFlags = enabledEvents;
    if (const int result = system->ioctl(held.fd, toolsEnableEvents, &enable); result < 0 || enable.rmStatus != 0)
        return trackerFailure(toolsEnableEvents, "UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS", result, enable.rmStatus);

    std::unique_ptr<UvmEventQueue> opened(new UvmEventQueue(system, held.fd, trackedFd, {held.queue, held.queueBytes},
                                                            {held.control, held.controlBytes}, entries,
                                                            ProcessorNames::fromTable(table, cudaUuids), cudaUuids));
    held.fd = -1;
    held.queue = nullptr;
    held.control = nullptr;
    return opened;
}

UvmEventQueue::UvmEventQueue(std::shared_ptr<UvmSystem> system, int toolsFd, int uvmFd, Mapping queue, Mapping control,
                             std::uint32_t entries, ProcessorNames names, std::vector<ProcessorUuid> cudaUuids)
    : m_system(std::move(system))
    , m_toolsFd(toolsFd)
    , m_uvmFd(uvmFd)
    , m_queue(queue)
    , m_control(control)
    , m_entries(entries)
    , m_names(std::move(names))
    , m_cudaUuids(std::move(cudaUuids))
    , m_drainer([this] { drainLoop(); })
{
}

UvmEventQueue::~UvmEventQueue()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_drainer.join();
    // The tracker unpins the pages when its file closes: close first.
    m_system->close(m_toolsFd);
    m_system->unmapPages(m_queue.pages, m_queue.bytes);
    m_system->unmapPages(m_control.pages, m_control.bytes);
}

std::uint64_t UvmEventQueue::now()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

void UvmEventQueue::drainLoop()
{
    // The driver fills the queue at most at the speed it migrates: some
    // thousands of entries in 2 ms, against 65,536 places.
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, std::chrono::milliseconds(2), [this] { return m_stopping; });
        drainLocked();
    }
}

void UvmEventQueue::drainLocked()
{
    auto *pointers = static_cast<std::uint32_t *>(m_control.pages);
    const std::uint32_t mask = m_entries - 1;
    // The driver writes an entry, then moves put_behind past it; it reads
    // get_behind to know what is free again. The page is shared with the
    // kernel, so every value is masked before it indexes anything.
    std::uint32_t get = std::atomic_ref(pointers[GetBehind]).load(std::memory_order_acquire) & mask;
    const std::uint32_t put = std::atomic_ref(pointers[PutBehind]).load(std::memory_order_acquire) & mask;
    const auto *entries = static_cast<const std::uint8_t *>(m_queue.pages);
    while (get != put) {
        const std::span<const std::uint8_t, uvmEventEntryBytes> entry(entries + std::size_t(get) * uvmEventEntryBytes,
                                                                      uvmEventEntryBytes);
        std::optional<MigrationEvent> event = decodeUvmEvent(entry, m_names);
        // A GPU registered after the queue opened (another process's, taken
        // at its first GPU): its name comes with the table read again.
        if (event
            && (event->sourceDevice == ProcessorNames::noDevice || event->destinationDevice == ProcessorNames::noDevice)
            && readNamesLocked())
            event = decodeUvmEvent(entry, m_names);
        if (event)
            m_events.push_back(*event);
        get = (get + 1) & mask;
    }
    std::atomic_ref(pointers[GetAhead]).store(get, std::memory_order_release);
    std::atomic_ref(pointers[GetBehind]).store(get, std::memory_order_release);
}

bool UvmEventQueue::readNamesLocked()
{
    std::vector<std::uint8_t> table(tableRoom * sizeof(ProcessorUuid));
    ProcessorTableParams tableParams{};
    tableParams.tablePtr = reinterpret_cast<std::uintptr_t>(table.data());
    if (m_system->ioctl(m_uvmFd, toolsProcessorTableV2, &tableParams) < 0 || tableParams.rmStatus != 0)
        return false;
    table.resize(driverProcessors * sizeof(ProcessorUuid));
    ProcessorNames names = ProcessorNames::fromTable(table, m_cudaUuids);
    if (names.cudaIndex == m_names.cudaIndex)
        return false;
    m_names = std::move(names);
    return true;
}

void UvmEventQueue::flush()
{
    FlushEventsParams params{};
    // A failed flush leaves events of the last migrations for the next
    // drain; dropped() does not count them, so they are lost only if the
    // queue closes first.
    m_system->ioctl(m_uvmFd, toolsFlushEvents, &params);
    const std::lock_guard lock(m_mutex);
    drainLocked();
}

std::vector<MigrationEvent> UvmEventQueue::take()
{
    const std::lock_guard lock(m_mutex);
    drainLocked();
    return std::exchange(m_events, {});
}

std::uint64_t UvmEventQueue::dropped() const
{
    auto *counts = reinterpret_cast<std::uint64_t *>(static_cast<std::uint8_t *>(m_control.pages) + droppedOffset);
    std::uint64_t total = 0;
    for (EventType type : {Migration, ThrashingDetected, ThrottlingStart, MapRemote})
        total += std::atomic_ref(counts[type]).load(std::memory_order_acquire);
    return total;
}

std::array<bool, counterKindCount> UvmEventQueue::reportedKinds()
{
    std::array<bool, counterKindCount> kinds{};
    for (CounterKind kind :
         {CounterKind::BytesHostToDevice, CounterKind::BytesDeviceToHost, CounterKind::BytesDeviceToDevice,
          CounterKind::Thrashing, CounterKind::Throttling, CounterKind::RemoteMap})
        kinds[static_cast<std::size_t>(kind)] = true;
    return kinds;
}

} // namespace sharescope::uvm
