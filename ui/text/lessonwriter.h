// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bytesize.h"
#include "counterwording.h"
#include "language.h"
#include "lesson.h"
#include "report/reportset.h"
#include "report/runreport.h"
#include "textconv.h"

#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

// The translation context of the lessons' messages.
class Lessons
{
    Q_DECLARE_TR_FUNCTIONS(Lessons)
};

namespace sharescope {

// How lessons write numbers: as the tables do, and "not reported" for what
// the driver did not report.
namespace lesson {
QString bytes(std::uint64_t value);
QString duration(std::uint64_t ns);
QString count(std::uint64_t value);
QString code(std::string_view text); // `text`
QString notReported();
QString times(double a, double b); // "3.2×": how many times a is of b
} // namespace lesson

// One measured run of the comparison, with what a lesson reads of it.
class MeasuredRun
{
public:
    explicit MeasuredRun(const RunReport &run)
        : m_run(run)
        , m_totals(iterationTotals(run))
        , m_phases(summarize(run))
    {
    }

    const RunReport &run() const { return m_run; }
    const IterationTotals &totals() const { return m_totals; }
    PhaseResult phase(Phase which) const
    {
        const PhaseSummary *found = summary(which);
        return found ? found->median : PhaseResult{};
    }
    bool has(Phase which) const
    {
        const PhaseSummary *found = summary(which);
        return found && found->samples > 0;
    }
    // Host time, as the tables show it; empty when the run lacks the phase.
    std::optional<std::uint64_t> timeNs(Phase which) const
    {
        return has(which) ? std::optional(phase(which).hostNs) : std::nullopt;
    }
    QString time(Phase which) const
    {
        const auto ns = timeNs(which);
        return ns ? lesson::duration(*ns) : lesson::notReported();
    }
    QString bandwidth(Phase which) const
    {
        const auto value = phase(which).bandwidth();
        return value ? QString::fromStdString(formatBandwidth(*value)) : lesson::notReported();
    }
    std::optional<std::uint64_t> counter(Phase which, std::optional<std::uint64_t> Counters::*field) const
    {
        const auto counters = phase(which).counters;
        return counters ? *counters.*field : std::nullopt;
    }
    // Bytes migrated both ways in a phase; empty when not reported.
    std::optional<std::uint64_t> migrated(Phase which) const
    {
        const auto in = counter(which, &Counters::bytesHostToDevice);
        const auto out = counter(which, &Counters::bytesDeviceToHost);
        if (!in || !out)
            return std::nullopt;
        return *in + *out;
    }
    bool countersOn() const { return m_run.counted.enabled; }
    // "at least" when the driver dropped records.
    QString migratedText(std::optional<std::uint64_t> value) const
    {
        if (!value)
            return lesson::notReported();
        return m_totals.lowerBound ? Lessons::tr("at least %1").arg(lesson::bytes(*value)) : lesson::bytes(*value);
    }
    // A count of records; "at least" when the driver dropped records.
    QString countText(std::optional<std::uint64_t> value) const
    {
        if (!value)
            return lesson::notReported();
        return m_totals.lowerBound ? Lessons::tr("at least %1").arg(lesson::count(*value)) : lesson::count(*value);
    }
    // The GPU's faults in a phase: the driver's own count of page faults
    // where it gave one, else CUPTI's fault groups (each one or more faults).
    QString gpuFaultsText(Phase which) const
    {
        if (const auto faults = counter(which, &Counters::gpuPageFaults))
            return Lessons::tr("GPU page faults: %1").arg(lesson::count(*faults));
        return Lessons::tr("GPU fault groups: %1").arg(countText(counter(which, &Counters::gpuPageFaultGroups)));
    }
    QString mode() const { return lesson::code(modeName(m_run.spec.mode)); }
    // An iteration's time as timed, and as the counted pass took it; empty
    // without a counted pass.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> countedIteration() const
    {
        std::uint64_t timed = 0;
        std::uint64_t counted = 0;
        for (const Phase phase : iterationPhases) {
            const PhaseResult p = this->phase(phase);
            if (!p.countedNs)
                return std::nullopt;
            timed += p.timeNs();
            counted += *p.countedNs;
        }
        return std::pair(timed, counted);
    }

private:
    const PhaseSummary *summary(Phase which) const
    {
        const auto at = std::ranges::find(m_phases, which, &PhaseSummary::phase);
        return at == m_phases.end() ? nullptr : &*at;
    }

