// SPDX-License-Identifier: GPL-3.0-or-later
#include "watch/watchreport.h"

#include <algorithm>

namespace sharescope::watch {
namespace {

constexpr std::array<std::string_view, 4> attachNames{"none", "held", "polled", "running"};
constexpr std::array<std::string_view, routeCount> routeNames{"device-copy-pageable",
                                                              "device-copy-pinned",
                                                              "device-to-device",
                                                              "zero-copy",
                                                              "registered-host",
                                                              "managed",
                                                              "managed-prefetch",
                                                              "managed-advice",
                                                              "managed-discard",
                                                              "legacy-ipc",
                                                              "vmm",
                                                              "pool"};

} // namespace

std::string_view attachName(Attach attach)
{
    return attachNames[static_cast<std::size_t>(attach)];
}

std::optional<Attach> attachFromName(std::string_view name)
{
    const auto found = std::ranges::find(attachNames, name);
    if (found == attachNames.end())
        return std::nullopt;
    return static_cast<Attach>(found - attachNames.begin());
}

std::string_view routeName(Route route)
{
    return routeNames[static_cast<std::size_t>(route)];
}

std::optional<Route> routeFromName(std::string_view name)
{
    const auto found = std::ranges::find(routeNames, name);
    if (found == routeNames.end())
        return std::nullopt;
    return static_cast<Route>(found - routeNames.begin());
}

ModeId routeMode(Route route)
{
    switch (route) {
    case Route::DeviceCopyPageable:
        return ModeId::Device;
    case Route::DeviceCopyPinned:
        return ModeId::Pinned;
    case Route::DeviceToDevice:
        return ModeId::PeerCopy;
    case Route::ZeroCopy:
        return ModeId::ZeroCopy;
    case Route::RegisteredHost:
        return ModeId::PinnedRegistered;
    case Route::Managed:
        return ModeId::Managed;
    case Route::ManagedPrefetch:
        return ModeId::ManagedPrefetch;
    case Route::ManagedAdvice:
        return ModeId::ManagedAdvise;
    case Route::ManagedDiscard:
        return ModeId::ManagedDiscard;
    case Route::LegacyIpc:
        return ModeId::Ipc;
    case Route::Vmm:
        return ModeId::IpcVmm;
    case Route::Pool:
        return ModeId::IpcPool;
    }
    return ModeId::Device;
}

std::optional<uvm::UvmCounterValues> watchTotals(const WatchReport &report)
{
    std::optional<uvm::UvmCounterValues> sum;
    for (const WatchedProcess &process : report.processes) {
        if (!process.totals)
            continue;
        uvm::UvmCounterValues &into = sum.emplace(sum.value_or(uvm::UvmCounterValues{}));
        into.bytesHostToDevice += process.totals->bytesHostToDevice;
        into.bytesDeviceToHost += process.totals->bytesDeviceToHost;
        into.cpuPageFaults += process.totals->cpuPageFaults;
        into.gpuPageFaults += process.totals->gpuPageFaults;
    }
    return sum;
}

bool anyGpuUse(const WatchReport &report)
{
    return std::ranges::any_of(report.processes, &WatchedProcess::usedGpu);
}

} // namespace sharescope::watch
