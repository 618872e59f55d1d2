// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sharescope {

// The ways bytes go between the CPU, its memory and the device. A phase
// uses one or more (phasepaths.h); each has a limit.
//   host-memory     the CPU's DRAM (and, on a CPU or integrated device, the
//                   device's memory too, since it is the same)
//   host-to-device  the bus towards the device (PCIe); full duplex, so the
//   device-to-host  two directions are separate limits
//   device-memory   the device's own memory (HBM, GDDR)
//   device-to-peer  the link from the device to another GPU of the machine
//   peer-to-device  (NVLink, else PCIe) and back: the peer modes' copies and
//                   a peer kernel's accesses to the device's memory
// Memory paths count bytes read plus written; the bus and the link count
// bytes carried.
enum class Path : std::uint8_t { HostMemory, HostToDevice, DeviceToHost, DeviceMemory, DeviceToPeer, PeerToDevice };

inline constexpr std::array<Path, 6> allPaths{Path::HostMemory,   Path::HostToDevice, Path::DeviceToHost,
                                              Path::DeviceMemory, Path::DeviceToPeer, Path::PeerToDevice};

std::string_view pathName(Path path); // "host-to-device"
std::optional<Path> pathFromName(std::string_view name);
std::string_view pathLabel(Path path); // marked for translation (context "Core"): "PCIe host→device"

} // namespace sharescope
