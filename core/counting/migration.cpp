// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/migration.h"

#include <algorithm>

namespace sharescope {
namespace {

constexpr std::array<std::string_view, 6> causeNames{"unknown",  "user",     "coherence",
                                                     "prefetch", "eviction", "access-counters"};

std::optional<std::uint64_t> Counters::*fieldOf(CounterKind kind)
{
    return counterFields()[static_cast<std::size_t>(kind)].member;
}

// What one event adds to its counter: bytes for transfers, fault groups for
// GPU faults, one for everything counted by occurrence.
std::uint64_t contribution(const MigrationEvent &event)
{
    switch (event.kind) {
    case CounterKind::BytesHostToDevice:
    case CounterKind::BytesDeviceToHost:
    case CounterKind::BytesDeviceToDevice:
    case CounterKind::GpuPageFault:
        return event.value;
    case CounterKind::CpuPageFault:
    case CounterKind::Thrashing:
    case CounterKind::Throttling:
    case CounterKind::RemoteMap:
        break;
    }
    return 1;
}

} // namespace

std::string_view counterKindName(CounterKind kind)
{
    return counterFields()[static_cast<std::size_t>(kind)].name;
}

std::optional<CounterKind> counterKindFromName(std::string_view name)
{
    for (std::size_t k = 0; k < counterKindCount; ++k) {
        if (counterFields()[k].name == name)
            return static_cast<CounterKind>(k);
    }
    return std::nullopt;
}

std::string_view migrationCauseName(MigrationCause cause)
{
    return causeNames[static_cast<std::size_t>(cause)];
}

std::optional<MigrationCause> migrationCauseFromName(std::string_view name)
{
    const auto it = std::ranges::find(causeNames, name);
    if (it == causeNames.end())
        return std::nullopt;
    return static_cast<MigrationCause>(it - causeNames.begin());
}

std::array<std::uint64_t, migrationCauseCount> bytesByCause(const std::vector<MigrationEvent> &events,
                                                            int firstIteration)
{
    std::array<std::uint64_t, migrationCauseCount> bytes{};
    for (const MigrationEvent &event : events) {
        const bool transfer = event.kind == CounterKind::BytesHostToDevice
            || event.kind == CounterKind::BytesDeviceToHost || event.kind == CounterKind::BytesDeviceToDevice;
        if (transfer && event.iteration >= firstIteration)
            bytes[static_cast<std::size_t>(event.cause)] += event.value;
    }
    return bytes;
}

std::vector<Counters> phaseCounters(CounterRecords &records)
{
    std::vector<Counters> counters = attributeToPhases(records.events, records.windows, records.reported);
    for (std::size_t i = 0; i < counters.size(); ++i) {
        const auto &exact = records.windows[i].exact;
        if (!exact)
            continue;
        Counters &c = counters[i];
        c.recordedHostToDevice = c.bytesHostToDevice;
        c.recordedDeviceToHost = c.bytesDeviceToHost;
        c.bytesHostToDevice = exact->bytesHostToDevice;
        c.bytesDeviceToHost = exact->bytesDeviceToHost;
        c.cpuPageFaults = exact->cpuPageFaults;
        c.gpuPageFaults = exact->gpuPageFaults;
    }
    return counters;
}

std::vector<Counters> attributeToPhases(std::vector<MigrationEvent> &events, const std::vector<PhaseWindow> &windows,
                                        const std::array<bool, counterKindCount> &reported)
{
    Counters zero;
    for (std::size_t k = 0; k < counterKindCount; ++k) {
        if (reported[k])
            zero.*fieldOf(static_cast<CounterKind>(k)) = 0;
    }
    std::vector<Counters> totals(windows.size(), zero);
    if (windows.empty())
        return totals;
    std::ranges::sort(events, {}, &MigrationEvent::startNs);
    for (MigrationEvent &event : events) {
        // The windows follow one another in time: the last one to start at
        // or before the event is the phase that was running.
        const auto after = std::ranges::upper_bound(windows, event.startNs, {}, &PhaseWindow::startNs);
        const std::size_t index = after == windows.begin() ? 0 : static_cast<std::size_t>(after - windows.begin()) - 1;
        event.iteration = windows[index].iteration;
        event.phase = windows[index].phase;
        auto &counter = totals[index].*fieldOf(event.kind);
        if (counter)
            *counter += contribution(event);
    }
    return totals;
}

} // namespace sharescope