    const RunReport &m_run;
    IterationTotals m_totals;
    std::vector<PhaseSummary> m_phases;
};

// Collects a lesson's paragraphs over the runs of one comparison, and adds
// what every lesson says: the modes that did not run, counters that were off
// or incomplete, a CPU device standing in for a GPU.
class LessonWriter
{
public:
    LessonWriter(const DemoInfo &demo, const ReportSet &set)
        : m_set(set)
    {
        m_lesson.title = demoTitle(demo);
        for (const RunReport &run : set.runs)
            m_runs.emplace_back(run);
    }

    const MeasuredRun *find(ModeId mode) const
    {
        const auto at = std::ranges::find_if(m_runs, [&](const MeasuredRun &m) { return m.run().spec.mode == mode; });
        return at == m_runs.end() ? nullptr : &*at;
    }
    // peer-copy with peer access on, or off.
    const MeasuredRun *find(ModeId mode, bool peerAccess) const
    {
        const auto at = std::ranges::find_if(m_runs, [&](const MeasuredRun &m) {
            return m.run().spec.mode == mode && m.run().spec.peerAccess == peerAccess;
        });
        return at == m_runs.end() ? nullptr : &*at;
    }
    const MeasuredRun *first() const { return m_runs.empty() ? nullptr : &m_runs.front(); }
    const std::vector<MeasuredRun> &runs() const { return m_runs; }
    std::size_t runCount() const { return m_runs.size(); }
    void say(const QString &paragraph) { m_lesson.paragraphs << paragraph; }

    // The fastest run by one phase's time; runs without it are left out.
    const MeasuredRun *fastest(Phase phase) const
    {
        const MeasuredRun *best = nullptr;
        for (const MeasuredRun &m : m_runs) {
            if (m.timeNs(phase) && (!best || *m.timeNs(phase) < *best->timeNs(phase)))
                best = &m;
        }
        return best;
    }

    Lesson finish()
    {
        if (const MeasuredRun *any = first(); any && any->run().device.cpuDevice) {
            say(Lessons::tr(
                    "%1 is the CPU itself: its device memory is host memory, so what a copy moved here (\"across "
                    "the bus\", as the lesson and its question say) went from RAM to RAM. On a GPU the same "
                    "comparison moves it across a real bus, PCIe or NVLink.")
                    .arg(QString::fromStdString(any->run().device.id)));
        }
        for (const SkippedRun &skipped : m_set.skipped)
            say(Lessons::tr("%1 did not run here: %2.")
                    .arg(lesson::code(modeName(skipped.mode)), skippedText(skipped.reason)));
        if (std::ranges::any_of(m_runs, [](const MeasuredRun &m) { return m.totals().lowerBound; })) {
            say(Lessons::tr("The driver dropped some migration records in this comparison (it does under heavy "
                            "faulting), so the migrations and faults quoted as \"at least\" are lower bounds; a "
                            "smaller --size gives complete counts."));
        }
        const MeasuredRun *any = first();
        if (any && !any->countersOn() && any->run().device.backend == BackendKind::Cuda)
            say(Lessons::tr(
                "Unified-memory counters were off for this comparison, so page migrations are not shown; run "
                "it again with counters on to see them."));
        return m_lesson;
    }

private:
    const ReportSet &m_set;
    std::vector<MeasuredRun> m_runs;
    Lesson m_lesson;
};

} // namespace sharescope
