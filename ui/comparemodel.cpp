#include "comparemodel.h"

#include "bytesize.h"
#include "phasestyle.h"

#include <algorithm>

namespace sharescope {
namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

void CompareModel::setReports(const ReportSet &set)
{
    beginResetModel();
    m_set = set;
    m_rows.clear();
    for (const RunReport &run : set.runs) {
        Row row;
        row.mode = run.spec.mode;
        row.verified = run.verification.passed();
        row.iterationNs = medianIterationNs(run);
        row.lowerBound = run.residency.unexplainedBytes > 0;
        std::uint64_t migrated = 0;
        std::uint64_t faults = 0;
        bool counted = run.countersEnabled;
        for (const PhaseSummary &summary : summarize(run)) {
            const auto at = std::ranges::find(iterationPhases, summary.phase);
            if (at == iterationPhases.end())
                continue;
            const PhaseResult &median = summary.median;
            row.phaseNs[at - iterationPhases.begin()] = summary.hostNs.median;
            row.moved += median.bytesMoved();
            if (summary.phase == Phase::Kernel)
                row.kernelBandwidth = median.bandwidth();
            const Counters c = median.counters.value_or(Counters{});
            counted = counted && c.bytesHostToDevice && c.bytesDeviceToHost && c.cpuPageFaults && c.gpuPageFaultGroups;
            if (counted) {
                migrated += *c.bytesHostToDevice + *c.bytesDeviceToHost;
                faults += *c.cpuPageFaults + *c.gpuPageFaultGroups;
            }
        }
        if (counted) {
            row.migrated = migrated;
            row.faults = faults;
        }
        m_rows.push_back(row);
    }
    endResetModel();
}

void CompareModel::clear()
{
    setReports({});
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool phaseColumn = column >= HostInitColumn && column <= HostReadColumn;
    if (role == SortRole) {
        if (phaseColumn)
            return QVariant::fromValue(row.phaseNs[column - HostInitColumn]);
        switch (column) {
        case ModeColumn:
            return q(row.mode);
        case IterationColumn:
            return QVariant::fromValue(row.iterationNs);
        case MovedColumn:
            return QVariant::fromValue(row.moved);
        case KernelBandwidthColumn:
            return row.kernelBandwidth.value_or(0.0);
        case MigratedColumn:
            return QVariant::fromValue(row.migrated.value_or(0));
        case FaultsColumn:
            return QVariant::fromValue(row.faults.value_or(0));
        case VerifiedColumn:
            return row.verified;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column == ModeColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && (column == MigratedColumn || column == FaultsColumn) && row.lowerBound)
        return tr("The driver dropped migration records in this run: a lower bound.");
    if (role != Qt::DisplayRole)
        return {};
    if (phaseColumn)
        return q(formatDuration(row.phaseNs[column - HostInitColumn]));
    const QString atLeast = row.lowerBound ? QStringLiteral("≥ ") : QString();
    switch (column) {
    case ModeColumn:
        return q(row.mode);
    case IterationColumn:
        return q(formatDuration(row.iterationNs));
    case MovedColumn:
        return q(formatBytes(row.moved));
    case KernelBandwidthColumn:
        return row.kernelBandwidth ? q(formatBandwidth(*row.kernelBandwidth)) : QStringLiteral("—");
    case MigratedColumn:
        return row.migrated ? atLeast + q(formatBytes(*row.migrated)) : tr("not reported");
    case FaultsColumn:
        return row.faults ? atLeast + q(formatCount(*row.faults)) : tr("not reported");
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
