#include "plotstyle.h"

#include "bytesize.h"

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
    return tick >= 1 ? QString::fromStdString(formatBytes(static_cast<std::uint64_t>(tick + 0.5))) : QString();
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
