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
class QToolButton;

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
    // The lesson's pane, in the splitter above the chart: the user resizes
    // it or folds it to its title line.
    QWidget *lessonPane() const { return m_lessonPane; }
    QToolButton *lessonFold() const { return m_lessonFold; }
    // The line above the chart (the experiment), and the notes it folds
    // (modes not run, the clock), shown on demand.
    QLabel *noteLabel() const { return m_note; }
    QLabel *noteDetails() const { return m_details; }
    // A demo's question, above the lesson, until it is answered.
    QuestionPanel *questionPanel() const { return m_question; }
    CompareChart *chart() const { return m_chart; }
    CompareModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

signals:
    // A row was activated (double-click, Enter): the index of its run in
    // the set, whatever the table's sort order.
    void runChosen(int run);
    // A row became the current one (a click, the arrow keys).
    void runSelected(int run);
    // A link in the lesson ("example:NAME", the shipped example).
    void lessonLinkActivated(const QString &link);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // Shares the splitter: the table the height of its rows (five at
    // least, half the tab at most), the lesson its text's (up to two fifths
    // of the tab), the chart the rest, never less than its minimum; until
    // the user moves the splitter.
    void fitPanes();
    void showLessonText();
    int tableHeight(int rows) const;
    int lessonHeight() const;

    CompareChart *m_chart;
    CompareModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    QLabel *m_note;
    QLabel *m_details;
    QLabel *m_lesson;
    QScrollArea *m_lessonArea;
    QWidget *m_lessonPane;
    QToolButton *m_lessonFold;
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
