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
#include <QToolButton>
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
    , m_details(new QLabel(this))
    , m_lesson(new QLabel)
    , m_lessonArea(new QScrollArea)
    , m_lessonPane(new QWidget(this))
    , m_lessonFold(new QToolButton(m_lessonPane))
    , m_question(new QuestionPanel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_lesson->setWordWrap(true);
    m_lesson->setTextFormat(Qt::RichText);
    m_lesson->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_lesson->setFrameShape(QFrame::StyledPanel);
    m_lesson->setMargin(8);
    m_lesson->setBackgroundRole(QPalette::AlternateBase);
    m_lesson->setAutoFillBackground(true);
    connect(m_lesson, &QLabel::linkActivated, this, &CompareTab::lessonLinkActivated);
    // A long lesson scrolls in its pane; the user resizes the pane with the
    // splitter or folds it to its title line.
    m_lessonArea->setWidget(m_lesson);
    m_lessonArea->setWidgetResizable(true);
    m_lessonArea->setFrameShape(QFrame::NoFrame);
    m_lessonArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    //: The fold of the guided demo's lesson above the Compare chart.
    m_lessonFold->setText(tr("Lesson"));
    m_lessonFold->setCheckable(true);
    m_lessonFold->setChecked(true);
    m_lessonFold->setArrowType(Qt::DownArrow);
    m_lessonFold->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_lessonFold->setAutoRaise(true);
    m_lessonFold->setToolTip(tr("Fold the lesson to this line, or unfold it; drag the line below it to resize it"));
    auto *paneLayout = new QVBoxLayout(m_lessonPane);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->setSpacing(0);
    paneLayout->addWidget(m_lessonFold);
    paneLayout->addWidget(m_lessonArea, 1);
    m_lessonPane->hide();
    connect(m_lessonFold, &QToolButton::toggled, this, [this] {
        m_userSized = false;
        fitPanes();
    });
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
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // The line above the chart says what was compared; the notes (modes not
    // run here, the clock) fold behind a link, so that the chart keeps its
    // height.
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->hide();
    connect(m_note, &QLabel::linkActivated, this, [this] {
        m_details->setVisible(m_details->isHidden());
        m_userSized = false;
        fitPanes();
    });
    m_splitter->addWidget(m_lessonPane);
    m_splitter->addWidget(m_chart);
    m_splitter->addWidget(m_table);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setStretchFactor(2, 0);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        m_userSized = true;
        showLessonText();
    });
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex &index) { emit runChosen(m_sorted->mapToSource(index).row()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit runSelected(m_sorted->mapToSource(current).row());
            });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_question);
    layout->addWidget(m_note);
    layout->addWidget(m_details);
    layout->addWidget(m_splitter, 1);
    setReports({});
}

int CompareTab::tableHeight(int rows) const
{
    m_table->resizeRowsToContents();
    const int count = m_table->model()->rowCount();
    int height = 0;
    for (int row = 0; row < std::min(rows, count); ++row)
        height += m_table->rowHeight(row);
    if (count < rows && count > 0) // rows not there yet count as tall as the first
        height += (rows - count) * m_table->rowHeight(0);
    else if (count == 0)
        height = rows * (m_table->fontMetrics().height() + 8);
    return height + m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height();
}

int CompareTab::lessonHeight() const
{
    if (m_lessonPane->isHidden())
        return 0;
    const int header = m_lessonFold->sizeHint().height();
    if (!m_lessonFold->isChecked())
        return header;
    const int width = m_lessonArea->viewport()->width() > 0 ? m_lessonArea->viewport()->width() : m_lesson->width();
    const int wanted = m_lesson->heightForWidth(width);
    return header + (wanted > 0 ? wanted : m_lesson->sizeHint().height());
}

