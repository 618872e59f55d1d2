// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/gpuclock.h"

#include <dlfcn.h>

namespace sharescope::cuda {
namespace {

constexpr int nvmlSuccess = 0;
constexpr int nvmlClockSm = 1; // NVML_CLOCK_SM

constexpr const char *nvmlLibrary = "libnvidia-ml.so.1";

template<typename Function>
bool lookUp(void *library, const char *name, Function &into)
{
    into = reinterpret_cast<Function>(dlsym(library, name));
    return into != nullptr;
}

Result<NvmlFunctions> loadOnce()
{
    // Kept open for the life of the process: the functions are used to its end.
    void *library = dlopen(nvmlLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        return failed(std::string(nvmlLibrary)
                      + " could not be loaded (it comes with the NVIDIA driver): " + (why ? why : "no reason given"));
    }
    NvmlFunctions nvml;
    for (const auto &[name, found] : {
             std::pair{"nvmlInit_v2", lookUp(library, "nvmlInit_v2", nvml.init)},
             std::pair{"nvmlShutdown", lookUp(library, "nvmlShutdown", nvml.shutdown)},
             std::pair{"nvmlDeviceGetHandleByPciBusId_v2",
                       lookUp(library, "nvmlDeviceGetHandleByPciBusId_v2", nvml.handleByPciBusId)},
             std::pair{"nvmlDeviceGetClockInfo", lookUp(library, "nvmlDeviceGetClockInfo", nvml.clockInfo)},
             std::pair{"nvmlDeviceGetMaxClockInfo", lookUp(library, "nvmlDeviceGetMaxClockInfo", nvml.maxClockInfo)},
             std::pair{"nvmlErrorString", lookUp(library, "nvmlErrorString", nvml.errorString)},
         }) {
        if (!found)
            return failed(std::string(nvmlLibrary) + " has no " + name);
    }
    lookUp(library, "nvmlDeviceGetNvLinkState", nvml.nvLinkState);
    lookUp(library, "nvmlDeviceGetNvLinkVersion", nvml.nvLinkVersion);
    lookUp(library, "nvmlSystemGetDriverVersion", nvml.driverVersion);
    lookUp(library, "nvmlSystemGetCudaDriverVersion_v2", nvml.cudaDriverVersion);
    lookUp(library, "nvmlDeviceGetPersistenceMode", nvml.persistenceMode);
    lookUp(library, "nvmlDeviceGetComputeMode", nvml.computeMode);
    lookUp(library, "nvmlDeviceGetAddressingMode", nvml.addressingMode);
    lookUp(library, "nvmlDeviceGetCurrPcieLinkGeneration", nvml.linkGeneration);
    lookUp(library, "nvmlDeviceGetMaxPcieLinkGeneration", nvml.maxLinkGeneration);
    lookUp(library, "nvmlDeviceGetGpuMaxPcieLinkGeneration", nvml.gpuMaxLinkGeneration);
    lookUp(library, "nvmlDeviceGetCurrPcieLinkWidth", nvml.linkWidth);
    lookUp(library, "nvmlDeviceGetMaxPcieLinkWidth", nvml.maxLinkWidth);
    lookUp(library, "nvmlDeviceGetPcieReplayCounter", nvml.replayCounter);
    lookUp(library, "nvmlDeviceGetCpuAffinity", nvml.cpuAffinity);
    return nvml;
}

} // namespace

Result<NvmlFunctions> loadNvml()
{
    static const Result<NvmlFunctions> loaded = loadOnce();
    return loaded;
}

std::string nvmlStatusText(const NvmlFunctions &nvml, int status)
{
    const char *words = nvml.errorString ? nvml.errorString(status) : nullptr;
    return std::string(words ? words : "NVML error") + " (" + std::to_string(status) + ")";
}

GpuClock::GpuClock(const NvmlFunctions &nvml, void *device)
    : m_nvml(nvml)
    , m_device(device)
{
    unsigned mhz = 0;
    if (m_nvml.maxClockInfo(m_device, nvmlClockSm, &mhz) == nvmlSuccess && mhz > 0)
        m_maxSmMHz = mhz;
}

GpuClock::~GpuClock()
{
    m_nvml.shutdown();
}

Result<std::unique_ptr<GpuClock>> GpuClock::open(const NvmlFunctions &nvml, const std::string &pciBusId)
{
    if (!nvml.init || !nvml.shutdown || !nvml.handleByPciBusId || !nvml.clockInfo || !nvml.maxClockInfo)
        return failed("NVML's calls are missing");
    if (const int status = nvml.init(); status != nvmlSuccess)
        return failed("nvmlInit_v2 failed: " + nvmlStatusText(nvml, status));
    void *device = nullptr;
    if (const int status = nvml.handleByPciBusId(pciBusId.c_str(), &device); status != nvmlSuccess || !device) {
        nvml.shutdown();
        return failed("nvmlDeviceGetHandleByPciBusId_v2 does not know the GPU at " + pciBusId + ": "
                      + nvmlStatusText(nvml, status));
    }
    return std::unique_ptr<GpuClock>(new GpuClock(nvml, device));
}

std::optional<std::uint32_t> GpuClock::smMHz() const
{
    unsigned mhz = 0;
    if (m_nvml.clockInfo(m_device, nvmlClockSm, &mhz) != nvmlSuccess || mhz == 0)
        return std::nullopt;
    return mhz;
}

} // namespace sharescope::cuda
