// SPDX-License-Identifier: GPL-3.0-or-later
#include "experimentpanel.h"

#include "language.h"
#include "peerbox.h"
#include "peertext.h"
#include "preflight.h"
#include "textconv.h"
#include "textwrap.h"

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
#include <QSpinBox>
#include <QStandardItemModel>
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
{
    m_deviceBadges->setWordWrap(true);
    m_deviceBadges->setForegroundRole(QPalette::PlaceholderText);
    m_modes->setMinimumHeight(180);
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

    auto *form = new QFormLayout;
    form->addRow(tr("Device"), m_device);
    form->addRow(QString(), m_deviceBadges);
    form->addRow(tr("Kernel"), m_kernel);
    form->addRow(tr("Stride"), m_stride);
    form->addRow(tr("Rounds"), m_rounds);
    //: cudaMemAdvise's advice for managed-advise: 建议 (not 提示).
    form->addRow(tr("Advice"), m_advice);
    form->addRow(m_writeCombined);
    form->addRow(tr("Host threads"), m_hostThreads);
    form->addRow(tr("Default stream"), m_defaultStream);
    form->addRow(tr("Size per buffer"), m_size);
    form->addRow(tr("Iterations"), m_iterations);
    form->addRow(tr("Warm-up"), m_warmup);
    form->addRow(m_counters); // across both columns: the panel may then be narrower, the tabs wider
    form->addRow(tr("Sweep sizes"), m_sweepSizes);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    auto *more = new QHBoxLayout;
    more->addWidget(m_compare);
    more->addWidget(m_sweep);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Sharing mode"), this));
    layout->addWidget(m_modes, 1);
    layout->addWidget(m_peerBox);
    layout->addWidget(m_problem);
    layout->addLayout(buttons);
    layout->addLayout(more);

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
    connect(m_hostThreads, &QSpinBox::valueChanged, this, &ExperimentPanel::validate);
    connect(m_defaultStream, &QComboBox::currentIndexChanged, this, &ExperimentPanel::validate);
    connect(m_run, &QPushButton::clicked, this, &ExperimentPanel::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentPanel::cancelRequested);
    connect(m_compare, &QPushButton::clicked, this, &ExperimentPanel::compareRequested);
    connect(m_sweep, &QPushButton::clicked, this, &ExperimentPanel::sweepRequested);
    validate();
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
    emit changed();
}

void ExperimentPanel::setBusy(bool busy)
{
    m_busy = busy;
    validate();
}

} // namespace sharescope
