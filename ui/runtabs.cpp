// SPDX-License-Identifier: GPL-3.0-or-later
#include "runtabs.h"

#include "bytesize.h"
#include "ceilingtext.h"
#include "clocktext.h"
#include "countersmodel.h"
#include "hostthreadstext.h"
#include "language.h"
#include "migrationchart.h"
#include "peertext.h"
#include "phasemodel.h"
#include "phasestyle.h"
#include "residencymap.h"
#include "tableview.h"
#include "textconv.h"
#include "timelineplot.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sharescope {
TimelineTab::TimelineTab(QWidget *parent)
    : QWidget(parent)
    , m_plot(new TimelinePlot(this))
    , m_model(new PhaseModel(this))
    , m_summary(new QLabel(this))
{
    m_table = makeTable(m_model, this);
    keepRowsVisible(m_table, 5);
    m_summary->setWordWrap(true);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_plot);
    m_splitter->addWidget(m_table);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 0);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_splitter, 1);
    clear();
}

void TimelineTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_userSized)
        return;
    const int total = m_splitter->height() - m_splitter->handleWidth();
    const int rows = static_cast<int>(allPhases.size());
    const int table = std::max(m_table->minimumHeight(),
                               m_table->horizontalHeader()->sizeHint().height()
                                   + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth()
                                   + m_table->horizontalScrollBar()->sizeHint().height());
    if (total > 0)
        m_splitter->setSizes({std::max(m_plot->minimumHeight(), total - table), table});
}

void TimelineTab::clear()
{
    m_plot->clear();
    m_model->clear();
    m_summary->setText(tr("Choose a device and a mode, then Run (Ctrl+R)."));
}

void TimelineTab::addPhase(int iteration, bool warmup, const PhaseResult &result)
{
    m_plot->addPhase(iteration, warmup, result);
}

void TimelineTab::setReport(const RunReport &report)
{
    m_plot->setReport(report);
    m_model->setReport(report);
    const Verification &v = report.verification;
    QString notes;
    // Each measurement problem, in words above the table (the table marks
    // its row); and where no calibration was found, how to make one.
    for (const PhaseSummary &summary : summarize(report)) {
        const auto ceiling = ceilingOf(report, summary.median);
        if (ceiling && ceiling->problem)
            notes += QStringLiteral("<br><span style='color:#b00020'>%1</span>")
                         .arg(tr("⚠ %1").arg(problemText(*ceiling->problem)).toHtmlEscaped());
    }
    if (const QString threads = hostThreadsText(report.spec); !threads.isEmpty())
        notes += QStringLiteral("<br>") + threads.toHtmlEscaped();
    if (const QString clock = clockText(report); !clock.isEmpty()) {
        const auto spread = clockSpread(report);
        const QString line = tr("GPU clock: %1").arg(clock).toHtmlEscaped();
        notes += QStringLiteral("<br>")
            + (spread && spread->changed() ? QStringLiteral("<span style='color:#b00020'>%1</span>").arg(line) : line);
    }
    if (!report.ceilings)
        notes += QStringLiteral("<br>")
            + tr("This report has no ceilings: it was written before ShareScope held phases against them.");
    else if (report.ceilings->calibratedUtc.empty())
        notes += QStringLiteral("<br>")
            + tr("No calibration of this device yet: Run → Calibrate… measures its ceilings, for the Of measured "
                 "column.");
    m_summary->setText(
        tr("<b>%1</b> · %2 · %3 per buffer · %4 (%5) · %6 iterations after %7 warm-up · verified: %8")
            .arg(modeLabel(report.spec), q(kernelName(report.spec.kernel)), q(formatBytes(report.spec.bytes)),
                 q(report.device.id), q(report.device.name))
            .arg(report.spec.iterations)
            .arg(report.spec.warmup)
            .arg(v.passed() ? tr("yes, %1 elements").arg(q(formatCount(v.checked)))
                            : tr("<span style='color:#b00020'>NO, %1 wrong</span>").arg(q(formatCount(v.mismatches))))
        + notes);
}

} // namespace sharescope
