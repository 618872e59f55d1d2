// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparechart.h"
#include "reporttables.h"
#include "textconv.h"

#include "bytesize.h"
#include "phasestyle.h"

#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace sharescope {

namespace {
constexpr double floorMs = 1e-4; // 100 ns: where bars start on the log axis
// A row per mode, lying across: five bars of two pixels and a gap.
constexpr int rowPixels = 12;
// The names on the left take at most this share of the chart's width.
constexpr double labelShare = 0.4;

// The run's name without its words: the mode, its threads ("×8 per-thread"),
// write-combining, peer access and, where the set has sizes, the size.
QString shortName(const ReportSet &set, const RunReport &run)
{
    const ExperimentSpec &spec = run.spec;
    QString name = q(modeName(spec.mode));
    if (spec.threaded()) {
        name += QStringLiteral(" ×%1").arg(spec.hostThreads);
        if (spec.modeInfo().backend == BackendKind::Cuda)
            name += QLatin1Char(' ') + q(defaultStreamName(spec.defaultStream));
    }
    if (spec.writeCombined)
        name += QStringLiteral(" wc");
    if (takesOption(spec.modeInfo(), ModeOption::PeerAccess) && spec.peerAccess)
        name += *spec.peerAccess ? QStringLiteral(" +access") : QStringLiteral(" −access");
    const bool sized = std::ranges::any_of(set.runs, [&](const RunReport &other) {
        return other.spec.mode == spec.mode && other.spec.bytes != spec.bytes;
    });
    if (sized)
        name += QStringLiteral(" · ") + q(formatBytes(spec.bytes));
    return name;
}

} // namespace

CompareChart::CompareChart(QWidget *parent)
    : Plot(parent)
{
    placeLegendAbove(this);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &CompareChart::showTip);
    clear();
}

void CompareChart::clear()
{
    setReports({});
}

QStringList CompareChart::modeLabels() const
{
    QStringList labels;
    const QCPAxis *keys = m_horizontal ? yAxis : xAxis;
    const auto ticker = keys->ticker().dynamicCast<QCPAxisTickerText>();
    if (ticker) {
        for (const QString &label : ticker->ticks())
            labels << label;
    }
    return labels;
}

void CompareChart::setReports(const ReportSet &set)
{
    m_groups.clear();
    for (const RunReport &run : set.runs) {
        Group group{runName(set, run), shortName(set, run), {}};
        group.ms.fill(floorMs);
        for (const PhaseSummary &summary : summarize(run)) {
            const auto at = std::ranges::find(iterationPhases, summary.phase);
            if (at == iterationPhases.end())
                continue;
            const auto p = static_cast<std::size_t>(at - iterationPhases.begin());
            group.ns[p] = summary.hostNs.median;
            group.ms[p] = std::max(static_cast<double>(summary.hostNs.median) / 1e6, floorMs);
        }
        m_groups.push_back(group);
    }
    m_horizontal = !namesFitStanding();
    build();
    setEmptyMessage(set.runs.empty() ? tr("Compare all modes to see them side by side") : QString());
    replot(rpQueuedReplot);
}

bool CompareChart::namesFitStanding() const
{
    if (m_groups.size() <= 1)
        return true;
    // The width a group has below it: standing, the axis as laid out; else
    // the chart less what the time axis's labels and title take beside it.
    const int laidOut = axisRect()->width();
    const int axis = !m_horizontal && laidOut > 0 ? laidOut : std::max(width(), 300) - 6 * fontMetrics().height() - 40;
    const int slot = axis / static_cast<int>(m_groups.size());
    const QFontMetrics metrics(xAxis->tickLabelFont());
    return std::ranges::all_of(m_groups, [&](const Group &g) { return metrics.horizontalAdvance(g.name) <= slot - 6; });
}

