#pragma once

#include "deviceinfo.h"
#include "experimentset.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

// A guided demo: one comparison chosen to show one thing, whose lesson is
// then told with the numbers just measured (the lessons live in the front
// ends, which translate them).
struct DemoInfo
{
    std::string_view id; // "copies-vs-zero-copy"
    std::string_view title; // English; translated in context "Demos"
    std::string_view kernel;
    std::uint64_t bytes; // per buffer, unless the user gives --size
    std::span<const std::string_view> cudaModes; // the comparison on a CUDA device, in order
    std::span<const std::string_view> openclModes; // on an OpenCL device; empty: CUDA only
    std::string_view advice; // for managed-advise
};

std::span<const DemoInfo> demos();
const DemoInfo *findDemo(std::string_view id);
std::string demoIdList(std::string_view separator = ", ");

struct DemoPlan
{
    PlannedRuns runs; // the modes this device can run; the others skipped, with the reason
    // Empty when the demo can run here; otherwise why not at all (its modes
    // need a backend or features the device lacks).
    std::optional<Error> unavailable;
};

// The demo's modes on a device of this backend, in order; empty: none.
std::vector<std::string> demoModes(const DemoInfo &demo, BackendKind backend);
// The experiment every mode of the demo runs: `base` with the demo's kernel,
// advice and (unless sizeGiven) size.
ExperimentSpec demoSpec(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven);

// `base` carries what the user chose (device, size, iterations, counters);
// the demo sets the kernel, its modes and, unless the user gave a size
// (sizeGiven), the size.
DemoPlan planDemo(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven, const DeviceInfo &device);

} // namespace sharescope
