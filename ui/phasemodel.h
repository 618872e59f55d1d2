// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ceilingshare.h"
#include "report/runreport.h"
#include "snapshotmodel.h"

namespace sharescope {

// A phase summarised over a run's measured iterations, held against the
// run's ceilings; the tooltips are made once, with the row.
struct PhaseRow
{
    PhaseSummary summary;
    PhaseShares shares;
    QString ofMeasuredTip;
    QString ofSpecificationTip;
};

// The phases of one run, summarised over its measured iterations. Fed a
// snapshot (the report); never touched by the worker thread.
class PhaseModel : public SnapshotModel<PhaseRow>
{
    Q_OBJECT

public:
    enum Columns {
        PhaseColumn,
        TimeColumn,
        MinColumn,
        MaxColumn,
        DeviceColumn,
        CopiedColumn,
        BandwidthColumn,
        CountedColumn, // the same phase's time with the counters on, as a factor
        OfMeasuredColumn, // the bandwidth as a share of the path's measured ceiling
        OfSpecificationColumn, // and of its specification
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole + 1,
        // true where the phase is above its path's specification: a
        // measurement problem, whose cells say so instead of a result.
        ProblemRole,
    };

    using SnapshotModel::SnapshotModel;

    void setReport(const RunReport &report);
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int columns() const override { return ColumnCount; }
    QVariant cell(const PhaseRow &row, int column, int role) const override;
};

} // namespace sharescope
