#include "runreport.h"

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
    median.bytesAccessed = medianOf(collect([](const PhaseResult &p) { return p.bytesAccessed; }));
    if (std::ranges::all_of(samples, [](const PhaseResult *p) { return p->counters.has_value(); })) {
        Counters counters;
        for (auto field : {&Counters::bytesHostToDevice, &Counters::bytesDeviceToHost, &Counters::cpuPageFaults,
                           &Counters::gpuPageFaultGroups, &Counters::thrashing, &Counters::throttling,
                           &Counters::remoteMaps, &Counters::bytesDeviceToDevice}) {
            counters.*field = medianOf(samples, field);
        }
        median.counters = counters;
    }
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

std::uint64_t medianIterationNs(const RunReport &report)
{
    std::uint64_t total = 0;
    for (const PhaseSummary &summary : summarize(report)) {
        if (summary.phase != Phase::Alloc && summary.phase != Phase::IpcOpen && summary.phase != Phase::Free)
            total += summary.hostNs.median;
    }
    return total;
}

} // namespace sharescope
