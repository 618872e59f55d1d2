// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sharescope::cuda {

// The NVML calls the clock reader makes, looked up in libnvidia-ml.so.1 at
// run time: the program never links NVML, which comes with the driver, not
// with the toolkit. Each returns NVML's status, 0 for success.
struct NvmlFunctions
{
    int (*init)() = nullptr; // nvmlInit_v2
    int (*shutdown)() = nullptr; // nvmlShutdown
    int (*handleByPciBusId)(const char *, void **) = nullptr; // nvmlDeviceGetHandleByPciBusId_v2
    int (*clockInfo)(void *, int, unsigned *) = nullptr; // nvmlDeviceGetClockInfo
    int (*maxClockInfo)(void *, int, unsigned *) = nullptr; // nvmlDeviceGetMaxClockInfo
    const char *(*errorString)(int) = nullptr; // nvmlErrorString
    // NVLink (nvlink.h); empty where the library lacks them.
    int (*nvLinkState)(void *, unsigned, unsigned *) = nullptr; // nvmlDeviceGetNvLinkState
    int (*nvLinkVersion)(void *, unsigned, unsigned *) = nullptr; // nvmlDeviceGetNvLinkVersion
    // What the machine check reads (machinefacts.h); each empty where the
    // library lacks it. An unsigned* call returns one number.
    int (*driverVersion)(char *, unsigned) = nullptr; // nvmlSystemGetDriverVersion
    int (*cudaDriverVersion)(int *) = nullptr; // nvmlSystemGetCudaDriverVersion_v2
    int (*persistenceMode)(void *, unsigned *) = nullptr; // nvmlDeviceGetPersistenceMode
    int (*computeMode)(void *, unsigned *) = nullptr; // nvmlDeviceGetComputeMode
    int (*addressingMode)(void *, unsigned *) = nullptr; // nvmlDeviceGetAddressingMode: {version, value}
    int (*linkGeneration)(void *, unsigned *) = nullptr; // nvmlDeviceGetCurrPcieLinkGeneration
    int (*maxLinkGeneration)(void *, unsigned *) = nullptr; // nvmlDeviceGetMaxPcieLinkGeneration
    int (*gpuMaxLinkGeneration)(void *, unsigned *) = nullptr; // nvmlDeviceGetGpuMaxPcieLinkGeneration
    int (*linkWidth)(void *, unsigned *) = nullptr; // nvmlDeviceGetCurrPcieLinkWidth
    int (*maxLinkWidth)(void *, unsigned *) = nullptr; // nvmlDeviceGetMaxPcieLinkWidth
    int (*replayCounter)(void *, unsigned *) = nullptr; // nvmlDeviceGetPcieReplayCounter
    int (*cpuAffinity)(void *, unsigned, unsigned long *) = nullptr; // nvmlDeviceGetCpuAffinity
};

// The library's calls, loaded once for the process; an error naming the
// library or the first call it lacks.
Result<NvmlFunctions> loadNvml();

// One GPU's SM clock, as NVML reports it: read at the end of every phase
// (outside its time), so that a run whose clock changed between phases can
// say so, and read while the clock warm-up keeps the GPU busy.
class GpuClock
{
public:
    // The GPU at `pciBusId` ("0000:1A:00.0", as CUDA gives it); an error
    // where NVML will not start or does not know the GPU.
    static Result<std::unique_ptr<GpuClock>> open(const NvmlFunctions &nvml, const std::string &pciBusId);
    ~GpuClock(); // NVML is shut down (it counts its users)

    GpuClock(const GpuClock &) = delete;
    GpuClock &operator=(const GpuClock &) = delete;

    // The SM clock now, in MHz; empty where NVML does not say.
    std::optional<std::uint32_t> smMHz() const;
    // The highest SM clock the GPU may run at (its boost clock), where said.
    std::optional<std::uint32_t> maxSmMHz() const { return m_maxSmMHz; }

private:
    GpuClock(const NvmlFunctions &nvml, void *device);

    NvmlFunctions m_nvml;
    void *m_device = nullptr;
    std::optional<std::uint32_t> m_maxSmMHz;
};

// "NVML_ERROR_NOT_SUPPORTED (3)"-like text for an NVML status, by the
// library's own words where it has them.
std::string nvmlStatusText(const NvmlFunctions &nvml, int status);

} // namespace sharescope::cuda
