// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/runreport.h"

#include <algorithm>

namespace sharescope {
namespace {

std::uint64_t medianOf(std::vector<std::uint64_t> values)
{
    if (values.empty())
        return 0;
    std::ranges::sort(values);
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// Median of an optional counter: not reported if any sample lacks it.
std::optional<std::uint64_t> medianOf(const std::vector<const PhaseResult *> &samples,
                                      std::optional<std::uint64_t> Counters::*field)
{
    std::vector<std::uint64_t> values;
    for (const PhaseResult *sample : samples) {
        if (!sample->counters || !(*sample->counters.*field))
            return std::nullopt;
        values.push_back(*(*sample->counters.*field));
    }
    return medianOf(std::move(values));
}

PhaseSummary summaryOf(Phase phase, const std::vector<const PhaseResult *> &samples)
{
    PhaseSummary summary;
    summary.phase = phase;
    summary.samples = static_cast<int>(samples.size());
    summary.median.phase = phase;
    if (samples.empty())
        return summary;
    const auto collect = [&](auto get) {
        std::vector<std::uint64_t> values;
        values.reserve(samples.size());
        for (const PhaseResult *sample : samples)
            values.push_back(get(*sample));
        return values;
    };
    summary.hostNs = statOf(collect([](const PhaseResult &p) { return p.hostNs; }));
    const bool allTimed = std::ranges::all_of(samples, [](const PhaseResult *p) { return p->deviceNs.has_value(); });
    if (allTimed)
        summary.deviceNs = statOf(collect([](const PhaseResult &p) { return *p.deviceNs; }));
    PhaseResult &median = summary.median;
    median.hostNs = summary.hostNs.median;
    if (summary.deviceNs)
        median.deviceNs = summary.deviceNs->median;
    median.bytesToDevice = medianOf(collect([](const PhaseResult &p) { return p.bytesToDevice; }));
    median.bytesToHost = medianOf(collect([](const PhaseResult &p) { return p.bytesToHost; }));
    median.bytesBetweenDevices = medianOf(collect([](const PhaseResult &p) { return p.bytesBetweenDevices; }));
    median.bytesAccessed = medianOf(collect([](const PhaseResult &p) { return p.bytesAccessed; }));
    if (std::ranges::all_of(samples, [](const PhaseResult *p) { return p->counters.has_value(); })) {
        Counters counters;
        for (const CounterField &field : counterFields())
            counters.*field.member = medianOf(samples, field.member);
        median.counters = counters;
    }
    if (std::ranges::all_of(samples, [](const PhaseResult *p) { return p->countedNs.has_value(); }))
        median.countedNs = medianOf(collect([](const PhaseResult &p) { return *p.countedNs; }));
    return summary;
}

} // namespace

Stat statOf(std::vector<std::uint64_t> values)
{
    if (values.empty())
        return {};
    std::ranges::sort(values);
    return {values.front(), medianOf(values), values.back()};
}

std::vector<PhaseSummary> summarize(const RunReport &report)
{
    std::vector<PhaseSummary> summaries;
    summaries.push_back(summaryOf(Phase::Alloc, {&report.alloc}));
    PhaseResult ipcOpen;
    if (report.ipc) {
        ipcOpen.phase = Phase::IpcOpen;
        ipcOpen.hostNs = report.ipc->openNs;
        summaries.push_back(summaryOf(Phase::IpcOpen, {&ipcOpen}));
    }
    for (const Phase phase : iterationPhases) {
        std::vector<const PhaseResult *> samples;
        for (const IterationResult &iteration : report.iterations) {
            if (iteration.warmup)
                continue;
            for (const PhaseResult &result : iteration.phases) {
                if (result.phase == phase)
                    samples.push_back(&result);
            }
        }
        summaries.push_back(summaryOf(phase, samples));
    }
    if (report.free)
        summaries.push_back(summaryOf(Phase::Free, {&*report.free}));
    return summaries;
}

std::string_view counterTotalsName(CounterTotals totals)
{
    return totals == CounterTotals::Driver ? "driver" : "records";
}

std::optional<CounterTotals> counterTotalsFromName(std::string_view name)
{
    if (name == "driver")
        return CounterTotals::Driver;
    if (name == "records")
        return CounterTotals::Records;
    return std::nullopt;
}

IterationTotals iterationTotals(const RunReport &report)
{
    IterationTotals totals;
    totals.lowerBound = report.counted.totals == CounterTotals::Records
        && (report.counted.residency.unexplainedBytes > 0 || report.counted.lost > 0);
    bool counted = report.counted.enabled;
    std::uint64_t migrated = 0;
    std::uint64_t faults = 0;
    for (const PhaseSummary &summary : summarize(report)) {
        const auto at = std::ranges::find(iterationPhases, summary.phase);
        if (at == iterationPhases.end())
            continue;
        const PhaseResult &median = summary.median;
        totals.phaseNs[at - iterationPhases.begin()] = summary.hostNs.median;
        totals.ns += summary.hostNs.median;
        totals.moved += median.bytesMoved();
        if (summary.phase == Phase::Kernel)
            totals.kernelBandwidth = median.bandwidth();
        const Counters c = median.counters.value_or(Counters{});
        // The driver's GPU faults where it counts them, else CUPTI's fault groups.
        const auto gpuFaults = c.gpuPageFaults ? c.gpuPageFaults : c.gpuPageFaultGroups;
        counted = counted && c.bytesHostToDevice && c.bytesDeviceToHost && c.cpuPageFaults && gpuFaults;
        if (counted) {
            // Between two GPUs (the managed peer modes) only CUPTI's records say.
            migrated += *c.bytesHostToDevice + *c.bytesDeviceToHost + c.bytesDeviceToDevice.value_or(0);
            faults += *c.cpuPageFaults + *gpuFaults;
            totals.faultGroups = totals.faultGroups || !c.gpuPageFaults;
            totals.deviceToDevice = totals.deviceToDevice || c.bytesDeviceToDevice.value_or(0) > 0;
        }
    }
    if (counted) {
        totals.migrated = migrated;
        totals.faults = faults;
    } else {
        totals.faultGroups = false;
        totals.deviceToDevice = false;
    }
    return totals;
}

std::uint64_t medianIterationNs(const RunReport &report)
{
    return iterationTotals(report).ns;
}

std::optional<bool> mappedInPlace(const std::vector<BufferReport> &buffers)
{
    bool any = false;
    for (const BufferReport &buffer : buffers) {
        if (!buffer.zeroCopy)
            continue;
        if (!*buffer.zeroCopy)
            return false;
        any = true;
    }
    return any ? std::optional(true) : std::nullopt;
}

bool ClockSpread::changed() const
{
    return static_cast<double>(minMHz) < static_cast<double>(maxMHz) * (1.0 - clockTolerance);
}

std::optional<ClockSpread> clockSpread(const RunReport &report, Phase which)
{
    ClockSpread spread;
    for (const IterationResult &iteration : report.iterations) {
        if (iteration.warmup)
            continue;
        for (const PhaseResult &phase : iteration.phases) {
            if (phase.phase != which || !phase.smClockMHz)
                continue;
            spread.minMHz = spread.readings == 0 ? *phase.smClockMHz : std::min(spread.minMHz, *phase.smClockMHz);
            spread.maxMHz = std::max(spread.maxMHz, *phase.smClockMHz);
            ++spread.readings;
        }
    }
    if (spread.readings == 0)
        return std::nullopt;
    return spread;
}

} // namespace sharescope
