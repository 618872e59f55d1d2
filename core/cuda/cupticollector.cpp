// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cupticollector.h"

#include "trnoop.h"

#include <cupti.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace sharescope::cuda {
namespace {

constexpr std::size_t bufferBytes = 8 << 20;
constexpr std::size_t recordAlignment = 8;

std::mutex recordsMutex;
std::vector<MigrationEvent> records; // guarded by recordsMutex
std::uint64_t lostRecords = 0; // guarded by recordsMutex
bool collecting = false; // guarded by recordsMutex

std::string resultText(CUptiResult result)
{
    const char *text = nullptr;
    cuptiGetResultString(result, &text);
    return text ? text : "CUPTI error " + std::to_string(static_cast<int>(result));
}

CounterKind kindOf(CUpti_ActivityUnifiedMemoryCounterKind kind)
{
    return static_cast<CounterKind>(static_cast<int>(kind) - 1); // CUPTI's kinds start at 1, in the same order
}

MigrationCause causeOf(std::uint32_t flags)
{
    switch (flags) {
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_USER:
        return MigrationCause::User;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_COHERENCE:
        return MigrationCause::Coherence;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_PREFETCH:
        return MigrationCause::Prefetch;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_EVICTION:
        return MigrationCause::Eviction;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_ACCESS_COUNTERS:
        return MigrationCause::AccessCounters;
    default:
        return MigrationCause::Unknown;
    }
}

// The GPU a record's srcId or dstId names: -1 for the host end of a
// host-device transfer and for ids the kind leaves undefined.
int deviceOf(CounterKind kind, std::uint32_t id, bool source)
{
    switch (kind) {
    case CounterKind::BytesHostToDevice:
        return source ? -1 : static_cast<int>(id);
    case CounterKind::BytesDeviceToHost:
        return source ? static_cast<int>(id) : -1;
    case CounterKind::BytesDeviceToDevice:
    case CounterKind::RemoteMap:
        return static_cast<int>(id);
    case CounterKind::GpuPageFault:
    case CounterKind::Throttling:
        return source ? static_cast<int>(id) : -1;
    case CounterKind::CpuPageFault:
    case CounterKind::Thrashing: // a mask of the GPUs fighting over the range
        break;
    }
    return -1;
}

void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxNumRecords)
{
    *buffer = static_cast<uint8_t *>(std::aligned_alloc(recordAlignment, bufferBytes));
    *size = *buffer ? bufferBytes : 0;
    *maxNumRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t *buffer, size_t, size_t validSize)
{
    CUpti_Activity *record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        if (record->kind != CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER)
            continue;
        const auto *um = reinterpret_cast<const CUpti_ActivityUnifiedMemoryCounter3 *>(record);
        if (um->counterKind < CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD
            || um->counterKind > CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD)
            continue;
        MigrationEvent event;
        event.kind = kindOf(um->counterKind);
        event.startNs = um->start;
        event.endNs = um->end;
        event.address = um->address;
        event.value = um->value;
        const bool transfer
            = event.kind == CounterKind::BytesHostToDevice || event.kind == CounterKind::BytesDeviceToHost;
        event.cause = transfer ? causeOf(um->flags) : MigrationCause::Unknown;
        event.sourceDevice = deviceOf(event.kind, um->srcId, true);
        event.destinationDevice = deviceOf(event.kind, um->dstId, false);
        CuptiCollector::instance().append(event);
    }
    size_t dropped = 0;
    if (cuptiActivityGetNumDroppedRecords(context, streamId, &dropped) == CUPTI_SUCCESS && dropped)
        CuptiCollector::instance().addLost(dropped);
    std::free(buffer);
}

} // namespace

CuptiCollector &CuptiCollector::instance()
{
    static CuptiCollector collector;
    return collector;
}

bool CuptiCollector::setKinds(const std::array<bool, counterKindCount> &kinds)
{
    if (m_initialized)
        return false;
    m_kinds = kinds;
    return true;
}

