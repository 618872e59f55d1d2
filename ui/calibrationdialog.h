// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "ceilings/ceilings.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace sharescope {

class CalibrationModel;

// Run → Calibrate…: while the worker thread measures, the step it is on and
// Cancel; then each path's measured ceiling next to its specification. Not
// modal: the window stays usable, and nothing here waits for the GPU.
class CalibrationDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CalibrationDialog(QWidget *parent = nullptr);

    // A calibration of the device `deviceId` started as the controller's `job`.
    void begin(quint64 job, const QString &deviceId);
    void setProgress(int done, int total);
    // The calibration finished: its ceilings (ceilingsFor() with it), and
    // where it was saved or why it was not.
    void showResult(const Calibration &calibration, const Ceilings &ceilings, const QString &saved);
    // It failed or was cancelled.
    void showEnd(const QString &message);

    quint64 job() const { return m_job; }
    bool running() const { return m_running; }
    CalibrationModel *model() const { return m_model; }
    QPushButton *cancelButton() const;
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *statusLabel() const { return m_status; }

signals:
    void cancelRequested();

public slots:
    void reject() override; // Escape or closing: cancels a calibration that runs

private:
    void setRunning(bool running);

    CalibrationModel *m_model;
    QLabel *m_status;
    QProgressBar *m_progress;
    QTableView *m_table;
    QLabel *m_notes;
    QDialogButtonBox *m_buttons;
    quint64 m_job = 0;
    bool m_running = false;
    QString m_deviceId;
};

} // namespace sharescope
