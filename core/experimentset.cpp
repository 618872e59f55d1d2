#include "experimentset.h"

#include "trnoop.h"

namespace sharescope {

void SetObserver::runStarting(std::size_t, std::size_t, const ExperimentSpec &) { }

PlannedRuns planRuns(ReportSet::Kind kind, const ExperimentSpec &base, const std::vector<std::string> &requested,
                     const std::vector<std::uint64_t> &sizes, const DeviceInfo &device)
{
    std::vector<std::string> modeIds = requested;
    const bool all = modeIds == std::vector<std::string>{"all"};
    if (all)
        modeIds.clear();
    if (modeIds.empty()) {
        if (kind == ReportSet::Kind::Sweep && !all) {
            modeIds.emplace_back(defaultMode(device.backend));
        } else {
            for (const ModeInfo &mode : modes()) {
                if (mode.backend == device.backend)
                    modeIds.emplace_back(mode.id);
            }
        }
    }
    const std::vector<std::uint64_t> runSizes = kind == ReportSet::Kind::Sweep ? sizes : std::vector{base.bytes};
    PlannedRuns plan;
    for (const std::string &mode : modeIds) {
        const ModeInfo *info = findMode(mode);
        const Support support = info ? supportOf(device, *info) : Support{false, "unknown mode"};
        for (const std::uint64_t size : runSizes) {
            if (!support.supported) {
                plan.skipped.push_back(
                    {mode, size, std::string(SHARESCOPE_TR_NOOP("Catalogue", "not supported: ")) + support.reason});
                continue;
            }
            ExperimentSpec spec = base;
            spec.deviceId = device.id;
            spec.mode = mode;
            spec.bytes = size;
            spec.advice = mode == "managed-advise" ? (base.advice.empty() ? "preferred-device" : base.advice) : "";
            plan.runs.push_back(spec);
        }
    }
    return plan;
}

Result<SetOutcome> runSet(Engine &engine, ReportSet::Kind kind, PlannedRuns plan, std::string commandLine,
                          SetObserver *observer, const std::atomic<bool> *cancel)
{
    SetOutcome outcome;
    outcome.set.kind = kind;
    outcome.set.commandLine = std::move(commandLine);
    outcome.set.skipped = std::move(plan.skipped);
    for (std::size_t i = 0; i < plan.runs.size(); ++i) {
        const ExperimentSpec &spec = plan.runs[i];
        if (observer)
            observer->runStarting(i, plan.runs.size(), spec);
        auto report = engine.run(spec, observer, cancel);
        if (!report) {
            const Error &error = report.error();
            if (error.kind == ErrorKind::Cancelled)
                return error;
            outcome.anyFailed = outcome.anyFailed || error.kind == ErrorKind::Failed;
            const char *prefix = error.kind == ErrorKind::Unsupported
                ? SHARESCOPE_TR_NOOP("Catalogue", "not supported: ")
                : error.kind == ErrorKind::Failed ? SHARESCOPE_TR_NOOP("Catalogue", "failed: ")
                                                  : SHARESCOPE_TR_NOOP("Catalogue", "skipped: ");
            outcome.set.skipped.push_back({spec.mode, spec.bytes, prefix + error.message});
            continue;
        }
        outcome.anyFailed = outcome.anyFailed || !report->verification.passed();
        outcome.set.runs.push_back(std::move(*report));
    }
    return outcome;
}

} // namespace sharescope
