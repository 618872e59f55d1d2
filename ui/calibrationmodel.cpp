// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationmodel.h"

#include "bytesize.h"
#include "ceilingtext.h"
#include "language.h"
#include "textconv.h"

namespace sharescope {
namespace {

std::optional<double> ofSpecification(const CalibrationRow &row)
{
    if (!row.measured.bytesPerSecond || !row.specification.bytesPerSecond || *row.specification.bytesPerSecond <= 0)
        return std::nullopt;
    return 100.0 * *row.measured.bytesPerSecond / *row.specification.bytesPerSecond;
}

QString sourceText(const PathCeiling &ceiling)
{
    return templateText(ceiling.source.english(), ceiling.source);
}

} // namespace

void CalibrationModel::setCeilings(const Ceilings &ceilings)
{
    std::vector<CalibrationRow> rows;
    for (const Path path : allPaths) {
        const PathCeiling &measured = ceilings.measuredOf(path);
        const PathCeiling &specification = ceilings.specificationOf(path);
        if (measured.bytesPerSecond || specification.bytesPerSecond)
            rows.push_back({path, measured, specification});
    }
    if (rows.empty()) { // nothing measured, nothing specified: say why, path by path
        for (const Path path : allPaths)
            rows.push_back({path, ceilings.measuredOf(path), ceilings.specificationOf(path)});
    }
    setRows(std::move(rows));
}

QVariant CalibrationModel::cell(const CalibrationRow &row, int column, int role) const
{
    if (role == SortRole) {
        switch (column) {
        case PathColumn:
            return static_cast<int>(row.path);
        case MeasuredColumn:
            return row.measured.bytesPerSecond.value_or(-1.0);
        case SpecificationColumn:
            return row.specification.bytesPerSecond.value_or(-1.0);
        case OfSpecificationColumn:
            return ofSpecification(row).value_or(-1.0);
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column == PathColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (column == MeasuredColumn)
            return sourceText(row.measured);
        if (column == SpecificationColumn)
            return sourceText(row.specification);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case PathColumn:
        return pathText(row.path);
    case MeasuredColumn:
        return row.measured.bytesPerSecond ? q(formatBandwidth(*row.measured.bytesPerSecond)) : tr("not measured");
    case SpecificationColumn:
        return row.specification.bytesPerSecond ? q(formatBandwidth(*row.specification.bytesPerSecond))
                                                : tr("no specification");
    case OfSpecificationColumn: {
        const auto percent = ofSpecification(row);
        //: No ceiling is known for this path (not calibrated, no specification): 上限未知, never 无上限 ("unlimited").
        return percent ? percentText(percent) : tr("no ceiling");
    }
    }
    return {};
}

QVariant CalibrationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PathColumn:
        return tr("Path");
    case MeasuredColumn:
        return tr("Measured ceiling");
    case SpecificationColumn:
        return tr("Specification");
    case OfSpecificationColumn:
        return tr("Measured of spec");
    }
    return {};
}

} // namespace sharescope
