// SPDX-License-Identifier: GPL-3.0-or-later
#include "migrationtab.h"

#include "bytesize.h"
#include "causestext.h"
#include "countersmodel.h"
#include "countertables.h"
#include "language.h"
#include "migrationchart.h"
#include "phasestyle.h"
#include "residencymap.h"
#include "tableview.h"
#include "textconv.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace sharescope {
namespace {

QLabel *swatch(const QColor &colour, const QString &text, QWidget *parent)
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
    case ModeFamily::Peer:
        return QObject::tr("%1: cudaMalloc memory on two GPUs; explicit copies between them, or the peer's kernel "
                           "reaching over the link, move the data, not page migration. The Timeline tab shows the "
                           "bytes each copy moved between the devices.")
            .arg(mode);
    case ModeFamily::ClMap: {
        const bool zeroCopy = mappedInPlace(report.buffers).value_or(false);
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
    if (!report.counted.enabled)
        return QObject::tr("Counters not reported: %1.").arg(messageText(report.counted.note));
    return {};
}

// The bytes CUPTI recorded over the bytes the driver moved, over the
// median iteration's phases; empty without both.
std::optional<double> overallRecordedShare(const RunReport &report)
{
    std::uint64_t recorded = 0;
    std::uint64_t exact = 0;
    for (const PhaseSummary &summary : summarize(report)) {
        const auto &c = summary.median.counters;
        if (!c || !c->recordedHostToDevice || !c->recordedDeviceToHost || !c->bytesHostToDevice
            || !c->bytesDeviceToHost)
            continue;
        recorded += *c->recordedHostToDevice + *c->recordedDeviceToHost;
        exact += *c->bytesHostToDevice + *c->bytesDeviceToHost;
    }
    if (exact == 0)
        return std::nullopt;
    return static_cast<double>(recorded) / static_cast<double>(exact);
}

// Between two GPUs only the records count the bytes.
QString betweenGpusNote(const RunReport &report)
{
    if (!report.spec.modeInfo().needsPeer() || report.spec.modeInfo().family != ModeFamily::Managed)
        return {};
    if (report.counted.recordsSource == RecordsSource::None) {
        return QLatin1Char(' ')
            + MigrationTab::tr("The device→device column is not reported: only migration records count it, and none "
                               "were asked for (--records none).");
    }
    if (report.counted.recordsSource == RecordsSource::DriverEvents && report.counted.lost == 0) {
        return QLatin1Char(' ')
            + MigrationTab::tr("The device→device column comes from the driver's own migration records, none of "
                               "which it dropped: exact.");
    }
    if (report.counted.recordsSource == RecordsSource::DriverEvents) {
        return QLatin1Char(' ')
            + MigrationTab::tr("The device→device column comes from the driver's own migration records, some of "
                               "which it dropped: a lower bound.");
    }
    return QLatin1Char(' ')
        + MigrationTab::tr("The device→device column comes from CUPTI's records alone: the driver counts no copies "
                           "from GPU to GPU, so it is a lower bound.");
}

QString countersNote(const RunReport &report)
{
    if (report.counted.totals == CounterTotals::Driver) {
        QString note = MigrationTab::tr(
            "Exact totals from the UVM driver's own counters, counted in a second pass of the same experiment with "
            "the counters on; the times on the Timeline are from the run without them.");
        if (const auto share = overallRecordedShare(report)) {
            note += QLatin1Char(' ')
                + (report.counted.recordsSource == RecordsSource::DriverEvents
                       ? MigrationTab::tr("The driver's own migration records (its event queue) hold %1% of the bytes "
                                          "it counted.")
                       : MigrationTab::tr("CUPTI's migration records hold %1% of the bytes the driver moved."))
                      .arg(*share * 100, 0, 'f', 0);
        }
        return note + betweenGpusNote(report);
    }
    QString note = MigrationTab::tr("Sums of the migration records (the driver's own counters are not reported "
                                    "here: %1).")
                       .arg(messageText(report.counted.exactNote));
    if (report.counted.residency.unexplainedBytes) {
        note += QLatin1Char(' ')
            + MigrationTab::tr("<b>Incomplete:</b> %1 came back to the host from chunks no record had moved to the "
                               "GPU: the driver dropped migration records. The counters are lower bounds.")
                  .arg(q(formatBytes(report.counted.residency.unexplainedBytes)));
    }
    return note + betweenGpusNote(report);
}

QString mapSourceText(const RunReport &report)
{
    const Residency &residency = report.counted.residency;
    if (residency.source == ResidencySource::Pages && report.spec.modeInfo().needsPeer())
        return MigrationTab::tr("From the pages the CPU holds (/proc/self/pagemap), read after every phase: on the "
                                "host and partly are measured; a chunk the CPU does not hold is on the GPU that last "
                                "had it, as the run placed it: on the device after host-init's prefetch, on the peer "
                                "once the peer's kernel touched it or a prefetch took it there.");
    if (residency.source == ResidencySource::Pages)
        return MigrationTab::tr("From the pages the CPU holds (/proc/self/pagemap), read after every phase: on the "
                                "host and partly are measured; a chunk the CPU does not hold is on the GPU once the "
                                "GPU has touched it, untouched before, and on the host for the GPU under "
                                "preferred-host advice.");
    return MigrationTab::tr("Reconstructed from the migration records: CUDA has no call that says where a page is.");
}

} // namespace

