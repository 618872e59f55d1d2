// SPDX-License-Identifier: GPL-3.0-or-later
#include "migrationchart.h"

#include "language.h"
#include "phasestyle.h"

namespace sharescope {

MigrationChart::MigrationChart(QWidget *parent)
    : Plot(parent)
{
    auto *group = new QCPBarsGroup(this);
    m_toDevice = new QCPBars(xAxis, yAxis);
    m_toDevice->setName(tr("host → device"));
    m_toDevice->setBrush(deviceColor());
    m_toHost = new QCPBars(xAxis, yAxis);
    m_toHost->setName(tr("device → host"));
    m_toHost->setBrush(hostColor());
    for (QCPBars *bars : {m_toDevice, m_toHost}) {
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.35);
        bars->setBarsGroup(group);
    }
    QSharedPointer<QCPAxisTickerText> phases(new QCPAxisTickerText);
    for (std::size_t i = 0; i < iterationPhases.size(); ++i)
        phases->addTick(static_cast<double>(i), phaseLabel(iterationPhases[i]));
    xAxis->setTicker(phases);
    // Room on the right for the last slanted label.
    xAxis->setRange(-0.6, static_cast<double>(iterationPhases.size()) + 0.1);
    xAxis->setTickLabelRotation(30);
    setAxisTitle(yAxis, tr("MiB per iteration (median)"), tr("MiB per iteration"));
    placeLegendAbove(this);
    clear();
}

void MigrationChart::clear()
{
    m_toDevice->data()->clear();
    m_toHost->data()->clear();
    yAxis->setRange(0, 1);
    setEmptyMessage(tr("No unified-memory counters for this run"));
    replot(rpQueuedReplot);
}

void MigrationChart::setReport(const RunReport &report)
{
    m_toDevice->data()->clear();
    m_toHost->data()->clear();
    if (!report.counted.enabled) {
        setEmptyMessage(tr("Counters not reported: %1").arg(messageText(report.counted.note)));
        replot(rpQueuedReplot);
        return;
    }
    double highest = 0;
    for (const PhaseSummary &summary : summarize(report)) {
        const auto at = std::ranges::find(iterationPhases, summary.phase);
        if (at == iterationPhases.end() || !summary.median.counters)
            continue;
        const double x = static_cast<double>(at - iterationPhases.begin());
        const Counters &c = *summary.median.counters;
        const double in = static_cast<double>(c.bytesHostToDevice.value_or(0)) / (1 << 20);
        const double out = static_cast<double>(c.bytesDeviceToHost.value_or(0)) / (1 << 20);
        m_toDevice->addData(x, in);
        m_toHost->addData(x, out);
        highest = std::max({highest, in, out});
    }
    yAxis->setRange(0, highest > 0 ? highest * 1.15 : 1);
    setEmptyMessage(highest > 0 ? QString() : tr("Nothing migrated: every phase reported 0 bytes"));
    replot(rpQueuedReplot);
}

} // namespace sharescope
