// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demos.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

enum class ExampleId : std::uint8_t {
    ManagedRun,
    CompareModes,
    SweepSizes,
    CopiesVsZeroCopy,
    Prefetch,
    PagesMoveWhole,
    PingPong,
    OtherProcess,
    WhatProfilersMiss,
    Discard,
    FirstTouch,
    WhenPinningPays,
    ThreadsShareOneGpu,
};

// A report measured on a real GPU and shipped with the program, so that a
// machine without one can still read what the modes and the demos show.
// The report itself says where, when and with which command it was made
// (resources/examples/NAME.json, written by scripts/gpu-examples.sh).
struct ExampleInfo
{
    ExampleId id;
    std::string_view name; // "managed"; the file is resources/examples/<name>.json
    std::string_view title; // English; translated in context "Examples"
    std::optional<DemoId> demo; // the demo whose lesson the report tells
    // The NVIDIA driver the GPU ran when the report was made, as nvidia-smi
    // printed it beside the measurement (docs/measurements): the report's
    // own driverVersion is the CUDA version that driver supports.
    std::string_view nvidiaDriver = "580.159.04";
};

std::span<const ExampleInfo> examples();
const ExampleInfo &exampleInfo(ExampleId id);
std::optional<ExampleId> exampleFromName(std::string_view name);
Result<ExampleId> parseExample(std::string_view name); // a bad argument that lists the examples
std::string exampleNameList(std::string_view separator = ", ");
// The example that tells a demo's lesson; none for a demo not measured yet
// (peer-access needs two GPUs).
std::optional<ExampleId> exampleForDemo(DemoId demo);
// The example that shows a CUDA mode measured (its own run, else a
// comparison it is part of); none for the modes of two GPUs, and for the
// OpenCL modes, which every machine with OpenCL can run.
std::optional<ExampleId> exampleForMode(ModeId mode);

} // namespace sharescope