MigrationTab::MigrationTab(QWidget *parent)
    : QWidget(parent)
    , m_model(new CountersModel(this))
    , m_chart(new MigrationChart(this))
    , m_map(new ResidencyMap(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_snapshotLabel(new QLabel(this))
    , m_note(new QLabel(this))
    , m_mapSource(new QLabel(this))
    , m_bottom(nullptr)
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_mapArea(new QWidget(this))
{
    m_table = makeTable(m_model, this);
    m_note->setWordWrap(true);
    m_note->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_note->setMargin(6);
    // Four places a row: the seven in one row made the tab, and the window,
    // wider than its default size.
    auto *legend = new QGridLayout;
    constexpr int legendColumns = 4;
    for (const Location location : {Location::Host, Location::Partly, Location::Device, Location::Peer, Location::Both,
                                    Location::Remote, Location::Untouched}) {
        QLabel *entry = swatch(locationColor(location), locationLabel(location), this);
        const int at = static_cast<int>(m_swatches.size());
        m_swatches.emplace_back(location, entry);
        legend->addWidget(entry, at / legendColumns, at % legendColumns);
    }
    legend->setColumnStretch(legendColumns, 1);
    m_mapSource->setWordWrap(true);
    m_mapSource->setForegroundRole(QPalette::PlaceholderText);
    auto *stepper = new QHBoxLayout;
    stepper->addWidget(new QLabel(tr("After phase"), this));
    stepper->addWidget(m_slider, 1);
    stepper->addWidget(m_snapshotLabel);
    auto *mapLayout = new QVBoxLayout(m_mapArea);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    mapLayout->addWidget(m_map, 1);
    mapLayout->addLayout(stepper);
    mapLayout->addLayout(legend);
    mapLayout->addWidget(m_mapSource);

    // The counters' table across the whole tab, so that its columns fit at
    // the window's default size; below it the map, and beside the map the
    // chart of the bytes migrated in each phase.
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    m_bottom = bottom;
    bottom->addWidget(m_mapArea);
    bottom->addWidget(m_chart);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 1);
    bottom->setSizes({660, 300});
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(bottom);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(m_splitter, 1);
    layout->addStretch(0);
    connect(m_slider, &QSlider::valueChanged, this, &MigrationTab::showSnapshot);
    clear();
}

void MigrationTab::clear()
{
    m_model->clear();
    m_chart->clear();
    m_map->setResidency({});
    m_table->setVisible(false);
    m_chart->setVisible(false);
    m_mapArea->setVisible(false);
    m_bottom->setVisible(false);
    m_note->setText(tr("Run a managed-memory mode on a CUDA device to see pages migrate."));
}

void MigrationTab::setReport(const RunReport &report)
{
    m_model->setReport(report);
    m_chart->setReport(report);
    const bool counters = m_model->rowCount() > 0; // without counters, the note says why
    m_table->setVisible(counters);
    hideUnreportedColumns();
    m_chart->setVisible(counters);
    m_map->setResidency(report.counted.residency);
    m_mapSource->setText(mapSourceText(report));
    nameThePlaces(report);
    const int snapshots = m_map->snapshotCount();
    m_mapArea->setVisible(snapshots > 0);
    m_bottom->setVisible(counters || snapshots > 0);
    m_slider->setRange(0, std::max(0, snapshots - 1));
    m_slider->setValue(std::max(0, snapshots - 1));
    showSnapshot(m_slider->value());
    QString note = whyNothingMigrates(report);
    if (note.isEmpty() && report.counted.enabled) {
        note = countersNote(report);
        if (const QString causes = migrationCausesText(report); !causes.isEmpty())
            note += QLatin1Char(' ') + tr("Why pages moved, per iteration: %1.").arg(causes.toHtmlEscaped());
    }
    m_note->setText(note);
    fitTable();
}

// A counter no phase reports says nothing (CUPTI's GPU fault groups, with
// the driver's records): its column is left out, as the command line's table
// leaves it out.
void MigrationTab::hideUnreportedColumns()
{
    for (int column = CountersModel::FirstCounterColumn; column < m_model->columnCount(); ++column) {
        bool reported = false;
        for (int row = 0; row < m_model->rowCount() && !reported; ++row)
            reported = m_model->index(row, column).data(CountersModel::ValueRole).isValid();
        m_table->setColumnHidden(column, !reported && m_model->rowCount() > 0);
    }
}

// The counters' table as tall as its rows, up to half the tab; the map
// and the chart the rest.
void MigrationTab::fitTable()
{
    if (m_userSized || m_model->rowCount() == 0 || !m_bottom->isVisibleTo(this))
        return;
    const int wanted = m_table->verticalHeader()->length() + m_table->horizontalHeader()->sizeHint().height()
        + 2 * m_table->frameWidth() + m_table->horizontalScrollBar()->sizeHint().height();
    const int total = m_splitter->height() - m_splitter->handleWidth();
    if (total <= 0)
        return; // not laid out yet: resizeEvent comes back
    const int table = std::min(wanted, total / 2);
    m_splitter->setSizes({table, total - table});
}

void MigrationTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitTable();
}

// With a peer, three places: the device and the peer by name, and the
// peer's colour in the legend; without one, the legend of one GPU.
void MigrationTab::nameThePlaces(const RunReport &report)
{
    const bool peer = report.spec.modeInfo().needsPeer();
    for (const auto &[location, label] : m_swatches) {
        QString text = locationLabel(location);
        if (peer && location == Location::Device)
            text = tr("on the device (%1)").arg(q(report.device.id));
        if (location == Location::Peer)
            text = tr("on the peer (%1)").arg(q(report.spec.peerId));
        label->setText(QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span> %2")
                           .arg(locationColor(location).name(), text));
        label->setVisible(location != Location::Peer || peer);
    }
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
                                             : tr("iteration %1, %2").arg(s.iteration).arg(phaseLabel(s.phase)));
}

} // namespace sharescope
