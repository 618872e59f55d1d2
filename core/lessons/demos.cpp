// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/demos.h"

#include "trnoop.h"

#include <algorithm>
#include <array>

namespace sharescope {
namespace {

constexpr std::uint64_t MiB = 1ULL << 20;

constexpr std::array copiesCuda{ModeId::Device, ModeId::Pinned, ModeId::ZeroCopy};
constexpr std::array copiesOpenCL{ModeId::ClCopy, ModeId::ClUseHostPtr, ModeId::ClAllocHostPtr};
constexpr std::array firstTouchCuda{ModeId::Managed};
constexpr std::array pinningCuda{ModeId::Device, ModeId::Pinned, ModeId::PinnedRegistered};
constexpr std::array prefetchCuda{ModeId::Managed, ModeId::ManagedPrefetch};
constexpr std::array pagesCuda{ModeId::Managed, ModeId::ZeroCopy, ModeId::Device};
constexpr std::array pagesOpenCL{ModeId::ClCopy, ModeId::ClUseHostPtr};
constexpr std::array pingPongCuda{ModeId::Managed, ModeId::ManagedAdvise, ModeId::ZeroCopy, ModeId::Device};
constexpr std::array pingPongOpenCL{ModeId::ClCopy, ModeId::ClUseHostPtr, ModeId::ClSvmFine};
constexpr std::array processCuda{ModeId::Device, ModeId::Ipc, ModeId::IpcVmm, ModeId::IpcPool};
constexpr std::array profilersCuda{ModeId::Managed};
constexpr std::array peerCuda{ModeId::PeerCopy, ModeId::PeerAccess, ModeId::ManagedPeer, ModeId::ManagedPeerPrefetch};
constexpr std::array threadsCuda{ModeId::Pinned, ModeId::ManagedPrefetch};
constexpr std::array threadsOpenCL{ModeId::ClCopy, ModeId::ClSvmFine};
constexpr std::array discardCuda{ModeId::Managed, ModeId::ManagedDiscard, ModeId::ManagedDiscardPrefetch};
// From where page-locking costs more than the copies it speeds up to where
// it pays for itself within an iteration or two.
constexpr std::array pinningSizes{MiB / 4, 4 * MiB, 64 * MiB, 256 * MiB};
// Where a launch costs more than its work, and where one launch fills the GPU.
constexpr std::array threadsSizes{MiB, 64 * MiB};
// Small enough that CUPTI's records keep up, and large enough that they do not.
constexpr std::array profilersSizes{16 * MiB, 512 * MiB};

// In DemoId order.
constexpr std::array<DemoInfo, 11> demoTable{
    {{DemoId::CopiesVsZeroCopy, "copies-vs-zero-copy", SHARESCOPE_TR_NOOP("Demos", "Copies vs zero-copy"),
      KernelId::VectorAdd, 64 * MiB, copiesCuda, copiesOpenCL, std::nullopt},
     // What cudaHostAlloc, and cudaHostRegister of arrays the program already
     // has, cost (alloc and free) against what they save on every
     // iteration's copies, at sizes from where they never pay to where they
     // pay at once: the break-even number of iterations.
     {DemoId::WhenPinningPays,
      "when-pinning-pays",
      SHARESCOPE_TR_NOOP("Demos", "When pinning pays: what page-locking costs against the copies it speeds up"),
      KernelId::VectorAdd,
      64 * MiB,
      pinningCuda,
      {},
      std::nullopt,
      pinningSizes},
     // The CUDA course's four page-fault experiments, one buffer each, in
     // one run: its warm-up is the first touch, the iterations after it the
     // steady state.
     {DemoId::FirstTouch,
      "first-touch",
      SHARESCOPE_TR_NOOP("Demos", "Who touches first: the four page-fault experiments"),
      KernelId::FirstTouch,
      64 * MiB,
      firstTouchCuda,
      {},
      std::nullopt},
     {DemoId::PagesMoveWhole, "pages-move-whole", SHARESCOPE_TR_NOOP("Demos", "Pages move whole (stride)"),
      KernelId::Stride, 64 * MiB, pagesCuda, pagesOpenCL, std::nullopt},
     {DemoId::Prefetch,
      "prefetch",
      SHARESCOPE_TR_NOOP("Demos", "Why prefetch matters"),
      KernelId::VectorAdd,
      64 * MiB,
      prefetchCuda,
      {},
      std::nullopt},
     {DemoId::PingPong, "ping-pong", SHARESCOPE_TR_NOOP("Demos", "Ping-pong and thrashing"), KernelId::PingPong,
      16 * MiB, pingPongCuda, pingPongOpenCL, Advice::PreferredHost},
     {DemoId::Discard,
      "discard",
      SHARESCOPE_TR_NOOP("Demos", "What discarding managed memory costs"),
      KernelId::VectorAdd,
      256 * MiB,
      discardCuda,
      {},
      std::nullopt},
     {DemoId::OtherProcess,
      "other-process",
      SHARESCOPE_TR_NOOP("Demos", "Sharing with another process"),
      KernelId::VectorAdd,
      64 * MiB,
      processCuda,
      {},
      std::nullopt},
     // Several host threads share one GPU, each on a slice: on the legacy
     // default stream their work serialises, on per-thread streams it can
     // overlap; against one thread doing it all.
     {DemoId::ThreadsShareOneGpu, "threads-share-one-gpu",
      SHARESCOPE_TR_NOOP("Demos", "Threads share one GPU: the legacy stream against per-thread streams"),
      KernelId::VectorAdd, 64 * MiB, threadsCuda, threadsOpenCL, std::nullopt, threadsSizes, false, true},
     {DemoId::PeerAccess,
      "peer-access",
      SHARESCOPE_TR_NOOP("Demos", "Two GPUs: copies, peer access and managed pages"),
      KernelId::VectorAdd,
      256 * MiB,
      peerCuda,
      {},
      std::nullopt,
      {},
      true},
     {DemoId::WhatProfilersMiss,
      "what-profilers-miss",
      SHARESCOPE_TR_NOOP("Demos", "What profilers miss"),
      KernelId::VectorAdd,
      16 * MiB,
      profilersCuda,
      {},
      std::nullopt,
      profilersSizes,
      false,
      false,
      RecordsSource::Cupti}}};

constexpr bool inDemoIdOrder()
{
    for (std::size_t i = 0; i < demoTable.size(); ++i) {
        if (static_cast<std::size_t>(demoTable[i].id) != i)
            return false;
    }
    return true;
}
static_assert(inDemoIdOrder(), "the table lists the demos in DemoId order (demoInfo indexes it)");

} // namespace

std::span<const DemoInfo> demos()
{
    return demoTable;
}

std::optional<DemoId> nextDemo(DemoId id)
{
    const auto next = static_cast<std::size_t>(id) + 1;
    return next < demoTable.size() ? std::optional(demoTable[next].id) : std::nullopt;
}

const DemoInfo &demoInfo(DemoId id)
{
    return demoTable[static_cast<std::size_t>(id)];
}

std::optional<DemoId> demoFromName(std::string_view name)
{
    const auto it = std::ranges::find(demoTable, name, &DemoInfo::name);
    return it == demoTable.end() ? std::nullopt : std::optional(it->id);
}

Result<DemoId> parseDemo(std::string_view name)
{
    if (const auto id = demoFromName(name))
        return *id;
    return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown demo '%1'; accepted: %2"),
                       {std::string(name), demoNameList()});
}

