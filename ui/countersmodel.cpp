#include "countersmodel.h"

#include "bytesize.h"
#include "phasestyle.h"

namespace sharescope {

void CountersModel::setReport(const RunReport &report)
{
    beginResetModel();
    m_rows.clear();
    if (report.countersEnabled) {
        for (const PhaseSummary &summary : summarize(report)) {
            if (summary.median.counters)
                m_rows.push_back({summary.phase, *summary.median.counters});
        }
    }
    endResetModel();
}

void CountersModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int CountersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CountersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CountersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    if (index.column() == PhaseColumn) {
        if (role == Qt::DisplayRole)
            return phaseLabel(row.phase);
        if (role == Qt::DecorationRole)
            return phaseColor(row.phase);
        return {};
    }
    static constexpr std::optional<std::uint64_t> Counters::*fields[] = {
        nullptr,
        &Counters::bytesHostToDevice,
        &Counters::bytesDeviceToHost,
        &Counters::cpuPageFaults,
        &Counters::gpuPageFaultGroups,
        &Counters::thrashing,
        &Counters::throttling,
        &Counters::remoteMaps,
    };
    const std::optional<std::uint64_t> &value = row.counters.*fields[index.column()];
    const bool bytes = index.column() == HostToDeviceColumn || index.column() == DeviceToHostColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (!value)
            return tr("not reported");
        return QString::fromStdString(bytes ? formatBytes(*value) : formatCount(*value));
    case ValueRole:
        return value ? QVariant::fromValue(*value) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return value ? QVariant() : QVariant(tr("The driver does not report this counter here."));
    }
    return {};
}

QVariant CountersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PhaseColumn:
        return tr("Phase");
    case HostToDeviceColumn:
        return tr("Host → device");
    case DeviceToHostColumn:
        return tr("Device → host");
    case CpuFaultsColumn:
        return tr("CPU page faults");
    case GpuFaultGroupsColumn:
        return tr("GPU fault groups");
    case ThrashingColumn:
        return tr("Thrashing");
    case ThrottlingColumn:
        return tr("Throttling");
    case RemoteMapsColumn:
        return tr("Remote maps");
    }
    return {};
}

} // namespace sharescope
