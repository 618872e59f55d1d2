#include "countersmodel.h"

#include "counterwording.h"
#include "phasestyle.h"

namespace sharescope {

void CountersModel::setReport(const RunReport &report)
{
    std::vector<CountersRow> rows;
    if (report.countersEnabled) {
        for (const PhaseSummary &summary : summarize(report)) {
            if (summary.median.counters)
                rows.push_back({summary.phase, *summary.median.counters});
        }
    }
    setRows(std::move(rows));
}

int CountersModel::columnOf(std::optional<std::uint64_t> Counters::*member)
{
    const auto fields = counterFields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].member == member)
            return FirstCounterColumn + static_cast<int>(i);
    }
    return -1;
}

int CountersModel::columns() const
{
    return FirstCounterColumn + static_cast<int>(counterFields().size());
}

QVariant CountersModel::cell(const CountersRow &row, int column, int role) const
{
    if (column == PhaseColumn) {
        if (role == Qt::DisplayRole)
            return phaseLabel(row.phase);
        if (role == Qt::DecorationRole)
            return phaseColor(row.phase);
        return {};
    }
    const CounterField &field = counterFields()[static_cast<std::size_t>(column - FirstCounterColumn)];
    const std::optional<std::uint64_t> &value = row.counters.*field.member;
    switch (role) {
    case Qt::DisplayRole:
        return counterText(value, field.unit);
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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columns())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == PhaseColumn)
        return tr("Phase");
    return counterLabel(counterFields()[static_cast<std::size_t>(section - FirstCounterColumn)]);
}

} // namespace sharescope
