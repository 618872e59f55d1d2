// SPDX-License-Identifier: GPL-3.0-or-later
#include "runworker.h"

#include "calibrationcache.h"
#include "doctor/doctorrun.h"
#include "language.h"
#include "run/calibrationrun.h"
#include "run/devices.h"
#include "textconv.h"

#include "bytesize.h"

#include <QElapsedTimer>
#include <QFile>

namespace sharescope {
namespace {

// Passes the engine's callbacks on as signals; progress at most every 50 ms
// (and at the end), so that a fast run does not flood the GUI thread.
class SignalObserver final : public SetObserver
{
public:
    SignalObserver(RunWorker &worker, quint64 job, bool phases)
        : m_worker(worker)
        , m_job(job)
        , m_phases(phases)
    {
        m_sinceProgress.start();
    }

    void runStarting(std::size_t index, std::size_t total, const ExperimentSpec &spec) override
    {
        m_run = static_cast<int>(index);
        m_runs = static_cast<int>(total);
        emit m_worker.logMessage(QStringLiteral("[%1/%2] %3, %4")
                                     .arg(index + 1)
                                     .arg(total)
                                     .arg(q(modeName(spec.mode)), q(kernelName(spec.kernel))));
    }

    void phaseFinished(int iteration, bool warmup, const PhaseResult &result) override
    {
        if (m_phases)
            emit m_worker.phaseFinished(m_job, iteration, warmup, result);
    }

