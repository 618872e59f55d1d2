// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace sharescope {

// Background, axes and text from the widget's palette, so that plots follow
// a dark or light desktop; called again on every palette change.
void applyPalette(QCustomPlot *plot);

// Puts the legend in a row of its own above the plot, laid out across, so
// that it never covers data.
void placeLegendAbove(QCustomPlot *plot);

// A log axis whose labels are byte sizes ("4 KiB", "1 GiB").
class ByteSizeTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

// A log axis whose labels are plain numbers without exponents ("0.001", "100").
class PlainLogTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

// A QCustomPlot that re-applies the palette when it changes and shows a
// message in its middle when it has nothing to plot.
class Plot : public QCustomPlot
{
    Q_OBJECT

public:
    explicit Plot(QWidget *parent = nullptr);
    void setEmptyMessage(const QString &message); // empty string: none
    // An axis title in two lengths: the full one wherever the axis is long
    // enough to show it whole, else the brief one. A title longer than its
    // axis is cut off at the plot's edge, as a short plot's y title was.
    void setAxisTitle(QCPAxis *axis, const QString &full, const QString &brief);
    // The least height of the data area: the widget asks for it plus what
    // its legend, tick labels and titles take around it, so that the notes,
    // lessons and tables beside the plot give way before the plot does.
    void setMinimumPlotHeight(int pixels);
    int minimumPlotHeight() const { return m_minimumPlotHeight; }
    // The data area's height now (the axis rectangle's).
    int plotHeight() const;

protected:
    void changeEvent(QEvent *event) override;
    // A plot squeezed to nothing (a hidden tab's, a folded pane's) keeps the
    // size it last drew at: QCustomPlot would draw into an empty pixmap,
    // and QPainter warn about every layer.
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitAxisTitles();
    void fitLegend();
    void fitMinimumHeight();

    struct AxisTitle
    {
        QCPAxis *axis;
        QString full;
        QString brief;
    };
    QCPItemText *m_message = nullptr;
    std::vector<AxisTitle> m_titles;
    int m_minimumPlotHeight = 0;
};

// The data area a plot keeps at least, in pixels: a plot about 50 px tall
// with its tick labels on top of each other is no plot.
inline constexpr int minimumPlotPixels = 140;

} // namespace sharescope
