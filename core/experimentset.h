#pragma once

#include "engine.h"
#include "reportjson.h"

#include <atomic>
#include <string>
#include <vector>

namespace sharescope {

// compare and sweep: the same experiment over several modes (and sizes).
struct PlannedRuns
{
    std::vector<ExperimentSpec> runs;
    std::vector<SkippedRun> skipped; // modes the device cannot run, with the reason
};

// Modes {"all"}: every mode of the device's backend. Empty modes: the same
// for compare, the plain copy mode for sweep. Sizes are used by sweep only.
PlannedRuns planRuns(ReportSet::Kind kind, const ExperimentSpec &base, const std::vector<std::string> &modes,
                     const std::vector<std::uint64_t> &sizes, const DeviceInfo &device);

class SetObserver : public EngineObserver
{
public:
    virtual void runStarting(std::size_t index, std::size_t total, const ExperimentSpec &spec);
};

struct SetOutcome
{
    ReportSet set;
    bool anyFailed = false; // a run failed, or its results were wrong
};

// Runs every planned experiment in turn. A run that fails is listed among
// the skipped with the reason and the others go on; a cancel stops the set.
Result<SetOutcome> runSet(Engine &engine, ReportSet::Kind kind, PlannedRuns plan, std::string commandLine,
                          SetObserver *observer, const std::atomic<bool> *cancel);

} // namespace sharescope
