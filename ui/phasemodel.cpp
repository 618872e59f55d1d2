#include "phasemodel.h"

#include "bytesize.h"
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

} // namespace

QVariant PhaseModel::cell(const PhaseSummary &row, int column, int role) const
{
    const bool once = row.samples <= 1;
    if (role == Qt::DecorationRole && column == PhaseColumn)
        return phaseColor(row.phase);
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
        case MovedColumn:
            return QVariant::fromValue(row.median.bytesMoved());
        case BandwidthColumn:
            return row.median.bandwidth().value_or(0.0);
        case CountedColumn:
            return countedFactor(row.median).value_or(0.0);
        }
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QString dash = QStringLiteral("—");
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
    case MovedColumn:
        return q(formatBytes(row.median.bytesMoved()));
    case BandwidthColumn:
        return row.median.bandwidth() ? q(formatBandwidth(*row.median.bandwidth())) : dash;
    case CountedColumn: {
        const auto factor = countedFactor(row.median);
        if (role == Qt::ToolTipRole)
            return tr("How long the same phase took in the counted pass, which ran the experiment again with the "
                      "unified-memory counters on: what the instruments cost.");
        return factor ? QStringLiteral("×%1").arg(*factor, 0, 'f', 2) : dash;
    }
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
    case CountedColumn:
        return tr("Counted");
    }
    return {};
}

} // namespace sharescope
