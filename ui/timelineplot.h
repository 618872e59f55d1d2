#pragma once

#include "plotstyle.h"
#include "runreport.h"

#include <vector>

namespace sharescope {

// The run phase by phase: one lane per iteration, phases laid end to end on
// their host time, each in its phase colour. Fills in live as phases finish;
// a tooltip gives time, bytes and bandwidth.
class TimelinePlot : public Plot
{
    Q_OBJECT

public:
    explicit TimelinePlot(QWidget *parent = nullptr);

    void clear();
    void addPhase(int iteration, bool warmup, const PhaseResult &result);
    void setReport(const RunReport &report);
    int laneCount() const { return static_cast<int>(m_lanes.size()); }

private:
    struct Segment
    {
        PhaseResult result;
        double startMs = 0;
    };
    struct Lane
    {
        int iteration = 0;
        bool warmup = false;
        std::vector<Segment> segments;
        double endMs = 0;
    };
    void rebuild();
    void showTip(QMouseEvent *event);

    std::vector<Lane> m_lanes;
};

} // namespace sharescope
