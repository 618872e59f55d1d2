// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/spinkernel.h"

namespace sharescope::cuda {
namespace {

constexpr unsigned spinThreads = 256;
constexpr int spinBlocksPerMultiprocessor = 4;

__global__ void spin(long long cycles)
{
    const long long start = clock64();
    while (clock64() - start < cycles) { }
}

} // namespace

cudaError_t launchSpin(long long cycles, int multiprocessors, cudaStream_t stream)
{
    const unsigned blocks
        = static_cast<unsigned>(multiprocessors > 0 ? multiprocessors : 1) * spinBlocksPerMultiprocessor;
    spin<<<blocks, spinThreads, 0, stream>>>(cycles);
    return cudaGetLastError();
}

} // namespace sharescope::cuda
