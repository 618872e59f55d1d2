// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/demoquestion.h"

#include "report/bytebudget.h"
#include "trnoop.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sharescope {
namespace {

constexpr std::uint64_t smallPage = 4096;

// Longer or shorter than the other mode: where "about the same" is the
// middle band, and the surprises (26 × for a kernel across the bus, 6 × for
// a discarded host-init) land in the last.
constexpr std::array ratioBands{Band{0, 0.8}, Band{0.8, 1.25}, Band{1.25, 4}, Band{4, 0}};
// Iterations until pinning pays: within five, within fifty, later or never.
// Wide, because the allocation is timed once per run: on the H200 at 64 MiB
// four runs gave 0, 0.7, 1.6 and 2.3 iterations (docs/demos.md).
constexpr std::array breakEvenBands{Band{0, 5}, Band{5, 50}, Band{50, 0}};
// CUPTI's share of the migrated bytes: all, most, about half, little.
constexpr std::array shareBands{Band{0.99, 0}, Band{0.75, 0.99}, Band{0.4, 0.75}, Band{0, 0.4}};

std::vector<QuestionChoice> bandChoices(std::span<const Band> bands)
{
    std::vector<QuestionChoice> choices;
    for (const Band &band : bands)
        choices.push_back({0, std::nullopt, band});
    return choices;
}

// The bytes a phase moves by the mode's design, both ways.
std::uint64_t designBytes(const ExperimentSpec &spec, Phase phase)
{
    const auto budget = byteBudget(spec);
    if (!budget)
        return 0;
    const auto at = std::ranges::find(budget->phases, phase, &PhaseBudget::phase);
    return at == budget->phases.end() ? 0 : at->toDevice + at->toHost;
}

std::optional<DemoQuestion> phaseBytes(DemoQuestion q, const ExperimentSpec &spec, ModeId mode, Phase phase)
{
    ExperimentSpec asked = spec;
    asked.mode = mode;
    q.kind = QuestionKind::PhaseBytes;
    q.mode = mode;
    q.phase = phase;
    const std::uint64_t design = designBytes(asked, phase);
    std::vector<std::uint64_t> values{0, design};
    if (asked.kernelInfo().usesStride) {
        // What the kernel touches, the 4 KiB pages that hold it, whole buffers.
        q.touched = asked.strideTouched() * elementBytes;
        values.push_back(q.touched);
        values.push_back(asked.strideBytes >= smallPage ? asked.strideTouched() * smallPage : asked.bytes);
    } else {
        // Nothing ("the memory is shared"), one buffer, the design, twice it.
        values.push_back(asked.bytes);
        values.push_back(2 * design);
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (const std::uint64_t value : values)
        q.choices.push_back({value, std::nullopt, {}});
    return q;
}

DemoQuestion fastest(DemoQuestion q, const DemoInfo &demo, BackendKind backend, std::optional<Phase> phase)
{
    q.kind = QuestionKind::Fastest;
    q.phase = phase;
    for (const ModeId mode : demoModes(demo, backend)) {
        if (std::ranges::none_of(q.choices, [mode](const QuestionChoice &c) { return c.mode == mode; }))
            q.choices.push_back({0, mode, {}});
    }
    if (q.choices.size() < 4)
        q.choices.push_back({0, std::nullopt, {}}); // about the same
    return q;
}

DemoQuestion timeRatio(DemoQuestion q, ModeId mode, ModeId against, std::optional<Phase> phase)
{
    q.kind = QuestionKind::TimeRatio;
    q.mode = mode;
    q.against = against;
    q.phase = phase;
    q.choices = bandChoices(ratioBands);
    return q;
}

// The runs of one mode at the question's size.
std::vector<const RunReport *> runsOf(const ReportSet &set, ModeId mode, std::uint64_t bytes)
{
    std::vector<const RunReport *> runs;
    for (const RunReport &run : set.runs) {
        if (run.spec.mode == mode && run.spec.bytes == bytes)
            runs.push_back(&run);
    }
    return runs;
}

std::optional<PhaseSummary> summaryOf(const RunReport &run, Phase phase)
{
    for (const PhaseSummary &summary : summarize(run)) {
        if (summary.phase == phase && summary.samples > 0)
            return summary;
    }
    return std::nullopt;
}

// A phase's time: the GPU's own (events) where `device` and the run has it,
// else the host's; a whole iteration's where no phase is asked about.
std::optional<double> timeOf(const RunReport &run, std::optional<Phase> phase, bool device)
{
    if (!phase) {
        const std::uint64_t ns = medianIterationNs(run);
        return ns ? std::optional<double>(static_cast<double>(ns)) : std::nullopt;
    }
    const auto summary = summaryOf(run, *phase);
    if (!summary)
        return std::nullopt;
    if (device)
        return summary->deviceNs ? std::optional<double>(static_cast<double>(summary->deviceNs->median)) : std::nullopt;
    return static_cast<double>(summary->hostNs.median);
}

double logDistance(double a, double b)
{
    return std::abs(std::log2(a + 1) - std::log2(b + 1));
}

MeasuredAnswer answerBytes(const DemoQuestion &q, const ReportSet &set)
{
    MeasuredAnswer answer;
    const auto runs = runsOf(set, q.mode, q.bytes);
    if (runs.empty() || !q.phase)
        return answer;
    const RunReport &run = *runs.front();
    const auto summary = summaryOf(run, *q.phase);
    if (!summary)
        return answer;
    double moved = 0;
    if (run.spec.modeInfo().family == ModeFamily::Managed) {
        // The driver's migrations (a prefetch is counted there too).
        const auto &counters = summary->median.counters;
        if (!counters || !counters->bytesHostToDevice || !counters->bytesDeviceToHost)
            return answer;
        moved = static_cast<double>(*counters->bytesHostToDevice + *counters->bytesDeviceToHost);
        answer.lowerBound = iterationTotals(run).lowerBound;
    } else {
        moved = static_cast<double>(summary->median.bytesMoved());
    }
    answer.value = moved;
    double best = std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
        const double d = logDistance(moved, static_cast<double>(q.choices[i].bytes));
        if (d < best) {
            best = d;
            answer.choice = i;
        }
    }
    return answer;
}

MeasuredAnswer answerFastest(const DemoQuestion &q, const ReportSet &set)
{
    MeasuredAnswer answer;
    std::optional<double> quickest;
    std::optional<double> slowest;
    int measured = 0;
    for (const QuestionChoice &choice : q.choices) {
        if (!choice.mode)
            continue;
        std::optional<double> best;
        for (const RunReport *run : runsOf(set, *choice.mode, q.bytes)) {
            const auto t = timeOf(*run, q.phase, false);
            if (t && (!best || *t < *best))
                best = t;
        }
        if (!best)
            continue;
        ++measured;
        if (!quickest || *best < *quickest) {
            quickest = best;
            answer.fastest = choice.mode;
        }
        slowest = std::max(slowest.value_or(0), *best);
    }
    if (measured < 2 || !quickest)
        return answer;
    answer.value = *quickest > 0 ? *slowest / *quickest : 1;
    const auto same = std::ranges::find_if(q.choices, [](const QuestionChoice &c) { return !c.mode; });
    if (same != q.choices.end() && answer.value < sameWithin) {
        answer.choice = static_cast<std::size_t>(same - q.choices.begin());
        return answer;
    }
    const auto at = std::ranges::find(q.choices, answer.fastest, &QuestionChoice::mode);
    answer.choice = static_cast<std::size_t>(at - q.choices.begin());
    return answer;
}

MeasuredAnswer answerInBand(const DemoQuestion &q, double value)
{
    MeasuredAnswer answer;
    answer.value = value;
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
        if (q.choices[i].band.contains(value)) {
            answer.choice = i;
            break;
        }
    }
    return answer;
}

