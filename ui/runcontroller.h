// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"

#include "faultinjection.h"

#include <QObject>
#include <QStringList>
#include <QThread>

#include <atomic>
#include <memory>
#include <optional>

namespace sharescope {

class RunWorker;

// The facade between the window and the engines. One worker thread owns
// every engine and makes every GPU call; this object lives on the GUI
// thread, hands work over as queued calls and re-emits the results there.
// One job at a time: starting another cancels the current one, and any late
// result of an older job is dropped.
class RunController : public QObject
{
    Q_OBJECT

public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    // Runs what planRuns() planned (a run, a compare, a sweep or a demo) on
    // the worker thread; `what` names it for the status bar. A single run
    // keeps its buffers for readBuffer().
    quint64 start(PlannedRuns plan, const QString &what);
    void cancel();
    bool busy() const { return m_busy; }
    quint64 currentJob() const { return m_job; }

    void listDevices();
    // After a run: `count` elements of a buffer the run kept, answered by
    // bufferRead (or failed, when the buffers are gone).
    void readBuffer(quint64 job, int buffer, quint64 first, int count);
    // Measures a device's ceilings on the worker thread (a job like a run:
    // progress per step, cancel between steps), answered by calibrated.
    // bytes: the size of its buffers (less where memory is short).
    quint64 calibrate(const QString &deviceId, quint64 bytes = CalibrationPlan{}.bytes);
    // Checks this machine (doctor/) on the worker thread, the GPU's
    // measurements on `deviceId`'s engine (empty: the first CUDA device); a
    // job like a run: progress per step, cancel between steps; answered by
    // machineChecked.
    quint64 checkMachine(const QString &deviceId, bool quick = false);
    // Test builds (faultinjection.h): the fault the next runs inject, in
    // place of SHARESCOPE_INJECT_FAULT's, counted from now on.
    void setFaultPlan(std::optional<FaultPlan> plan);

signals:
    void devicesListed(const sharescope::DeviceList &list);
    void started(quint64 job, const QString &what);
    void phaseFinished(quint64 job, int iteration, bool warmup, const sharescope::PhaseResult &result);
    void progress(quint64 job, int done, int total);
    void finished(quint64 job, const sharescope::ReportSet &result);
    void failed(quint64 job, const QString &message);
    void cancelled(quint64 job);
    void bufferRead(const sharescope::BufferChunk &chunk);
    void calibrated(quint64 job, const sharescope::Calibration &calibration);
    void machineChecked(quint64 job, const sharescope::doctor::DoctorReport &report);
    void logMessage(const QString &message);
    // A device lost its context and this process cannot open it again:
    // only a new process can use it (RunWorker::closeLostDevice).
    void deviceUnusable(const QString &deviceId);

private:
    quint64 begin(const QString &what);
    void commit(quint64 job);
    bool current(quint64 job) const { return job == m_job; }

    QThread m_thread;
    RunWorker *m_worker = nullptr; // lives on m_thread
    std::shared_ptr<std::atomic<bool>> m_cancel; // the current job's; a new job gets a new one
    quint64 m_job = 0;
    bool m_busy = false;
};

} // namespace sharescope
