#pragma once

#include "backend.h"
#include "experimentspec.h"
#include "result.h"
#include "runreport.h"

#include <atomic>
#include <memory>

namespace sharescope {

// Told about a run while it happens, on the thread that runs it.
class EngineObserver
{
public:
    virtual ~EngineObserver() = default;
    // iteration is -1 for alloc and free, which happen once per run.
    virtual void phaseFinished(int iteration, bool warmup, const PhaseResult &result);
    // done of total steps (phases), for a progress bar.
    virtual void progress(int done, int total);
};

// Runs experiments on one device. Not thread-safe by design: the thread that
// calls run() is the one that owns the device.
class Engine
{
public:
    explicit Engine(std::unique_ptr<Backend> backend);

    const DeviceInfo &device() const { return m_backend->device(); }

    // Checks the experiment (exit-code-worthy errors: BadArgument for names and
    // limits, Unsupported for modes the device lacks), runs it, verifies every
    // element and returns the report. A cancelled run stops between phases,
    // frees its buffers and returns ErrorKind::Cancelled.
    Result<RunReport> run(const ExperimentSpec &spec, EngineObserver *observer = nullptr,
                          const std::atomic<bool> *cancel = nullptr);

    // The checks run() starts with, without running anything.
    Status check(const ExperimentSpec &spec) const;

private:
    std::unique_ptr<Backend> m_backend;
};

} // namespace sharescope
