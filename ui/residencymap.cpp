// SPDX-License-Identifier: GPL-3.0-or-later
#include "residencymap.h"

#include "bytesize.h"
#include "phasestyle.h"

#include <QPainter>

namespace sharescope {

ResidencyMap::ResidencyMap(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(120);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ResidencyMap::setResidency(const Residency &residency)
{
    m_residency = residency;
    m_snapshot = std::max(0, snapshotCount() - 1);
    update();
}

void ResidencyMap::setSnapshot(int index)
{
    m_snapshot = std::clamp(index, 0, std::max(0, snapshotCount() - 1));
    update();
}

QSize ResidencyMap::sizeHint() const
{
    return {600, 260};
}

void ResidencyMap::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (m_residency.snapshots.empty())
        return;
    const ResidencySnapshot &snapshot = m_residency.snapshots[static_cast<std::size_t>(m_snapshot)];
    const int buffers = static_cast<int>(snapshot.chunks.size());
    // As wide as the longest buffer name ("cpu-then-gpu"), within a third of the map.
    const QFontMetrics metrics(font());
    int longest = 0;
    for (const ResidencyBuffer &buffer : m_residency.buffers)
        longest = std::max(longest, metrics.horizontalAdvance(QString::fromStdString(buffer.name)));
    const int labelWidth = std::clamp(longest + 12, 60, std::max(60, width() / 3));
    const int bandHeight = (height() - 8) / std::max(1, buffers);
    for (int b = 0; b < buffers; ++b) {
        const std::string &chunks = snapshot.chunks[static_cast<std::size_t>(b)];
        const QRect band(labelWidth, 4 + b * bandHeight, width() - labelWidth - 8, bandHeight - 8);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(4, band.top(), labelWidth - 8, band.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         QString::fromStdString(m_residency.buffers[static_cast<std::size_t>(b)].name));
        // As square a grid as the band allows.
        const auto count = static_cast<int>(chunks.size());
        const double aspect = static_cast<double>(band.width()) / std::max(1, band.height());
        const int columns = std::max(1, std::min(count, static_cast<int>(std::ceil(std::sqrt(count * aspect)))));
        const int rows = (count + columns - 1) / columns;
        const double cellWidth = static_cast<double>(band.width()) / columns;
        const double cellHeight = static_cast<double>(band.height()) / std::max(1, rows);
        const bool gaps = cellWidth >= 4 && cellHeight >= 4;
        for (int c = 0; c < count; ++c) {
            const QColor colour = locationColor(static_cast<Location>(chunks[static_cast<std::size_t>(c)]));
            const int row = c / columns; // whole rows above this chunk
            const int column = c % columns;
            const QRectF cell(band.left() + column * cellWidth, band.top() + row * cellHeight,
                              cellWidth - (gaps ? 1 : 0), cellHeight - (gaps ? 1 : 0));
            painter.fillRect(cell, colour);
        }
    }
}

} // namespace sharescope
