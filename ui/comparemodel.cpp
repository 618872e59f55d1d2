// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparemodel.h"

#include "bytesize.h"
#include "ceilingtext.h"
#include "columnwording.h"
#include "counterwording.h"
#include "phasestyle.h"
#include "reporttables.h"
#include "textconv.h"

#include <QBrush>

namespace sharescope {
namespace {

// A phase's median against its path's two ceilings, for its column's
// tooltip: how a peer copy stands against the link, a pinned copy against
// PCIe.
QString phaseShareTip(const RunReport &run, const std::vector<PhaseSummary> &summaries, Phase phase)
{
    const auto summary = std::ranges::find(summaries, phase, &PhaseSummary::phase);
    if (summary == summaries.end())
        return {};
    const PhaseShares shares = phaseShares(run, summary->median);
    if (!shares.ceiling || !shares.ceiling->path || shares.ofSpecification.state == CeilingShare::State::NothingMoved)
        return {};
    return q(phaseName(phase)) + QStringLiteral(": ") + shareExplanation(run, shares, CeilingKind::Specification)
        + QLatin1Char('\n') + shareExplanation(run, shares, CeilingKind::Measured);
}

} // namespace

void CompareModel::setReports(const ReportSet &set)
{
    m_set = set;
    std::vector<CompareRow> rows;
    for (const RunReport &run : set.runs) {
        const auto summaries = summarize(run);
        const auto kernel = std::ranges::find(summaries, Phase::Kernel, &PhaseSummary::phase);
        CompareRow row{runName(set, run),  run.spec.mode, iterationTotals(run), run.verification.passed(), {}, {}, {},
                       budgetSummary(run), CopiedColumn};
        if (run.spec.modeInfo().family == ModeFamily::Managed)
            row.budgetColumn = MigratedColumn;
        if (kernel != summaries.end()) {
            row.kernel = phaseShares(run, kernel->median);
            const PhaseResult &median = kernel->median;
            if (median.bandwidth()) {
                // The Kernel column holds the host time; say which one the
                // bandwidth divides by, and both where they differ.
                row.kernelBandwidthTip = median.deviceNs
                    ? tr("%1 read and written in %2 on the device's own clock (the Kernel column's host time: %3)")
                          .arg(q(formatBytes(median.bytesAccessed)), q(formatDuration(*median.deviceNs)),
                               q(formatDuration(median.hostNs)))
                    : tr("%1 read and written in %2 of host time (the device timed no work of its own here)")
                          .arg(q(formatBytes(median.bytesAccessed)), q(formatDuration(median.hostNs)));
            }
        }
        row.kernelOfMeasuredTip = shareExplanation(run, row.kernel, CeilingKind::Measured);
        row.kernelOfSpecificationTip = shareExplanation(run, row.kernel, CeilingKind::Specification);
        for (std::size_t i = 0; i < iterationPhases.size(); ++i)
            row.phaseTips[i] = phaseShareTip(run, summaries, iterationPhases[i]);
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

namespace {

bool kernelShareColumn(int column)
{
    return column == CompareModel::KernelOfMeasuredColumn || column == CompareModel::KernelOfSpecificationColumn;
}

double shareSortKey(const CeilingShare &share)
{
    return share.state == CeilingShare::State::Value ? share.percent : -1.0;
}

} // namespace

QVariant CompareModel::cell(const CompareRow &row, int column, int role) const
{
    const bool phaseColumn = column >= HostInitColumn && column <= HostReadColumn;
    // A kernel above its path's specification is a measurement problem,
    // never a result: its bandwidth and shares say so.
    const bool problem = row.kernel.problem() && (column == KernelBandwidthColumn || kernelShareColumn(column));
    if (role == ProblemRole)
        return row.kernel.problem();
    if (role == Qt::ForegroundRole && problem)
        return QBrush(QColor(0xb0, 0x00, 0x20));
    if (role == Qt::ToolTipRole && problem)
        return problemText(*row.kernel.ceiling->problem);
    if (role == Qt::ToolTipRole && column == KernelBandwidthColumn && !problem && !row.kernelBandwidthTip.isEmpty())
        return row.kernelBandwidthTip;
    if (role == Qt::ToolTipRole && column == KernelOfMeasuredColumn)
        return row.kernelOfMeasuredTip;
    if (role == Qt::ToolTipRole && column == KernelOfSpecificationColumn)
        return row.kernelOfSpecificationTip;
    if (role == Qt::ToolTipRole && phaseColumn && !row.phaseTips[column - HostInitColumn].isEmpty())
        return row.phaseTips[column - HostInitColumn];
    const bool budgetCell = column == row.budgetColumn && row.budget.rank >= 0;
    if (role == Qt::ToolTipRole && budgetCell) {
        // With what the cell's own tooltip says, where it has one.
        QString tip = tr("Byte budget: %1").arg(row.budget.tip);
        if (column == CopiedColumn && row.totals.moved == 0)
            tip = nothingCopiedTip() + QLatin1Char('\n') + tip;
        if (column == MigratedColumn && row.totals.lowerBound)
            tip = headerTip(QStringLiteral("≥"), lowerBoundMeaning()) + QLatin1Char('\n') + tip;
        return tip;
    }
    if (role == Qt::ForegroundRole && budgetCell && row.budget.rank == 4)
        return QBrush(QColor(0xb0, 0x00, 0x20));
    if (role == SortRole) {
        if (phaseColumn)
            return QVariant::fromValue(row.totals.phaseNs[column - HostInitColumn]);
        switch (column) {
        case ModeColumn:
            return row.name;
        case IterationColumn:
            return QVariant::fromValue(row.totals.ns);
        case CopiedColumn:
            return QVariant::fromValue(row.totals.moved);
        case KernelBandwidthColumn:
            return row.totals.kernelBandwidth.value_or(0.0);
        case KernelOfMeasuredColumn:
            return shareSortKey(row.kernel.ofMeasured);
        case KernelOfSpecificationColumn:
            return shareSortKey(row.kernel.ofSpecification);
        case MigratedColumn:
            return QVariant::fromValue(row.totals.migrated.value_or(0));
        case FaultsColumn:
            return QVariant::fromValue(row.totals.faults.value_or(0));
        case VerifiedColumn:
            return row.verified;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column == ModeColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && (column == MigratedColumn || column == FaultsColumn) && row.totals.lowerBound)
        return headerTip(QStringLiteral("≥"), lowerBoundMeaning());
    if (role == Qt::ToolTipRole && column == CopiedColumn && row.totals.moved == 0)
        return nothingCopiedTip();
    if (role != Qt::DisplayRole)
        return {};
    if (budgetCell && (column == CopiedColumn || column == MigratedColumn)) {
        const QString bytes = column == CopiedColumn
            ? copiedText(row.totals.moved)
            : counterText(row.totals.migrated, CounterUnit::Bytes, row.totals.lowerBound);
        return row.budget.mark.isEmpty() ? bytes : bytes + QLatin1Char(' ') + row.budget.mark;
    }
    if (problem)
        return column == KernelBandwidthColumn ? tr("⚠ measurement problem") : tr("⚠ problem");
    if (phaseColumn)
        return q(formatDuration(row.totals.phaseNs[column - HostInitColumn]));
    switch (column) {
    case ModeColumn:
        return row.name;
    case IterationColumn:
        return q(formatDuration(row.totals.ns));
    case CopiedColumn:
        return copiedText(row.totals.moved);
    case KernelBandwidthColumn:
        return row.totals.kernelBandwidth ? q(formatBandwidth(*row.totals.kernelBandwidth)) : QStringLiteral("—");
    case KernelOfMeasuredColumn:
        return shareText(row.kernel.ofMeasured);
    case KernelOfSpecificationColumn:
        return shareText(row.kernel.ofSpecification);
    case MigratedColumn:
        return counterText(row.totals.migrated, CounterUnit::Bytes, row.totals.lowerBound);
    case FaultsColumn:
        return counterText(row.totals.faults, CounterUnit::Count, row.totals.lowerBound);
    case VerifiedColumn:
        return row.verified ? tr("yes") : tr("NO");
    }
    return {};
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && kernelShareColumn(section)) {
        return section == KernelOfMeasuredColumn
            ? tr("The kernel's bandwidth on its most loaded path as a share of the best this machine reached there "
                 "(Run → Calibrate…)")
            : tr("The kernel's bandwidth on its most loaded path as a share of what the hardware's specification "
                 "allows; more than 5% above it is a measurement problem, not a result");
    }
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == KernelBandwidthColumn) {
        return tr("Bytes the kernel read and wrote / the kernel's time on the device's own clock (CUDA or OpenCL "
                  "events) where the device timed it, else its host time; the Kernel column holds the host time");
    }
    // What the byte and fault columns hold, worded as the command line's
    // legend words it (columnwording.h).
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        const QString header = headerData(section, orientation, Qt::DisplayRole).toString();
        const QString marks = tr("✓: within the byte budget of the mode's design in every phase; ✕: over it (the "
                                 "cell's tooltip says by how much, and the budget)");
        if (section == CopiedColumn)
            return QString(headerTip(header, copiedMeaning(Per::Iteration)) + QLatin1Char('\n') + marks);
        if (section == MigratedColumn)
            return QString(headerTip(header, migratedMeaning(m_set.runs)) + QLatin1Char('\n') + marks);
        if (section == FaultsColumn)
            return headerTip(header, faultsMeaning(m_set.runs));
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= HostInitColumn && section <= HostReadColumn)
        return phaseLabel(iterationPhases[static_cast<std::size_t>(section - HostInitColumn)]);
    switch (section) {
    case ModeColumn:
        return tr("Mode");
    case IterationColumn:
        return tr("Iteration");
    case CopiedColumn:
        return tr("Copied");
    // Two lines where a header is much wider than its figures: the table
    // then fits the window's default size without a scroll bar.
    case KernelBandwidthColumn:
        return tr("Kernel\nbandwidth");
    case KernelOfMeasuredColumn:
        //: A column header: the kernel's bandwidth as a share of the measured ceiling (上限). A line break
        //: may only fall between words: 占实测 fits on one line.
        return tr("Of\nmeasured");
    case KernelOfSpecificationColumn:
        //: A column header: the share of the specification's ceiling. 占规格 fits on one line.
        return tr("Of\nspec");
    case MigratedColumn:
        return tr("Migrated");
    case FaultsColumn:
        return tr("Faults");
    case VerifiedColumn:
        return tr("Verified");
    }
    return {};
}

} // namespace sharescope
