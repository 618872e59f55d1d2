// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"

#include "run/engine.h"
#include "run/experimentset.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <optional>

namespace sharescope {

// Lives on the controller's worker thread: every engine, every GPU call.
class RunWorker : public QObject
{
    Q_OBJECT

public:
    RunWorker() = default;
    ~RunWorker() override;

    // Called on the worker thread (queued from the controller).
    void listDevices();
    // cancel: the job's own flag, set by the controller from the GUI thread.
    void run(quint64 job, PlannedRuns plan, const std::shared_ptr<const std::atomic<bool>> &cancel);
    void readBuffer(quint64 job, int buffer, quint64 first, int count);
    // Measures the device's ceilings (calibration.h), step by step.
    void calibrate(quint64 job, const std::string &deviceId, const CalibrationPlan &plan,
                   const std::shared_ptr<const std::atomic<bool>> &cancel);
    // Checks this machine (doctor/), step by step; the GPU's measurements
    // run on the device's engine.
    void checkMachine(quint64 job, const std::string &deviceId, bool quick,
                      const std::shared_ptr<const std::atomic<bool>> &cancel);
    // Test builds: replaces the fault schedule of every engine, open or not.
    void setFaultPlan(std::optional<FaultPlan> plan);

signals:
    void devicesListed(const sharescope::DeviceList &list);
    void phaseFinished(quint64 job, int iteration, bool warmup, const sharescope::PhaseResult &result);
    void progress(quint64 job, int done, int total);
    void finished(quint64 job, const sharescope::ReportSet &result);
    void failed(quint64 job, const QString &message);
    void cancelled(quint64 job);
    void bufferRead(const sharescope::BufferChunk &chunk);
    void calibrated(quint64 job, const sharescope::Calibration &calibration);
    void machineChecked(quint64 job, const sharescope::doctor::DoctorReport &report);
    void logMessage(const QString &message);
    // A device lost its context and this process cannot open it again.
    void deviceUnusable(const QString &deviceId);

private:
    Result<Engine *> engineFor(const std::string &deviceId);
    // After a lost device (Error::deviceLost): closes its engine (the
    // backend resets the device), opens it again, and says what happened.
    QString closeLostDevice(const std::string &lostId);
    // An error as the window says it, and, for a lost device, what was done.
    QString failureText(const Error &error, const std::string &deviceId);

    std::optional<DeviceList> m_devices;
    // Test builds: the fault SHARESCOPE_INJECT_FAULT asks for, counted over
    // every engine this worker opens (faultinjection.h); read at the first.
    // Before the engines, which hold it: it outlives them.
    std::unique_ptr<FaultSchedule> m_faults;
    std::map<std::string, std::unique_ptr<Engine>> m_engines;
    Engine *m_keptBy = nullptr; // the engine whose last run kept its buffers
    quint64 m_keptJob = 0;
};

} // namespace sharescope
