// SPDX-License-Identifier: GPL-3.0-or-later
#include "safetylimits.h"

#include "bytesize.h"
#include "trnoop.h"

#include <fstream>
#include <sstream>
#include <string>

namespace sharescope {

std::optional<std::uint64_t> availableHostMemory()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string line;
    while (std::getline(meminfo, line)) {
        if (line.starts_with("MemAvailable:")) {
            std::istringstream fields(line.substr(13));
            std::uint64_t kib = 0;
            if (fields >> kib)
                return kib * 1024;
        }
    }
    return std::nullopt;
}

namespace {

// %1 to %4 say what was asked: "--size 1TiB (vector-add uses 3 buffer(s), 3 TiB in all)".
std::vector<std::string> askedFor(const ExperimentSpec &spec, std::vector<std::string> more)
{
    std::vector<std::string> args{formatSizeArgument(spec.bytes), std::string(kernelName(spec.kernel)),
                                  std::to_string(spec.totalBytes() / spec.bytes), formatBytes(spec.totalBytes())};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

} // namespace

Status checkDeviceMemory(const ExperimentSpec &spec, const DeviceInfo &device, std::optional<std::uint64_t> freeBytes)
{
    if (freeBytes) {
        const std::uint64_t limit = *freeBytes / 10 * 8;
        if (spec.totalBytes() <= limit)
            return okStatus();
        return badArgument(
            SHARESCOPE_TR_NOOP("Core",
                               "--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5 now: "
                               "ShareScope uses at most %6, 80% of the %7 it has free of its %8; "
                               "other programs hold the rest"),
            askedFor(spec,
                     {device.id, formatBytes(limit), formatBytes(*freeBytes), formatBytes(device.globalMemoryBytes)}));
    }
    const std::uint64_t limit = device.globalMemoryBytes / 10 * 8;
    if (!device.globalMemoryBytes || spec.totalBytes() <= limit)
        return okStatus();
    return badArgument(SHARESCOPE_TR_NOOP("Core",
                                          "--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5: "
                                          "ShareScope uses at most %6 (80% of the device's %7)"),
                       askedFor(spec, {device.id, formatBytes(limit), formatBytes(device.globalMemoryBytes)}));
}

Status checkLimits(const ExperimentSpec &spec, const DeviceInfo &device, std::optional<std::uint64_t> hostAvailable)
{
    if (device.maxAllocationBytes && spec.bytes > device.maxAllocationBytes) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5: one "
                                              "buffer may hold at most %6 (the device's largest allocation)"),
                           askedFor(spec, {device.id, formatBytes(device.maxAllocationBytes)}));
    }
    if (device.backend == BackendKind::OpenCL) {
        if (Status fits = checkDeviceMemory(spec, device, std::nullopt); !fits)
            return fits;
    }
    // Every mode keeps a host-side copy of each buffer in the worst case, and
    // the CPU reference its own arrays besides.
    const std::uint64_t hostBytes = spec.hostBytes();
    if (hostAvailable && hostBytes > *hostAvailable / 2) {
        return badArgument(
            SHARESCOPE_TR_NOOP("Core",
                               "--size %1 (%2 uses %3 buffer(s), %4 in all) needs %5 of host memory; "
                               "ShareScope uses at most %6 (half of the %7 available now)"),
            askedFor(spec, {formatBytes(hostBytes), formatBytes(*hostAvailable / 2), formatBytes(*hostAvailable)}));
    }
    if (const std::uint64_t most = spec.kernelInfo().maxElements; most && spec.elementCount() > most) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %2: its "
                                              "32-bit indices reach at most %5 per buffer"),
                           askedFor(spec, {formatBytes(most * elementBytes)}));
    }
    return okStatus();
}

} // namespace sharescope
