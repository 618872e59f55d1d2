// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cuda.h>

#include <string>

namespace sharescope::cuda {

// The driver API calls of CUDA's virtual memory management (and the device
// attributes that say whether it works), which the runtime API does not wrap. Reached through
// cudaGetDriverEntryPointByVersion: the program never links libcuda (the runtime finds the driver at run time).
struct DriverApi
{
    CUresult (*memGetAllocationGranularity)(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags);
    CUresult (*memCreate)(CUmemGenericAllocationHandle *, size_t, const CUmemAllocationProp *, unsigned long long);
    CUresult (*memRelease)(CUmemGenericAllocationHandle);
    CUresult (*memAddressReserve)(CUdeviceptr *, size_t, size_t, CUdeviceptr, unsigned long long);
    CUresult (*memAddressFree)(CUdeviceptr, size_t);
    CUresult (*memMap)(CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle, unsigned long long);
    CUresult (*memUnmap)(CUdeviceptr, size_t);
    CUresult (*memSetAccess)(CUdeviceptr, size_t, const CUmemAccessDesc *, size_t);
    CUresult (*memExportToShareableHandle)(void *, CUmemGenericAllocationHandle, CUmemAllocationHandleType,
                                           unsigned long long);
    CUresult (*memImportFromShareableHandle)(CUmemGenericAllocationHandle *, void *, CUmemAllocationHandleType);
    CUresult (*getErrorName)(CUresult, const char **);
    CUresult (*deviceGet)(CUdevice *, int);
    CUresult (*deviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
};

// A device attribute the runtime API does not name (virtual memory
// management's); false where the driver lacks the call or says 0.
bool driverAttribute(CUdevice_attribute attribute, int ordinal);
// Device memory on `ordinal` that cuMemCreate makes exportable as a POSIX
// file descriptor (ipc-vmm's, and what the granularity is asked for).
CUmemAllocationProp exportableDeviceMemory(int ordinal);
// cuMemCreate's minimum granularity for device memory exportable as a file
// descriptor on this device; 0 where the driver does not say.
std::uint64_t vmmGranularity(int ordinal);

// The calls, looked up once; an error naming the first one the driver lacks.
Result<const DriverApi *> driverApi();

// "cuMemCreate failed: CUDA_ERROR_OUT_OF_MEMORY (700)".
std::string describeDriverError(const char *call, CUresult result);

} // namespace sharescope::cuda