void CompareTab::fitPanes()
{
    // Five rows at least, or all where there are fewer; never less: the
    // lesson gives way first, then the table beyond its five rows.
    const int rows = m_model->rowCount();
    const int fiveRows = tableHeight(std::max(1, std::min(rows, 5)));
    m_table->setMinimumHeight(fiveRows);
    const int header = m_lessonFold->sizeHint().height();
    const int lessonMinimum = header; // where the window is short, its title line; the splitter opens it
    m_lessonPane->setMinimumHeight(m_lessonPane->isHidden() ? 0 : lessonMinimum);
    if (m_userSized)
        return;
    const int total = m_splitter->height() - 2 * m_splitter->handleWidth();
    if (total <= 0)
        return;
    const int chartMinimum = m_chart->minimumHeight();
    int spare = std::max(0, total - chartMinimum - fiveRows);
    // The lesson its text's height, up to two fifths of the tab.
    int lesson = 0;
    if (!m_lessonPane->isHidden()) {
        lesson
            = m_lessonFold->isChecked() ? std::min({lessonHeight(), height() * 2 / 5, lessonMinimum + spare}) : header;
        lesson = std::max(lesson, lessonMinimum);
        spare = std::max(0, spare - (lesson - lessonMinimum));
    }
    // The table its rows, up to half the splitter; the chart the rest.
    const int table = rows == 0 ? fiveRows : std::clamp(tableHeight(rows), fiveRows, std::max(fiveRows, total / 2));
    const int tableGrown = std::min(table, fiveRows + spare);
    m_splitter->setSizes({lesson, std::max(chartMinimum, total - tableGrown - lesson), tableGrown});
    showLessonText();
}

void CompareTab::showLessonText()
{
    // A pane no taller than its title line shows the title alone, folded,
    // rather than a sliver of the text.
    const int room = m_lessonPane->height() - m_lessonFold->sizeHint().height();
    const bool open = m_lessonFold->isChecked() && room >= 2 * fontMetrics().lineSpacing();
    m_lessonArea->setVisible(open);
    m_lessonFold->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
}

void CompareTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitPanes();
}

void CompareTab::setLesson(const Lesson &lesson)
{
    if (lesson.title.isEmpty() && lesson.paragraphs.isEmpty()) {
        m_lesson->clear();
        m_lessonPane->hide();
        fitPanes();
        return;
    }
    // `code` in a lesson is shown as code; `sharescope show NAME` opens the
    // example here, as File ▸ Examples does.
    static const QRegularExpression showCommand(QStringLiteral("`sharescope show ([a-z0-9-]+)`"));
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    QString html = QStringLiteral("<b>%1</b>").arg(lesson.title.toHtmlEscaped());
    for (const QString &paragraph : lesson.paragraphs)
        html += QStringLiteral("<p>%1</p>")
                    .arg(paragraph.toHtmlEscaped()
                             .replace(showCommand,
                                      QStringLiteral("<a href=\"example:\\1\"><code>sharescope show \\1</code></a>"))
                             .replace(code, QStringLiteral("<code>\\1</code>")));
    m_lesson->setText(html);
    m_lessonFold->setChecked(true);
    m_lessonPane->show();
    m_userSized = false;
    fitPanes();
}

void CompareTab::setReports(const ReportSet &set)
{
    m_model->setReports(set);
    m_chart->setReports(set);
    const bool counters = std::ranges::any_of(set.runs, [](const RunReport &r) { return r.counted.enabled; });
    m_table->setColumnHidden(CompareModel::MigratedColumn, !counters);
    m_table->setColumnHidden(CompareModel::FaultsColumn, !counters);
    m_userSized = false;
    m_details->clear();
    m_details->hide();
    if (set.runs.empty()) {
        m_note->setText(tr("Compare all modes runs the experiment on screen in every mode of the device."));
        fitPanes();
        return;
    }
    const RunReport &first = set.runs.front();
    QString note = tr("%1 · %2 per buffer · %3 (%4) · median host time per phase")
                       .arg(q(kernelName(first.spec.kernel)), QString::fromStdString(formatBytes(first.spec.bytes)),
                            QString::fromStdString(first.device.id), QString::fromStdString(first.device.name))
                       .toHtmlEscaped();
    QStringList details;
    details << tr("Click a column to sort; double-click a mode for its run in Timeline and Migration.").toHtmlEscaped();
    for (const SkippedRun &skipped : set.skipped)
        details << QStringLiteral("%1: %2").arg(q(modeName(skipped.mode)), skippedText(skipped.reason).toHtmlEscaped());
    if (const QString clock = setClockText(set); !clock.isEmpty())
        details << clock.simplified().toHtmlEscaped();
    QString more;
    if (!set.skipped.empty())
        more = tr("%1 not run here")
                   .arg(set.skipped.size() == 1 ? tr("one mode") : tr("%1 modes").arg(set.skipped.size()));
    //: A link that shows the Compare tab's notes (modes not run, the GPU clock, how to sort).
    note += QStringLiteral(" · <a href=\"details\">%1</a>")
                .arg((more.isEmpty() ? tr("notes") : tr("%1; notes").arg(more)).toHtmlEscaped());
    m_note->setText(note);
    m_details->setText(details.join(QStringLiteral("<br>")));
    fitPanes();
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
