// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/pythonroutes.h"
#include "report/reportset.h"
#include "snapshotmodel.h"

#include <optional>

namespace sharescope {

struct PythonRow
{
    PythonRouteResult result;
    // ShareScope's mode beside the route: the median of the route's phase
    // in a run of the mode with the scale kernel at the route's size, from
    // the comparison shown (empty: none at that size).
    std::optional<std::uint64_t> modeNs;
};

// The Python tab's table: one row per route, its result beside ShareScope's
// matching mode. Fed whole: the routes' results as they come, ShareScope's
// runs whenever a comparison is shown.
class PythonModel : public SnapshotModel<PythonRow>
{
    Q_OBJECT

public:
    enum Column { Route, Framework, Step, Time, Bandwidth, Mode, ModeTime, Ratio, Shared, Note, ColumnCount };

    using SnapshotModel::SnapshotModel;

    void setResults(std::vector<PythonRouteResult> results);
    // A saved report's: the results and ShareScope's times beside them, as
    // measured then (shown where no comparison on screen has the mode).
    void setSaved(std::vector<PythonRouteResult> results, std::vector<std::optional<std::uint64_t>> modeNs);
    // The runs of a comparison, where ShareScope's matching modes are.
    void setShareScopeRuns(const ReportSet &set);
    const std::vector<PythonRouteResult> &results() const { return m_results; }
    // The modes (with the scale kernel) that would set ShareScope beside
    // the measured routes, each once.
    std::vector<ModeId> matchingModes() const;

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    int columns() const override { return ColumnCount; }
    QVariant cell(const PythonRow &row, int column, int role) const override;

private:
    void rebuild();

    std::vector<PythonRouteResult> m_results;
    std::vector<std::optional<std::uint64_t>> m_savedModeNs; // beside m_results, from a saved report
    ReportSet m_runs;
};

} // namespace sharescope
