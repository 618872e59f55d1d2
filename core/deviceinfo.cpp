// SPDX-License-Identifier: GPL-3.0-or-later
#include "deviceinfo.h"

namespace sharescope {

std::string_view backendName(BackendKind kind)
{
    return kind == BackendKind::Cuda ? "CUDA" : "OpenCL";
}

std::string_view backendPrefix(BackendKind kind)
{
    return kind == BackendKind::Cuda ? "cuda" : "opencl";
}

std::optional<double> nvlinkLinkBytesPerSecond(const DeviceInfo &device)
{
    if (device.backend != BackendKind::Cuda || device.versionMinor != 0)
        return std::nullopt;
    switch (device.versionMajor) {
    case 6:
        return 20e9;
    case 7:
    case 8:
    case 9:
        return 25e9;
    case 10:
        return 50e9;
    default:
        break;
    }
    return std::nullopt;
}

std::optional<double> nvlinkBytesPerSecond(const DeviceInfo &device)
{
    const auto perLink = nvlinkLinkBytesPerSecond(device);
    if (!perLink || !device.nvlinkActiveLinks || *device.nvlinkActiveLinks == 0)
        return std::nullopt;
    return *perLink * *device.nvlinkActiveLinks;
}

} // namespace sharescope