MeasuredAnswer answerRatio(const DemoQuestion &q, const ReportSet &set)
{
    const auto mine = runsOf(set, q.mode, q.bytes);
    const auto theirs = runsOf(set, q.against, q.bytes);
    if (mine.empty() || theirs.empty())
        return {};
    // The GPU's own time where both runs have it: the host's time of an ipc
    // kernel also holds asking the other process to run it.
    const bool device = timeOf(*mine.front(), q.phase, true) && timeOf(*theirs.front(), q.phase, true);
    const auto a = timeOf(*mine.front(), q.phase, device);
    const auto b = timeOf(*theirs.front(), q.phase, device);
    if (!a || !b || *b <= 0)
        return {};
    return answerInBand(q, *a / *b);
}

MeasuredAnswer answerBreakEven(const DemoQuestion &q, const ReportSet &set)
{
    const auto pageable = runsOf(set, q.against, q.bytes);
    const auto pinned = runsOf(set, q.mode, q.bytes);
    if (pageable.empty() || pinned.empty())
        return {};
    const auto balance = pinningBalance(*pageable.front(), *pinned.front());
    if (!balance)
        return {};
    // Never paying is the last band's "later or never".
    return answerInBand(q, balance->breakEven.value_or(std::numeric_limits<double>::infinity()));
}

