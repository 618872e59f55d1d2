// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinesegments.h"

#include <algorithm>
#include <cmath>

namespace sharescope {

namespace {
constexpr double laneHalfHeight = 0.35; // of a lane's row of 1
}

TimelineSegments::TimelineSegments(QCPAxis *time, QCPAxis *lanes)
    : QCPAbstractPlottable(time, lanes)
{
    setSelectable(QCP::stNone);
    setAntialiased(false);
    setPen(Qt::NoPen);
}

QCPRange TimelineSegments::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = !m_rects.empty();
    QCPRange range(0, 0);
    for (const Rect &rect : m_rects)
        range.upper = std::max(range.upper, rect.endMs);
    return range;
}

QCPRange TimelineSegments::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = !m_rects.empty();
    int last = 0;
    for (const Rect &rect : m_rects)
        last = std::max(last, rect.lane);
    return {-laneHalfHeight, last + laneHalfHeight};
}

void TimelineSegments::draw(QCPPainter *painter)
{
    const QCPAxis *time = keyAxis();
    const QCPAxis *lanes = valueAxis();
    if (!time || !lanes)
        return;
    const QRect clip = clipRect();
    painter->setPen(Qt::NoPen);
    for (const Rect &rect : m_rects) {
        const double top = lanes->coordToPixel(rect.lane - laneHalfHeight);
        double bottom = lanes->coordToPixel(rect.lane + laneHalfHeight);
        if (std::abs(bottom - top) < 1) // thousands of lanes: a pixel row each at least
            bottom = top + (bottom < top ? -1 : 1);
        const double left = time->coordToPixel(rect.startMs);
        const double right = std::max(time->coordToPixel(rect.endMs), left + 1);
        const QRectF pixels = QRectF(QPointF(left, top), QPointF(right, bottom)).normalized();
        if (!pixels.intersects(clip))
            continue;
        painter->fillRect(pixels, rect.color);
    }
}

LaneTicker::LaneTicker(QCPAxis *axis, Label label)
    : m_axis(axis)
    , m_label(std::move(label))
{
}

double LaneTicker::getTickStep(const QCPRange &range)
{
    constexpr double pixelsPerLabel = 16;
    const double pixels = m_axis->axisRect() ? m_axis->axisRect()->height() : 0;
    const double labels = std::max(2.0, pixels / pixelsPerLabel);
    const double exact = range.size() / labels;
    if (exact <= 1)
        return 1;
    const double base = std::pow(10.0, std::floor(std::log10(exact)));
    for (const double factor : {1.0, 2.0, 5.0}) {
        if (base * factor >= exact)
            return base * factor;
    }
    return base * 10;
}

QString LaneTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    const double lane = std::round(tick);
    return std::abs(tick - lane) < 1e-6 ? m_label(static_cast<int>(lane)) : QString();
}

} // namespace sharescope
