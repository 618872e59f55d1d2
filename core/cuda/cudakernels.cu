#include "cudakernels.h"

#include <algorithm>

namespace sharescope::cuda {
namespace {

__global__ void vectorAdd(const float *x, const float *y, float *out, std::uint64_t n)
{
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x)
        out[i] = x[i] + y[i];
}

__global__ void scale(float *buf, std::uint64_t n)
{
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x)
        buf[i] *= 2.0f;
}

__global__ void strideAdd(unsigned *buf, std::uint64_t n, std::uint64_t strideElements)
{
    const std::uint64_t touched = (n + strideElements - 1) / strideElements;
    for (std::uint64_t k = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; k < touched;
         k += std::uint64_t(gridDim.x) * blockDim.x)
        buf[k * strideElements] += 1u;
}

__global__ void gather(const unsigned *x, const unsigned *perm, unsigned *out, std::uint64_t n)
{
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x)
        out[i] = x[perm[i]];
}

__global__ void pingPong(unsigned *buf, std::uint64_t n)
{
    for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::uint64_t(gridDim.x) * blockDim.x)
        buf[i] += 1u;
}

} // namespace

cudaError_t launchKernel(KernelId kernel, void *const *buffers, std::uint64_t n, std::uint64_t strideElements,
                         int multiprocessors, cudaStream_t stream)
{
    constexpr unsigned block = 256;
    const std::uint64_t items = kernel == KernelId::Stride ? (n + strideElements - 1) / strideElements : n;
    // Enough blocks to fill every multiprocessor several times over; the
    // loops cover the rest.
    const std::uint64_t wanted = (items + block - 1) / block;
    const auto grid = static_cast<unsigned>(std::clamp<std::uint64_t>(wanted, 1, std::uint64_t(multiprocessors) * 32));
    switch (kernel) {
    case KernelId::VectorAdd:
        vectorAdd<<<grid, block, 0, stream>>>(static_cast<const float *>(buffers[0]),
                                              static_cast<const float *>(buffers[1]), static_cast<float *>(buffers[2]),
                                              n);
        break;
    case KernelId::Scale:
        scale<<<grid, block, 0, stream>>>(static_cast<float *>(buffers[0]), n);
        break;
    case KernelId::Stride:
        strideAdd<<<grid, block, 0, stream>>>(static_cast<unsigned *>(buffers[0]), n, strideElements);
        break;
    case KernelId::Gather:
        gather<<<grid, block, 0, stream>>>(static_cast<const unsigned *>(buffers[0]),
                                           static_cast<const unsigned *>(buffers[1]),
                                           static_cast<unsigned *>(buffers[2]), n);
        break;
    case KernelId::PingPong:
        pingPong<<<grid, block, 0, stream>>>(static_cast<unsigned *>(buffers[0]), n);
        break;
    }
    return cudaGetLastError();
}

} // namespace sharescope::cuda
