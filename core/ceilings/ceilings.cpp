// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/ceilings.h"

#include "bytesize.h"
#include "ceilings/calibration.h"
#include "ceilings/pcielink.h"
#include "trnoop.h"

#include <algorithm>
#include <cstdio>

namespace sharescope {
namespace {

std::string number(double value, int decimals)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// "32 GT/s" rather than "32.0 GT/s"; "2.5 GT/s" as it is.
std::string rateText(double gigaTransfers)
{
    return number(gigaTransfers, gigaTransfers == static_cast<int>(gigaTransfers) ? 0 : 1);
}

PathCeiling deviceMemory(const DeviceInfo &device)
{
    if (sharesHostMemory(device))
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "the device works in host memory: see host memory")}};
    const auto peak = deviceMemoryPeak(device.memoryClockKHz, device.memoryBusWidthBits);
    if (!peak) {
        return {std::nullopt,
                {device.backend == BackendKind::Cuda
                     ? SHARESCOPE_TR_NOOP("Core", "the driver reported no memory clock or bus width")
                     : SHARESCOPE_TR_NOOP("Core", "OpenCL does not report the memory clock or bus width")}};
    }
    return {peak,
            MessageTemplate(deviceMemorySourceTemplate,
                            {number(device.memoryClockKHz / 1000.0, 0), std::to_string(device.memoryBusWidthBits)})};
}

PathCeiling pcie(const DeviceInfo &device, const std::filesystem::path &sysfsRoot)
{
    if (sharesHostMemory(device))
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "no bus: the device works in host memory")}};
    if (device.pciBusId.empty())
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "the driver did not say where the device sits on PCI")}};
    const auto link = readPcieLink(sysfsRoot, device.pciBusId);
    if (!link)
        return {std::nullopt,
                MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the PCIe link is not readable: %1"),
                                {link.error().translatable})};
    // The most the link can do: an idle GPU runs its link slower (often at
    // 2.5 GT/s) until there is work, so its current state says little.
    const LinkState &max = link->max.known() ? link->max : link->current;
    if (!max.known()) {
        return {std::nullopt,
                MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                   "sysfs gives the link of %1 as '%2' × '%3', not a PCIe "
                                                   "rate and width"),
                                {link->busId, link->max.speedText, link->max.widthText})};
    }
    const double bytes = linkBytesPerSecond(*max.gigaTransfers, *max.width);
    const std::vector<std::string> values{rateText(*max.gigaTransfers), std::to_string(*max.width),
                                          std::string(linkEncoding(*max.gigaTransfers))};
    if (link->current.known() && &max != &link->current
        && linkBytesPerSecond(*link->current.gigaTransfers, *link->current.width) < bytes) {
        std::vector<std::string> more = values;
        more.push_back(rateText(*link->current.gigaTransfers) + " GT/s x" + std::to_string(*link->current.width));
        return {bytes, MessageTemplate(pcieSlowerSourceTemplate, std::move(more))};
    }
    return {bytes, MessageTemplate(pcieSourceTemplate, values)};
}

