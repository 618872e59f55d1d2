// SPDX-License-Identifier: GPL-3.0-or-later
#include "experimentpanel.h"

#include "language.h"
#include "peerbox.h"
#include "peertext.h"
#include "preflight.h"
#include "textconv.h"
#include "textwrap.h"
#include "wheelguard.h"

#include "bytesize.h"
#include "catalogue.h"
#include "peers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace sharescope {
namespace {

QString badges(const DeviceInfo &d)
{
    QStringList parts{q(formatBytes(d.globalMemoryBytes))};
    if (d.backend == BackendKind::Cuda) {
        parts << QStringLiteral("sm_%1%2").arg(d.versionMajor).arg(d.versionMinor);
        if (d.managedMemory)
            //: A badge: the device supports managed memory (cudaMallocManaged): 托管内存.
            parts << QObject::tr("managed");
        if (d.concurrentManagedAccess)
            parts << QObject::tr("concurrent access");
        for (const PeerLink &link : d.peers)
            parts << peerLinkSummary(link);
    } else {
        parts << QStringLiteral("OpenCL %1.%2").arg(d.versionMajor).arg(d.versionMinor);
        if (d.hostUnifiedMemory)
            //: A badge: the OpenCL device shares the host's memory (CL_DEVICE_HOST_UNIFIED_MEMORY).
            //: Not CUDA's unified memory (统一内存): the glossary's 与主机共用内存.
            parts << QObject::tr("host-unified");
        if (d.svmFineBuffer)
            parts << QObject::tr("fine SVM");
        else if (d.svmCoarseBuffer)
            parts << QObject::tr("coarse SVM");
    }
    // The label wraps between badges, never inside one.
    for (QString &part : parts)
        part = unbreakable(part);
    return parts.join(QStringLiteral(" · "));
}

} // namespace

