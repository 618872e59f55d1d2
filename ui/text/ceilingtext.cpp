// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilingtext.h"

#include "language.h"
#include "textconv.h"

#include "bytesize.h"
#include "report/texttable.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

// The translation context of this file's messages.
class CeilingText
{
    Q_DECLARE_TR_FUNCTIONS(CeilingText)
};

namespace sharescope {
namespace {

const QString dash = QStringLiteral("—");

QString rateText(const std::optional<double> &bytesPerSecond)
{
    return bytesPerSecond ? q(formatBandwidth(*bytesPerSecond)) : dash;
}

// The phases of a report's summary held against each path.
std::vector<std::pair<Path, QStringList>> phasesByPath(const RunReport &report)
{
    std::vector<std::pair<Path, QStringList>> byPath;
    for (const PhaseSummary &summary : summarize(report)) {
        const auto ceiling = ceilingOf(report, summary.median);
        if (!ceiling || !ceiling->path)
            continue;
        auto it = std::ranges::find(byPath, *ceiling->path, &std::pair<Path, QStringList>::first);
        if (it == byPath.end())
            it = byPath.insert(byPath.end(), {*ceiling->path, {}});
        it->second << q(phaseName(summary.phase));
    }
    return byPath;
}

} // namespace

QString ceilingText(const PathCeiling &ceiling)
{
    const QString source = templateText(ceiling.source.english(), ceiling.source);
    return source.isEmpty() ? rateText(ceiling.bytesPerSecond)
                            : CeilingText::tr("%1 (%2)").arg(rateText(ceiling.bytesPerSecond), source);
}

QString pathText(Path path)
{
    return coreText(std::string(pathLabel(path)));
}

QString percentText(const std::optional<double> &percent, bool cached)
{
    if (!percent)
        return dash;
    const QString value = QStringLiteral("%1%").arg(std::lround(*percent));
    return cached ? CeilingText::tr("%1 (cache)").arg(value) : value;
}

QString shareText(const CeilingShare &share)
{
    switch (share.state) {
    case CeilingShare::State::Value:
        return percentText(share.percent, share.cached);
    case CeilingShare::State::NoCeiling:
        //: No ceiling is known for this path (not calibrated, no specification): 上限未知, never 无上限 ("unlimited").
        return CeilingText::tr("no ceiling");
    case CeilingShare::State::MeasurementProblem:
        return CeilingText::tr("PROBLEM");
    case CeilingShare::State::NothingMoved:
        break;
    }
    return dash;
}

QString shareExplanation(const RunReport &report, const PhaseShares &shares, CeilingKind kind)
{
    const bool measured = kind == CeilingKind::Measured;
    const CeilingShare &share = measured ? shares.ofMeasured : shares.ofSpecification;
    switch (share.state) {
    case CeilingShare::State::NothingMoved:
        break;
    case CeilingShare::State::MeasurementProblem:
        return problemText(*shares.ceiling->problem);
    case CeilingShare::State::NoCeiling: {
        if (!report.ceilings || !shares.ceiling || !shares.ceiling->path)
            return CeilingText::tr("This report was written before ShareScope held phases against ceilings: there "
                                   "is no ceiling to compare with.");
        const Path path = *shares.ceiling->path;
        const PathCeiling &ceiling
            = measured ? report.ceilings->measuredOf(path) : report.ceilings->specificationOf(path);
        const QString why = templateText(ceiling.source.english(), ceiling.source);
        return measured ? CeilingText::tr("No measured ceiling for %1: %2").arg(pathText(path), why)
                        : CeilingText::tr("No specification for %1: %2").arg(pathText(path), why);
    }
    case CeilingShare::State::Value: {
        const Path path = *shares.ceiling->path;
        const QString rate = rateText(shares.ceiling->bytesPerSecond);
        QString text = measured
            ? CeilingText::tr("%1 on %2: %3 of the best this machine reached there, %4")
                  .arg(rate, pathText(path), percentText(share.percent), ceilingText(report.ceilings->measuredOf(path)))
            : CeilingText::tr("%1 on %2: %3 of what its specification allows, %4")
                  .arg(rate, pathText(path), percentText(share.percent),
                       ceilingText(report.ceilings->specificationOf(path)));
        if (share.cached)
            text += QLatin1Char(' ')
                + CeilingText::tr("The working set fits in the device's cache, which may serve it faster than the "
                                  "memory.");
        else if (measured && share.percent >= 100.5)
            text += QLatin1Char(' ')
                + CeilingText::tr("Above 100%: faster than the best copy the calibration timed (cudaMemcpy on the "
                                  "GPU, memcpy on the host), which a kernel that streams may beat; that copy is no "
                                  "limit of the hardware.");
        return text;
    }
    }
    return CeilingText::tr("The phase moved no data: it has no bandwidth to hold against a ceiling.");
}

QStringList problemLines(const std::vector<RunReport> &runs, const std::function<QString(const RunReport &)> &runName)
{
    QStringList lines;
    for (const RunReport &run : runs) {
        for (const PhaseSummary &summary : summarize(run)) {
            const auto ceiling = ceilingOf(run, summary.median);
            if (ceiling && ceiling->problem)
                lines << CeilingText::tr("%1: PROBLEM %2").arg(runName(run), problemText(*ceiling->problem));
        }
    }
    return lines;
}

std::optional<PhaseCeiling> ceilingOf(const RunReport &report, const PhaseResult &phase)
{
    if (!report.ceilings)
        return std::nullopt;
    return phaseCeiling(phase, report.spec, report.device, *report.ceilings);
}

QString problemText(const MeasurementProblem &problem)
{
    return CeilingText::tr("%1: %2 would be %3% above the %4 that %5 can carry by its specification: a measurement "
                           "problem (a timer, the bytes counted, or work not done), not a result")
        .arg(q(phaseName(problem.phase)), q(formatBandwidth(problem.bytesPerSecond)))
        .arg(std::lround(100.0 * problem.excess()))
        .arg(q(formatBandwidth(problem.ceilingBytesPerSecond)), pathText(problem.path));
}

QStringList ceilingLines(const RunReport &report)
{
    QStringList lines;
    if (!report.ceilings)
        return lines;
    for (const auto &[path, phases] : phasesByPath(report)) {
        lines << CeilingText::tr("%1 (%2):").arg(pathText(path), phases.join(QStringLiteral(", ")));
        lines << CeilingText::tr("  specification %1").arg(ceilingText(report.ceilings->specificationOf(path)));
        lines << CeilingText::tr("  measured      %1").arg(ceilingText(report.ceilings->measuredOf(path)));
    }
    for (const PhaseSummary &summary : summarize(report)) {
        const auto ceiling = ceilingOf(report, summary.median);
        if (ceiling && ceiling->problem)
            lines << CeilingText::tr("PROBLEM %1").arg(problemText(*ceiling->problem));
        if (ceiling && ceiling->verificationBound) {
            lines << CeilingText::tr("host-read runs at %1, under half of what one thread copies (%2): checking "
                                     "every element against the CPU reference sets its pace, not memory")
                         .arg(rateText(ceiling->bytesPerSecond),
                              rateText(report.ceilings->hostOneThreadBytesPerSecond));
        }
    }
    return lines;
}

QString calibrationTable(const Calibration &calibration, const Ceilings &ceilings)
{
    TextTable table;
    table.addColumn(s(CeilingText::tr("step")), TextTable::Align::Left);
    table.addColumn(s(CeilingText::tr("path")), TextTable::Align::Left);
    table.addColumn(s(CeilingText::tr("size")));
    table.addColumn(s(CeilingText::tr("median")));
    table.addColumn(s(CeilingText::tr("slowest")));
    table.addColumn(s(CeilingText::tr("fastest")));
    table.addColumn(s(CeilingText::tr("of spec")));
    for (const CalibrationResult &r : calibration.results) {
        const auto spec = ceilings.specificationOf(r.path).bytesPerSecond;
        table.addRow({std::string(calibrationStepName(r.step)), s(pathText(r.path)), formatBytes(r.bytes),
                      formatBandwidth(r.bytesPerSecond), formatBandwidth(r.minBytesPerSecond),
                      formatBandwidth(r.maxBytesPerSecond),
                      s(spec ? percentText(100.0 * r.bytesPerSecond / *spec) : CeilingText::tr("no ceiling"))});
    }
    for (const SkippedStep &skipped : calibration.skipped)
        table.addNote(std::string(calibrationStepName(skipped.step)) + ": " + s(coreText(skipped.reason)));
    QString text = q(table.render()) + QLatin1Char('\n');
    for (const CalibrationResult &r : calibration.results)
        text += QStringLiteral("%1  %2\n")
                    .arg(q(calibrationStepName(r.step)).leftJustified(22), templateText(r.method, r.methodTemplate));
    text += CeilingText::tr("\nThe specification of each path:\n");
    qsizetype width = 0;
    for (const Path path : allPaths)
        width = std::max(width, pathText(path).size());
    for (const Path path : allPaths)
        text += QStringLiteral("  %1  %2\n")
                    .arg(pathText(path).leftJustified(width), ceilingText(ceilings.specificationOf(path)));
    return text;
}

QString calibrationNote(const CachedCalibration &cached, const DeviceInfo &device)
{
    switch (cached.state) {
    case CachedCalibration::State::Found:
        return {};
    case CachedCalibration::State::Missing:
        return CeilingText::tr("note: %1 has no calibration yet, so the of measured column has no ceiling to hold "
                               "the runs against; `sharescope calibrate --device %1` measures this machine's ceilings "
                               "(a few seconds)")
            .arg(q(device.id));
    case CachedCalibration::State::Stale:
        return CeilingText::tr("note: the calibration of %1 was made with driver %2 and ShareScope %3; `sharescope "
                               "calibrate --device %1` measures it again")
            .arg(q(device.id), q(cached.staleKey->driverVersion), q(cached.staleKey->toolVersion));
    case CachedCalibration::State::Unreadable:
        break;
    }
    return CeilingText::tr("note: the calibration cache cannot be read (%1); `sharescope calibrate --device %2` "
                           "writes a new one")
        .arg(coreText(cached.problem), q(device.id));
}

} // namespace sharescope