// The link between the device and another GPU, each way. Peer traffic
// crosses NVLink or PCIe (directly, or staged through the host): which one
// for a given peer is not known here (a bridge may join only some GPUs), so
// where links are active the bound is the larger of all of them together and
// the device's PCIe link. Without NVLink, the device's PCIe link.
PathCeiling peerLinkCeiling(const DeviceInfo &device, const PathCeiling &pcieLink)
{
    if (device.backend != BackendKind::Cuda)
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "no peer modes on this backend")}};
    if (device.peers.empty())
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "no other CUDA device visible to this process")}};
    if (!device.nvlinkActiveLinks)
        return {std::nullopt,
                MessageTemplate(SHARESCOPE_TR_NOOP("Core", "NVLink not reported (%1)"), {device.nvlinkNote})};
    const std::string links = std::to_string(*device.nvlinkActiveLinks);
    if (*device.nvlinkActiveLinks == 0) {
        if (!pcieLink.bytesPerSecond)
            return {std::nullopt,
                    MessageTemplate(std::string(SHARESCOPE_TR_NOOP(
                                        "Core", "no NVLink active, so peer traffic crosses PCIe, whose link: %1")),
                                    {pcieLink.source})};
        return {
            pcieLink.bytesPerSecond,
            MessageTemplate(std::string(SHARESCOPE_TR_NOOP(
                                "Core", "no NVLink active: peer traffic crosses PCIe, at most the device's link: %1")),
                            {pcieLink.source})};
    }
    const auto perLink = nvlinkLinkBytesPerSecond(device);
    if (!perLink)
        return {std::nullopt,
                MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                   "%1 NVLink links active; no specification known for this GPU's "
                                                   "links"),
                                {links})};
    const std::string architecture = std::to_string(device.versionMajor) + std::to_string(device.versionMinor);
    const double nvlink = *nvlinkBytesPerSecond(device);
    if (!pcieLink.bytesPerSecond) {
        return {nvlink,
                MessageTemplate(std::string(SHARESCOPE_TR_NOOP(
                                    "Core",
                                    "NVLink: %1 links active × %2 GB/s each way (sm_%3's specification), all "
                                    "of the device's links (its PCIe link, for a peer reached over PCIe, is "
                                    "not known: %4)")),
                                {MessageTemplate(links), MessageTemplate(number(*perLink / 1e9, 0)),
                                 MessageTemplate(architecture), pcieLink.source})};
    }
    return {
        std::max(nvlink, *pcieLink.bytesPerSecond),
        MessageTemplate(
            std::string(SHARESCOPE_TR_NOOP("Core",
                                           "the larger of NVLink, %1 links active × %2 GB/s each way (sm_%3's "
                                           "specification), all of the device's links, and its PCIe link for a peer "
                                           "reached over PCIe, %4 (%5): a bound on the path to any one peer")),
            {MessageTemplate(links), MessageTemplate(number(*perLink / 1e9, 0)), MessageTemplate(architecture),
             MessageTemplate(formatBandwidth(*pcieLink.bytesPerSecond)), pcieLink.source})};
}

PathCeiling measured(const Calibration *calibration, Path path)
{
    if (!calibration)
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "not calibrated: sharescope calibrate measures it")}};
    const CalibrationResult *best = bestOn(*calibration, path);
    if (!best)
        return {std::nullopt, {SHARESCOPE_TR_NOOP("Core", "the calibration has no step on this path")}};
    return {best->bytesPerSecond,
            MessageTemplate(std::string(measuredSourceTemplate),
                            {MessageTemplate(std::string(calibrationStepName(best->step))),
                             best->methodTemplate.empty() ? MessageTemplate(best->method) : best->methodTemplate,
                             MessageTemplate(formatBytes(best->bytes)),
                             MessageTemplate(std::to_string(best->repetitions))})};
}

} // namespace

std::optional<double> deviceMemoryPeak(std::uint32_t memoryClockKHz, std::uint32_t memoryBusWidthBits)
{
    if (memoryClockKHz == 0 || memoryBusWidthBits == 0)
        return std::nullopt;
    return static_cast<double>(memoryClockKHz) * 1e3 * 2.0 * memoryBusWidthBits / 8.0;
}

Ceilings ceilingsFor(const DeviceInfo &device, const Calibration *calibration, const std::filesystem::path &sysfsRoot)
{
    Ceilings ceilings;
    const auto at = [](Path path) { return static_cast<std::size_t>(path); };
    ceilings.specification[at(Path::HostMemory)]
        = {std::nullopt,
           {SHARESCOPE_TR_NOOP("Core",
                               "no specification ShareScope can read (the memory modules' "
                               "speed and channels need root)")}};
    const PathCeiling link = pcie(device, sysfsRoot);
    ceilings.specification[at(Path::HostToDevice)] = link;
    ceilings.specification[at(Path::DeviceToHost)] = link;
    ceilings.specification[at(Path::DeviceMemory)] = deviceMemory(device);
    ceilings.specification[at(Path::DeviceToPeer)] = peerLinkCeiling(device, link);
    ceilings.specification[at(Path::PeerToDevice)] = ceilings.specification[at(Path::DeviceToPeer)];
    for (const Path path : allPaths)
        ceilings.measured[at(path)] = measured(calibration, path);
    ceilings.deviceCacheBytes = device.cacheBytes;
    if (calibration) {
        ceilings.calibratedUtc = calibration->createdUtc;
        if (const CalibrationResult *one = resultOf(*calibration, CalibrationStep::HostCopyOneThread))
            ceilings.hostOneThreadBytesPerSecond = one->bytesPerSecond;
    }
    return ceilings;
}

} // namespace sharescope
