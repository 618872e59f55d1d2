// SPDX-License-Identifier: GPL-3.0-or-later
#include "countersmodel.h"

#include "countertables.h"
#include "counterwording.h"
#include "phasestyle.h"

#include <cstdlib>

namespace sharescope {
namespace {

// A header on two lines, broken at the space, or after the arrow, nearest
// its middle ("GPU fault\ngroups", "host→\ndevice"): eleven columns then fit
// the window's default size. One word stays whole.
QString twoLines(QString header)
{
    const qsizetype middle = header.size() / 2;
    qsizetype best = -1;
    for (qsizetype i = 0; i < header.size(); ++i) {
        const bool space = header[i] == QLatin1Char(' ');
        const bool arrow = header[i] == QChar(0x2192); // →
        if (!space && !arrow)
            continue;
        const qsizetype at = arrow ? i + 1 : i; // where the second line starts (after a space: i + 1)
        if (best < 0 || std::abs(at - middle) < std::abs(best - middle))
            best = at;
    }
    if (best < 0 || best >= header.size())
        return header;
    if (header[best] == QLatin1Char(' '))
        header[best] = QLatin1Char('\n');
    else
        header.insert(best, QLatin1Char('\n'));
    return header;
}

// The counters with a column of their own, in table order.
const std::vector<const CounterField *> &columnFields()
{
    static const std::vector<const CounterField *> fields = [] {
        std::vector<const CounterField *> shown;
        for (const CounterField &field : counterFields()) {
            if (field.column)
                shown.push_back(&field);
        }
        return shown;
    }();
    return fields;
}

} // namespace

void CountersModel::setReport(const RunReport &report)
{
    std::vector<CountersRow> rows;
    if (report.counted.enabled) {
        for (const PhaseSummary &summary : summarize(report)) {
            if (summary.median.counters)
                rows.push_back({summary.phase, *summary.median.counters});
        }
    }
    setRows(std::move(rows));
}

int CountersModel::columnOf(std::optional<std::uint64_t> Counters::*member)
{
    const auto &fields = columnFields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i]->member == member)
            return FirstCounterColumn + static_cast<int>(i);
    }
    return -1;
}

int CountersModel::coverageColumn()
{
    return FirstCounterColumn + static_cast<int>(columnFields().size());
}

int CountersModel::columns() const
{
    return coverageColumn() + 1;
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
    if (column == coverageColumn()) {
        const auto share = recordedShare(row.counters);
        if (role == Qt::DisplayRole)
            return share ? QStringLiteral("%1%").arg(*share * 100, 0, 'f', 0) : QStringLiteral("—");
        if (role == ValueRole)
            return share ? QVariant(*share) : QVariant();
        if (role == Qt::ToolTipRole)
            return tr("The bytes in the migration records (the driver's event queue, or CUPTI's) against the bytes "
                      "the driver itself counted.");
        return role == Qt::TextAlignmentRole ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    const CounterField &field = *columnFields()[static_cast<std::size_t>(column - FirstCounterColumn)];
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
    if (section == coverageColumn())
        return twoLines(tr("Recorded"));
    return twoLines(counterLabel(*columnFields()[static_cast<std::size_t>(section - FirstCounterColumn)]));
}

} // namespace sharescope
