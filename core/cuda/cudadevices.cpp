// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudadevices.h"

#include "cuda/cudabackend.h"
#include "cuda/cudaerror.h"
#include "cuda/cudatopology.h"
#include "cuda/driverapi.h"
#include "cuda/nvlink.h"

#include "trnoop.h"

namespace sharescope::cuda {
namespace {

std::string versionText(int version) // 13000 -> "13.0"
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

bool attribute(cudaDeviceAttr attr, int device)
{
    int value = 0;
    return cudaDeviceGetAttribute(&value, attr, device) == cudaSuccess && value != 0;
}

// 0 where the driver does not report it (the ceilings then say so).
std::uint32_t amount(cudaDeviceAttr attr, int device)
{
    int value = 0;
    return cudaDeviceGetAttribute(&value, attr, device) == cudaSuccess && value > 0 ? static_cast<std::uint32_t>(value)
                                                                                    : 0;
}

// Each device's NVLink from NVML, or why not. NVML is started once around
// them all: each reading's own start is then only a count (a first start
// without persistence mode can take a while).
void addNvlinks(std::vector<DeviceInfo> &devices)
{
    auto nvml = loadNvml();
    const bool held = nvml && nvml->init() == 0;
    for (DeviceInfo &info : devices) {
        auto reading = nvml ? readNvlink(*nvml, info.pciBusId) : Result<NvlinkReading>(nvml.error());
        if (!reading) {
            info.nvlinkNote = reading.error().message;
            continue;
        }
        info.nvlinkActiveLinks = reading->activeLinks;
        info.nvlinkVersion = reading->version;
    }
    if (held)
        nvml->shutdown();
}

} // namespace

std::vector<DeviceInfo> listDevices(std::vector<MessageTemplate> &problems)
{
    std::vector<DeviceInfo> devices;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error == cudaErrorNoDevice || error == cudaErrorInsufficientDriver) {
        problems.emplace_back(SHARESCOPE_TR_NOOP("Core", "CUDA: no NVIDIA GPU with a driver found (%1)"),
                              std::vector<std::string>{cudaGetErrorName(error)});
        return devices;
    }
    if (error != cudaSuccess) {
        problems.emplace_back(SHARESCOPE_TR_NOOP("Core", "CUDA: cudaGetDeviceCount failed: %1"),
                              std::vector<std::string>{describe(error)});
        return devices;
    }
    int driver = 0;
    int runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    for (int index = 0; index < count; ++index) {
        cudaDeviceProp properties{};
        if (const cudaError_t e = cudaGetDeviceProperties(&properties, index); e != cudaSuccess) {
            problems.emplace_back(SHARESCOPE_TR_NOOP("Core", "CUDA device %1: %2"),
                                  std::vector<std::string>{std::to_string(index), describe(e)});
            continue;
        }
        DeviceInfo info;
        info.backend = BackendKind::Cuda;
        info.index = index;
        info.id = "cuda:" + std::to_string(index);
        info.name = properties.name;
        info.vendor = "NVIDIA";
        info.platform = "CUDA";
        info.versionMajor = properties.major;
        info.versionMinor = properties.minor;
        info.deviceVersion
            = "compute capability " + std::to_string(properties.major) + "." + std::to_string(properties.minor);
        info.driverVersion = versionText(driver);
        info.runtimeVersion = versionText(runtime);
        info.globalMemoryBytes = properties.totalGlobalMem;
        info.maxAllocationBytes = properties.totalGlobalMem; // CUDA has no smaller per-allocation limit
        info.baseAddressAlignBytes = 256; // cudaMalloc's guaranteed alignment
        info.computeUnits = static_cast<std::uint32_t>(properties.multiProcessorCount);
        info.hostUnifiedMemory = properties.integrated != 0;
        char busId[32] = {};
        if (cudaDeviceGetPCIBusId(busId, sizeof busId, index) == cudaSuccess)
            info.pciBusId = busId;
        info.managedMemory = attribute(cudaDevAttrManagedMemory, index);
        info.concurrentManagedAccess = attribute(cudaDevAttrConcurrentManagedAccess, index);
        info.pageableMemoryAccess = attribute(cudaDevAttrPageableMemoryAccess, index);
        info.hostNativeAtomics = attribute(cudaDevAttrHostNativeAtomicSupported, index);
        info.canMapHostMemory = attribute(cudaDevAttrCanMapHostMemory, index);
        info.unifiedAddressing = attribute(cudaDevAttrUnifiedAddressing, index);
        info.managedBatchOperations = CUDART_VERSION >= 13000 && runtime >= 13000 && driver >= 13000;
        info.vmmFileDescriptors = driverAttribute(CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, index)
            && driverAttribute(CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, index);
        if (info.vmmFileDescriptors)
            info.vmmGranularityBytes = vmmGranularity(index);
        info.poolFileDescriptors = attribute(cudaDevAttrMemoryPoolsSupported, index)
            && (amount(cudaDevAttrMemoryPoolSupportedHandleTypes, index) & cudaMemHandleTypePosixFileDescriptor) != 0;
        info.memoryClockKHz = amount(cudaDevAttrMemoryClockRate, index);
        info.memoryBusWidthBits = amount(cudaDevAttrGlobalMemoryBusWidth, index);
        info.cacheBytes = amount(cudaDevAttrL2CacheSize, index);
        devices.push_back(info);
    }
    addNvlinks(devices);
    addPeerLinks(devices);
    return devices;
}

Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &info, const BackendOptions &options)
{
    auto backend
        = std::make_unique<CudaBackend>(info, options.counted ? Instrumentation::Counted : Instrumentation::Timing,
                                        options.countEveryDevice, options.records);
    if (Status opened = backend->open(); !opened)
        return opened.error();
    return std::unique_ptr<Backend>(std::move(backend));
}

} // namespace sharescope::cuda
