// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/calibratekernel.h"

namespace sharescope::cuda {
namespace {

using Index = std::uint64_t;

constexpr unsigned blockThreads = 256;
constexpr int blocksPerMultiprocessor = 16;

__device__ inline unsigned fold(uint4 v)
{
    return v.x ^ v.y ^ v.z ^ v.w;
}

__global__ void readAll(const uint4 *__restrict__ in, Index count, unsigned *sink)
{
    const Index stride = Index(gridDim.x) * blockDim.x;
    Index i = Index(blockIdx.x) * blockDim.x + threadIdx.x;
    unsigned checksum = 0;
    // Four loads issued before any is used: a load over the bus takes
    // microseconds, and only many in flight fill the link.
    for (; i + 3 * stride < count; i += 4 * stride) {
        const uint4 a = in[i];
        const uint4 b = in[i + stride];
        const uint4 c = in[i + 2 * stride];
        const uint4 d = in[i + 3 * stride];
        checksum ^= fold(a) ^ fold(b) ^ fold(c) ^ fold(d);
    }
    for (; i < count; i += stride)
        checksum ^= fold(in[i]);
    if (checksum == 0x9E3779B9u)
        *sink = checksum;
}

} // namespace

cudaError_t launchRead(const void *data, std::uint64_t bytes, unsigned *sink, int multiprocessors, cudaStream_t stream)
{
    const unsigned blocks = static_cast<unsigned>(multiprocessors > 0 ? multiprocessors : 1) * blocksPerMultiprocessor;
    readAll<<<blocks, blockThreads, 0, stream>>>(static_cast<const uint4 *>(data), bytes / 16, sink);
    return cudaGetLastError();
}

} // namespace sharescope::cuda
