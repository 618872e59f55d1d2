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
    int segmentCount() const { return itemCount() - 1; } // item 0 is the empty-plot message

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
    void appendSegment(int iteration, bool warmup, const PhaseResult &result);
    void updateRanges();
    void showTip(QMouseEvent *event);

    std::vector<Lane> m_lanes;
    QSharedPointer<QCPAxisTickerText> m_laneTicks;
    double m_longestMs = 0;
};

} // namespace sharescope
