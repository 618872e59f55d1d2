// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "counting/presencetally.h"
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
inline constexpr std::size_t migrationCauseCount = 6;
std::string_view migrationCauseName(MigrationCause cause);
std::optional<MigrationCause> migrationCauseFromName(std::string_view name);

struct MigrationEvent
{
    CounterKind kind = CounterKind::BytesHostToDevice;
    std::uint64_t startNs = 0; // the records' clock: cuptiGetTimestamp, or the driver's CLOCK_MONOTONIC_RAW
    std::uint64_t endNs = 0;
    std::uint64_t address = 0; // first byte moved, or the faulting address
    std::uint64_t value = 0; // bytes for transfers; see CounterKind
    MigrationCause cause = MigrationCause::Unknown;
    // The CUDA devices CUPTI names (srcId, dstId): where a transfer came from
    // and went to, the GPU that faulted (source); -1 for the host, and where
    // the record names none.
    int sourceDevice = -1;
    int destinationDevice = -1;
    // Filled by attribution: where in the run it happened.
    int iteration = -1; // -1: alloc or free
    Phase phase = Phase::Alloc;

    friend bool operator==(const MigrationEvent &, const MigrationEvent &) = default;
};

// What the UVM driver itself counted over one phase: exact, with no
// records to lose (see cuda/uvmcounters.h for what each counts).
struct ExactCounts
{
    std::uint64_t bytesHostToDevice = 0;
    std::uint64_t bytesDeviceToHost = 0;
    std::uint64_t cpuPageFaults = 0;
    std::uint64_t gpuPageFaults = 0;
};

// One measured phase of a counted pass, as the instruments saw it.
struct PhaseWindow
{
    int iteration = -1; // -1 for alloc and free
    Phase phase = Phase::Alloc;
    std::uint64_t startNs = 0; // the records' clock; 0 without records
    std::uint64_t endNs = 0;
    std::optional<ExactCounts> exact; // the driver's counts over the phase, where it reports them
    // Per managed buffer, per residency chunk, the pages the CPU held right
    // after the phase (/proc/self/pagemap); empty where not read.
    std::vector<std::vector<ChunkPages>> hostPages;
};

// What a backend's instruments produced over one counted run.
struct CounterRecords
{
    std::vector<MigrationEvent> events; // in any order
    RecordsSource source = RecordsSource::Cupti;
    std::array<bool, counterKindCount> reported{}; // kinds the source reports; the rest are "not reported"
    std::uint64_t lost = 0; // records the driver itself said it dropped
    MessageTemplate recordsNote; // why the records are absent, when they are
    MessageTemplate driverEventsNote; // why CUPTI's and not the driver's, when CUPTI's
    // The driver's uvm_perf_access_counter_migration_enable: whether its
    // access counters may move pages (-1: its default policy); empty where
    // it could not be read.
    std::optional<int> accessCounterMigration;
    // One per measured phase, in order: alloc, every iteration's phases, free.
    std::vector<PhaseWindow> windows;
    MessageTemplate exactNote; // why the driver's exact counts are absent, when they are
    MessageTemplate pagesNote; // why the pages were not read, when they were not
};

// Assigns every event to the phase that was running when it started (the
// last window that began at or before it; the first window for earlier
// events), sorting the events by time. Returns each window's totals: bytes
// summed, CPU faults and thrashing/throttling/remote-map events counted, GPU
// fault groups summed. Kinds not reported stay empty, never zero.
std::vector<Counters> attributeToPhases(std::vector<MigrationEvent> &events, const std::vector<PhaseWindow> &windows,
                                        const std::array<bool, counterKindCount> &reported);

// Bytes the transfers among `events` moved (both ways and between GPUs),
// by cause, over the iterations from `firstIteration` on: attribute first.
std::array<std::uint64_t, migrationCauseCount> bytesByCause(const std::vector<MigrationEvent> &events,
                                                            int firstIteration);

// Each window's counters: CUPTI's sums, then, where the window has the
// driver's exact counts, those for the bytes and CPU faults, with CUPTI's
// byte sums kept beside them as what was recorded.
std::vector<Counters> phaseCounters(CounterRecords &records);

} // namespace sharescope
