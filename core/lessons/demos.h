// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "deviceinfo.h"
#include "experimentspec.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

// In the order of the lesson path: first steps (copies against zero-copy),
// when pinning pays, who touches first (the four page-fault experiments), pages move whole, prefetch, ping-pong,
// discard, between processes, two GPUs, what profilers miss. demos() lists them so, and each lesson ends by naming the
// next (nextDemo).
enum class DemoId : std::uint8_t {
    CopiesVsZeroCopy,
    WhenPinningPays,
    FirstTouch,
    PagesMoveWhole,
    Prefetch,
    PingPong,
    Discard,
    OtherProcess,
    ThreadsShareOneGpu,
    PeerAccess,
    WhatProfilersMiss,
};

// A guided demo: one comparison chosen to show one thing, whose lesson is
// then told with the numbers just measured (the lessons live in the front
// ends, which translate them).
struct DemoInfo
{
    DemoId id;
    std::string_view name; // "copies-vs-zero-copy"
    std::string_view title; // English; translated in context "Demos"
    KernelId kernel;
    std::uint64_t bytes; // per buffer, unless the user gives --size
    std::span<const ModeId> cudaModes; // the comparison on a CUDA device, in order
    std::span<const ModeId> openclModes; // on an OpenCL device; empty: CUDA only
    std::optional<Advice> advice; // for managed-advise
    // Sizes to run every mode at, unless the user gives --size; empty: `bytes`.
    std::span<const std::uint64_t> sizes = {};
    // peer-copy runs twice, without and with peer access, so that the lesson
    // can set one against the other.
    bool peerAccessBothWays = false;
    // Every mode runs on one thread, then on demoHostThreads threads (CUDA:
    // on the legacy default stream, then on per-thread streams).
    bool hostThreadVariants = false;
    // Where the counted pass takes its migration records: what profilers
    // miss is what CUPTI's records miss; every other demo takes the driver's.
    RecordsSource records = RecordsSource::DriverEvents;
};

// The host threads of a demo with hostThreadVariants.
inline constexpr int demoHostThreads = 8;

std::span<const DemoInfo> demos(); // in the lesson path's order
// The demo after `id` on the lesson path; empty after the last.
std::optional<DemoId> nextDemo(DemoId id);
const DemoInfo &demoInfo(DemoId id);
std::optional<DemoId> demoFromName(std::string_view name);
Result<DemoId> parseDemo(std::string_view name); // a bad argument that lists the demos
std::string demoNameList(std::string_view separator = ", ");
// The demo a report's command ran ("sharescope demo prefetch --device
// cuda:0 --json f.json"), so that a saved demo report tells its lesson when
// it is opened again; empty for any other command.
std::optional<DemoId> demoOfCommand(std::string_view commandLine);

// What a machine needs to run a demo, from its modes: any device where it
// has OpenCL modes, else CUDA; two CUDA GPUs where every mode runs its kernel
// on a peer; CUDA 13.0 where a mode discards managed memory (the demo's
// other modes run on older CUDA).
enum class DemoNeeds : std::uint8_t {
    AnyDevice,
    Cuda,
    Cuda13,
    TwoCudaGpus,
};
DemoNeeds demoNeeds(const DemoInfo &demo);
// Whether what a demo that runs on any device shows needs CUDA: page
// migrations (OpenCL reports none), the legacy default stream (OpenCL has
// no stream shared by threads). On an OpenCL device its lesson says so and
// points to its shipped example.
bool pointNeedsCuda(const DemoInfo &demo);

// The demo's modes on a device of this backend, in order; empty: none.
std::span<const ModeId> demoModes(const DemoInfo &demo, BackendKind backend);
// The experiment every mode of the demo runs: `base` with the demo's kernel,
// advice and (unless sizeGiven) size.
ExperimentSpec demoSpec(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven);
// The sizes the demo runs at: the user's, else the demo's.
std::vector<std::uint64_t> demoSizes(const DemoInfo &demo, std::uint64_t given, bool sizeGiven);

} // namespace sharescope
