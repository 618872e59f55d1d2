// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plotstyle.h"
#include "report/reportset.h"

#include <array>
#include <optional>

namespace sharescope {

// One group of bars per mode, one bar per phase (its median host time), on a
// log scale: a phase that does nothing and one that moves a gigabyte both show.
// The modes stand along the bottom while every name fits under its group;
// where they do not (many modes, or names with their threads and sizes),
// the bars lie across, one row per mode, its name on the left, shortened
// where it is long: the full name is in the tooltip and the table.
class CompareChart : public Plot
{
    Q_OBJECT

public:
    explicit CompareChart(QWidget *parent = nullptr);
    void setReports(const ReportSet &set);
    void clear();
    // Whether the bars lie across (a row per mode).
    bool horizontal() const { return m_horizontal; }
    QCPAxis *timeAxis() const { return m_horizontal ? xAxis : yAxis; }
    // The label each mode has on the chart, in the set's order.
    QStringList modeLabels() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Group
    {
        QString name; // as the table names the run
        QString shortName; // the chart's label where the name is too long
        std::array<double, 5> ms{}; // the iteration phases' medians, at least the floor
        std::array<std::optional<std::uint64_t>, 5> ns{}; // as measured; empty: not in the report
    };
    // Whether every name fits under its group, the bars standing.
    bool namesFitStanding() const;
    void build();
    void showTip(QMouseEvent *event);

    std::vector<Group> m_groups;
    std::vector<QCPBars *> m_phases;
    bool m_horizontal = false;
    bool m_shortNames = false;
};

} // namespace sharescope
