// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/faultkernel.h"

#include <cstdint>

namespace sharescope::cuda {
namespace {

__global__ void storeTo(int *address)
{
    *address = 1;
}

} // namespace

cudaError_t launchFaultingKernel()
{
    // The first page of the address space is never mapped; the address comes
    // from the host so that the compiler cannot see the store is invalid.
    volatile std::uintptr_t unmapped = 64;
    storeTo<<<1, 1>>>(reinterpret_cast<int *>(unmapped));
    if (const cudaError_t launched = cudaGetLastError(); launched != cudaSuccess)
        return launched;
    return cudaDeviceSynchronize();
}

} // namespace sharescope::cuda
