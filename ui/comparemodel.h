// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ceilingshare.h"
#include "report/reportset.h"
#include "reporttables.h"
#include "snapshotmodel.h"

#include <array>

namespace sharescope {

struct CompareRow
{
    QString name; // the mode, with the size where a set runs a mode at several
    ModeId mode = ModeId::Device;
    IterationTotals totals;
    bool verified = false;
    PhaseShares kernel; // the kernel against its ceilings
    QString kernelOfMeasuredTip;
    QString kernelOfSpecificationTip;
    BudgetSummary budget; // the byte budget's verdict over the iteration's phases
    // The column whose bytes the budget holds: Migrated for the managed
    // modes, Copied for the rest; its cell carries the verdict's mark.
    int budgetColumn = -1;
    // Each iteration phase's column tooltip: its path and both its shares
    // (empty where it moved nothing or the report has no ceilings).
    std::array<QString, iterationPhases.size()> phaseTips;
    QString kernelBandwidthTip; // which time the bandwidth divides by
};

// One row per mode of a compare: the per-phase medians, the iteration, bytes
// moved and migrated (marked ✓ within the byte budget of the mode's design,
// ✕ over it, with the budget in the tooltip), faults, kernel bandwidth. SortRole gives numbers, so
// that a QSortFilterProxyModel sorts by value, not by text.
class CompareModel : public SnapshotModel<CompareRow>
{
    Q_OBJECT

public:
    enum Columns {
        ModeColumn,
        HostInitColumn,
        ToDeviceColumn,
        KernelColumn,
        ToHostColumn,
        HostReadColumn,
        IterationColumn,
        CopiedColumn,
        KernelBandwidthColumn,
        KernelOfMeasuredColumn, // the kernel's bandwidth as a share of its path's measured ceiling
        KernelOfSpecificationColumn, // and of its specification
        MigratedColumn,
        FaultsColumn,
        VerifiedColumn,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole + 1,
        ProblemRole, // true where the kernel is above its path's specification: a measurement problem
    };

    using SnapshotModel::SnapshotModel;

    void setReports(const ReportSet &set);
    void clear() { setReports({}); }
    const ReportSet &reports() const { return m_set; }

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int columns() const override { return ColumnCount; }
    QVariant cell(const CompareRow &row, int column, int role) const override;

    ReportSet m_set;
};

} // namespace sharescope
