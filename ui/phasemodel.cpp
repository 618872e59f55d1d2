#include "phasemodel.h"

#include "bytesize.h"
#include "phasestyle.h"

#include <QBrush>

namespace sharescope {
namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

void PhaseModel::setReport(const RunReport &report)
{
    beginResetModel();
    m_rows = summarize(report);
    endResetModel();
}

void PhaseModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int PhaseModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PhaseModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PhaseModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PhaseSummary &row = m_rows[static_cast<std::size_t>(index.row())];
    const bool once = row.samples <= 1;
    if (role == Qt::DecorationRole && index.column() == PhaseColumn)
        return phaseColor(row.phase);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(index.column() == PhaseColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                                 : Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (index.column()) {
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
        case MovedColumn:
            return QVariant::fromValue(row.median.bytesMoved());
        case BandwidthColumn:
            return row.median.bandwidth().value_or(0.0);
        }
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QString dash = QStringLiteral("—");
    switch (index.column()) {
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
    case MovedColumn:
        return q(formatBytes(row.median.bytesMoved()));
    case BandwidthColumn:
        return row.median.bandwidth() ? q(formatBandwidth(*row.median.bandwidth())) : dash;
    }
    return {};
}

QVariant PhaseModel::headerData(int section, Qt::Orientation orientation, int role) const
{
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
    case MovedColumn:
        return tr("Moved");
    case BandwidthColumn:
        return tr("Bandwidth");
    }
    return {};
}

} // namespace sharescope
