// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicelist.h"
#include "experimentspec.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace sharescope {

class PeerBox;

// The experiment, as the user sets it up: device, mode, kernel and its
// parameters, size, iterations. Validates as the user types: an invalid
// value is marked, the reason shown, and the buttons that need it disabled.
class ExperimentPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ExperimentPanel(QWidget *parent = nullptr);

    void setDevices(const DeviceList &list);
    // The experiment on screen, or why it is not valid.
    Result<ExperimentSpec> spec() const;
    Result<std::vector<std::uint64_t>> sweepSizes() const;
    QString validationMessage() const;
    void setBusy(bool busy);

    // Choose programmatically (the command line, remembered settings).
    bool selectDevice(const QString &id);
    bool selectMode(ModeId mode);
    void selectKernel(KernelId kernel);
    void setSize(const QString &size);
    void setIterations(int iterations, int warmup);

    const DeviceList &devices() const { return m_devices; }
    QString deviceId() const;
    std::optional<DeviceInfo> currentDevice() const;
    std::optional<ModeId> mode() const; // empty when no mode is chosen
    KernelId kernel() const;
    QString sizeText() const;
    // The second GPU chosen for the modes that use two; empty without one.
    QString peerId() const;
    bool selectPeer(const QString &id);
    void setPeerAccess(bool on);
    void setWriteCombined(bool on); // pinned, zero-copy: --write-combined
    void setHostThreads(int threads, DefaultStream stream); // --host-threads, --default-stream

    // For tests: the widgets a user touches.
    QLineEdit *sizeEdit() const { return m_size; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *compareButton() const { return m_compare; }
    QListWidget *modeList() const { return m_modes; }
    PeerBox *peerBox() const { return m_peerBox; }

signals:
    void runRequested();
    void compareRequested();
    void sweepRequested();
    void cancelRequested();
    void deviceChanged(const QString &id);
    void changed();

private:
    void fillModes();
    void validate();

    DeviceList m_devices;
    QComboBox *m_device;
    QLabel *m_deviceBadges;
    QListWidget *m_modes;
    QComboBox *m_kernel;
    QLineEdit *m_stride;
    QSpinBox *m_rounds;
    QComboBox *m_advice;
    QLineEdit *m_size;
    QSpinBox *m_iterations;
    QSpinBox *m_warmup;
    QCheckBox *m_counters;
    QCheckBox *m_writeCombined; // pinned, zero-copy
    QSpinBox *m_hostThreads; // --host-threads
    QComboBox *m_defaultStream; // CUDA, with host threads
    PeerBox *m_peerBox;
    QLineEdit *m_sweepSizes;
    QLabel *m_problem;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_compare;
    QPushButton *m_sweep;
    bool m_busy = false;
};

} // namespace sharescope
