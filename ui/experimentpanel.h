// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicelist.h"
#include "experimentspec.h"
#include "report/reportset.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QToolButton;

namespace sharescope {

class PeerBox;

// The experiment, as the user sets it up: device, mode, kernel and its
// parameters, size, iterations. Validates as the user types: an invalid
// value is marked, the reason shown, and the buttons that need it disabled.
// The settings scroll where the dock is short; Run, Cancel, Compare all
// modes and Size sweep stay below them, always in view. The options most
// runs never touch are folded under More options, whose line says what
// they are set to.
class ExperimentPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ExperimentPanel(QWidget *parent = nullptr);

    void setDevices(const DeviceList &list);
    // As wide as the settings need beside their scroll bar: only their
    // height scrolls.
    QSize minimumSizeHint() const override;
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

    // Results opened from a report or an example, not run from this panel:
    // the panel takes the report's experiment where this machine can run
    // it (device, mode, kernel, size, iterations, options) and says so; where
    // it cannot, it keeps what it can run and says plainly that it holds
    // the next run's settings, not the report's. An empty set: the results
    // shown are the panel's own runs.
    void showReport(const ReportSet &set);
    // What the note above the buttons says; empty when it is hidden.
    QString shownNote() const;
    // Whether the panel's experiment is the report's (Run measures it again).
    bool matchesShown() const { return m_matchesShown; }

    // For tests: the widgets a user touches.
    QLineEdit *sizeEdit() const { return m_size; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *compareButton() const { return m_compare; }
    QListWidget *modeList() const { return m_modes; }
    PeerBox *peerBox() const { return m_peerBox; }
    QSpinBox *iterationsBox() const { return m_iterations; }
    QSpinBox *warmupBox() const { return m_warmup; }
    QComboBox *kernelBox() const { return m_kernel; }
    QScrollArea *scrollArea() const { return m_scroll; }
    QToolButton *moreToggle() const { return m_moreToggle; }
    QWidget *moreOptions() const { return m_more; }
    QLabel *moreSummaryLabel() const { return m_moreSummary; }

signals:
    void runRequested();
    void compareRequested();
    void sweepRequested();
    void cancelRequested();
    void deviceChanged(const QString &id);
    void changed();

private:
    void setUpFields();
    void connectFields();
    void fillModes();
    void validate();
    // The options under More options that apply to the experiment, and
    // what they are set to ("stride 64 KiB · 8 host threads").
    QString moreSummary() const;
    void updateShownNote(const Result<ExperimentSpec> &spec);

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
    QScrollArea *m_scroll;
    QToolButton *m_moreToggle;
    QLabel *m_moreSummary;
    QWidget *m_more;
    QLabel *m_shown; // the results on screen against the next run
    std::optional<ExperimentSpec> m_shownSpec; // its experiment (the first run of the set)
    QString m_shownDevice; // "cuda:0 (NVIDIA H200)"
    std::string m_shownDeviceName;
    ReportSet::Kind m_shownKind = ReportSet::Kind::Run;
    bool m_matchesShown = false;
    bool m_busy = false;
};

} // namespace sharescope
