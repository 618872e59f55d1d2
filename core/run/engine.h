// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "experimentspec.h"
#include "faultinjection.h"
#include "report/runreport.h"
#include "result.h"
#include "run/engineobserver.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace sharescope {

// How the engine gets a run's counted pass where the backend's sessions
// carry no instruments: by default this program in its counted-pass role,
// as a child process (countedpass.h); the tests run one in-process.
using CountedPassLauncher = std::function<Result<RunReport>(const ExperimentSpec &spec, EngineObserver *observer,
                                                            const std::atomic<bool> *cancel)>;

// Runs experiments on one device. Not thread-safe by design: the thread that
// calls run() is the one that owns the device.
class Engine
{
public:
    explicit Engine(std::unique_ptr<Backend> backend, CountedPassLauncher countedPass = {});
    ~Engine();

    const DeviceInfo &device() const { return m_backend->device(); }
    // The device itself, for what is not a run (a calibration, calibration.h).
    Backend &backend() { return *m_backend; }

    // Checks the experiment (exit-code-worthy errors: BadArgument for names and
    // limits, Unsupported for modes the device lacks), runs it, verifies every
    // element and returns the report. A cancelled run stops between phases,
    // frees its buffers and returns ErrorKind::Cancelled.
    // With keepBuffers, a successful run leaves its buffers allocated (the
    // report then has no free phase) for readBuffer(), until the next run or
    // releaseBuffers().
    Result<RunReport> run(const ExperimentSpec &spec, EngineObserver *observer = nullptr,
                          const std::atomic<bool> *cancel = nullptr, bool keepBuffers = false);

    bool hasKeptBuffers() const { return m_kept != nullptr; }
    // `count` elements of a kept buffer from `first`, as 32-bit words.
    Result<std::vector<std::uint32_t>> readBuffer(std::size_t buffer, std::uint64_t first, std::uint64_t count);
    // What the CPU reference says the kept buffer's element must hold.
    double expectedValue(std::size_t buffer, std::uint64_t index) const;
    void releaseBuffers();

    // The checks run() starts with, without running anything.
    Status check(const ExperimentSpec &spec) const;

    // Test builds: where the fault to inject is counted (faultinjection.h),
    // owned by the caller so that the count outlives an engine closed after
    // a lost device; nullptr: none.
    void setFaultSchedule(FaultSchedule *schedule) { m_faults = schedule; }

private:
    struct Kept;
    std::unique_ptr<Backend> m_backend;
    CountedPassLauncher m_countedPass;
    std::unique_ptr<Kept> m_kept;
    FaultSchedule *m_faults = nullptr;
};

} // namespace sharescope
