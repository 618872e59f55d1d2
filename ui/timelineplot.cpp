// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineplot.h"

#include "bytesize.h"
#include "phasestyle.h"

#include <QToolTip>

namespace sharescope {

TimelinePlot::TimelinePlot(QWidget *parent)
    : Plot(parent)
    , m_segments(new TimelineSegments(xAxis, yAxis))
{
    setAxisTitle(xAxis, tr("Time since the iteration began (ms, host clock)"), tr("Time (ms)"));
    setAxisTitle(yAxis, tr("Iteration (and host thread)"), tr("Iteration"));
    setMinimumPlotHeight(minimumPlotPixels);
    yAxis->setRangeReversed(true);
    placeLegendAbove(this);
    // The legend: one swatch per phase, in phase order.
    for (const Phase phase : iterationPhases) {
        auto *swatch = new QCPBars(xAxis, yAxis);
        swatch->setName(phaseLabel(phase));
        swatch->setBrush(phaseColor(phase));
        swatch->setPen(Qt::NoPen);
    }
    m_segments->removeFromLegend();
    yAxis->setTicker(QSharedPointer<LaneTicker>::create(yAxis, [this](int lane) { return laneLabel(lane); }));
    connect(this, &QCustomPlot::mouseMove, this, &TimelinePlot::showTip);
    clear();
}

void TimelinePlot::clear()
{
    m_lanes.clear();
    m_iterationLane = 0;
    m_segments->clear();
    m_longestMs = 0;
    updateRanges();
}

void TimelinePlot::addPhase(int iteration, bool warmup, const PhaseResult &result)
{
    appendSegment(iteration, warmup, result);
    updateRanges();
}

void TimelinePlot::setReport(const RunReport &report)
{
    clear();
    for (const IterationResult &iteration : report.iterations) {
        for (const PhaseResult &phase : iteration.phases)
            appendSegment(iteration.index, iteration.warmup, phase);
    }
    updateRanges();
}

// Adds one phase: a new lane when the iteration changes, and one rectangle.
// Earlier segments are left as they are, so a long run costs the same per
// phase at its end as at its start.
void TimelinePlot::appendSegment(int iteration, bool warmup, const PhaseResult &result)
{
    if (iteration < 0)
        return; // alloc and free are not part of an iteration
    if (m_lanes.empty() || m_lanes.back().iteration != iteration) {
        m_lanes.push_back({iteration, warmup, {}, 0});
        m_iterationLane = m_lanes.size() - 1;
    }
    Lane &lane = m_lanes[m_iterationLane];
    const double startMs = lane.endMs;
    const double endMs = startMs + static_cast<double>(result.hostNs) / 1e6;
    QColor color = phaseColor(result.phase);
    if (lane.warmup)
        color.setAlpha(110);
    m_segments->add({startMs, endMs, static_cast<int>(m_iterationLane), color});
    lane.segments.push_back({result, startMs, endMs});
    lane.endMs = endMs;
    m_longestMs = std::max(m_longestMs, endMs);
    appendThreads(result, startMs);
}

// A split phase's threads, each on its lane under the iteration's (made at
// the iteration's first split phase), lighter than the phase itself.
void TimelinePlot::appendThreads(const PhaseResult &result, double phaseStartMs)
{
    const Lane &own = m_lanes[m_iterationLane];
    const int iteration = own.iteration;
    const bool warmup = own.warmup;
    for (std::size_t t = 0; t < result.threads.size(); ++t) {
        const std::size_t index = m_iterationLane + 1 + t;
        if (index >= m_lanes.size())
            m_lanes.push_back({iteration, warmup, {}, 0, static_cast<int>(t)});
        const ThreadSpan &span = result.threads[t];
        const double startMs = phaseStartMs + static_cast<double>(span.startNs) / 1e6;
        const double endMs = phaseStartMs + static_cast<double>(span.endNs) / 1e6;
        QColor color = phaseColor(result.phase).lighter(125);
        color.setAlpha(warmup ? 90 : 200);
        m_segments->add({startMs, endMs, static_cast<int>(index), color});
        PhaseResult phase;
        phase.phase = result.phase;
        m_lanes[index].segments.push_back({phase, startMs, endMs, span, result.threads.size()});
    }
}

void TimelinePlot::updateRanges()
{
    xAxis->setRange(0, m_longestMs > 0 ? m_longestMs * 1.02 : 1);
    yAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(m_lanes.size())) - 0.4);
    setEmptyMessage(m_lanes.empty() ? tr("Run an experiment to see its phases") : QString());
    replot(rpQueuedReplot);
}

QString TimelinePlot::laneLabel(int lane) const
{
    if (lane < 0 || lane >= laneCount())
        return {};
    const Lane &which = m_lanes[static_cast<std::size_t>(lane)];
    if (which.thread >= 0)
        return tr("thread %1").arg(which.thread + 1);
    // As the report, its CSV and its trace number them: from 0, the warm-ups first.
    return which.warmup ? tr("warm-up %1").arg(which.iteration) : tr("%1").arg(which.iteration);
}

void TimelinePlot::showTip(QMouseEvent *event)
{
    const double x = xAxis->pixelToCoord(event->position().x());
    const long lane = std::lround(yAxis->pixelToCoord(event->position().y()));
    if (lane < 0 || lane >= static_cast<long>(m_lanes.size()))
        return QToolTip::hideText();
    const Lane &which = m_lanes[static_cast<std::size_t>(lane)];
    for (const Segment &segment : which.segments) {
        if (x < segment.startMs || x > segment.endMs)
            continue;
        const PhaseResult &r = segment.result;
        if (which.thread >= 0) {
            const ThreadSpan &span = segment.span;
            const QString tip = tr("<b>%1</b>, host thread %2 of %3<br>its slice took %4, from %5 into the phase")
                                    .arg(phaseLabel(r.phase))
                                    .arg(which.thread + 1)
                                    .arg(segment.threads)
                                    .arg(QString::fromStdString(formatDuration(span.endNs - span.startNs)),
                                         QString::fromStdString(formatDuration(span.startNs)));
            QToolTip::showText(event->globalPosition().toPoint(), tip, this);
            return;
        }
        QString tip
            = tr("<b>%1</b><br>time %2").arg(phaseLabel(r.phase), QString::fromStdString(formatDuration(r.hostNs)));
        if (r.deviceNs)
            tip += tr("<br>device time %1").arg(QString::fromStdString(formatDuration(*r.deviceNs)));
        // What the program copied; pages the driver migrated are the Migration tab's.
        tip += r.bytesMoved() > 0 ? tr("<br>copied %1").arg(QString::fromStdString(formatBytes(r.bytesMoved())))
                                  : tr("<br>copied nothing");
        if (r.bandwidth())
            tip += tr("<br>bandwidth %1").arg(QString::fromStdString(formatBandwidth(*r.bandwidth())));
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        return;
    }
    QToolTip::hideText();
}

} // namespace sharescope
