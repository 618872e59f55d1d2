#pragma once

#include "../backend.h"
#include "../pagemap.h"
#include "cudaerror.h"
#include "uvmcounters.h"

#include <memory>
#include <optional>

namespace sharescope::cuda {

// Whether this process carries the instruments. A process that times
// experiments never loads them: its counters come from a counted pass in a
// child process, which does (see ../countedpass.h).
enum class Instrumentation {
    Timing, // no CUPTI, no driver counters, no page reads: counted passes run in a child
    Counted, // this is that child: every session is instrumented
};

// What every session on one device shares.
struct CudaContext
{
    DeviceInfo info;
    ContextHealth health;
    Instrumentation instrumentation = Instrumentation::Timing;
    // Counted only: CUPTI counts on every GPU, not this one alone (the peer
    // modes, whose pages move between two).
    bool countEveryDevice = false;
    // Counted only: CUPTI's records, the driver's exact counters, the pages.
    std::string recordsProblem; // why CUPTI's records are unavailable, if they are
    std::unique_ptr<UvmCounters> uvm;
    std::string uvmProblem;
    std::optional<Pagemap> pagemap;
    std::string pagemapProblem;
};

class CudaBackend final : public Backend
{
public:
    explicit CudaBackend(DeviceInfo info, Instrumentation instrumentation = Instrumentation::Timing,
                         bool countEveryDevice = false);

    // Creates the device's context; for a counted pass sets CUPTI up first
    // (it wants to come before the context) and opens the driver's counters
    // and the page map after (they want a context).
    Status open();

    const DeviceInfo &device() const override { return m_context.info; }
    Status check(const ExperimentSpec &spec) const override;
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    std::string countersNote(const ExperimentSpec &spec) const override;
    std::optional<Result<RunReport>> countedPass(const ExperimentSpec &spec, EngineObserver *observer,
                                                 const std::atomic<bool> *cancel) override;
    std::vector<CalibrationStep> calibrationSteps() const override;
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override;

private:
    Status checkPeerMemory(const ExperimentSpec &spec) const;

    mutable CudaContext m_context;
};

} // namespace sharescope::cuda
