// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"
#include "snapshotmodel.h"

namespace sharescope {

struct CountersRow
{
    Phase phase = Phase::Alloc;
    Counters counters;
};

// The unified-memory counters of a run, one row per phase (medians over the
// measured iterations): the phase, a column per counter of counterFields()
// that has one, and the share of the driver's exact bytes that CUPTI
// recorded. A counter the driver did not report shows as "not reported",
// never as zero.
class CountersModel : public SnapshotModel<CountersRow>
{
    Q_OBJECT

public:
    static constexpr int PhaseColumn = 0;
    static constexpr int FirstCounterColumn = 1;
    static int coverageColumn(); // the last
    enum Roles { ValueRole = Qt::UserRole + 1 }; // the number, or an invalid QVariant when not reported

    using SnapshotModel::SnapshotModel;

    void setReport(const RunReport &report);
    // The column that shows a counter, -1 for one without a column.
    static int columnOf(std::optional<std::uint64_t> Counters::*member);

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int columns() const override;
    QVariant cell(const CountersRow &row, int column, int role) const override;
};

} // namespace sharescope
