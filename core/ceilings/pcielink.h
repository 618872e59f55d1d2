// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sharescope {

// One state of a PCIe link as sysfs shows it: the raw text, and the value
// where it is one PCIe defines.
struct LinkState
{
    std::string speedText; // "32.0 GT/s PCIe", "Unknown"
    std::string widthText; // "16"
    std::optional<double> gigaTransfers; // per lane, per second
    std::optional<int> width; // lanes
    bool known() const { return gigaTransfers && width; }
};

// A device's link: what it runs at now (an idle GPU slows its link down,
// so "now" may be below what it reaches under load) and the most it can.
struct PcieLink
{
    std::string busId; // as sysfs names it: "0000:17:00.0"
    LinkState current;
    LinkState max;
};

// "32.0 GT/s PCIe", "8 GT/s", "2.5 GT/s" -> the rate; empty for anything that
// is not a PCIe generation's rate ("Unknown", a VM's odd value).
std::optional<double> parseLinkSpeed(std::string_view text);
// "16" -> 16; empty unless a width PCIe defines (1, 2, 4, 8, 12, 16, 32).
std::optional<int> parseLinkWidth(std::string_view text);

// "0000:1A:00.0" (CUDA), "00000000:1a:00.0" (NVML) -> "0000:1a:00.0", the
// name sysfs gives it; empty when it is not a PCI address.
std::optional<std::string> normalizeBusId(std::string_view busId);

// Reads <root>/bus/pci/devices/<bus id>/{current,max}_link_{speed,width}.
// Missing files are an error that names them; odd values are kept as text
// with no value.
Result<PcieLink> readPcieLink(const std::filesystem::path &sysfsRoot, std::string_view busId);

// What one direction of a link carries after the line encoding: 8b/10b up
// to 5 GT/s (PCIe 1 and 2), 128b/130b from 8 GT/s (PCIe 3 to 5), and from
// 64 GT/s (PCIe 6) the share of a 256-byte FLIT left after its FEC and CRC
// (242 bytes). Packet headers cost a further 5 to 15 % that no specification
// fixes, so measured copies stay below this.
double linkBytesPerSecond(double gigaTransfers, int width);
// The encoding's name, for the ceiling's source: "128b/130b".
std::string_view linkEncoding(double gigaTransfers);

} // namespace sharescope