// The run of `mode` at the question's size on `threads` host threads on the
// legacy stream (OpenCL: a queue each); null where there is none.
const RunReport *threadedRun(const ReportSet &set, const DemoQuestion &q, int threads)
{
    for (const RunReport *run : runsOf(set, q.mode, q.bytes)) {
        if (run->spec.hostThreads == threads && run->spec.defaultStream == DefaultStream::Legacy)
            return run;
    }
    return nullptr;
}

MeasuredAnswer answerThreads(const DemoQuestion &q, const ReportSet &set)
{
    const RunReport *many = threadedRun(set, q, demoHostThreads);
    const RunReport *one = threadedRun(set, q, 1);
    if (!many || !one)
        return {};
    // Host time: the threads' work has no one device time.
    const auto a = timeOf(*many, q.phase, false);
    const auto b = timeOf(*one, q.phase, false);
    if (!a || !b || *b <= 0)
        return {};
    return answerInBand(q, *a / *b);
}

MeasuredAnswer answerShare(const DemoQuestion &q, const ReportSet &set)
{
    const auto runs = runsOf(set, q.mode, q.bytes);
    if (runs.empty() || runs.front()->counted.totals != CounterTotals::Driver)
        return {};
    const auto summary = summaryOf(*runs.front(), Phase::Kernel);
    if (!summary || !summary->median.counters)
        return {};
    const Counters &c = *summary->median.counters;
    if (!c.bytesHostToDevice || !c.recordedHostToDevice || *c.bytesHostToDevice == 0)
        return {};
    return answerInBand(q, static_cast<double>(*c.recordedHostToDevice) / static_cast<double>(*c.bytesHostToDevice));
}

} // namespace

std::optional<DemoQuestion> demoQuestion(const DemoInfo &demo, const ExperimentSpec &spec, BackendKind backend,
                                         const std::vector<std::uint64_t> &sizes)
{
    if (demoModes(demo, backend).empty() || sizes.empty())
        return std::nullopt;
    DemoQuestion q;
    q.demo = demo.id;
    q.bytes = sizes.front();
    ExperimentSpec asked = spec;
    asked.bytes = q.bytes;
    const bool cuda = backend == BackendKind::Cuda;
    switch (demo.id) {
    case DemoId::CopiesVsZeroCopy:
        // Across the bus against device memory: the kernel, where CUDA has a
        // zero-copy mode; OpenCL's whole iteration, where the map decides.
        return cuda ? timeRatio(q, ModeId::ZeroCopy, ModeId::Device, Phase::Kernel)
                    : timeRatio(q, ModeId::ClUseHostPtr, ModeId::ClCopy, std::nullopt);
    case DemoId::Prefetch:
    case DemoId::FirstTouch:
        return phaseBytes(q, asked, ModeId::Managed, Phase::Kernel);
    case DemoId::PagesMoveWhole:
        return cuda ? phaseBytes(q, asked, ModeId::Managed, Phase::Kernel)
                    : phaseBytes(q, asked, ModeId::ClCopy, Phase::ToDevice);
    case DemoId::PingPong:
        return fastest(q, demo, backend, Phase::Kernel);
    case DemoId::OtherProcess:
        return timeRatio(q, ModeId::Ipc, ModeId::Device, Phase::Kernel);
    case DemoId::WhatProfilersMiss:
        q.kind = QuestionKind::RecordsShare;
        q.mode = ModeId::Managed;
        q.phase = Phase::Kernel;
        q.bytes = *std::ranges::max_element(sizes);
        q.choices = bandChoices(shareBands);
        return q;
    case DemoId::PeerAccess:
        return fastest(q, demo, backend, std::nullopt);
    case DemoId::Discard:
        return timeRatio(q, ModeId::ManagedDiscard, ModeId::Managed, Phase::HostInit);
    case DemoId::ThreadsShareOneGpu:
        // The kernel at the smallest size, where a launch costs most.
        q.kind = QuestionKind::ThreadsRatio;
        q.mode = demoModes(demo, backend).front();
        q.phase = Phase::Kernel;
        q.choices = bandChoices(ratioBands);
        return q;
    case DemoId::WhenPinningPays:
        // At the demo's own size (or the one given), the third of its four.
        q.kind = QuestionKind::BreakEven;
        q.mode = ModeId::Pinned;
        q.against = ModeId::Device;
        q.bytes = std::ranges::find(sizes, spec.bytes) != sizes.end() ? spec.bytes : sizes.front();
        q.choices = bandChoices(breakEvenBands);
        return q;
    }
    return std::nullopt;
}

