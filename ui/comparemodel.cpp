#include "comparemodel.h"

#include "bytesize.h"
#include "counterwording.h"
#include "phasestyle.h"
#include "reporttables.h"
#include "textconv.h"

namespace sharescope {
void CompareModel::setReports(const ReportSet &set)
{
    m_set = set;
    std::vector<CompareRow> rows;
    for (const RunReport &run : set.runs)
        rows.push_back({runName(set, run), run.spec.mode, iterationTotals(run), run.verification.passed()});
    setRows(std::move(rows));
}

QVariant CompareModel::cell(const CompareRow &row, int column, int role) const
{
    const bool phaseColumn = column >= HostInitColumn && column <= HostReadColumn;
    if (role == SortRole) {
        if (phaseColumn)
            return QVariant::fromValue(row.totals.phaseNs[column - HostInitColumn]);
        switch (column) {
        case ModeColumn:
            return row.name;
        case IterationColumn:
            return QVariant::fromValue(row.totals.ns);
        case MovedColumn:
            return QVariant::fromValue(row.totals.moved);
        case KernelBandwidthColumn:
            return row.totals.kernelBandwidth.value_or(0.0);
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
        return tr("The driver dropped migration records in this run: a lower bound.");
    if (role != Qt::DisplayRole)
        return {};
    if (phaseColumn)
        return q(formatDuration(row.totals.phaseNs[column - HostInitColumn]));
    switch (column) {
    case ModeColumn:
        return row.name;
    case IterationColumn:
        return q(formatDuration(row.totals.ns));
    case MovedColumn:
        return q(formatBytes(row.totals.moved));
    case KernelBandwidthColumn:
        return row.totals.kernelBandwidth ? q(formatBandwidth(*row.totals.kernelBandwidth)) : QStringLiteral("—");
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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= HostInitColumn && section <= HostReadColumn)
        return phaseLabel(iterationPhases[static_cast<std::size_t>(section - HostInitColumn)]);
    switch (section) {
    case ModeColumn:
        return tr("Mode");
    case IterationColumn:
        return tr("Iteration");
    case MovedColumn:
        return tr("Moved");
    case KernelBandwidthColumn:
        return tr("Kernel bandwidth");
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
