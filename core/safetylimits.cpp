#include "safetylimits.h"

#include "bytesize.h"

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

Status checkLimits(const ExperimentSpec &spec, const DeviceInfo &device, std::optional<std::uint64_t> hostAvailable)
{
    const std::string what = "--size " + formatSizeArgument(spec.bytes) + " (" + spec.kernel + " uses "
        + std::to_string(spec.totalBytes() / spec.bytes) + " buffer(s), " + formatBytes(spec.totalBytes()) + " in all)";
    if (device.maxAllocationBytes && spec.bytes > device.maxAllocationBytes) {
        return badArgument(what + " is too large for " + device.id + ": one buffer may hold at most "
                           + formatBytes(device.maxAllocationBytes) + " (the device's largest allocation)");
    }
    const std::uint64_t deviceLimit = device.globalMemoryBytes / 10 * 8;
    if (device.globalMemoryBytes && spec.totalBytes() > deviceLimit) {
        return badArgument(what + " is too large for " + device.id + ": ShareScope uses at most "
                           + formatBytes(deviceLimit) + " (80% of the device's " + formatBytes(device.globalMemoryBytes)
                           + ")");
    }
    // Every mode keeps a host-side copy of each buffer in the worst case, and
    // the gather kernel's reference permutation besides.
    const std::uint64_t hostBytes = spec.totalBytes() + (spec.kernel == "gather" ? spec.bytes : 0);
    if (hostAvailable && hostBytes > *hostAvailable / 2) {
        return badArgument(what + " needs " + formatBytes(hostBytes) + " of host memory; ShareScope uses at most "
                           + formatBytes(*hostAvailable / 2) + " (half of the " + formatBytes(*hostAvailable)
                           + " available now)");
    }
    if (spec.kernel == "gather" && spec.elementCount() > (1ULL << 32)) {
        return badArgument(what + " is too large for gather: its 32-bit indices reach at most 16 GiB per buffer");
    }
    return okStatus();
}

} // namespace sharescope
