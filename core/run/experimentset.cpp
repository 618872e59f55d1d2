// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/experimentset.h"

#include "bytesize.h"
#include "peers.h"
#include "preflight.h"
#include "trnoop.h"

#include <algorithm>

namespace sharescope {
namespace {

std::vector<ModeId> requestedModes(const RunRequest &request, const DeviceInfo &device)
{
    if (request.demo) {
        const auto modes = demoModes(demoInfo(*request.demo), device.backend);
        return {modes.begin(), modes.end()};
    }
    if (request.kind == ReportSet::Kind::Run)
        return {request.mode.value_or(defaultMode(device.backend))};
    if (!request.modes.empty() && !request.allModes)
        return request.modes;
    if (request.kind == ReportSet::Kind::Sweep && !request.allModes)
        return {defaultMode(device.backend)};
    std::vector<ModeId> all;
    for (const ModeInfo &mode : modes()) {
        if (mode.backend == device.backend)
            all.push_back(mode.id);
    }
    return all;
}

// The experiments one mode of a request runs: one, except in a demo that
// runs peer-copy both without and with peer access.
std::vector<ExperimentSpec> variantsOf(const RunRequest &request, const ExperimentSpec &spec)
{
    if (request.demo && demoInfo(*request.demo).hostThreadVariants) {
        // One thread, then demoHostThreads: on the legacy stream, then on
        // per-thread streams where the mode has streams (CUDA).
        std::vector<ExperimentSpec> variants{spec};
        ExperimentSpec threaded = spec;
        threaded.hostThreads = demoHostThreads;
        variants.push_back(threaded);
        if (spec.modeInfo().backend == BackendKind::Cuda) {
            threaded.defaultStream = DefaultStream::PerThread;
            variants.push_back(threaded);
        }
        return variants;
    }
    if (!request.demo || !demoInfo(*request.demo).peerAccessBothWays
        || !takesOption(spec.modeInfo(), ModeOption::PeerAccess))
        return {spec};
    ExperimentSpec off = spec;
    off.peerAccess = false;
    ExperimentSpec on = spec;
    on.peerAccess = true;
    return {off, on};
}

std::optional<Error> demoRefusal(const RunRequest &request, const DeviceInfo &device, const PlannedRuns &plan)
{
    if (!request.demo)
        return std::nullopt;
    const DemoInfo &demo = demoInfo(*request.demo);
    if (demoModes(demo, device.backend).empty()) {
        return unsupported(SHARESCOPE_TR_NOOP("Core", "the %1 demo needs a CUDA device, and %2 is %3"),
                           {std::string(demo.name), device.id, std::string(backendName(device.backend))});
    }
    if (plan.runs.empty()) {
        return unsupported(SHARESCOPE_TR_NOOP("Core", "%1 can run none of the modes of the %2 demo"),
                           {device.id, std::string(demo.name)});
    }
    return std::nullopt;
}

// Whether a mode the request names, or may run, is one `wanted` picks.
template<typename Wanted>
bool anyRequested(const RunRequest &request, Wanted wanted)
{
    if (request.kind == ReportSet::Kind::Run)
        return request.mode && wanted(*request.mode);
    return request.allModes || request.modes.empty() || std::ranges::any_of(request.modes, wanted);
}

std::optional<ModeId> firstRequested(const RunRequest &request)
{
    if (request.mode)
        return request.mode;
    if (!request.modes.empty())
        return request.modes.front();
    return std::nullopt;
}

// An option that only some modes take, with none of the requested modes
// taking it.
Status checkOptionTaken(const RunRequest &request, ModeOption option)
{
    if (anyRequested(request, [option](ModeId m) { return takesOption(modeInfo(m), option); }))
        return okStatus();
    return optionNotTaken(option, firstRequested(request));
}

// --peer and --peer-access, each with a mode that takes it.
Status validatePeerRequest(const RunRequest &request)
{
    const ExperimentSpec &base = request.base;
    if (!base.peerId.empty()) {
        if (Status id = checkPeerId(base.peerId); !id)
            return id;
    }
    if (request.demo)
        return okStatus(); // the demo picks its modes, and the peer is for those that need one
    if (!base.peerId.empty()) {
        if (Status taken = checkOptionTaken(request, ModeOption::Peer); !taken)
            return taken;
    }
    if (base.peerAccess)
        return checkOptionTaken(request, ModeOption::PeerAccess);
    return okStatus();
}

// --write-combined, with a mode that takes it (a demo picks its own modes).
Status validateWriteCombined(const RunRequest &request)
{
    if (!request.base.writeCombined || request.demo)
        return okStatus();
    return checkOptionTaken(request, ModeOption::WriteCombined);
}

} // namespace

Status validateRequest(const RunRequest &request)
{
    // The ranges, judged in a mode that takes no advice; the advice below.
    if (Status valid = validate(inMode(request.base, ModeId::Device)); !valid)
        return valid;
    if (Status peer = validatePeerRequest(request); !peer)
        return peer;
    if (Status combined = validateWriteCombined(request); !combined)
        return combined;
    if (!request.base.advice || request.demo)
        return okStatus();
    return checkOptionTaken(request, ModeOption::Advice);
}

std::string reproduceCommand(const RunRequest &request)
{
    const ExperimentSpec &base = request.base;
    const std::string device = base.deviceId.empty() ? std::string() : " --device " + base.deviceId;
    if (request.demo) {
        std::string line = "sharescope demo " + std::string(demoInfo(*request.demo).name) + device;
        if (!base.peerId.empty())
            line += " --peer " + base.peerId;
        if (request.sizeGiven)
            line += " --size " + formatSizeArgument(base.bytes);
        line += " --iterations " + std::to_string(base.iterations) + " --warmup " + std::to_string(base.warmup);
        return line + (base.counters ? "" : " --no-counters");
    }
    std::string modes;
    for (const ModeId mode : request.modes) {
        if (!modes.empty())
            modes += ',';
        modes += modeName(mode);
    }
    switch (request.kind) {
    case ReportSet::Kind::Run:
        if (request.mode)
            return inMode(base, *request.mode).commandLine();
        return "sharescope run" + device + base.experimentOptions();
    case ReportSet::Kind::Compare:
        return "sharescope compare" + device + " --modes " + (request.allModes || modes.empty() ? "all" : modes)
            + base.experimentOptions();
    case ReportSet::Kind::Sweep:
        break;
    }
    std::string sizes;
    for (const std::uint64_t size : request.sizes) {
        if (!sizes.empty())
            sizes += ',';
        sizes += formatSizeArgument(size);
    }
    const std::string modeList = request.allModes ? " --modes all" : modes.empty() ? "" : " --modes " + modes;
    return "sharescope sweep" + device + modeList + " --sizes " + sizes + base.experimentOptions(false);
}

void SetObserver::runStarting(std::size_t, std::size_t, const ExperimentSpec &) { }

PlannedRuns planRuns(const RunRequest &request, const DeviceInfo &device)
{
    PlannedRuns plan;
    plan.kind = request.kind;
    plan.commandLine = request.commandLine;
    plan.single = request.kind == ReportSet::Kind::Run;
    ExperimentSpec base = request.base;
    base.deviceId = device.id;
    std::vector<std::uint64_t> sizes = request.kind == ReportSet::Kind::Sweep ? request.sizes : std::vector{base.bytes};
    if (request.demo) {
        const DemoInfo &demo = demoInfo(*request.demo);
        sizes = demoSizes(demo, base.bytes, request.sizeGiven);
        base = demoSpec(demo, base, request.sizeGiven);
    }
    if (Status peer = checkPeerArgument(base, device); !peer) {
        plan.refusal = peer.error();
        return plan;
    }
    for (const ModeId mode : requestedModes(request, device)) {
        for (const ExperimentSpec &variant : variantsOf(request, withPeer(inMode(base, mode), device))) {
            const Support support = supportOf(device, variant);
            for (const std::uint64_t size : sizes) {
                ExperimentSpec spec = variant;
                spec.bytes = size;
                // A single run reports an unsupported mode as its error, from
                // the engine's check.
                if (!support.supported && !plan.single) {
                    plan.skipped.push_back({mode, size, supportError(support)});
                    continue;
                }
                // --host-threads in a set: a mode that cannot split its work
                // is listed with the reason, not run on one thread.
                if (spec.threaded() && !plan.single) {
                    if (Status valid = validate(spec); !valid) {
                        plan.skipped.push_back({mode, size, valid.error()});
                        continue;
                    }
                }
                plan.runs.push_back(spec);
            }
        }
    }
    plan.refusal = demoRefusal(request, device, plan);
    return plan;
}

Result<SetOutcome> runSet(Engine &engine, PlannedRuns plan, SetObserver *observer, const std::atomic<bool> *cancel,
                          const SetOptions &options)
{
    SetOutcome outcome;
    outcome.set.kind = plan.kind;
    outcome.set.commandLine = std::move(plan.commandLine);
    outcome.set.skipped = std::move(plan.skipped);
    for (std::size_t i = 0; i < plan.runs.size(); ++i) {
        const ExperimentSpec &spec = plan.runs[i];
        if (observer)
            observer->runStarting(i, plan.runs.size(), spec);
        auto report = engine.run(spec, observer, cancel, options.keepBuffers && plan.single);
        if (!report) {
            const Error &error = report.error();
            if (error.kind == ErrorKind::Cancelled || plan.single)
                return error;
            // Refused now (memory that other programs took since the plan:
            // too large for the device now) is the arguments' fault, as at
            // the start; a failure is the device's.
            outcome.anyFailed = outcome.anyFailed || error.kind == ErrorKind::Failed;
            outcome.set.skipped.push_back({spec.mode, spec.bytes, error});
            if (error.deviceLost) {
                outcome.deviceLost = true;
                // The runs left never started: they say why, in no phase.
                Error notRun = failed("not run: " + engine.device().id + " lost its context in an earlier run ("
                                      + describe(error) + ")");
                notRun.deviceLost = true;
                for (std::size_t rest = i + 1; rest < plan.runs.size(); ++rest)
                    outcome.set.skipped.push_back({plan.runs[rest].mode, plan.runs[rest].bytes, notRun});
                break;
            }
            continue;
        }
        outcome.anyFailed = outcome.anyFailed || !report->verification.passed();
        outcome.set.runs.push_back(std::move(*report));
    }
    // Each path's ceilings, for the tables, the plots and the JSON (ceilings.h).
    outcome.calibration = attachCeilings(outcome.set, engine.device(), options.calibrationCache);
    return outcome;
}

CachedCalibration attachCeilings(ReportSet &set, const DeviceInfo &device, const std::filesystem::path &cache)
{
    CachedCalibration cached;
    if (!cache.empty())
        cached = loadCalibration(cache, calibrationKey(device));
    const Ceilings ceilings = ceilingsFor(device, cached.calibration ? &*cached.calibration : nullptr);
    for (RunReport &run : set.runs)
        run.ceilings = ceilings;
    return cached;
}

} // namespace sharescope