const MessageTemplate &CuptiCollector::initialize(int device, bool everyDevice)
{
    if (m_initialized)
        return m_problem;
    m_initialized = true;
    if (const CUptiResult result = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
        result != CUPTI_SUCCESS) {
        m_problem = {SHARESCOPE_TR_NOOP("Core", "CUPTI is unavailable: %1"), {resultText(result)}};
        return m_problem;
    }
    const auto none = [](const std::array<bool, counterKindCount> &kinds) {
        return std::ranges::none_of(kinds, [](bool on) { return on; });
    };
    if (none(m_kinds)) {
        m_problem = {SHARESCOPE_TR_NOOP("Core", "no unified-memory counter kind was selected"), {}};
        return m_problem;
    }
    std::string lastRefusal;
    for (std::size_t k = 0; k < counterKindCount; ++k) {
        CUpti_ActivityUnifiedMemoryCounterConfig config{};
        config.scope = everyDevice ? CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_ALL_DEVICES
                                   : CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_SINGLE_DEVICE;
        config.kind = static_cast<CUpti_ActivityUnifiedMemoryCounterKind>(k + 1);
        config.deviceId = static_cast<std::uint32_t>(device);
        // A kind left out is switched off explicitly, so that the driver
        // traces none of its events whatever CUPTI's default is.
        config.enable = m_kinds[k] ? 1 : 0;
        const CUptiResult result = cuptiActivityConfigureUnifiedMemoryCounter(&config, 1);
        m_reported[k] = m_kinds[k] && result == CUPTI_SUCCESS;
        if (m_kinds[k] && result != CUPTI_SUCCESS)
            lastRefusal = resultText(result);
    }
    if (none(m_reported))
        m_problem
            = {SHARESCOPE_TR_NOOP("Core", "CUPTI reports no unified-memory counter on this system: %1"), {lastRefusal}};
    // Enabled before the context exists, as CUPTI wants; stop() and start()
    // switch it per run.
    if (m_problem.empty()) {
        if (const CUptiResult result = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
            result != CUPTI_SUCCESS)
            m_problem = {SHARESCOPE_TR_NOOP("Core", "CUPTI could not enable unified-memory counters: %1"),
                         {resultText(result)}};
    }
    return m_problem;
}

Status CuptiCollector::start()
{
    if (!available())
        return errorOf(ErrorKind::Failed, m_problem);
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED); // drop what came before this run
    {
        const std::lock_guard lock(recordsMutex);
        records.clear();
        lostRecords = 0;
        collecting = true;
    }
    if (const CUptiResult result = cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
        result != CUPTI_SUCCESS)
        return failed("CUPTI could not enable unified-memory counters: " + resultText(result));
    return okStatus();
}

CounterRecords CuptiCollector::stop()
{
    CounterRecords result;
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
    const std::lock_guard lock(recordsMutex);
    collecting = false;
    result.events = std::move(records);
    records = {};
    result.lost = lostRecords;
    result.reported = m_reported;
    return result;
}

void CuptiCollector::disable()
{
    if (!available())
        return;
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    const std::lock_guard lock(recordsMutex);
    collecting = false;
    records.clear();
}

std::optional<std::uint64_t> CuptiCollector::timestamp() const
{
    std::uint64_t now = 0;
    if (!available() || cuptiGetTimestamp(&now) != CUPTI_SUCCESS)
        return std::nullopt;
    return now;
}

void CuptiCollector::append(const MigrationEvent &event)
{
    // m_reported is settled before the context exists, so before any record.
    if (!m_reported[static_cast<std::size_t>(event.kind)])
        return; // a kind not configured stays "not reported", never partly counted
    const std::lock_guard lock(recordsMutex);
    if (collecting)
        records.push_back(event);
}

void CuptiCollector::addLost(std::uint64_t count)
{
    const std::lock_guard lock(recordsMutex);
    if (collecting)
        lostRecords += count;
}

} // namespace sharescope::cuda
