// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/driverapi.h"

#include <cuda_runtime_api.h>

namespace sharescope::cuda {
namespace {

// The driver API version whose signatures DriverApi declares (12.0: every
// call here has had this signature since CUDA 10.2).
constexpr unsigned int apiVersion = 12000;

template<typename Function>
std::string lookUp(const char *symbol, Function &function)
{
    void *address = nullptr;
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
    const cudaError_t error = cudaGetDriverEntryPointByVersion(symbol, &address, apiVersion, cudaEnableDefault, &found);
    if (error != cudaSuccess || found != cudaDriverEntryPointSuccess || !address)
        return std::string(symbol)
            + " is not in this driver (cudaGetDriverEntryPointByVersion: " + cudaGetErrorName(error) + ")";
    function = reinterpret_cast<Function>(address);
    return {};
}

struct Loaded
{
    DriverApi api{};
    std::string problem;
};

Loaded load()
{
    Loaded loaded;
    DriverApi &a = loaded.api;
    for (const std::string &problem : {
             lookUp("cuMemGetAllocationGranularity", a.memGetAllocationGranularity),
             lookUp("cuMemCreate", a.memCreate),
             lookUp("cuMemRelease", a.memRelease),
             lookUp("cuMemAddressReserve", a.memAddressReserve),
             lookUp("cuMemAddressFree", a.memAddressFree),
             lookUp("cuMemMap", a.memMap),
             lookUp("cuMemUnmap", a.memUnmap),
             lookUp("cuMemSetAccess", a.memSetAccess),
             lookUp("cuMemExportToShareableHandle", a.memExportToShareableHandle),
             lookUp("cuMemImportFromShareableHandle", a.memImportFromShareableHandle),
             lookUp("cuGetErrorName", a.getErrorName),
             lookUp("cuDeviceGet", a.deviceGet),
             lookUp("cuDeviceGetAttribute", a.deviceGetAttribute),
         }) {
        if (!problem.empty() && loaded.problem.empty())
            loaded.problem = problem;
    }
    return loaded;
}

} // namespace

Result<const DriverApi *> driverApi()
{
    static const Loaded loaded = load();
    if (!loaded.problem.empty())
        return unsupported(loaded.problem);
    return &loaded.api;
}

bool driverAttribute(CUdevice_attribute attribute, int ordinal)
{
    const auto api = driverApi();
    CUdevice device = 0;
    int value = 0;
    return api && (*api)->deviceGet(&device, ordinal) == CUDA_SUCCESS
        && (*api)->deviceGetAttribute(&value, attribute, device) == CUDA_SUCCESS && value != 0;
}

CUmemAllocationProp exportableDeviceMemory(int ordinal)
{
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = ordinal;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    return prop;
}

std::uint64_t vmmGranularity(int ordinal)
{
    const auto api = driverApi();
    if (!api)
        return 0;
    const CUmemAllocationProp prop = exportableDeviceMemory(ordinal);
    std::size_t granularity = 0;
    if ((*api)->memGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) != CUDA_SUCCESS)
        return 0;
    return granularity;
}

std::string describeDriverError(const char *call, CUresult result)
{
    const char *name = nullptr;
    if (auto api = driverApi(); api && (*api)->getErrorName)
        (*api)->getErrorName(result, &name);
    return std::string(call) + " failed: " + (name ? name : "CUDA driver error") + " ("
        + std::to_string(static_cast<int>(result)) + ")";
}

} // namespace sharescope::cuda
