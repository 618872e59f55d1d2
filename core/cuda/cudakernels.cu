#include "cudakernels.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>

namespace sharescope::cuda {
namespace {

using Index = std::uint64_t;

constexpr unsigned blockThreads = 256;
// Vectors each thread loads before it stores any: with a float4 per access,
// vector-add keeps 128 bytes per thread in flight, enough for HBM to stay
// busy at well under full occupancy.
constexpr int unroll = 4;
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

// Blocks of Kernel that fit on one multiprocessor at once, asked once per
// device (the answer depends on its architecture) and kept.
template<auto Kernel>
int residentBlocks()
{
    static std::array<std::atomic<int>, 64> known{}; // 0: not asked yet
    int device = 0;
    cudaGetDevice(&device);
    const auto ask = [] {
        int blocks = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, Kernel, blockThreads, 0) != cudaSuccess)
            cudaGetLastError(); // not sticky; one block per multiprocessor still covers everything
        return std::max(blocks, 1);
    };
    if (device < 0 || device >= static_cast<int>(known.size()))
        return ask();
    int blocks = known[device].load(std::memory_order_relaxed);
    if (blocks == 0) {
        blocks = ask();
        known[device].store(blocks, std::memory_order_relaxed);
    }
    return blocks;
}

// One wave of resident blocks (grid-stride loops cover the rest, and the
// blocks never wait for a slot), fewer when there is less work than that.
template<auto Kernel>
unsigned gridFor(Index work, int multiprocessors)
{
    const Index perBlock = Index(blockThreads) * unroll;
    const Index wanted = (work + perBlock - 1) / perBlock;
    const Index wave = Index(std::max(multiprocessors, 1)) * residentBlocks<Kernel>();
    return static_cast<unsigned>(std::clamp<Index>(wanted, 1, wave));
}

bool aligned16(const void *p)
{
    return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

template<typename Op>
cudaError_t launchElementwise(const Op &op, Index n, bool aligned, int multiprocessors, cudaStream_t stream)
{
    if (aligned)
        vectorised<Op><<<gridFor<vectorised<Op>>(n / 4, multiprocessors), blockThreads, 0, stream>>>(op, n);
    else
        scalar<Op><<<gridFor<scalar<Op>>(n, multiprocessors), blockThreads, 0, stream>>>(op, n);
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
        return launchElementwise(op, n, alignedUpTo(3), multiprocessors, stream);
    }
    case KernelId::Scale:
        return launchElementwise(Scale{static_cast<float *>(buffers[0])}, n, alignedUpTo(1), multiprocessors, stream);
    case KernelId::Gather: {
        // x is only ever read one element at a time: its alignment does not matter.
        const Gather op{static_cast<const unsigned *>(buffers[0]), static_cast<const unsigned *>(buffers[1]),
                        static_cast<unsigned *>(buffers[2])};
        return launchElementwise(op, n, aligned16(buffers[1]) && aligned16(buffers[2]), multiprocessors, stream);
    }
    case KernelId::PingPong:
        return launchElementwise(PingPong{static_cast<unsigned *>(buffers[0])}, n, alignedUpTo(1), multiprocessors,
                                 stream);
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

} // namespace sharescope::cuda
