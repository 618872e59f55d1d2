// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTableView;

namespace sharescope {

class PhaseModel;
class TimelinePlot;

// The Timeline tab: the run phase by phase, and the phase table.
class TimelineTab : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineTab(QWidget *parent = nullptr);
    void clear();
    void addPhase(int iteration, bool warmup, const PhaseResult &result);
    void setReport(const RunReport &report);
    TimelinePlot *plot() const { return m_plot; }
    PhaseModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

protected:
    // The table as tall as a run's seven phases, the plot the rest, until
    // the user moves the splitter.
    void resizeEvent(QResizeEvent *event) override;

private:
    TimelinePlot *m_plot;
    PhaseModel *m_model;
    QTableView *m_table;
    QLabel *m_summary;
    QSplitter *m_splitter;
    bool m_userSized = false;
};

} // namespace sharescope