std::optional<DemoQuestion> demoQuestionFor(const DemoInfo &demo, const ExperimentSpec &base, bool sizeGiven,
                                            BackendKind backend)
{
    const BackendKind asked = demoModes(demo, backend).empty() ? BackendKind::Cuda : backend;
    return demoQuestion(demo, demoSpec(demo, base, sizeGiven), asked, demoSizes(demo, base.bytes, sizeGiven));
}

MeasuredAnswer measuredAnswer(const DemoQuestion &question, const ReportSet &set)
{
    switch (question.kind) {
    case QuestionKind::PhaseBytes:
        return answerBytes(question, set);
    case QuestionKind::Fastest:
        return answerFastest(question, set);
    case QuestionKind::TimeRatio:
        return answerRatio(question, set);
    case QuestionKind::RecordsShare:
        return answerShare(question, set);
    case QuestionKind::BreakEven:
        return answerBreakEven(question, set);
    case QuestionKind::ThreadsRatio:
        return answerThreads(question, set);
    }
    return {};
}

std::optional<PinningBalance> pinningBalance(const RunReport &pageable, const RunReport &pinned)
{
    const auto setup = [](const RunReport &run) -> std::optional<std::uint64_t> {
        if (!run.free)
            return std::nullopt;
        return run.alloc.hostNs + run.free->hostNs;
    };
    const auto copies = [](const RunReport &run) -> std::optional<std::uint64_t> {
        std::uint64_t ns = 0;
        for (const Phase phase : {Phase::ToDevice, Phase::ToHost}) {
            const auto summary = summaryOf(run, phase);
            if (!summary)
                return std::nullopt;
            ns += summary->hostNs.median;
        }
        return ns;
    };
    const auto pinnedSetup = setup(pinned);
    const auto pageableSetup = setup(pageable);
    const auto pinnedCopies = copies(pinned);
    const auto pageableCopies = copies(pageable);
    if (!pinnedSetup || !pageableSetup || !pinnedCopies || !pageableCopies)
        return std::nullopt;
    PinningBalance balance{*pinnedSetup, *pageableSetup, *pinnedCopies, *pageableCopies, std::nullopt};
    if (*pinnedSetup <= *pageableSetup)
        balance.breakEven = 0.0;
    else if (*pinnedCopies < *pageableCopies)
        balance.breakEven
            = static_cast<double>(*pinnedSetup - *pageableSetup) / static_cast<double>(*pageableCopies - *pinnedCopies);
    return balance;
}

Status checkAnswer(const DemoQuestion &question, int answer)
{
    if (answer >= 1 && static_cast<std::size_t>(answer) <= question.choices.size())
        return okStatus();
    return badArgument(SHARESCOPE_TR_NOOP("Core", "--answer %1: the question has %2 choices; accepted: 1 to %2"),
                       {std::to_string(answer), std::to_string(question.choices.size())});
}

} // namespace sharescope
