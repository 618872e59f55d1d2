// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <functional>
#include <vector>

namespace sharescope {

// Every phase of a timeline as one plottable: a rectangle per phase, from
// its start to its end on the key axis (time), on its lane's row of the
// value axis. One object draws them all, so a run of 10,000 iterations costs
// one pass over an array rather than 50,000 plot items; rectangles narrower
// or lower than a pixel are drawn a pixel wide or high, so that none
// disappears.
class TimelineSegments : public QCPAbstractPlottable
{
public:
    struct Rect
    {
        double startMs = 0;
        double endMs = 0;
        int lane = 0;
        QColor color;
    };

    TimelineSegments(QCPAxis *time, QCPAxis *lanes);

    void add(const Rect &rect) { m_rects.push_back(rect); }
    void clear() { m_rects.clear(); }
    int size() const { return static_cast<int>(m_rects.size()); }

    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain inSignDomain) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain inSignDomain, const QCPRange &inKeyRange) const override;

protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *, const QRectF &) const override { }

private:
    std::vector<Rect> m_rects;
};

// The lane axis: a label on every lane where they fit, else on every 2nd,
// 5th, 10th, 20th, ... lane (about one label per 16 pixels of the axis).
class LaneTicker : public QCPAxisTicker
{
public:
    using Label = std::function<QString(int lane)>; // empty where there is no lane

    LaneTicker(QCPAxis *axis, Label label);

protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override;

private:
    QCPAxis *m_axis;
    Label m_label;
};

} // namespace sharescope
