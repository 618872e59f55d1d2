// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontroller.h"

#include "runworker.h"

namespace sharescope {

RunController::RunController(QObject *parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    qRegisterMetaType<sharescope::RunReport>();
    qRegisterMetaType<sharescope::ReportSet>();
    qRegisterMetaType<sharescope::PhaseResult>();
    qRegisterMetaType<sharescope::DeviceList>();
    qRegisterMetaType<sharescope::BufferChunk>();
    qRegisterMetaType<sharescope::Calibration>();
    qRegisterMetaType<sharescope::doctor::DoctorReport>();

    m_thread.setObjectName(QStringLiteral("ShareScope engine"));
    m_worker = new RunWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    // Everything the worker says arrives here queued, on the GUI thread;
    // results of jobs that are no longer current are dropped.
    connect(m_worker, &RunWorker::devicesListed, this, &RunController::devicesListed);
    connect(m_worker, &RunWorker::logMessage, this, &RunController::logMessage);
    connect(m_worker, &RunWorker::deviceUnusable, this, &RunController::deviceUnusable);
    connect(m_worker, &RunWorker::phaseFinished, this,
            [this](quint64 job, int iteration, bool warmup, const PhaseResult &r) {
                if (current(job))
                    emit phaseFinished(job, iteration, warmup, r);
            });
    connect(m_worker, &RunWorker::progress, this, [this](quint64 job, int done, int total) {
        if (current(job))
            emit progress(job, done, total);
    });
    connect(m_worker, &RunWorker::finished, this, [this](quint64 job, const ReportSet &set) {
        if (!current(job))
            return;
        commit(job);
        emit finished(job, set);
    });
    connect(m_worker, &RunWorker::failed, this, [this](quint64 job, const QString &message) {
        if (!current(job))
            return;
        commit(job);
        emit failed(job, message);
    });
    connect(m_worker, &RunWorker::cancelled, this, [this](quint64 job) {
        if (!current(job))
            return;
        commit(job);
        emit cancelled(job);
    });
    connect(m_worker, &RunWorker::calibrated, this, [this](quint64 job, const Calibration &calibration) {
        if (!current(job))
            return;
        commit(job);
        emit calibrated(job, calibration);
    });
    connect(m_worker, &RunWorker::machineChecked, this, [this](quint64 job, const doctor::DoctorReport &report) {
        if (!current(job))
            return;
        commit(job);
        emit machineChecked(job, report);
    });
    connect(m_worker, &RunWorker::bufferRead, this, [this](const BufferChunk &chunk) {
        if (current(chunk.job))
            emit bufferRead(chunk);
    });
    m_thread.start();
}

RunController::~RunController()
{
    m_cancel->store(true);
    m_thread.quit();
    m_thread.wait(); // the worker stops between phases; its engines are destroyed on its thread
}

quint64 RunController::begin(const QString &what)
{
    Q_ASSERT(thread() == QThread::currentThread());
    m_cancel->store(true); // the job before this one, if any, stops between phases
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    ++m_job;
    m_busy = true;
    emit started(m_job, what);
    return m_job;
}

void RunController::commit(quint64 job)
{
    Q_ASSERT(thread() == QThread::currentThread());
    Q_ASSERT(job == m_job);
    m_busy = false;
}

quint64 RunController::start(PlannedRuns plan, const QString &what)
{
    const quint64 job = begin(what);
    auto cancel = m_cancel;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, cancel, job, plan = std::move(plan)] { worker->run(job, plan, cancel); },
        Qt::QueuedConnection);
    return job;
}

quint64 RunController::calibrate(const QString &deviceId, quint64 bytes)
{
    const quint64 job = begin(tr("calibrate · %1").arg(deviceId));
    auto cancel = m_cancel;
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, cancel, job, bytes, id = deviceId.toStdString()] {
            worker->calibrate(job, id, {bytes, CalibrationPlan{}.repetitions}, cancel);
        },
        Qt::QueuedConnection);
    return job;
}

quint64 RunController::checkMachine(const QString &deviceId, bool quick)
{
    const quint64 job = begin(tr("check this machine"));
    auto cancel = m_cancel;
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, cancel, job, quick, id = deviceId.toStdString()] {
            worker->checkMachine(job, id, quick, cancel);
        },
        Qt::QueuedConnection);
    return job;
}

void RunController::cancel()
{
    if (m_busy)
        m_cancel->store(true);
}

void RunController::listDevices()
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->listDevices(); }, Qt::QueuedConnection);
}

void RunController::setFaultPlan(std::optional<FaultPlan> plan)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, plan] { worker->setFaultPlan(plan); }, Qt::QueuedConnection);
}

void RunController::readBuffer(quint64 job, int buffer, quint64 first, int count)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job, buffer, first, count] { worker->readBuffer(job, buffer, first, count); },
        Qt::QueuedConnection);
}

} // namespace sharescope