    void progress(int done, int total) override
    {
        if (done < total && m_sinceProgress.elapsed() < 50)
            return;
        m_sinceProgress.restart();
        // Over a set, each run is an equal share of the whole.
        const int scale = 1000;
        const int overall = (m_run * scale + done * scale / std::max(total, 1)) / std::max(m_runs, 1);
        emit m_worker.progress(m_job, overall, scale);
    }

private:
    RunWorker &m_worker;
    const quint64 m_job;
    const bool m_phases;
    QElapsedTimer m_sinceProgress;
    int m_run = 0;
    int m_runs = 1;
};

// A calibration's steps as progress and log lines.
class CalibrationSignals final : public CalibrationObserver
{
public:
    CalibrationSignals(RunWorker &worker, quint64 job)
        : m_worker(worker)
        , m_job(job)
    {
    }
    void stepStarting(std::size_t index, std::size_t total, CalibrationStep) override
    {
        emit m_worker.progress(m_job, static_cast<int>(index), static_cast<int>(total));
    }
    void stepFinished(const CalibrationResult &result) override
    {
        emit m_worker.logMessage(QStringLiteral("%1: %2").arg(q(calibrationStepName(result.step)),
                                                              q(formatBandwidth(result.bytesPerSecond))));
    }

private:
    RunWorker &m_worker;
    const quint64 m_job;
};

// A machine check's steps as progress.
class DoctorSignals final : public doctor::DoctorObserver
{
public:
    DoctorSignals(RunWorker &worker, quint64 job)
        : m_worker(worker)
        , m_job(job)
    {
    }
    void stepStarting(doctor::DoctorStep step, int index, int total) override
    {
        emit m_worker.progress(m_job, index, total);
        emit m_worker.logMessage(coreText(doctorStepText(step)));
    }

private:
    RunWorker &m_worker;
    const quint64 m_job;
};

} // namespace

RunWorker::~RunWorker() = default; // engines (and their GPU contexts) go with this thread

void RunWorker::listDevices()
{
    if (!m_devices)
        m_devices = sharescope::listDevices();
    emit devicesListed(*m_devices);
}

Result<Engine *> RunWorker::engineFor(const std::string &deviceId)
{
    if (!m_devices)
        m_devices = sharescope::listDevices();
    auto device = m_devices->resolve(deviceId);
    if (!device)
        return device.error();
    if (!m_faults) {
        auto plan = faultPlanFromEnvironment();
        if (!plan)
            return plan.error();
        m_faults = std::make_unique<FaultSchedule>(*plan);
    }
    auto &engine = m_engines[device->id];
    if (!engine) {
        auto backend = openBackend(*device);
        if (!backend) {
            m_engines.erase(device->id);
            return backend.error();
        }
        engine = std::make_unique<Engine>(std::move(*backend));
        engine->setFaultSchedule(m_faults.get());
        emit logMessage(tr("Opened %1 (%2)").arg(q(device->id), q(device->name)));
    }
    return engine.get();
}

void RunWorker::setFaultPlan(std::optional<FaultPlan> plan)
{
    if (!m_faults)
        m_faults = std::make_unique<FaultSchedule>();
    *m_faults = FaultSchedule(plan); // the engines hold m_faults itself
}

QString RunWorker::failureText(const Error &error, const std::string &deviceId)
{
    if (!error.deviceLost)
        return errorText(error);
    return errorText(error) + QLatin1Char(' ') + closeLostDevice(deviceId);
}

QString RunWorker::closeLostDevice(const std::string &lostId)
{
    const auto found = m_engines.find(lostId);
    if (found == m_engines.end())
        return {};
    const QString id = q(lostId); // lostId may live in the engine that goes below
    if (m_keptBy == found->second.get())
        m_keptBy = nullptr;
    m_engines.erase(found); // the backend resets the lost context as it goes
    // Where CUDA lets this process make a new context, the next run has it;
    // where it does not (NVIDIA documents that a sticky error lasts until
    // the process ends), only a new process can use the device.
    const auto reopened = engineFor(id.toStdString());
    QString said;
    if (reopened) {
        said = tr("%1 lost its context; ShareScope closed it and opened it again. "
                  "The results shown are those of the last run that finished.")
                   .arg(id);
    } else {
        said = tr("%1 lost its context and cannot be opened again in this process (%2): CUDA keeps such a "
                  "context until the process ends. Restart ShareScope, in the File menu, starts it again with the "
                  "results shown.")
                   .arg(id, errorText(reopened.error()));
        emit deviceUnusable(id);
    }
    emit logMessage(said);
    return said;
}

void RunWorker::run(quint64 job, PlannedRuns plan, const std::shared_ptr<const std::atomic<bool>> &cancel)
{
    if (m_keptBy)
        m_keptBy->releaseBuffers(); // a new run: the old buffers go, on this thread
    m_keptBy = nullptr;
    const bool single = plan.single;
    Result<SetOutcome> outcome = SetOutcome{};
    std::string deviceId; // the engine's, once one runs
    if (plan.runs.empty()) {
        outcome->set = {plan.kind, plan.commandLine, {}, std::move(plan.skipped)};
    } else {
        auto engine = engineFor(plan.runs.front().deviceId);
        if (!engine) {
            emit failed(job, errorText(engine.error()));
            return;
        }
        deviceId = (*engine)->device().id;
        SignalObserver observer(*this, job, single);
        const SetOptions options{.keepBuffers = true,
                                 .calibrationCache = QFile::encodeName(calibrationCachePath()).toStdString()};
        outcome = sharescope::runSet(**engine, std::move(plan), &observer, cancel.get(), options);
        if (outcome && single) {
            m_keptBy = *engine;
            m_keptJob = job;
        }
    }
    if (!outcome) {
        if (outcome.error().kind == ErrorKind::Cancelled) {
            emit cancelled(job);
            return;
        }
        emit failed(job, failureText(outcome.error(), deviceId));
        return;
    }
    for (const SkippedRun &skipped : outcome->set.skipped)
        emit logMessage(q(modeName(skipped.mode)) + QStringLiteral(": ") + skippedText(skipped.reason));
    if (outcome->deviceLost)
        closeLostDevice(deviceId);
    emit finished(job, outcome->set);
}

void RunWorker::calibrate(quint64 job, const std::string &deviceId, const CalibrationPlan &plan,
                          const std::shared_ptr<const std::atomic<bool>> &cancel)
{
    if (m_keptBy)
        m_keptBy->releaseBuffers(); // the calibration wants the memory
    m_keptBy = nullptr;
    auto engine = engineFor(deviceId);
    if (!engine) {
        emit failed(job, errorText(engine.error()));
        return;
    }
    CalibrationSignals observer(*this, job);
    auto calibration = runCalibration((*engine)->backend(), plan, &observer, cancel.get());
    if (!calibration) {
        if (calibration.error().kind == ErrorKind::Cancelled) {
            emit cancelled(job);
            return;
        }
        emit failed(job, failureText(calibration.error(), (*engine)->device().id));
        return;
    }
    emit calibrated(job, *calibration);
}

void RunWorker::checkMachine(quint64 job, const std::string &deviceId, bool quick,
                             const std::shared_ptr<const std::atomic<bool>> &cancel)
{
    if (m_keptBy)
        m_keptBy->releaseBuffers(); // the measurements want the memory
    m_keptBy = nullptr;
    if (!m_devices)
        m_devices = sharescope::listDevices();
    const auto device = doctor::chooseDoctorDevice(*m_devices, deviceId);
    if (!device) {
        emit failed(job, errorText(device.error()));
        return;
    }
    // The device's engine, which owns it in this process, runs the
    // measurements; without one the probe opens its own.
    Engine *engine = nullptr;
    if (device->device && !quick) {
        if (auto opened = engineFor(device->device->id))
            engine = *opened;
    }
    doctor::DoctorOptions options;
    options.deviceId = device->device ? device->device->id : std::string();
    options.quick = quick;
    const auto probe = doctor::liveDoctorProbe(engine);
    DoctorSignals observer(*this, job);
    auto report = doctor::runDoctor(*sys::liveSystemFiles(), *probe, options, *device, &observer, cancel.get());
    if (!report) {
        if (report.error().kind == ErrorKind::Cancelled)
            emit cancelled(job);
        else
            emit failed(job, errorText(report.error()));
        return;
    }
    report->commandLine = "sharescope doctor"
        + (options.deviceId.empty() ? std::string() : " --device " + options.deviceId) + (quick ? " --quick" : "");
    emit machineChecked(job, *report);
}

void RunWorker::readBuffer(quint64 job, int buffer, quint64 first, int count)
{
    if (!m_keptBy || job != m_keptJob)
        return; // the buffers of that run are gone: nothing to read
    auto values = m_keptBy->readBuffer(static_cast<std::size_t>(buffer), first, static_cast<std::uint64_t>(count));
    if (!values) {
        emit logMessage(tr("Could not read the buffer: %1").arg(errorText(values.error())));
        return;
    }
    BufferChunk chunk{job, buffer, first, std::move(*values), {}};
    chunk.expected.reserve(chunk.values.size());
    for (std::size_t i = 0; i < chunk.values.size(); ++i)
        chunk.expected.push_back(m_keptBy->expectedValue(static_cast<std::size_t>(buffer), first + i));
    emit bufferRead(chunk);
}

} // namespace sharescope
