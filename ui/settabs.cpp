// SPDX-License-Identifier: GPL-3.0-or-later
#include "settabs.h"

#include "questionpanel.h"
#include "textconv.h"

#include "bytesize.h"
#include "clocktext.h"
#include "comparechart.h"
#include "comparemodel.h"
#include "language.h"
#include "phasestyle.h"
#include "sortheader.h"
#include "sweepplot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace sharescope {

CompareTab::CompareTab(QWidget *parent)
    : QWidget(parent)
    , m_chart(new CompareChart(this))
    , m_model(new CompareModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_note(new QLabel(this))
    , m_lesson(new QLabel)
    , m_lessonArea(new QScrollArea(this))
    , m_question(new QuestionPanel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_lesson->setWordWrap(true);
    m_lesson->setTextFormat(Qt::RichText);
    m_lesson->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lesson->setFrameShape(QFrame::StyledPanel);
    m_lesson->setMargin(8);
    m_lesson->setBackgroundRole(QPalette::AlternateBase);
    m_lesson->setAutoFillBackground(true);
    // A long lesson scrolls within at most two fifths of the tab, so that
    // the chart and the table keep their room (resizeEvent).
    m_lessonArea->setWidget(m_lesson);
    m_lessonArea->setWidgetResizable(true);
    m_lessonArea->setFrameShape(QFrame::NoFrame);
    m_lessonArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_lessonArea->hide();
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(CompareModel::SortRole);
    m_table->setHorizontalHeader(new SortHeaderView(m_table));
    m_table->setModel(m_sorted);
    // Unsorted (catalogue order) until the user clicks a column.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // rows as tall as their text
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAlternatingRowColors(true);
    m_note->setWordWrap(true);
    m_splitter->addWidget(m_chart);
    m_splitter->addWidget(m_table);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 0);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex &index) { emit runChosen(m_sorted->mapToSource(index).row()); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_question);
    layout->addWidget(m_lessonArea);
    layout->addWidget(m_note);
    layout->addWidget(m_splitter, 1);
    setReports({});
}

void CompareTab::fitTable()
{
    if (m_userSized || m_model->rowCount() == 0)
        return;
    // The table as tall as its rows, up to half the tab; the chart the rest.
    m_table->resizeRowsToContents();
    const int rows = m_table->verticalHeader()->length();
    const int wanted = rows + m_table->horizontalHeader()->height() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height();
    const int total = m_splitter->height() - m_splitter->handleWidth();
    const int table = std::min(wanted, total / 2);
    m_splitter->setSizes({total - table, table});
}

void CompareTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLesson();
    fitTable();
}

void CompareTab::fitLesson()
{
    // As tall as its text, up to two fifths of the tab; beyond, it scrolls.
    const int width = m_lessonArea->viewport()->width() > 0 ? m_lessonArea->viewport()->width() : m_lesson->width();
    const int wanted = m_lesson->heightForWidth(width);
    m_lessonArea->setFixedHeight(std::min(wanted > 0 ? wanted : m_lesson->sizeHint().height(), height() * 2 / 5));
}

void CompareTab::setLesson(const Lesson &lesson)
{
    if (lesson.title.isEmpty() && lesson.paragraphs.isEmpty()) {
        m_lesson->clear();
        m_lessonArea->hide();
        return;
    }
    // `code` in a lesson is shown as code.
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    QString html = QStringLiteral("<b>%1</b>").arg(lesson.title.toHtmlEscaped());
    for (const QString &paragraph : lesson.paragraphs)
        html += QStringLiteral("<p>%1</p>")
                    .arg(paragraph.toHtmlEscaped().replace(code, QStringLiteral("<code>\\1</code>")));
    m_lesson->setText(html);
    m_lessonArea->show();
    fitLesson();
}

void CompareTab::setReports(const ReportSet &set)
{
    m_model->setReports(set);
    m_chart->setReports(set);
    const bool counters = std::ranges::any_of(set.runs, [](const RunReport &r) { return r.counted.enabled; });
    m_table->setColumnHidden(CompareModel::MigratedColumn, !counters);
    m_table->setColumnHidden(CompareModel::FaultsColumn, !counters);
    fitTable();
    if (set.runs.empty()) {
        m_note->setText(tr("Compare all modes runs the experiment on screen in every mode of the device."));
        return;
    }
    const RunReport &first = set.runs.front();
    QString note = tr("%1 · %2 per buffer · %3 (%4) · median host time per phase; click a column to sort, "
                      "double-click a mode for its run in Timeline and Migration.")
                       .arg(q(kernelName(first.spec.kernel)), QString::fromStdString(formatBytes(first.spec.bytes)),
                            QString::fromStdString(first.device.id), QString::fromStdString(first.device.name));
    for (const SkippedRun &skipped : set.skipped)
        note
            += QStringLiteral("<br>%1: %2").arg(q(modeName(skipped.mode)), skippedText(skipped.reason).toHtmlEscaped());
    if (const QString clock = setClockText(set); !clock.isEmpty())
        note += QStringLiteral("<br>") + clock.simplified().toHtmlEscaped();
    m_note->setText(note);
}

SweepTab::SweepTab(QWidget *parent)
    : QWidget(parent)
    , m_plot(new SweepPlot(this))
    , m_phase(new QComboBox(this))
    , m_note(new QLabel(this))
{
    for (const Phase phase : {Phase::ToDevice, Phase::Kernel, Phase::ToHost, Phase::HostInit, Phase::HostRead})
        m_phase->addItem(phaseLabel(phase), static_cast<int>(phase));
    m_phase->setCurrentIndex(1);
    m_note->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Bandwidth of"), this));
    bar->addWidget(m_phase);
    bar->addWidget(m_note, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);
    connect(m_phase, &QComboBox::currentIndexChanged, this,
            [this] { m_plot->setPhase(static_cast<Phase>(m_phase->currentData().toInt())); });
    setReports({});
}

void SweepTab::setReports(const ReportSet &set)
{
    m_plot->setReports(set);
    QString note;
    for (const SkippedRun &skipped : set.skipped)
        note += QStringLiteral("%1 %2: %3  ")
                    .arg(q(modeName(skipped.mode)), QString::fromStdString(formatBytes(skipped.bytes)),
                         skippedText(skipped.reason));
    m_note->setText(note);
}

} // namespace sharescope
