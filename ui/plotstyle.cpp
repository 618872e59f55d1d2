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

void Plot::setEmptyMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setColor(palette().color(QPalette::PlaceholderText));
    m_message->setVisible(!message.isEmpty());
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