void CompareChart::build()
{
    clearPlottables();
    m_phases.clear();
    QCPAxis *keys = m_horizontal ? yAxis : xAxis;
    QCPAxis *values = m_horizontal ? xAxis : yAxis;
    auto *group = new QCPBarsGroup(this);
    group->setSpacing(m_horizontal ? 0 : 1);
    for (const Phase phase : iterationPhases) {
        auto *bars = new QCPBars(keys, values);
        bars->setName(phaseLabel(phase));
        bars->setBrush(phaseColor(phase));
        bars->setPen(Qt::NoPen);
        bars->setWidth(m_horizontal ? 0.16 : 0.15);
        bars->setBaseValue(floorMs);
        bars->setBarsGroup(group);
        m_phases.push_back(bars);
    }
    // The modes' names; all shortened where one would take more than its
    // share, so that they read alike.
    const QFontMetrics metrics(keys->tickLabelFont());
    const int room = static_cast<int>(std::max(width(), 300) * labelShare);
    m_shortNames = m_horizontal
        && std::ranges::any_of(m_groups, [&](const Group &g) { return metrics.horizontalAdvance(g.name) > room; });
    QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
    for (std::size_t r = 0; r < m_groups.size(); ++r) {
        const Group &g = m_groups[r];
        QString label = g.name;
        if (m_shortNames)
            label = metrics.elidedText(g.shortName, Qt::ElideMiddle, room);
        names->addTick(static_cast<double>(r), label);
        for (std::size_t p = 0; p < m_phases.size(); ++p)
            m_phases[p]->addData(static_cast<double>(r), g.ms[p]);
    }
    double highest = 1;
    for (const Group &g : m_groups)
        highest = std::max(highest, *std::ranges::max_element(g.ms));

    values->setScaleType(QCPAxis::stLogarithmic);
    values->setTicker(QSharedPointer<QCPAxisTicker>(new PlainLogTicker));
    values->setRange(floorMs, highest * 3);
    values->setRangeReversed(false);
    values->setTickLabelRotation(0);
    keys->setScaleType(QCPAxis::stLinear);
    keys->setTicker(names);
    keys->setTickLabelRotation(0);
    keys->setRange(-0.6, std::max<double>(1, static_cast<double>(m_groups.size())) - 0.4);
    // Lying across, the first mode on top, as in the table.
    keys->setRangeReversed(m_horizontal);
    keys->grid()->setVisible(false);
    values->grid()->setVisible(true);
    setAxisTitle(values, tr("Median time per phase (ms, log scale)"), tr("Median ms (log)"));
    setAxisTitle(keys, tr("Sharing mode"), tr("Mode"));
    setMinimumPlotHeight(m_horizontal ? std::max(minimumPlotPixels, rowPixels * static_cast<int>(m_groups.size()))
                                      : minimumPlotPixels);
}

void CompareChart::resizeEvent(QResizeEvent *event)
{
    Plot::resizeEvent(event);
    // Only a new width changes the names' room; a new height, none.
    if (event->size().width() == event->oldSize().width() || m_groups.empty())
        return;
    const bool horizontal = !namesFitStanding();
    if (horizontal != m_horizontal || m_horizontal) {
        m_horizontal = horizontal;
        build();
        replot(rpQueuedReplot);
    }
}

void CompareChart::showTip(QMouseEvent *event)
{
    if (m_groups.empty() || !axisRect()->rect().contains(event->pos()))
        return QToolTip::hideText();
    const QCPAxis *keys = m_horizontal ? yAxis : xAxis;
    const double at = keys->pixelToCoord(m_horizontal ? event->pos().y() : event->pos().x());
    const long index = std::lround(at);
    if (index < 0 || static_cast<std::size_t>(index) >= m_groups.size())
        return QToolTip::hideText();
    const Group &g = m_groups[static_cast<std::size_t>(index)];
    QString tip = QStringLiteral("<b>%1</b>").arg(g.name.toHtmlEscaped());
    for (std::size_t p = 0; p < iterationPhases.size(); ++p) {
        tip += QStringLiteral("<br>%1: %2")
                   .arg(phaseLabel(iterationPhases[p]), g.ns[p] ? q(formatDuration(*g.ns[p])) : QStringLiteral("—"));
    }
    QToolTip::showText(event->globalPosition().toPoint(), tip, this);
}

} // namespace sharescope
