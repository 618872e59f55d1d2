// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/nvlink.h"

namespace sharescope::cuda {
namespace {

constexpr int nvmlOk = 0;
constexpr int nvmlInvalidArgument = 2; // past the GPU's last link
constexpr int nvmlNotSupported = 3; // a GPU without NVLink
constexpr unsigned nvmlFeatureEnabled = 1;
constexpr unsigned mostLinks = 64; // NVML_NVLINK_MAX_LINKS is 18 today; room for later GPUs

} // namespace

Result<NvlinkReading> readNvlink(const NvmlFunctions &nvml, const std::string &pciBusId)
{
    if (!nvml.init || !nvml.shutdown || !nvml.handleByPciBusId)
        return failed("NVML's calls are missing");
    if (!nvml.nvLinkState || !nvml.nvLinkVersion)
        return failed("this NVML has no nvmlDeviceGetNvLinkState or nvmlDeviceGetNvLinkVersion");
    if (const int status = nvml.init(); status != nvmlOk)
        return failed("nvmlInit_v2 failed: " + nvmlStatusText(nvml, status));
    NvlinkReading reading;
    std::string problem;
    void *device = nullptr;
    if (const int status = nvml.handleByPciBusId(pciBusId.c_str(), &device); status != nvmlOk || !device) {
        problem = "nvmlDeviceGetHandleByPciBusId_v2 does not know the GPU at " + pciBusId + ": "
            + nvmlStatusText(nvml, status);
    }
    for (unsigned link = 0; problem.empty() && link < mostLinks; ++link) {
        unsigned active = 0;
        const int status = nvml.nvLinkState(device, link, &active);
        if (status == nvmlInvalidArgument || (status == nvmlNotSupported && link == 0))
            break; // no more links, or none at all
        if (status == nvmlNotSupported)
            continue; // a link this GPU does not have
        if (status != nvmlOk) {
            problem = "nvmlDeviceGetNvLinkState of link " + std::to_string(link)
                + " failed: " + nvmlStatusText(nvml, status);
            break;
        }
        if (active != nvmlFeatureEnabled)
            continue;
        ++reading.activeLinks;
        unsigned version = 0;
        if (!reading.version && nvml.nvLinkVersion(device, link, &version) == nvmlOk && version > 0)
            reading.version = version;
    }
    nvml.shutdown();
    if (!problem.empty())
        return failed(problem);
    return reading;
}

} // namespace sharescope::cuda