ExperimentPanel::ExperimentPanel(QWidget *parent)
    : QWidget(parent)
    , m_device(new QComboBox(this))
    , m_deviceBadges(new QLabel(this))
    , m_modes(new QListWidget(this))
    , m_kernel(new QComboBox(this))
    , m_stride(new QLineEdit(QStringLiteral("64KiB"), this))
    , m_rounds(new QSpinBox(this))
    , m_advice(new QComboBox(this))
    , m_size(new QLineEdit(QStringLiteral("64MiB"), this))
    , m_iterations(new QSpinBox(this))
    , m_warmup(new QSpinBox(this))
    , m_counters(new QCheckBox(tr("Unified-memory counters (CUDA)"), this))
    , m_writeCombined(new QCheckBox(tr("Write-combined host memory"), this))
    , m_hostThreads(new QSpinBox(this))
    , m_defaultStream(new QComboBox(this))
    , m_peerBox(new PeerBox(this))
    , m_sweepSizes(new QLineEdit(QStringLiteral("4KiB:64MiB:x4"), this))
    , m_problem(new QLabel(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_compare(new QPushButton(tr("Compare all modes"), this))
    , m_sweep(new QPushButton(tr("Size sweep"), this))
    , m_scroll(new QScrollArea(this))
    , m_moreToggle(new QToolButton(this))
    , m_moreSummary(new QLabel(this))
    , m_more(new QWidget(this))
    , m_shown(new QLabel(this))
{
    setUpFields();

    // What most runs set, in the order a run is thought of.
    auto *settings = new QWidget(m_scroll);
    auto *form = new QFormLayout;
    form->addRow(tr("Device"), m_device);
    form->addRow(QString(), m_deviceBadges);
    form->addRow(tr("Kernel"), m_kernel);
    form->addRow(tr("Size per buffer"), m_size);
    form->addRow(tr("Iterations"), m_iterations);
    form->addRow(tr("Warm-up"), m_warmup);
    form->addRow(m_counters); // across both columns: the panel may then be narrower, the tabs wider
    // What few runs touch, folded until asked for; its line says what
    // those that apply are set to, so that nothing folded acts unseen.
    //: The panel's fold of the options few runs change (stride, rounds, advice, host threads, ...).
    m_moreToggle->setText(tr("More options"));
    m_moreToggle->setCheckable(true);
    m_moreToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_moreToggle->setArrowType(Qt::RightArrow);
    m_moreToggle->setAutoRaise(true);
    m_moreSummary->setWordWrap(true);
    m_moreSummary->setForegroundRole(QPalette::PlaceholderText);
    auto *moreForm = new QFormLayout(m_more);
    moreForm->setContentsMargins(0, 0, 0, 0);
    moreForm->addRow(tr("Stride"), m_stride);
    moreForm->addRow(tr("Rounds"), m_rounds);
    //: cudaMemAdvise's advice for managed-advise: 建议 (not 提示).
    moreForm->addRow(tr("Advice"), m_advice);
    moreForm->addRow(m_writeCombined);
    moreForm->addRow(tr("Host threads"), m_hostThreads);
    moreForm->addRow(tr("Default stream"), m_defaultStream);
    moreForm->addRow(tr("Sweep sizes"), m_sweepSizes);
    m_more->setVisible(false);
    connect(m_moreToggle, &QToolButton::toggled, this, [this](bool open) {
        m_moreToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_more->setVisible(open);
        m_moreSummary->setVisible(!open && !m_moreSummary->text().isEmpty());
    });
    auto *settingsLayout = new QVBoxLayout(settings);
    settingsLayout->setContentsMargins(0, 0, 0, 0);
    settingsLayout->addLayout(form);
    settingsLayout->addWidget(new QLabel(tr("Sharing mode"), settings));
    settingsLayout->addWidget(m_modes, 1);
    settingsLayout->addWidget(m_peerBox);
    settingsLayout->addWidget(m_moreToggle);
    settingsLayout->addWidget(m_moreSummary);
    settingsLayout->addWidget(m_more);
    // The settings scroll rather than grow the window: what a mode shows
    // (the Peer device box, a long reason) never changes the window's size.
    m_scroll->setWidget(settings);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (QWidget *box : std::initializer_list<QWidget *>{m_device, m_kernel, m_rounds, m_advice, m_iterations, m_warmup,
                                                         m_hostThreads, m_defaultStream, m_peerBox->peerCombo()})
        guardWheel(box);

    m_shown->setWordWrap(true);
    m_shown->setFrameShape(QFrame::StyledPanel);
    m_shown->setMargin(4);
    m_shown->setVisible(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    auto *more = new QHBoxLayout;
    more->addWidget(m_compare);
    more->addWidget(m_sweep);
    // Below the scroll area: the buttons never scroll out of view.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_shown);
    layout->addWidget(m_problem);
    layout->addLayout(buttons);
    layout->addLayout(more);

    connectFields();
    validate();
}

// Each field's range, items, tips and first value.
void ExperimentPanel::setUpFields()
{
    m_deviceBadges->setWordWrap(true);
    m_deviceBadges->setForegroundRole(QPalette::PlaceholderText);
    // Six rows at least (every OpenCL mode); a CUDA device's list scrolls.
    m_modes->setMinimumHeight(6 * (m_modes->fontMetrics().height() + 4) + 2 * m_modes->frameWidth());
    for (const KernelInfo &kernel : kernels()) {
        m_kernel->addItem(q(kernel.name), static_cast<int>(kernel.id));
        m_kernel->setItemData(m_kernel->count() - 1, coreText(std::string(kernel.summary)), Qt::ToolTipRole);
    }
    m_rounds->setRange(1, maxRounds);
    m_rounds->setValue(4);
    for (const Advice advice : adviceValues())
        m_advice->addItem(q(adviceName(advice)), static_cast<int>(advice));
    m_iterations->setRange(1, maxIterations);
    m_iterations->setValue(5);
    m_warmup->setRange(0, maxIterations);
    m_warmup->setValue(1);
    m_counters->setChecked(true);
    m_writeCombined->setToolTip(tr("pinned and zero-copy: cudaHostAllocWriteCombined. The GPU reads such memory "
                                   "faster over the bus; the CPU reads it uncached, slowly (see host-read)."));
    m_hostThreads->setRange(1, maxHostThreads);
    m_hostThreads->setToolTip(tr("Host threads that share the GPU, each filling, moving, launching on and checking "
                                 "its slice of the buffers (every kernel; not the modes whose kernel runs in "
                                 "another process or on the peer); the Timeline shows a lane per thread."));
    m_defaultStream->addItem(q(defaultStreamName(DefaultStream::Legacy)), static_cast<int>(DefaultStream::Legacy));
    m_defaultStream->addItem(q(defaultStreamName(DefaultStream::PerThread)),
                             static_cast<int>(DefaultStream::PerThread));
    m_defaultStream->setToolTip(tr("CUDA: the stream the host threads put their work on. legacy: the one default "
                                   "stream they all share, so their work serialises; per-thread: each thread's own "
                                   "default stream, so their work can overlap"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    m_size->setToolTip(q(acceptedSizeForms()));
    m_stride->setToolTip(tr("Distance between the elements the stride kernel touches"));
    m_sweepSizes->setToolTip(tr("FROM:TO (doubling), FROM:TO:xN or S,S,..."));
    m_cancel->setEnabled(false);
}

// Every field's change checks the experiment; the buttons ask for their work.
void ExperimentPanel::connectFields()
{
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        fillModes();
        emit deviceChanged(deviceId());
    });
    connect(m_modes, &QListWidget::currentRowChanged, this, &ExperimentPanel::validate);
    connect(m_peerBox, &PeerBox::changed, this, &ExperimentPanel::validate);
    for (QLineEdit *edit : {m_size, m_stride, m_sweepSizes})
        connect(edit, &QLineEdit::textChanged, this, &ExperimentPanel::validate);
    connect(m_kernel, &QComboBox::currentIndexChanged, this, &ExperimentPanel::validate);
    connect(m_writeCombined, &QCheckBox::toggled, this, &ExperimentPanel::validate);
    connect(m_iterations, &QSpinBox::valueChanged, this, &ExperimentPanel::validate);
    connect(m_warmup, &QSpinBox::valueChanged, this, &ExperimentPanel::validate);
    connect(m_rounds, &QSpinBox::valueChanged, this, &ExperimentPanel::validate);
    connect(m_advice, &QComboBox::currentIndexChanged, this, &ExperimentPanel::validate);
    connect(m_counters, &QCheckBox::toggled, this, &ExperimentPanel::validate);
    connect(m_hostThreads, &QSpinBox::valueChanged, this, &ExperimentPanel::validate);
    connect(m_defaultStream, &QComboBox::currentIndexChanged, this, &ExperimentPanel::validate);
    connect(m_run, &QPushButton::clicked, this, &ExperimentPanel::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentPanel::cancelRequested);
    connect(m_compare, &QPushButton::clicked, this, &ExperimentPanel::compareRequested);
    connect(m_sweep, &QPushButton::clicked, this, &ExperimentPanel::sweepRequested);
}

QSize ExperimentPanel::minimumSizeHint() const
{
    QSize hint = QWidget::minimumSizeHint();
    const QMargins margins = layout()->contentsMargins();
    const int settings = m_scroll->widget()->minimumSizeHint().width()
        + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + margins.left() + margins.right();
    hint.setWidth(std::max(hint.width(), settings));
    return hint;
}

void ExperimentPanel::setDevices(const DeviceList &list)
{
    const QString previous = deviceId();
    m_devices = list;
    const QSignalBlocker blocker(m_device);
    m_device->clear();
    auto *items = qobject_cast<QStandardItemModel *>(m_device->model());
    for (const BackendKind backend : {BackendKind::Cuda, BackendKind::OpenCL}) {
        bool header = false;
        for (const DeviceInfo &d : list.devices) {
            if (d.backend != backend)
                continue;
            if (!header) {
                // A heading per backend, not selectable.
                m_device->addItem(q(backendName(backend)));
                items->item(m_device->count() - 1)->setEnabled(false);
                header = true;
            }
            m_device->addItem(QStringLiteral("  %1  %2").arg(q(d.id), q(d.name)), q(d.id));
            m_device->setItemData(m_device->count() - 1, badges(d), Qt::ToolTipRole);
        }
    }
    if (!selectDevice(previous)) {
        const auto first = list.resolve("");
        if (first)
            selectDevice(q(first->id));
    }
    fillModes();
}

std::optional<DeviceInfo> ExperimentPanel::currentDevice() const
{
    const QString id = deviceId();
    const auto it = std::ranges::find(m_devices.devices, id.toStdString(), &DeviceInfo::id);
    if (it == m_devices.devices.end())
        return std::nullopt;
    return *it;
}

void ExperimentPanel::fillModes()
{
    const std::optional<ModeId> previous = mode();
    const auto device = currentDevice();
    m_deviceBadges->setText(device ? badges(*device) : tr("No device"));
    m_peerBox->setDevice(device);
    const QSignalBlocker blocker(m_modes);
    m_modes->clear();
    for (const ModeInfo &info : modes()) {
        if (device && info.backend != device->backend)
            continue;
        auto *item = new QListWidgetItem(q(info.name), m_modes);
        item->setData(Qt::UserRole, static_cast<int>(info.id));
        const Support support = device ? supportOf(*device, info.id) : notSupported("no device");
        if (support.supported) {
            item->setToolTip(coreText(std::string(info.summary)));
        } else {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(tr("Not supported on this device: %1").arg(supportText(support)));
            item->setText(tr("%1 (not supported)").arg(q(info.name)));
        }
    }
    if (!(previous && selectMode(*previous)) && device)
        selectMode(defaultMode(device->backend));
    validate();
}

bool ExperimentPanel::selectDevice(const QString &id)
{
    const int index = m_device->findData(id);
    if (index < 0)
        return false;
    m_device->setCurrentIndex(index);
    return true;
}

bool ExperimentPanel::selectMode(ModeId mode)
{
    for (int row = 0; row < m_modes->count(); ++row) {
        QListWidgetItem *item = m_modes->item(row);
        if (item->data(Qt::UserRole).toInt() == static_cast<int>(mode) && (item->flags() & Qt::ItemIsEnabled)) {
            m_modes->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

void ExperimentPanel::selectKernel(KernelId kernel)
{
    m_kernel->setCurrentIndex(m_kernel->findData(static_cast<int>(kernel)));
}

void ExperimentPanel::setSize(const QString &size)
{
    m_size->setText(size);
}

void ExperimentPanel::setIterations(int iterations, int warmup)
{
    m_iterations->setValue(iterations);
    m_warmup->setValue(warmup);
}

QString ExperimentPanel::deviceId() const
{
    return m_device->currentData().toString();
}

std::optional<ModeId> ExperimentPanel::mode() const
{
    const QListWidgetItem *item = m_modes->currentItem();
    if (!item)
        return std::nullopt;
    return static_cast<ModeId>(item->data(Qt::UserRole).toInt());
}

KernelId ExperimentPanel::kernel() const
{
    return static_cast<KernelId>(m_kernel->currentData().toInt());
}
QString ExperimentPanel::sizeText() const
{
    return m_size->text();
}

QString ExperimentPanel::peerId() const
{
    return m_peerBox->peerId();
}

bool ExperimentPanel::selectPeer(const QString &id)
{
    return m_peerBox->selectPeer(id);
}

void ExperimentPanel::setPeerAccess(bool on)
{
    m_peerBox->setPeerAccess(on);
}

void ExperimentPanel::setWriteCombined(bool on)
{
    m_writeCombined->setChecked(on);
}

void ExperimentPanel::setHostThreads(int threads, DefaultStream stream)
{
    m_hostThreads->setValue(threads);
    m_defaultStream->setCurrentIndex(m_defaultStream->findData(static_cast<int>(stream)));
}

Result<ExperimentSpec> ExperimentPanel::spec() const
{
    ExperimentSpec spec;
    spec.deviceId = deviceId().toStdString();
    if (spec.deviceId.empty())
        return unsupported(tr("No device to run on.").toStdString());
    const std::optional<ModeId> chosen = mode();
    if (!chosen)
        return badArgument(tr("Choose a sharing mode this device supports.").toStdString());
    spec.kernel = kernel();
    const auto size = parseByteSize(m_size->text().toStdString(), elementBytes);
    if (!size)
        return size.error();
    spec.bytes = *size;
    if (spec.kernelInfo().usesStride) {
        const auto stride = parseByteSize(m_stride->text().toStdString(), elementBytes);
        if (!stride)
            return badArgument(tr("stride: %1").arg(errorText(stride.error())).toStdString());
        spec.strideBytes = *stride;
    }
    spec.rounds = m_rounds->value();
    spec.iterations = m_iterations->value();
    spec.warmup = m_warmup->value();
    spec.counters = m_counters->isChecked();
    spec.advice = static_cast<Advice>(m_advice->currentData().toInt());
    spec.peerId = peerId().toStdString();
    spec.peerAccess = m_peerBox->peerAccess();
    spec.writeCombined = m_writeCombined->isChecked();
    spec.hostThreads = m_hostThreads->value();
    // OpenCL gives each thread a queue: there is no stream to choose.
    if (modeInfo(*chosen).backend == BackendKind::Cuda)
        spec.defaultStream = static_cast<DefaultStream>(m_defaultStream->currentData().toInt());
    spec = inMode(spec, *chosen); // keeps the peer only where the mode takes it
    if (Status valid = sharescope::validate(spec); !valid)
        return valid.error();
    if (const auto device = currentDevice(); device && spec.modeInfo().needsPeer()) {
        if (const Support support = supportOf(*device, spec); !support.supported)
            return unsupported(s(supportText(support)));
    }
    return spec;
}

Result<std::vector<std::uint64_t>> ExperimentPanel::sweepSizes() const
{
    return parseSizeList(m_sweepSizes->text().toStdString(), elementBytes);
}

QString ExperimentPanel::validationMessage() const
{
    return m_problem->text();
}

void ExperimentPanel::validate()
{
    const KernelInfo &kernelInfo = sharescope::kernelInfo(kernel());
    const std::optional<ModeId> modeId = mode();
    m_stride->setEnabled(kernelInfo.usesStride);
    m_rounds->setEnabled(kernelInfo.usesRounds);
    m_advice->setEnabled(modeId && modeInfo(*modeId).takesAdvice);
    m_writeCombined->setEnabled(modeId && takesOption(modeInfo(*modeId), ModeOption::WriteCombined));
    m_peerBox->setMode(modeId);
    m_defaultStream->setEnabled(modeId && modeInfo(*modeId).backend == BackendKind::Cuda);
    const auto device = currentDevice();
    m_counters->setEnabled(device && device->backend == BackendKind::Cuda);

    const auto checked = spec();
    const auto sizes = sweepSizes();
    const bool sizeValid = parseByteSize(m_size->text().toStdString(), elementBytes).ok();
    m_size->setStyleSheet(sizeValid ? QString() : QStringLiteral("border: 2px solid #b00020"));
    m_sweepSizes->setStyleSheet(sizes ? QString() : QStringLiteral("border: 2px solid #b00020"));
    QString problem = checked ? QString() : errorText(checked.error());
    if (problem.isEmpty() && !sizes)
        problem = errorText(sizes.error());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_run->setEnabled(!m_busy && checked.ok());
    m_compare->setEnabled(!m_busy && checked.ok());
    m_sweep->setEnabled(!m_busy && checked.ok() && sizes.ok());
    m_cancel->setEnabled(m_busy);
    const QString summary = moreSummary();
    m_moreSummary->setText(summary);
    m_moreSummary->setVisible(!m_moreToggle->isChecked() && !summary.isEmpty());
    updateShownNote(checked);
    emit changed();
}

QString ExperimentPanel::moreSummary() const
{
    QStringList parts;
    const KernelInfo &kernelInfo = sharescope::kernelInfo(kernel());
    const std::optional<ModeId> modeId = mode();
    if (kernelInfo.usesStride) {
        const auto stride = parseByteSize(m_stride->text().toStdString(), elementBytes);
        parts << tr("stride %1").arg(stride ? q(formatBytes(*stride)) : m_stride->text());
    }
    if (kernelInfo.usesRounds)
        parts << tr("rounds %1").arg(m_rounds->value());
    if (modeId && modeInfo(*modeId).takesAdvice)
        parts << tr("advice %1").arg(m_advice->currentText());
    if (m_writeCombined->isEnabled() && m_writeCombined->isChecked())
        parts << tr("write-combined");
    if (m_hostThreads->value() > 1)
        parts << tr("host threads %1").arg(m_hostThreads->value());
    if (m_defaultStream->isEnabled() && m_hostThreads->value() > 1)
        parts << tr("stream %1").arg(m_defaultStream->currentText());
    for (QString &part : parts)
        part = unbreakable(part);
    return parts.join(QStringLiteral(" · "));
}

void ExperimentPanel::showReport(const ReportSet &set)
{
    if (set.runs.empty()) {
        m_shownSpec.reset();
        m_shownDevice.clear();
        m_shownDeviceName.clear();
        validate();
        return;
    }
    const RunReport &first = set.runs.front();
    // The report's whole experiment where this machine has its device (the
    // same id and name) and can run its mode; else nothing of it, and the
    // note says that the panel holds the next run's settings.
    const auto here = std::ranges::find(m_devices.devices, first.device.id, &DeviceInfo::id);
    if (here != m_devices.devices.end() && here->name == first.device.name
        && supportOf(*here, first.spec.mode).supported) {
        selectDevice(q(first.spec.deviceId));
        selectMode(first.spec.mode);
        selectKernel(first.spec.kernel);
        setSize(q(formatSizeArgument(first.spec.bytes)));
        setIterations(first.spec.iterations, first.spec.warmup);
        m_stride->setText(q(formatSizeArgument(first.spec.strideBytes)));
        m_rounds->setValue(first.spec.rounds);
        if (first.spec.advice)
            m_advice->setCurrentIndex(m_advice->findData(static_cast<int>(*first.spec.advice)));
        if (!first.spec.peerId.empty())
            selectPeer(q(first.spec.peerId));
        if (first.spec.peerAccess)
            setPeerAccess(*first.spec.peerAccess);
        setWriteCombined(first.spec.writeCombined);
        setHostThreads(first.spec.hostThreads, first.spec.defaultStream);
        m_counters->setChecked(first.spec.counters);
    }
    m_shownSpec = first.spec;
    m_shownKind = set.kind;
    // A report may name its device at any length: the note says it in a
    // line or two.
    //: A device and its name: cuda:0 (NVIDIA H200). In Chinese with full-width brackets.
    m_shownDevice = tr("%1 (%2)").arg(q(first.device.id), q(first.device.name));
    if (m_shownDevice.size() > 64)
        m_shownDevice = m_shownDevice.left(63) + QChar(0x2026);
    m_shownDeviceName = first.device.name;
    validate();
}

QString ExperimentPanel::shownNote() const
{
    return m_shown->isVisible() ? m_shown->text() : QString();
}

void ExperimentPanel::updateShownNote(const Result<ExperimentSpec> &spec)
{
    m_matchesShown = false;
    if (!m_shownSpec) {
        m_shown->clear();
        m_shown->setVisible(false);
        return;
    }
    const auto device = currentDevice();
    const bool sameDevice = device && device->id == m_shownSpec->deviceId && device->name == m_shownDeviceName;
    if (spec && sameDevice) {
        // The same experiment: a compare's or a sweep's in any of its modes.
        const ModeId mode = m_shownKind == ReportSet::Kind::Run ? m_shownSpec->mode : spec->mode;
        m_matchesShown = inMode(*m_shownSpec, mode).commandLine() == spec->commandLine();
    }
    QString text;
    if (m_matchesShown) {
        text = m_shownKind == ReportSet::Kind::Run ? tr("Set to the report shown: Run measures it again here.")
            : m_shownKind == ReportSet::Kind::Compare
            ? tr("Set to the comparison shown: Compare all modes measures it again here.")
            : tr("Set to the sweep shown: Size sweep measures it again here.");
    } else if (spec) {
        text = tr("The results shown were measured on %1. These settings are for the next run, here: %2.")
                   .arg(m_shownDevice,
                        QStringLiteral("%1 · %2 · %3 · %4")
                            .arg(unbreakable(q(modeName(spec->mode))), unbreakable(q(kernelName(spec->kernel))),
                                 unbreakable(q(formatBytes(spec->bytes))), unbreakable(q(spec->deviceId))));
    } else {
        text = tr("The results shown were measured on %1. These settings are for the next run, here.")
                   .arg(m_shownDevice);
    }
    m_shown->setText(text);
    m_shown->setVisible(true);
}

void ExperimentPanel::setBusy(bool busy)
{
    m_busy = busy;
    validate();
}

} // namespace sharescope
