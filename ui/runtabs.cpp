#include "runtabs.h"

#include "bytesize.h"
#include "countersmodel.h"
#include "language.h"
#include "migrationchart.h"
#include "phasemodel.h"
#include "phasestyle.h"
#include "residencymap.h"
#include "textconv.h"
#include "timelineplot.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sharescope {
namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setModel(model);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    return table;
}

QWidget *swatch(const QColor &colour, const QString &text, QWidget *parent)
{
    auto *label = new QLabel(
        QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span> %2").arg(colour.name(), text),
        parent);
    return label;
}

// Why a run has no migrations to show, in the words of its mode.
QString whyNothingMigrates(const RunReport &report)
{
    const QString mode = q(modeName(report.spec.mode));
    switch (report.spec.modeInfo().family) {
    case ModeFamily::Mapped:
        return QObject::tr("%1: the GPU reads and writes host memory in place, over the bus; no page migrates.")
            .arg(mode);
    case ModeFamily::Copy:
    case ModeFamily::ClCopy:
        return QObject::tr("%1: the data moves by explicit copies, not by page migration; the Timeline tab shows the "
                           "bytes each copy moved.")
            .arg(mode);
    case ModeFamily::Ipc:
        return QObject::tr("ipc: cudaMalloc memory shared with a second process; its pages never migrate.");
    case ModeFamily::ClMap: {
        const bool zeroCopy = !report.buffers.empty()
            && std::ranges::all_of(report.buffers, [](const BufferReport &b) { return b.zeroCopy == true; });
        return QObject::tr("%1: OpenCL reports no page migrations. Here the map returned %2.")
            .arg(mode,
                 zeroCopy ? QObject::tr("the buffers' own memory (zero-copy)")
                          : QObject::tr("a copy, or memory whose placement the device does not report"));
    }
    case ModeFamily::ClSvm:
        return QObject::tr("%1: one pointer on both sides; OpenCL reports no page migrations.").arg(mode);
    case ModeFamily::Managed:
        break;
    }
    if (!report.countersEnabled)
        return QObject::tr("Counters not reported: %1.").arg(coreText(report.countersNote));
    return {};
}

} // namespace

TimelineTab::TimelineTab(QWidget *parent)
    : QWidget(parent)
    , m_plot(new TimelinePlot(this))
    , m_model(new PhaseModel(this))
    , m_summary(new QLabel(this))
{
    m_table = makeTable(m_model, this);
    m_summary->setWordWrap(true);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_plot);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({460, 300});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    clear();
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
    m_summary->setText(
        tr("<b>%1</b> · %2 · %3 per buffer · %4 (%5) · %6 iterations after %7 warm-up · verified: %8")
            .arg(q(modeName(report.spec.mode)), q(kernelName(report.spec.kernel)), q(formatBytes(report.spec.bytes)),
                 q(report.device.id), q(report.device.name))
            .arg(report.spec.iterations)
            .arg(report.spec.warmup)
            .arg(v.passed() ? tr("yes, %1 elements").arg(q(formatCount(v.checked)))
                            : tr("<span style='color:#b00020'>NO, %1 wrong</span>").arg(q(formatCount(v.mismatches)))));
}

MigrationTab::MigrationTab(QWidget *parent)
    : QWidget(parent)
    , m_model(new CountersModel(this))
    , m_chart(new MigrationChart(this))
    , m_map(new ResidencyMap(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_snapshotLabel(new QLabel(this))
    , m_note(new QLabel(this))
    , m_counterArea(nullptr)
    , m_mapArea(new QWidget(this))
{
    m_table = makeTable(m_model, this);
    m_note->setWordWrap(true);
    m_note->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_note->setMargin(6);
    auto *legend = new QHBoxLayout;
    legend->addWidget(swatch(hostColor(), tr("on the host"), this));
    legend->addWidget(swatch(deviceColor(), tr("on the GPU"), this));
    legend->addWidget(swatch(untouchedColor(), tr("untouched"), this));
    legend->addStretch(1);
    auto *caveat
        = new QLabel(tr("Reconstructed from the migration records: CUDA has no call that says where a page is."), this);
    caveat->setWordWrap(true);
    caveat->setForegroundRole(QPalette::PlaceholderText);
    auto *stepper = new QHBoxLayout;
    stepper->addWidget(new QLabel(tr("After phase"), this));
    stepper->addWidget(m_slider, 1);
    stepper->addWidget(m_snapshotLabel);
    auto *mapLayout = new QVBoxLayout(m_mapArea);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    mapLayout->addWidget(m_map, 1);
    mapLayout->addLayout(stepper);
    mapLayout->addLayout(legend);
    mapLayout->addWidget(caveat);

    auto *top = new QSplitter(Qt::Horizontal, this);
    m_counterArea = top;
    top->addWidget(m_table);
    top->addWidget(m_chart);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    top->setSizes({560, 340});
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(m_mapArea);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(splitter, 1);
    layout->addStretch(0);
    connect(m_slider, &QSlider::valueChanged, this, &MigrationTab::showSnapshot);
    clear();
}

void MigrationTab::clear()
{
    m_model->clear();
    m_chart->clear();
    m_map->setResidency({});
    m_counterArea->setVisible(false);
    m_mapArea->setVisible(false);
    m_note->setText(tr("Run a managed-memory mode on a CUDA device to see pages migrate."));
}

void MigrationTab::setReport(const RunReport &report)
{
    m_model->setReport(report);
    m_chart->setReport(report);
    m_counterArea->setVisible(m_model->rowCount() > 0); // without counters, the note says why
    m_map->setResidency(report.residency);
    const int snapshots = m_map->snapshotCount();
    m_mapArea->setVisible(snapshots > 0);
    m_slider->setRange(0, std::max(0, snapshots - 1));
    m_slider->setValue(std::max(0, snapshots - 1));
    showSnapshot(m_slider->value());
    QString note = whyNothingMigrates(report);
    if (report.residency.unexplainedBytes) {
        note += tr("<b>Incomplete:</b> %1 came back to the host from chunks no record had moved to the GPU: the "
                   "driver dropped migration records. Counters and map are lower bounds.")
                    .arg(q(formatBytes(report.residency.unexplainedBytes)));
    }
    if (note.isEmpty())
        note = tr("Unified-memory counters from CUPTI, medians per phase over the measured iterations.");
    m_note->setText(note);
}

void MigrationTab::showSnapshot(int index)
{
    m_map->setSnapshot(index);
    const auto &snapshots = m_map->residency().snapshots;
    if (index < 0 || index >= static_cast<int>(snapshots.size())) {
        m_snapshotLabel->clear();
        return;
    }
    const ResidencySnapshot &s = snapshots[static_cast<std::size_t>(index)];
    m_snapshotLabel->setText(s.iteration < 0 ? phaseLabel(s.phase)
                                             : tr("iteration %1, %2").arg(s.iteration + 1).arg(phaseLabel(s.phase)));
}

} // namespace sharescope
