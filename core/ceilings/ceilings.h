// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/path.h"
#include "deviceinfo.h"
#include "result.h"
#include "trnoop.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sharescope {

// The templates of the ceilings' sources that carry values, named once:
// the ceilings are made with them, and a report that kept only their
// English is read back through them (ceilingsjson.cpp).
inline constexpr const char *deviceMemorySourceTemplate
    = SHARESCOPE_TR_NOOP("Core", "memory clock %1 MHz × %2-bit bus × 2 (DDR)");
inline constexpr const char *pcieSourceTemplate = SHARESCOPE_TR_NOOP("Core", "PCIe %1 GT/s x%2, %3, per direction");
inline constexpr const char *pcieSlowerSourceTemplate = SHARESCOPE_TR_NOOP(
    "Core", "PCIe %1 GT/s x%2, %3, per direction (the most the link can do; it ran at %4 when read)");
inline constexpr const char *measuredSourceTemplate = SHARESCOPE_TR_NOOP("Core", "%1 of %3: %2, median of %4");

struct Calibration; // calibration.h

// One path's limit: a value with where it came from, or why there is none.
// source is English, a template marked for translation with its values.
struct PathCeiling
{
    std::optional<double> bytesPerSecond;
    MessageTemplate source; // "PCIe 32 GT/s x16, 128b/130b" or "not readable: ..."
};

// The limits of every path for one device: what the hardware's
// specification allows (a measurement above it is a measurement problem),
// and what a calibration of this machine reached (a measurement may beat
// it a little; it says how good a result is).
struct Ceilings
{
    std::array<PathCeiling, allPaths.size()> specification;
    std::array<PathCeiling, allPaths.size()> measured;
    // The largest cache in front of device memory: a kernel whose working
    // set fits in it may run faster than the memory, legitimately.
    std::uint64_t deviceCacheBytes = 0;
    std::string calibratedUtc; // when the measured ceilings were taken; empty: not calibrated
    // What one thread's memcpy reached: host-init and host-read run on one
    // thread, host memory's ceiling is every thread's.
    std::optional<double> hostOneThreadBytesPerSecond;

    const PathCeiling &specificationOf(Path path) const { return specification[static_cast<std::size_t>(path)]; }
    const PathCeiling &measuredOf(Path path) const { return measured[static_cast<std::size_t>(path)]; }
};

// The peak of the device's memory from its clock and bus width (DDR: two
// transfers a clock); empty when the driver did not report them.
std::optional<double> deviceMemoryPeak(std::uint32_t memoryClockKHz, std::uint32_t memoryBusWidthBits);

// The ceilings of a device: the specification from its attributes and the
// PCIe link in sysfs (under sysfsRoot, "/sys" but for tests), the measured
// ones from a calibration of it (none: "not calibrated"). Never guesses: an
// unreadable value is a ceiling with the reason and no number.
Ceilings ceilingsFor(const DeviceInfo &device, const Calibration *calibration,
                     const std::filesystem::path &sysfsRoot = "/sys");

} // namespace sharescope
