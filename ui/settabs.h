// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "demolessons.h"
#include "report/reportset.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QScrollArea;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace sharescope {

class CompareChart;
class CompareModel;
class QuestionPanel;
class SweepPlot;

// The Compare tab: one experiment in several modes, as grouped bars and a
// sortable table.
class CompareTab : public QWidget
{
    Q_OBJECT

public:
    explicit CompareTab(QWidget *parent = nullptr);
    void setReports(const ReportSet &set);
    // A guided demo's lesson above the chart; an empty one hides it.
    void setLesson(const Lesson &lesson);
    QLabel *lessonLabel() const { return m_lesson; }
    // A demo's question, above the lesson, until it is answered.
    QuestionPanel *questionPanel() const { return m_question; }
    CompareChart *chart() const { return m_chart; }
    CompareModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

signals:
    // A row was activated (double-click, Enter): the index of its run in
    // the set, whatever the table's sort order.
    void runChosen(int run);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // Gives the table the height of its rows and the chart the rest, until
    // the user moves the splitter.
    void fitTable();
    // Gives the lesson its text's height, up to two fifths of the tab.
    void fitLesson();

    CompareChart *m_chart;
    CompareModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    QLabel *m_note;
    QLabel *m_lesson;
    QScrollArea *m_lessonArea;
    QuestionPanel *m_question;
    QSplitter *m_splitter;
    bool m_userSized = false;
};

// The Sweep tab: bandwidth against size, one line per mode.
class SweepTab : public QWidget
{
    Q_OBJECT

public:
    explicit SweepTab(QWidget *parent = nullptr);
    void setReports(const ReportSet &set);
    SweepPlot *plot() const { return m_plot; }

private:
    SweepPlot *m_plot;
    QComboBox *m_phase;
    QLabel *m_note;
};

} // namespace sharescope
