// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepplot.h"
#include "textconv.h"

#include "ceilinglines.h"

#include "phasestyle.h"

#include <map>

namespace sharescope {

SweepPlot::SweepPlot(QWidget *parent)
    : Plot(parent)
{
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<ByteSizeTicker> sizes(new ByteSizeTicker);
    sizes->setLogBase(4); // 64 KiB, 256 KiB, 1 MiB, ...
    sizes->setSubTickCount(0);
    xAxis->setTicker(sizes);
    xAxis->setLabel(tr("Buffer size (log scale)"));
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PlainLogTicker));
    placeLegendAbove(this);
    setMinimumPlotHeight(minimumPlotPixels);
    rebuild();
}

void SweepPlot::setReports(const ReportSet &set)
{
    m_set = set;
    rebuild();
}

void SweepPlot::setPhase(Phase phase)
{
    m_phase = phase;
    rebuild();
}

void SweepPlot::rebuild()
{
    clearGraphs();
    setAxisTitle(yAxis, tr("%1 bandwidth (GB/s, log scale)").arg(phaseLabel(m_phase)),
                 tr("%1 GB/s (log)").arg(phaseLabel(m_phase)));
    std::map<ModeId, std::vector<std::pair<double, double>>> lines; // mode -> (bytes, GB/s)
    for (const RunReport &run : m_set.runs) {
        for (const PhaseSummary &summary : summarize(run)) {
            if (summary.phase == m_phase && summary.median.bandwidth())
                lines[run.spec.mode].emplace_back(static_cast<double>(run.spec.bytes),
                                                  *summary.median.bandwidth() / 1e9);
        }
    }
    static const QColor palette[]
        = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
           QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x99, 0x99, 0x99), QColor(0x00, 0x00, 0x00)};
    double lowX = 1e30, highX = 1, lowY = 1e30, highY = 1e-6;
    std::size_t colour = 0;
    for (auto &[mode, points] : lines) {
        std::ranges::sort(points);
        QCPGraph *graph = addGraph();
        graph->setName(q(modeName(mode)));
        graph->setPen(QPen(palette[colour++ % std::size(palette)], 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        for (const auto &[bytes, gbps] : points) {
            graph->addData(bytes, gbps);
            lowX = std::min(lowX, bytes);
            highX = std::max(highX, bytes);
            lowY = std::min(lowY, gbps);
            highY = std::max(highY, gbps);
        }
    }
    if (!lines.empty())
        addCeilingLines(this, m_set, m_phase, lowX / 1.5, highX * 1.5, lowY, highY);
    if (lines.empty()) {
        xAxis->setRange(1024, 1 << 30);
        yAxis->setRange(0.01, 100);
    } else {
        xAxis->setRange(lowX / 1.5, highX * 1.5);
        yAxis->setRange(lowY / 2, highY * 2);
    }
    setEmptyMessage(lines.empty() ? (m_set.runs.empty()
                                         ? tr("Run a size sweep to see bandwidth against size")
                                         : tr("No %1 bandwidth: that phase moved nothing").arg(phaseLabel(m_phase)))
                                  : QString());
    replot(rpQueuedReplot);
}

} // namespace sharescope
