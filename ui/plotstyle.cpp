// SPDX-License-Identifier: GPL-3.0-or-later
#include "plotstyle.h"

#include "bytesize.h"

#include <algorithm>
#include <cmath>

namespace sharescope {

void applyPalette(QCustomPlot *plot)
{
    const QPalette palette = plot->palette();
    const QColor text = palette.color(QPalette::WindowText);
    const QColor grid = palette.color(QPalette::Mid);
    plot->setBackground(palette.brush(QPalette::Base));
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    }
    plot->legend->setBrush(palette.brush(QPalette::Base));
    plot->legend->setTextColor(text);
    plot->legend->setBorderPen(Qt::NoPen);
}

void placeLegendAbove(QCustomPlot *plot)
{
    plot->legend->setVisible(true);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(8);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    plot->legend->setMargins(QMargins(6, 2, 6, 2));
    plot->legend->setBorderPen(Qt::NoPen);
}

QString ByteSizeTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return tick >= 1 ? QString::fromStdString(formatBytes(static_cast<std::uint64_t>(std::llround(tick)))) : QString();
}

QString PlainLogTicker::getTickLabel(double tick, const QLocale &locale, QChar, int)
{
    return locale.toString(tick, 'g', 6);
}

Plot::Plot(QWidget *parent)
    : QCustomPlot(parent)
{
    setNoAntialiasingOnDrag(true);
    m_message = new QCPItemText(this);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.5);
    m_message->setVisible(false);
    applyPalette(this);
    connect(this, &QCustomPlot::afterLayout, this, &Plot::fitAxisTitles);
    connect(this, &QCustomPlot::afterLayout, this, &Plot::fitLegend);
    connect(this, &QCustomPlot::afterLayout, this, &Plot::fitMinimumHeight);
}

void Plot::setMinimumPlotHeight(int pixels)
{
    if (pixels == m_minimumPlotHeight)
        return;
    m_minimumPlotHeight = pixels;
    replot(rpQueuedReplot); // lays out, then fits (afterLayout)
}

int Plot::plotHeight() const
{
    return axisRect()->rect().height();
}

void Plot::fitMinimumHeight()
{
    if (m_minimumPlotHeight <= 0)
        return;
    // What the legend, the labels and the titles take: the widget's height
    // less its data area's, as last laid out (before the first layout, a
    // guess of two rows of text and the margins).
    const int text = fontMetrics().height();
    const int around = plotHeight() > 0 ? height() - plotHeight() : 4 * text + 20;
    const int wanted = std::max(around, 2 * text) + m_minimumPlotHeight;
    if (minimumHeight() != wanted)
        setMinimumHeight(wanted);
}

void Plot::setAxisTitle(QCPAxis *axis, const QString &full, const QString &brief)
{
    const auto it = std::ranges::find(m_titles, axis, &AxisTitle::axis);
    if (it == m_titles.end())
        m_titles.push_back({axis, full, brief});
    else
        *it = {axis, full, brief};
    axis->setLabel(full);
    replot(rpQueuedReplot); // lays out, then fits
}

void Plot::fitAxisTitles()
{
    bool changed = false;
    for (const AxisTitle &title : m_titles) {
        const QRect rect = title.axis->axisRect()->rect();
        const int room = title.axis->orientation() == Qt::Vertical ? rect.height() : rect.width();
        const QString &fitting
            = QFontMetrics(title.axis->labelFont()).horizontalAdvance(title.full) <= room ? title.full : title.brief;
        if (title.axis->label() != fitting) {
            title.axis->setLabel(fitting);
            changed = true;
        }
    }
    if (changed)
        replot(rpQueuedReplot); // this frame was laid out with the other title
}

// As many legend entries a row as the plot's width shows whole (eight at
// most): a fixed eight cut the Sweep's entries short where five modes and
// four ceiling lines shared a row at the window's default size.
void Plot::fitLegend()
{
    constexpr int maxColumns = 8;
    // The entries in order; the grid's cells past the last are empty.
    std::vector<int> widths;
    for (int i = 0; i < legend->elementCount(); ++i) {
        if (const QCPAbstractLegendItem *item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width());
    }
    const int count = static_cast<int>(widths.size());
    if (!legend->visible() || count == 0)
        return;
    const QMargins margins = legend->margins();
    const int room = plotLayout()->outerRect().width() - margins.left() - margins.right();
    int columns = 1;
    for (int n = std::min(count, maxColumns); n > 1; --n) {
        int total = (n - 1) * legend->columnSpacing();
        for (int column = 0; column < n; ++column) {
            int widest = 0;
            for (int i = column; i < count; i += n)
                widest = std::max(widest, widths[static_cast<std::size_t>(i)]);
            total += widest;
        }
        if (total <= room) {
            columns = n;
            break;
        }
    }
    if (columns == legend->wrap())
        return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // rearranged
    replot(rpQueuedReplot); // this frame was laid out with the other rows
}

void Plot::setEmptyMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setColor(palette().color(QPalette::PlaceholderText));
    m_message->setVisible(!message.isEmpty());
}

void Plot::resizeEvent(QResizeEvent *event)
{
    // Past QCustomPlot on purpose: its resize would make the empty pixmap.
    if (event->size().isEmpty())
        return QWidget::resizeEvent(event); // NOLINT(bugprone-parent-virtual-call)
    QCustomPlot::resizeEvent(event);
}

void Plot::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette(this);
        replot(rpQueuedReplot);
    }
}

} // namespace sharescope
