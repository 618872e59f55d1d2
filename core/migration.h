#pragma once

#include "phase.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The unified-memory counter kinds CUPTI reports, one record per event.
enum class CounterKind : std::uint8_t {
    BytesHostToDevice,
    BytesDeviceToHost,
    CpuPageFault, // value is a program counter: count records
    GpuPageFault, // value is the number of fault groups
    Thrashing,
    Throttling,
    RemoteMap,
    BytesDeviceToDevice,
};
inline constexpr std::size_t counterKindCount = 8;
std::string_view counterKindName(CounterKind kind); // "bytesHostToDevice", as in the report
std::optional<CounterKind> counterKindFromName(std::string_view name);

// Why pages moved (CUPTI's migration cause, for byte transfers).
enum class MigrationCause : std::uint8_t { Unknown, User, Coherence, Prefetch, Eviction, AccessCounters };
std::string_view migrationCauseName(MigrationCause cause);
std::optional<MigrationCause> migrationCauseFromName(std::string_view name);

struct MigrationEvent
{
    CounterKind kind = CounterKind::BytesHostToDevice;
    std::uint64_t startNs = 0; // the counters' clock (cuptiGetTimestamp)
    std::uint64_t endNs = 0;
    std::uint64_t address = 0; // first byte moved, or the faulting address
    std::uint64_t value = 0; // bytes for transfers; see CounterKind
    MigrationCause cause = MigrationCause::Unknown;
    // Filled by attribution: where in the run it happened.
    int iteration = -1; // -1: alloc or free
    Phase phase = Phase::Alloc;
};

// What a backend's counters produced over one run.
struct CounterRecords
{
    std::vector<MigrationEvent> events; // in any order
    std::array<bool, counterKindCount> reported{}; // kinds the driver reports; the rest are "not reported"
    std::uint64_t lost = 0; // records the driver itself dropped
};

// One measured phase, as the counters' clock saw it.
struct PhaseWindow
{
    int iteration = -1; // -1 for alloc and free
    Phase phase = Phase::Alloc;
    std::uint64_t startNs = 0;
    std::uint64_t endNs = 0;
};

// Assigns every event to the phase that was running when it started (the
// last window that began at or before it; the first window for earlier
// events), sorting the events by time. Returns each window's totals: bytes
// summed, CPU faults and thrashing/throttling/remote-map events counted, GPU
// fault groups summed. Kinds not reported stay empty, never zero.
std::vector<Counters> attributeToPhases(std::vector<MigrationEvent> &events, const std::vector<PhaseWindow> &windows,
                                        const std::array<bool, counterKindCount> &reported);

} // namespace sharescope
