// SPDX-License-Identifier: GPL-3.0-or-later
#include "phasemodel.h"

#include "bytesize.h"
#include "ceilingtext.h"
#include "columnwording.h"
#include "phasestyle.h"
#include "textconv.h"

#include <QBrush>

namespace sharescope {
namespace {

std::optional<double> countedFactor(const PhaseResult &phase)
{
    if (!phase.countedNs || phase.timeNs() == 0)
        return std::nullopt;
    return static_cast<double>(*phase.countedNs) / static_cast<double>(phase.timeNs());
}

bool shareColumn(int column)
{
    return column == PhaseModel::OfMeasuredColumn || column == PhaseModel::OfSpecificationColumn;
}

// Sorted below every percentage: no share at all.
double shareSortKey(const CeilingShare &share)
{
    return share.state == CeilingShare::State::Value ? share.percent : -1.0;
}

} // namespace

void PhaseModel::setReport(const RunReport &report)
{
    std::vector<PhaseRow> rows;
    for (PhaseSummary &summary : summarize(report)) {
        PhaseShares shares = phaseShares(report, summary.median);
        QString ofMeasured = shareExplanation(report, shares, CeilingKind::Measured);
        QString ofSpecification = shareExplanation(report, shares, CeilingKind::Specification);
        rows.push_back({summary, shares, std::move(ofMeasured), std::move(ofSpecification)});
    }
    setRows(std::move(rows));
}

QVariant PhaseModel::cell(const PhaseRow &phaseRow, int column, int role) const
{
    const PhaseSummary &row = phaseRow.summary;
    const bool once = row.samples <= 1;
    // A measurement problem is never shown as a result: its bandwidth and
    // shares say what it is, in words and in colour.
    const bool problem = phaseRow.shares.problem() && (column == BandwidthColumn || shareColumn(column));
    if (role == ProblemRole)
        return phaseRow.shares.problem();
    if (role == Qt::DecorationRole && column == PhaseColumn)
        return phaseColor(row.phase);
    if (role == Qt::ForegroundRole && problem)
        return QBrush(QColor(0xb0, 0x00, 0x20));
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column == PhaseColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                         : Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (column) {
        case PhaseColumn:
            return static_cast<int>(row.phase);
        case TimeColumn:
            return QVariant::fromValue(row.hostNs.median);
        case MinColumn:
            return QVariant::fromValue(row.hostNs.min);
        case MaxColumn:
            return QVariant::fromValue(row.hostNs.max);
        case DeviceColumn:
            return QVariant::fromValue(row.median.deviceNs.value_or(0));
        case CopiedColumn:
            return QVariant::fromValue(row.median.bytesMoved());
        case BandwidthColumn:
            return row.median.bandwidth().value_or(0.0);
        case CountedColumn:
            return countedFactor(row.median).value_or(0.0);
        case OfMeasuredColumn:
            return shareSortKey(phaseRow.shares.ofMeasured);
        case OfSpecificationColumn:
            return shareSortKey(phaseRow.shares.ofSpecification);
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if (problem)
            return problemText(*phaseRow.shares.ceiling->problem);
        if (column == OfMeasuredColumn)
            return phaseRow.ofMeasuredTip;
        if (column == OfSpecificationColumn)
            return phaseRow.ofSpecificationTip;
        if (column == CopiedColumn && row.median.bytesMoved() == 0)
            return nothingCopiedTip();
        if (column == CountedColumn)
            return tr("How long the same phase took in the counted pass, which ran the experiment again with the "
                      "unified-memory counters on: what the instruments cost.");
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QString dash = QStringLiteral("—");
    if (problem)
        return column == BandwidthColumn ? tr("⚠ measurement problem") : tr("⚠ problem");
    switch (column) {
    case PhaseColumn:
        return phaseLabel(row.phase);
    case TimeColumn:
        return q(formatDuration(row.hostNs.median));
    case MinColumn:
        return once ? dash : q(formatDuration(row.hostNs.min));
    case MaxColumn:
        return once ? dash : q(formatDuration(row.hostNs.max));
    case DeviceColumn:
        return row.median.deviceNs ? q(formatDuration(*row.median.deviceNs)) : dash;
    case CopiedColumn:
        return copiedText(row.median.bytesMoved());
    case BandwidthColumn:
        return row.median.bandwidth() ? q(formatBandwidth(*row.median.bandwidth())) : dash;
    case CountedColumn: {
        const auto factor = countedFactor(row.median);
        return factor ? QStringLiteral("×%1").arg(*factor, 0, 'f', 2) : dash;
    }
    case OfMeasuredColumn:
        return shareText(phaseRow.shares.ofMeasured);
    case OfSpecificationColumn:
        return shareText(phaseRow.shares.ofSpecification);
    }
    return {};
}

QVariant PhaseModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        if (section == OfMeasuredColumn)
            return tr("The bandwidth on the phase's most loaded path as a share of the best this machine reached "
                      "there (Run → Calibrate…). A working set that fits in a cache can pass 100%.");
        if (section == OfSpecificationColumn)
            return tr("The bandwidth on the phase's most loaded path as a share of what the hardware's "
                      "specification allows. More than 5% above it is a measurement problem, not a result.");
        if (section == CopiedColumn)
            return headerTip(headerData(section, orientation, Qt::DisplayRole).toString(), copiedMeaning(Per::Phase));
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PhaseColumn:
        return tr("Phase");
    case TimeColumn:
        return tr("Time (median)");
    case MinColumn:
        return tr("Min");
    case MaxColumn:
        return tr("Max");
    case DeviceColumn:
        return tr("Device time");
    case CopiedColumn:
        return tr("Copied");
    case BandwidthColumn:
        return tr("Bandwidth");
    case CountedColumn:
        return tr("Counted");
    case OfMeasuredColumn:
        return tr("Of measured");
    case OfSpecificationColumn:
        return tr("Of spec");
    }
    return {};
}

} // namespace sharescope
