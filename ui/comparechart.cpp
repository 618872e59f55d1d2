// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparechart.h"
#include "reporttables.h"
#include "textconv.h"

#include "phasestyle.h"

#include <QtMath>

#include <cmath>

namespace sharescope {

namespace {
constexpr double floorMs = 1e-4; // 100 ns: where bars start on the log axis
}

CompareChart::CompareChart(QWidget *parent)
    : Plot(parent)
{
    auto *group = new QCPBarsGroup(this);
    group->setSpacing(1);
    for (const Phase phase : iterationPhases) {
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setName(phaseLabel(phase));
        bars->setBrush(phaseColor(phase));
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.15);
        bars->setBaseValue(floorMs);
        bars->setBarsGroup(group);
        m_phases.push_back(bars);
    }
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PlainLogTicker));
    setAxisTitle(yAxis, tr("Median time per phase (ms, log scale)"), tr("Median ms (log)"));
    xAxis->setLabel(tr("Sharing mode"));
    placeLegendAbove(this);
    clear();
}

void CompareChart::clear()
{
    setReports({});
}

void CompareChart::setReports(const ReportSet &set)
{
    QSharedPointer<QCPAxisTickerText> modes(new QCPAxisTickerText);
    for (QCPBars *bars : m_phases)
        bars->data()->clear();
    double highest = 1;
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        modes->addTick(static_cast<double>(r), runName(set, set.runs[r]));
        for (const PhaseSummary &summary : summarize(set.runs[r])) {
            const auto at = std::ranges::find(iterationPhases, summary.phase);
            if (at == iterationPhases.end())
                continue;
            const double ms = std::max(static_cast<double>(summary.hostNs.median) / 1e6, floorMs);
            m_phases[static_cast<std::size_t>(at - iterationPhases.begin())]->addData(static_cast<double>(r), ms);
            highest = std::max(highest, ms);
        }
    }
    xAxis->setTicker(modes);
    const bool slanted = set.runs.size() > 5;
    xAxis->setTickLabelRotation(slanted ? 30 : 0);
    // A slanted label runs right of its tick, and QCustomPlot drops a label
    // the plot's edge would cut: room on the right for the last one.
    int room = 0;
    if (slanted) {
        const int width = QFontMetrics(xAxis->tickLabelFont()).horizontalAdvance(runName(set, set.runs.back()));
        room = static_cast<int>(width * std::cos(qDegreesToRadians(30.0)));
    }
    axisRect()->setMinimumMargins(QMargins(0, 0, room, 0));
    xAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(set.runs.size())) - 0.4);
    yAxis->setRange(floorMs, highest * 3);
    setEmptyMessage(set.runs.empty() ? tr("Compare all modes to see them side by side") : QString());
    replot(rpQueuedReplot);
}

} // namespace sharescope
