// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plotstyle.h"
#include "report/runreport.h"
#include "timelinesegments.h"

#include <vector>

namespace sharescope {

// The run phase by phase: one lane per iteration, phases laid end to end on
// their host time, each in its phase colour; with --host-threads, a lane per
// thread under its iteration's, where each split phase shows when each
// thread worked on its slice. Fills in live as phases finish;
// a tooltip gives time, bytes and bandwidth. Thousands of iterations draw in
// one pass (TimelineSegments), with a label on as many lanes as fit (LaneTicker).
class TimelinePlot : public Plot
{
    Q_OBJECT

public:
    explicit TimelinePlot(QWidget *parent = nullptr);

    void clear();
    void addPhase(int iteration, bool warmup, const PhaseResult &result);
    void setReport(const RunReport &report);
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    int segmentCount() const { return m_segments->size(); }

private:
    struct Segment
    {
        PhaseResult result; // the iteration's lane; a thread's: the phase alone (no copy of every span)
        double startMs = 0;
        double endMs = 0;
        ThreadSpan span; // a thread's lane: its span,
        std::size_t threads = 0; // of this many threads
    };
    struct Lane
    {
        int iteration = 0;
        bool warmup = false;
        std::vector<Segment> segments;
        double endMs = 0;
        int thread = -1; // a host thread's lane; -1: the iteration's own
    };
    void appendThreads(const PhaseResult &result, double phaseStartMs);
    void appendSegment(int iteration, bool warmup, const PhaseResult &result);
    void updateRanges();
    QString laneLabel(int lane) const;
    void showTip(QMouseEvent *event);

    std::vector<Lane> m_lanes;
    std::size_t m_iterationLane = 0; // the lane of the iteration being added
    TimelineSegments *m_segments; // owned by the plot
    double m_longestMs = 0;
};

} // namespace sharescope