std::string demoNameList(std::string_view separator)
{
    std::string list;
    for (const DemoInfo &demo : demoTable) {
        if (!list.empty())
            list += separator;
        list += demo.name;
    }
    return list;
}

std::optional<DemoId> demoOfCommand(std::string_view commandLine)
{
    constexpr std::string_view prefix = "sharescope demo ";
    if (!commandLine.starts_with(prefix))
        return std::nullopt;
    std::string_view rest = commandLine.substr(prefix.size());
    return demoFromName(rest.substr(0, rest.find(' ')));
}

DemoNeeds demoNeeds(const DemoInfo &demo)
{
    if (!demo.openclModes.empty())
        return DemoNeeds::AnyDevice;
    if (std::ranges::all_of(demo.cudaModes, [](ModeId mode) { return modeInfo(mode).needsPeer(); }))
        return DemoNeeds::TwoCudaGpus;
    if (std::ranges::any_of(demo.cudaModes, [](ModeId mode) { return modeInfo(mode).discard != Discard::None; }))
        return DemoNeeds::Cuda13;
    return DemoNeeds::Cuda;
}

bool pointNeedsCuda(const DemoInfo &demo)
{
    switch (demo.id) {
    case DemoId::PagesMoveWhole:
    case DemoId::PingPong:
    case DemoId::ThreadsShareOneGpu:
        return true;
    case DemoId::CopiesVsZeroCopy: // copies against memory shared in place: OpenCL shows both
    case DemoId::WhenPinningPays:
    case DemoId::FirstTouch:
    case DemoId::Prefetch:
    case DemoId::Discard:
    case DemoId::OtherProcess:
    case DemoId::PeerAccess:
    case DemoId::WhatProfilersMiss:
        return false; // CUDA only, or shown on any device
    }
    return false;
}

std::span<const ModeId> demoModes(const DemoInfo &demo, BackendKind backend)
{
    return backend == BackendKind::Cuda ? demo.cudaModes : demo.openclModes;
}

std::vector<std::uint64_t> demoSizes(const DemoInfo &demo, std::uint64_t given, bool sizeGiven)
{
    if (sizeGiven)
        return {given};
    if (demo.sizes.empty())
        return {demo.bytes};
    return {demo.sizes.begin(), demo.sizes.end()};
}

ExperimentSpec demoSpec(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven)
{
    base.kernel = demo.kernel;
    if (!sizeGiven)
        base.bytes = demo.bytes;
    base.advice = demo.advice;
    base.writeCombined = false; // a demo's modes run as their lesson tells them
    base.hostThreads = 1; // and on the threads it gives them
    base.defaultStream = DefaultStream::Legacy;
    base.records = demo.records;
    return base;
}

} // namespace sharescope
