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

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitAxisTitles();
    void fitLegend();

    struct AxisTitle
    {
        QCPAxis *axis;
        QString full;
        QString brief;
    };
    QCPItemText *m_message = nullptr;
    std::vector<AxisTitle> m_titles;
};

} // namespace sharescope
