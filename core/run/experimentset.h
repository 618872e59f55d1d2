// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibrationstore.h"
#include "lessons/demos.h"
#include "report/reportset.h"
#include "run/engine.h"

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sharescope {

// What the user asked to run, as the command line or the window says it,
// before it meets a device.
struct RunRequest
{
    ReportSet::Kind kind = ReportSet::Kind::Run;
    // Device, kernel, sizes, counts and advice; its mode is decided below.
    ExperimentSpec base;
    std::optional<ModeId> mode; // a run's mode; empty: the device's plain copy mode
    // compare and sweep: these modes; empty: every mode of the device
    // (compare) or its plain copy mode (sweep); allModes: every mode.
    std::vector<ModeId> modes;
    bool allModes = false;
    std::vector<std::uint64_t> sizes; // sweep
    // A guided demo (a compare): it picks the kernel, the modes and, unless
    // sizeGiven, the size.
    std::optional<DemoId> demo;
    bool sizeGiven = false;
    std::string commandLine; // what reproduces it
};

// Checks a request before it meets a device: the experiment's sizes and
// counts (validate()), and that advice goes with a mode that takes it.
Status validateRequest(const RunRequest &request);

// The command that asks for the same from the command line, for requests
// made in the window.
std::string reproduceCommand(const RunRequest &request);

// The experiments of a request on one device.
struct PlannedRuns
{
    ReportSet::Kind kind = ReportSet::Kind::Run;
    std::string commandLine;
    std::vector<ExperimentSpec> runs;
    std::vector<SkippedRun> skipped; // modes the device cannot run, with the reason
    // Why nothing at all can run here (a demo whose modes the device lacks).
    std::optional<Error> refusal;
    // One run, asked for by itself: its failure is the command's error, not
    // a skipped entry.
    bool single = false;
};

PlannedRuns planRuns(const RunRequest &request, const DeviceInfo &device);

class SetObserver : public EngineObserver
{
public:
    virtual void runStarting(std::size_t index, std::size_t total, const ExperimentSpec &spec);
};

struct SetOptions
{
    bool keepBuffers = false; // a single run keeps its buffers (Engine::run)
    // The user's calibrations (calibrationstore.h), for the ceilings every
    // run gets; empty: the specification's ceilings only.
    std::filesystem::path calibrationCache;
};

struct SetOutcome
{
    ReportSet set;
    bool anyFailed = false; // a run failed, or its results were wrong
    // The device's context was lost (Error::deviceLost): the set stopped
    // there, and the device must be opened again before it runs anything.
    bool deviceLost = false;
    CachedCalibration calibration; // what the cache held for the device
};

// Runs every planned experiment in turn and gives each the device's
// ceilings. In a set, a run that fails is listed among the skipped with the
// reason and the others go on; a cancel stops the set, and so does a lost
// device (the runs left are listed as skipped with its error).
Result<SetOutcome> runSet(Engine &engine, PlannedRuns plan, SetObserver *observer, const std::atomic<bool> *cancel,
                          const SetOptions &options = {});

// Adds the device's ceilings to every run of a set: the specification, and
// the calibration in `cache` where there is a current one (an empty path:
// the specification only). Returns what the cache held, for the note that
// offers a calibration.
CachedCalibration attachCeilings(ReportSet &set, const DeviceInfo &device, const std::filesystem::path &cache);

} // namespace sharescope
