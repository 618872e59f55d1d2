// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "ceilings/ceilings.h"
#include "snapshotmodel.h"

namespace sharescope {

// One path of a calibrated device: what the calibration reached there and
// what the specification allows.
struct CalibrationRow
{
    Path path = Path::HostMemory;
    PathCeiling measured;
    PathCeiling specification;
};

// A calibration's result, one row per path that has a ceiling of either
// kind (a CPU device has only host memory).
class CalibrationModel : public SnapshotModel<CalibrationRow>
{
    Q_OBJECT

public:
    enum Columns { PathColumn, MeasuredColumn, SpecificationColumn, OfSpecificationColumn, ColumnCount };
    enum Roles { SortRole = Qt::UserRole + 1 };

    using SnapshotModel::SnapshotModel;

    // ceilings: the device's, made with this calibration (ceilingsFor()).
    void setCeilings(const Ceilings &ceilings);
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int columns() const override { return ColumnCount; }
    QVariant cell(const CalibrationRow &row, int column, int role) const override;
};

} // namespace sharescope
