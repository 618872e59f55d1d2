// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/countermerge.h"

#include "trnoop.h"

#include "peers.h"

#include <algorithm>

namespace sharescope {
namespace {

// Every measured phase in order: alloc, every iteration's phases, free.
template<typename Report, typename Phase = std::conditional_t<std::is_const_v<Report>, const PhaseResult, PhaseResult>>
std::vector<Phase *> measuredPhases(Report &report)
{
    std::vector<Phase *> phases{&report.alloc};
    for (auto &iteration : report.iterations) {
        for (auto &phase : iteration.phases)
            phases.push_back(&phase);
    }
    if (report.free)
        phases.push_back(&*report.free);
    return phases;
}

std::vector<ResidencyBuffer> managedBuffers(const RunReport &report)
{
    const ExperimentSpec &spec = report.spec;
    std::vector<ResidencyBuffer> managed;
    for (const BufferReport &buffer : report.buffers) {
        if (!buffer.managed || !buffer.address)
            continue;
        ResidencyBuffer entry{buffer.name, buffer.address, buffer.bytes, hostWrites(buffer.role)};
        entry.gpuStrideBytes = spec.kernelInfo().usesStride ? spec.strideElements() * elementBytes : 0;
        entry.kernelTouched = kernelTouches(buffer.role);
        entry.hostTouched = hostTouches(buffer.role);
        entry.readMostly = spec.advice == Advice::ReadMostly && buffer.role == BufferRole::Input;
        entry.preferredHost = spec.advice == Advice::PreferredHost;
        managed.push_back(entry);
    }
    return managed;
}

// The device's and the peer's CUDA indices, as the records name them.
ResidencyPlaces placesOf(const RunReport &report)
{
    ResidencyPlaces places{report.device.index, -1};
    if (const PeerLink *link = peerLink(report.device, report.spec.peerId))
        places.peer = link->peerIndex;
    return places;
}

// Every phase but free read the pages of every managed buffer.
bool pagesEverywhere(const std::vector<PhaseWindow> &windows, std::size_t buffers)
{
    return std::ranges::all_of(
        windows, [buffers](const PhaseWindow &w) { return w.phase == Phase::Free || w.hostPages.size() == buffers; });
}

Residency residencyOf(const RunReport &report, const CounterRecords &records)
{
    const std::vector<ResidencyBuffer> managed = managedBuffers(report);
    if (managed.empty())
        return {};
    std::uint64_t largest = 0;
    for (const ResidencyBuffer &buffer : managed)
        largest = std::max(largest, buffer.bytes);
    const std::uint64_t chunk = residencyChunkBytes(largest);
    if (pagesEverywhere(records.windows, managed.size()))
        return residencyFromPages(managed, records.windows, chunk, gpuPlacement(report.spec.mode));
    return replayResidency(managed, records.events, records.windows, chunk, placesOf(report));
}

} // namespace

void addCounters(RunReport &report, CounterRecords records)
{
    const std::vector<PhaseResult *> targets = measuredPhases(report);
    if (targets.size() != records.windows.size()) {
        report.counted.enabled = false;
        report.counted.note
            = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the instruments did not see every phase"), {});
        return;
    }
    const std::vector<Counters> totals = phaseCounters(records);
    for (std::size_t i = 0; i < targets.size(); ++i)
        targets[i]->counters = totals[i];
    const bool exact = std::ranges::all_of(records.windows, [](const PhaseWindow &w) { return w.exact.has_value(); });
    report.counted.totals = exact ? CounterTotals::Driver : CounterTotals::Records;
    report.counted.exactNote = exact ? MessageTemplate() : records.exactNote;
    report.counted.recordsNote = records.recordsNote;
    report.counted.recordsSource = records.source;
    report.counted.driverEventsNote = records.driverEventsNote;
    report.counted.residency = residencyOf(report, records);
    report.counted.lost = records.lost;
    report.counted.accessCounterMigration = records.accessCounterMigration;
    if (records.source != RecordsSource::None && records.recordsNote.empty())
        report.counted.migratedByCause = bytesByCause(records.events, report.spec.warmup);
    if (records.events.size() > maxKeptMigrations) {
        report.counted.migrationsDropped = records.events.size() - maxKeptMigrations;
        records.events.resize(maxKeptMigrations);
    }
    report.counted.migrations = std::move(records.events);
}

void mergeCountedPass(RunReport &timed, RunReport counted)
{
    if (!counted.counted.enabled) {
        timed.counted = CountedFindings{false, std::move(counted.counted.note)};
        return;
    }
    const std::vector<PhaseResult *> into = measuredPhases(timed);
    std::vector<const PhaseResult *> from = measuredPhases(std::as_const(counted));
    // A timed run that keeps its buffers for the Buffers tab frees them
    // later, outside the report; the counted pass always frees them.
    if (!timed.free && counted.free)
        from.pop_back();
    const bool same = into.size() == from.size()
        && std::ranges::equal(into, from,
                              [](const PhaseResult *a, const PhaseResult *b) { return a->phase == b->phase; });
    if (!same) {
        timed.counted = CountedFindings{
            false, MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the counted pass did not run the same phases"), {})};
        return;
    }
    for (std::size_t i = 0; i < into.size(); ++i) {
        into[i]->counters = from[i]->counters;
        into[i]->countedNs = from[i]->timeNs();
    }
    timed.counted = std::move(counted.counted);
}

} // namespace sharescope
