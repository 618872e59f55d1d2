// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/examples.h"

#include "trnoop.h"

#include <algorithm>
#include <array>

namespace sharescope {
namespace {

// In ExampleId order.
constexpr std::array<ExampleInfo, 13> exampleTable{{
    {ExampleId::ManagedRun, "managed",
     SHARESCOPE_TR_NOOP("Examples", "One managed-memory run, every migration counted"), std::nullopt},
    {ExampleId::CompareModes, "compare", SHARESCOPE_TR_NOOP("Examples", "Every mode of one GPU side by side"),
     std::nullopt},
    {ExampleId::SweepSizes, "sweep", SHARESCOPE_TR_NOOP("Examples", "Bandwidth against size"), std::nullopt},
    {ExampleId::CopiesVsZeroCopy, "copies-vs-zero-copy", SHARESCOPE_TR_NOOP("Examples", "Demo: copies vs zero-copy"),
     DemoId::CopiesVsZeroCopy},
    {ExampleId::Prefetch, "prefetch", SHARESCOPE_TR_NOOP("Examples", "Demo: why prefetch matters"), DemoId::Prefetch},
    {ExampleId::PagesMoveWhole, "pages-move-whole", SHARESCOPE_TR_NOOP("Examples", "Demo: pages move whole"),
     DemoId::PagesMoveWhole},
    {ExampleId::PingPong, "ping-pong", SHARESCOPE_TR_NOOP("Examples", "Demo: ping-pong and thrashing"),
     DemoId::PingPong},
    {ExampleId::OtherProcess, "other-process", SHARESCOPE_TR_NOOP("Examples", "Demo: sharing with another process"),
     DemoId::OtherProcess},
    {ExampleId::WhatProfilersMiss, "what-profilers-miss", SHARESCOPE_TR_NOOP("Examples", "Demo: what profilers miss"),
     DemoId::WhatProfilersMiss},
    {ExampleId::Discard, "discard", SHARESCOPE_TR_NOOP("Examples", "Demo: what discarding managed memory costs"),
     DemoId::Discard},
    {ExampleId::FirstTouch, "first-touch",
     SHARESCOPE_TR_NOOP("Examples", "Demo: who touches first (the four page-fault experiments)"), DemoId::FirstTouch},
    {ExampleId::WhenPinningPays, "when-pinning-pays", SHARESCOPE_TR_NOOP("Examples", "Demo: when pinning pays"),
     DemoId::WhenPinningPays},
    {ExampleId::ThreadsShareOneGpu, "threads-share-one-gpu",
     SHARESCOPE_TR_NOOP("Examples", "Demo: threads share one GPU (the legacy stream against per-thread streams)"),
     DemoId::ThreadsShareOneGpu},
}};

constexpr bool inIdOrder()
{
    for (std::size_t i = 0; i < exampleTable.size(); ++i) {
        if (static_cast<std::size_t>(exampleTable[i].id) != i)
            return false;
    }
    return true;
}
static_assert(inIdOrder(), "the examples are listed in ExampleId order");

} // namespace

std::span<const ExampleInfo> examples()
{
    return exampleTable;
}

const ExampleInfo &exampleInfo(ExampleId id)
{
    return exampleTable[static_cast<std::size_t>(id)];
}

std::optional<ExampleId> exampleFromName(std::string_view name)
{
    const auto it = std::ranges::find(exampleTable, name, &ExampleInfo::name);
    if (it == exampleTable.end())
        return std::nullopt;
    return it->id;
}

Result<ExampleId> parseExample(std::string_view name)
{
    if (const auto id = exampleFromName(name))
        return *id;
    return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown example '%1'; accepted: %2"),
                       {std::string(name), exampleNameList()});
}

std::string exampleNameList(std::string_view separator)
{
    std::string list;
    for (const ExampleInfo &info : exampleTable) {
        if (!list.empty())
            list += separator;
        list += info.name;
    }
    return list;
}

std::optional<ExampleId> exampleForDemo(DemoId demo)
{
    const auto it = std::ranges::find(exampleTable, std::optional<DemoId>(demo), &ExampleInfo::demo);
    if (it == exampleTable.end())
        return std::nullopt;
    return it->id;
}

std::optional<ExampleId> exampleForMode(ModeId mode)
{
    switch (mode) {
    case ModeId::Managed:
        return ExampleId::ManagedRun;
    case ModeId::PinnedRegistered:
        return ExampleId::WhenPinningPays;
    case ModeId::Device:
    case ModeId::Pinned:
    case ModeId::ZeroCopy:
    case ModeId::Registered:
    case ModeId::ManagedPrefetch:
    case ModeId::ManagedAdvise:
    case ModeId::Ipc:
    case ModeId::IpcVmm:
    case ModeId::IpcPool:
    case ModeId::ManagedDiscard:
    case ModeId::ManagedDiscardPrefetch:
        return ExampleId::CompareModes;
    case ModeId::PeerCopy: // two GPUs: not measured for an example yet
    case ModeId::PeerAccess:
    case ModeId::ManagedPeer:
    case ModeId::ManagedPeerPrefetch:
    case ModeId::ClCopy:
    case ModeId::ClUseHostPtr:
    case ModeId::ClAllocHostPtr:
    case ModeId::ClSvmCoarse:
    case ModeId::ClSvmFine:
        break;
    }
    return std::nullopt;
}

} // namespace sharescope
