// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/path.h"

#include "trnoop.h"

namespace sharescope {

std::string_view pathName(Path path)
{
    switch (path) {
    case Path::HostMemory:
        return "host-memory";
    case Path::HostToDevice:
        return "host-to-device";
    case Path::DeviceToHost:
        return "device-to-host";
    case Path::DeviceMemory:
        return "device-memory";
    case Path::DeviceToPeer:
        return "device-to-peer";
    case Path::PeerToDevice:
        return "peer-to-device";
    }
    return "?";
}

std::optional<Path> pathFromName(std::string_view name)
{
    for (const Path path : allPaths) {
        if (pathName(path) == name)
            return path;
    }
    return std::nullopt;
}

std::string_view pathLabel(Path path)
{
    switch (path) {
    case Path::HostMemory:
        return SHARESCOPE_TR_NOOP("Core", "host memory");
    case Path::HostToDevice:
        return SHARESCOPE_TR_NOOP("Core", "PCIe host→device");
    case Path::DeviceToHost:
        return SHARESCOPE_TR_NOOP("Core", "PCIe device→host");
    case Path::DeviceMemory:
        return SHARESCOPE_TR_NOOP("Core", "device memory");
    case Path::DeviceToPeer:
        return SHARESCOPE_TR_NOOP("Core", "GPU link device→peer");
    case Path::PeerToDevice:
        return SHARESCOPE_TR_NOOP("Core", "GPU link peer→device");
    }
    return "?";
}

} // namespace sharescope
