// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationdialog.h"

#include "calibrationmodel.h"
#include "ceilingtext.h"
#include "language.h"
#include "tableview.h"
#include "textconv.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sharescope {

CalibrationDialog::CalibrationDialog(QWidget *parent)
    : QDialog(parent)
    , m_model(new CalibrationModel(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_notes(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel | QDialogButtonBox::Close, this))
{
    setWindowTitle(tr("Calibrate"));
    setModal(false);
    m_table = makeTable(m_model, this);
    m_status->setWordWrap(true);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_notes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(m_table, 100);
    layout->addWidget(m_notes);
    layout->addStretch(1); // while the table is hidden, the text stays at the top
    layout->addWidget(m_buttons);
    connect(m_buttons->button(QDialogButtonBox::Cancel), &QPushButton::clicked, this,
            &CalibrationDialog::cancelRequested);
    connect(m_buttons->button(QDialogButtonBox::Close), &QPushButton::clicked, this, &QDialog::accept);
    resize(720, 400);
    setRunning(false);
}

QPushButton *CalibrationDialog::cancelButton() const
{
    return m_buttons->button(QDialogButtonBox::Cancel);
}

void CalibrationDialog::setRunning(bool running)
{
    m_running = running;
    m_progress->setVisible(running);
    m_table->setVisible(!running && m_model->rowCount() > 0);
    cancelButton()->setVisible(running);
    cancelButton()->setEnabled(running);
    m_buttons->button(QDialogButtonBox::Close)->setVisible(!running);
}

void CalibrationDialog::begin(quint64 job, const QString &deviceId)
{
    m_job = job;
    m_deviceId = deviceId;
    m_model->clear();
    m_notes->clear();
    m_progress->setRange(0, 0); // busy until the first step reports
    m_status->setText(tr("Measuring the ceilings of %1: pinned copies each way, device memory and host memory. "
                         "This takes a few seconds to a minute.")
                          .arg(deviceId));
    setRunning(true);
}

void CalibrationDialog::setProgress(int done, int total)
{
    if (!m_running || total <= 0)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->setFormat(tr("step %1 of %2").arg(std::min(done + 1, total)).arg(total));
}

void CalibrationDialog::showResult(const Calibration &calibration, const Ceilings &ceilings, const QString &saved)
{
    m_model->setCeilings(ceilings);
    m_status->setText(tr("The ceilings of %1 (%2): the best this machine reached on each path, next to what the "
                         "specification allows. Runs on this device now show each phase as a share of both.")
                          .arg(q(calibration.key.deviceId), q(calibration.key.deviceName)));
    QStringList notes;
    // Where each figure came from: how the calibration measured it, and
    // what the specification is or why there is none.
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const auto text = [&](int column) { return m_model->index(row, column).data(Qt::ToolTipRole).toString(); };
        notes << tr("%1 — measured: %2; specification: %3")
                     .arg(m_model->index(row, CalibrationModel::PathColumn).data().toString(),
                          text(CalibrationModel::MeasuredColumn), text(CalibrationModel::SpecificationColumn));
    }
    for (const SkippedStep &skipped : calibration.skipped)
        notes << tr("%1 skipped: %2").arg(q(calibrationStepName(skipped.step)), coreText(skipped.reason));
    notes << saved;
    m_notes->setText(notes.join(QLatin1Char('\n')));
    setRunning(false);
}

void CalibrationDialog::showEnd(const QString &message)
{
    m_status->setText(message);
    setRunning(false);
}

void CalibrationDialog::reject()
{
    if (m_running)
        emit cancelRequested();
    QDialog::reject();
}

} // namespace sharescope
