#pragma once

#include "runreport.h"
#include "snapshotmodel.h"

namespace sharescope {

// The phases of one run, summarised over its measured iterations. Fed a
// snapshot (the report); never touched by the worker thread.
class PhaseModel : public SnapshotModel<PhaseSummary>
{
    Q_OBJECT

public:
    enum Columns {
        PhaseColumn,
        TimeColumn,
        MinColumn,
        MaxColumn,
        DeviceColumn,
        MovedColumn,
        BandwidthColumn,
        CountedColumn, // the same phase's time with the counters on, as a factor
        ColumnCount
    };
    enum Roles { SortRole = Qt::UserRole + 1 };

    using SnapshotModel::SnapshotModel;

    void setReport(const RunReport &report) { setRows(summarize(report)); }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int columns() const override { return ColumnCount; }
    QVariant cell(const PhaseSummary &row, int column, int role) const override;
};

} // namespace sharescope
