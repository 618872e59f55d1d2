// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudakernels.h"

#include <algorithm>
#include <cstdint>

namespace sharescope::cuda {
namespace {

using Index = std::uint64_t;

// Blocks of 128 threads, each thread loading 2 vectors before it stores any,
// and a grid with a block for every 128 x 2 vectors ("one shot", as
// PyTorch's elementwise kernels): on an H200 at 256 MiB per buffer this
// shape reached 4.25 TB/s for vector-add (1.01 x PyTorch's x + y) and
// 4.01 TB/s for scale, against 3.96 and 3.78 for one wave of resident
// blocks with 4 vectors per thread (probe/kernels/tune, 2026-11-30).
constexpr unsigned blockThreads = 128;
constexpr int unroll = 2;
static_assert(blockThreads >= 4, "the first threads of the grid take the 0 to 3 elements after the last vector");

__device__ inline float4 operator+(float4 a, float4 b)
{
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__device__ inline float4 operator*(float4 a, float s)
{
    return make_float4(a.x * s, a.y * s, a.z * s, a.w * s);
}
__device__ inline uint4 operator+(uint4 a, unsigned b)
{
    return make_uint4(a.x + b, a.y + b, a.z + b, a.w + b);
}

// Element i of p read as an array of V: V = float4 (or uint4) for the
// vectorised body, float (or unsigned) for the elements after it.
template<typename V, typename T>
__device__ inline const V &at(const T *p, Index i)
{
    return reinterpret_cast<const V *>(p)[i];
}
template<typename V, typename T>
__device__ inline V &at(T *p, Index i)
{
    return reinterpret_cast<V *>(p)[i];
}

// Each kernel is a load and a store at one index, for a scalar or a vector
// V, so that every load of a thread's group can be issued before its first
// store. In-place kernels read and write the same index in one thread.
struct VectorAdd
{
    using Scalar = float;
    using Vector = float4;
    const float *x;
    const float *y;
    float *out;

    template<typename V>
    struct Loaded
    {
        V x, y;
    };
    template<typename V>
    __device__ Loaded<V> load(Index i) const
    {
        return {at<V>(x, i), at<V>(y, i)};
    }
    template<typename V>
    __device__ void store(Index i, const Loaded<V> &v) const
    {
        at<V>(out, i) = v.x + v.y;
    }
};

struct Scale
{
    using Scalar = float;
    using Vector = float4;
    float *buf;

    template<typename V>
    __device__ V load(Index i) const
    {
        return at<V>(buf, i);
    }
    template<typename V>
    __device__ void store(Index i, const V &v) const
    {
        at<V>(buf, i) = v * 2.0f;
    }
};

struct PingPong
{
    using Scalar = unsigned;
    using Vector = uint4;
    unsigned *buf;

    template<typename V>
    __device__ V load(Index i) const
    {
        return at<V>(buf, i);
    }
    template<typename V>
    __device__ void store(Index i, const V &v) const
    {
        at<V>(buf, i) = v + 1u;
    }
};

// first-touch: reads what the host wrote, writes the buffer the host reads
// next (+ 1) and the one the host never touches (+ 2); the fourth buffer,
// the CPU's only, is never named.
struct FirstTouch
{
    using Scalar = unsigned;
    using Vector = uint4;
    const unsigned *cpuThenGpu;
    unsigned *gpuThenCpu;
    unsigned *gpuOnly;

    template<typename V>
    __device__ V load(Index i) const
    {
        return at<V>(cpuThenGpu, i);
    }
    template<typename V>
    __device__ void store(Index i, const V &v) const
    {
        at<V>(gpuThenCpu, i) = v + 1u;
        at<V>(gpuOnly, i) = v + 2u;
    }
};

// perm and out are read and written as vectors; each x[perm[i]] stays a
// load of its own, at a random place, as the kernel is meant to show.
struct Gather
{
    using Scalar = unsigned;
    using Vector = uint4;
    const unsigned *x;
    const unsigned *perm;
    unsigned *out;

    __device__ unsigned lookup(unsigned p) const { return x[p]; }
    __device__ uint4 lookup(uint4 p) const { return make_uint4(x[p.x], x[p.y], x[p.z], x[p.w]); }

    template<typename V>
    __device__ V load(Index i) const
    {
        return lookup(at<V>(perm, i));
    }
    template<typename V>
    __device__ void store(Index i, const V &v) const
    {
        at<V>(out, i) = v;
    }
};

__device__ inline Index firstThread()
{
    return blockIdx.x * Index(blockDim.x) + threadIdx.x;
}
__device__ inline Index threadCount()
{
    return Index(gridDim.x) * blockDim.x;
}

// Grid-stride over count items of type V, in groups of `unroll` items a
// grid apart (coalesced), every load of a group issued before its first
// store; the thread's last group may be partial. Every index below count is
// visited exactly once.
template<typename V, typename Op>
__device__ void stridedGroups(const Op &op, Index count)
{
    using Loaded = decltype(op.template load<V>(0));
    const Index threads = threadCount();
    Index i = firstThread();
    Loaded v[unroll];
    for (; i + (unroll - 1) * threads < count; i += unroll * threads) {
#pragma unroll
        for (int k = 0; k < unroll; ++k)
            v[k] = op.template load<V>(i + k * threads);
#pragma unroll
        for (int k = 0; k < unroll; ++k)
            op.template store<V>(i + k * threads, v[k]);
    }
#pragma unroll
    for (int k = 0; k < unroll; ++k) {
        if (i + k * threads < count)
            v[k] = op.template load<V>(i + k * threads);
    }
#pragma unroll
    for (int k = 0; k < unroll; ++k) {
        if (i + k * threads < count)
            op.template store<V>(i + k * threads, v[k]);
    }
}

// All buffers 16-byte aligned: n / 4 vectors, then the last n % 4 elements.
template<typename Op>
__global__ void __launch_bounds__(blockThreads) vectorised(Op op, Index n)
{
    const Index vectors = n / 4;
    stridedGroups<typename Op::Vector>(op, vectors);
    const Index tail = vectors * 4 + firstThread();
    if (tail < n)
        op.template store<typename Op::Scalar>(tail, op.template load<typename Op::Scalar>(tail));
}

// Some buffer is not 16-byte aligned: element by element.
template<typename Op>
__global__ void __launch_bounds__(blockThreads) scalar(Op op, Index n)
{
    stridedGroups<typename Op::Scalar>(op, n);
}

// Touches one element per stride: vectors would load bytes it never uses.
__global__ void strideAdd(unsigned *buf, Index n, Index strideElements)
{
    const Index touched = (n + strideElements - 1) / strideElements;
    for (Index k = firstThread(); k < touched; k += threadCount())
        buf[k * strideElements] += 1u;
}

// A block per blockThreads x unroll items, up to the most a grid may have
// (grid-stride loops cover anything beyond).
unsigned gridFor(Index work)
{
    const Index perBlock = Index(blockThreads) * unroll;
    const Index wanted = (work + perBlock - 1) / perBlock;
    return static_cast<unsigned>(std::clamp<Index>(wanted, 1, 0x7fffffff));
}

bool aligned16(const void *p)
{
    return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

template<typename Op>
cudaError_t launchElementwise(const Op &op, Index n, bool aligned, cudaStream_t stream)
{
    // The tail's n % 4 elements go to the grid's first threads: at least one block.
    if (aligned)
        vectorised<Op><<<gridFor(n / 4), blockThreads, 0, stream>>>(op, n);
    else
        scalar<Op><<<gridFor(n), blockThreads, 0, stream>>>(op, n);
    return cudaGetLastError();
}

} // namespace

cudaError_t launchKernel(KernelId kernel, void *const *buffers, std::uint64_t n, std::uint64_t strideElements,
                         int multiprocessors, cudaStream_t stream)
{
    const auto alignedUpTo = [&](std::size_t count) {
        return std::all_of(buffers, buffers + count, [](const void *p) { return aligned16(p); });
    };
    switch (kernel) {
    case KernelId::VectorAdd: {
        const VectorAdd op{static_cast<const float *>(buffers[0]), static_cast<const float *>(buffers[1]),
                           static_cast<float *>(buffers[2])};
        return launchElementwise(op, n, alignedUpTo(3), stream);
    }
    case KernelId::Scale:
        return launchElementwise(Scale{static_cast<float *>(buffers[0])}, n, alignedUpTo(1), stream);
    case KernelId::Gather: {
        // x is only ever read one element at a time: its alignment does not matter.
        const Gather op{static_cast<const unsigned *>(buffers[0]), static_cast<const unsigned *>(buffers[1]),
                        static_cast<unsigned *>(buffers[2])};
        return launchElementwise(op, n, aligned16(buffers[1]) && aligned16(buffers[2]), stream);
    }
    case KernelId::PingPong:
        return launchElementwise(PingPong{static_cast<unsigned *>(buffers[0])}, n, alignedUpTo(1), stream);
    case KernelId::FirstTouch: {
        const FirstTouch op{static_cast<const unsigned *>(buffers[0]), static_cast<unsigned *>(buffers[1]),
                            static_cast<unsigned *>(buffers[2])};
        return launchElementwise(op, n, alignedUpTo(3), stream);
    }
    case KernelId::Stride:
        break;
    }
    constexpr Index block = 256;
    const Index touched = (n + strideElements - 1) / strideElements;
    // Enough blocks to fill every multiprocessor several times over; the
    // loop covers the rest.
    const auto grid = static_cast<unsigned>(
        std::clamp<Index>((touched + block - 1) / block, 1, Index(std::max(multiprocessors, 1)) * 32));
    strideAdd<<<grid, block, 0, stream>>>(static_cast<unsigned *>(buffers[0]), n, strideElements);
    return cudaGetLastError();
}

cudaError_t loadKernel(KernelId kernel)
{
    // No elements: nothing is read or written, whatever the pointers.
    void *const none[4] = {};
    if (const cudaError_t e = launchKernel(kernel, none, 0, 1, 1, nullptr); e != cudaSuccess)
        return e;
    return cudaStreamSynchronize(nullptr);
}

} // namespace sharescope::cuda
