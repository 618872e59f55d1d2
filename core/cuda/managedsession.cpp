// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/managedsession.h"

#include <cstdlib>
#include <string_view>

namespace sharescope::cuda {
namespace {

#if CUDART_VERSION >= 13000
cudaMemLocation locationOf(int place)
{
    cudaMemLocation location{};
    location.type = place == hostPlace ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    location.id = place == hostPlace ? 0 : place;
    return location;
}
#else
int locationOf(int place)
{
    return place == hostPlace ? cudaCpuDeviceId : place;
}
#endif

} // namespace

cudaError_t prefetchTo(const void *pointer, std::size_t bytes, int place)
{
    return prefetchOn(pointer, bytes, place, nullptr);
}

cudaError_t prefetchOn(const void *pointer, std::size_t bytes, int place, cudaStream_t stream)
{
#if CUDART_VERSION >= 13000
    return cudaMemPrefetchAsync(pointer, bytes, locationOf(place), 0, stream);
#else
    return cudaMemPrefetchAsync(pointer, bytes, locationOf(place), stream);
#endif
}

cudaError_t adviseFor(const void *pointer, std::size_t bytes, cudaMemoryAdvise advice, int place)
{
    return cudaMemAdvise(pointer, bytes, advice, locationOf(place));
}

#if CUDART_VERSION >= 13000
cudaError_t prefetchBatch(const std::vector<void *> &pointers, std::size_t bytes, int place, cudaStream_t stream)
{
    std::vector<void *> ranges = pointers;
    std::vector<std::size_t> sizes(ranges.size(), bytes);
    cudaMemLocation location = locationOf(place);
    std::size_t first = 0;
    return cudaMemPrefetchBatchAsync(ranges.data(), sizes.data(), ranges.size(), &location, &first, 1, 0, stream);
}

cudaError_t discardBatch(const std::vector<void *> &pointers, std::size_t bytes, cudaStream_t stream)
{
    std::vector<void *> ranges = pointers;
    std::vector<std::size_t> sizes(ranges.size(), bytes);
    return cudaMemDiscardBatchAsync(ranges.data(), sizes.data(), ranges.size(), 0, stream);
}

cudaError_t discardAndPrefetchBatch(const std::vector<void *> &pointers, std::size_t bytes, int place,
                                    cudaStream_t stream)
{
    std::vector<void *> ranges = pointers;
    std::vector<std::size_t> sizes(ranges.size(), bytes);
    cudaMemLocation location = locationOf(place);
    std::size_t first = 0;
    return cudaMemDiscardAndPrefetchBatchAsync(ranges.data(), sizes.data(), ranges.size(), &location, &first, 1, 0,
                                               stream);
}
#else
cudaError_t prefetchBatch(const std::vector<void *> &, std::size_t, int, cudaStream_t)
{
    return cudaErrorNotSupported;
}
cudaError_t discardBatch(const std::vector<void *> &, std::size_t, cudaStream_t)
{
    return cudaErrorNotSupported;
}
cudaError_t discardAndPrefetchBatch(const std::vector<void *> &, std::size_t, int, cudaStream_t)
{
    return cudaErrorNotSupported;
}
#endif

ManagedSessionBase::ManagedSessionBase(CudaContext &context, const ExperimentSpec &spec, int kernelDevice)
    : CudaSession(context, spec, kernelDevice)
    , m_pointers(bufferCount(), nullptr)
{
}

ManagedSessionBase::~ManagedSessionBase()
{
    freeAll();
    if (m_batchStream)
        cudaStreamDestroy(m_batchStream);
    for (cudaStream_t stream : m_bufferStreams)
        cudaStreamDestroy(stream);
}

Status ManagedSessionBase::allocate(PhaseMeter &)
{
    for (std::size_t b = 0; b < bufferCount(); ++b) {
        SHARESCOPE_CUDA_TRY(m_context.health, cudaMallocManaged(&m_pointers[b], m_spec.bytes, cudaMemAttachGlobal));
        m_reports[b].managed = true;
        m_reports[b].address = reinterpret_cast<std::uintptr_t>(m_pointers[b]);
        m_reports[b].placement = placement(b);
        if (Status done = allocated(b); !done)
            return done;
    }
    return okStatus();
}

Result<std::vector<void *>> ManagedSessionBase::acquireHost(HostAccess, PhaseMeter &)
{
    if (Status s = healthy(); !s)
        return s.error();
    return m_pointers;
}

Status ManagedSessionBase::read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out)
{
    return readHostVisible(m_pointers[buffer], first, out);
}

Status ManagedSessionBase::release(PhaseMeter &)
{
    return released(freeAll(), "cudaFree");
}

std::vector<std::size_t> ManagedSessionBase::buffersWhere(bool (*wanted)(BufferRole)) const
{
    std::vector<std::size_t> which;
    for (std::size_t b = 0; b < bufferCount(); ++b) {
        if (wanted(m_kernel.buffers[b].role))
            which.push_back(b);
    }
    return which;
}

std::vector<void *> ManagedSessionBase::pointersOf(const std::vector<std::size_t> &which) const
{
    std::vector<void *> pointers;
    pointers.reserve(which.size());
    for (const std::size_t b : which)
        pointers.push_back(m_pointers[b]);
    return pointers;
}

Result<cudaStream_t> ManagedSessionBase::batchStream()
{
    if (!m_batchStream)
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamCreate(&m_batchStream));
    return m_batchStream;
}

ManagedSessionBase::PrefetchCalls ManagedSessionBase::prefetchCalls(PrefetchCalls way) const
{
    const char *calls = std::getenv("SHARESCOPE_PREFETCH_CALLS");
    const std::string_view asked = calls ? calls : "";
    if (asked == "streams")
        way = PrefetchCalls::Streams;
    else if (asked == "each")
        way = PrefetchCalls::Each;
    else if (asked == "batch")
        way = PrefetchCalls::Batch;
    if (way == PrefetchCalls::Batch && !m_context.info.managedBatchOperations)
        return PrefetchCalls::Each;
    return way;
}

Status ManagedSessionBase::prefetchOnStreams(PhaseMeter &meter, const std::vector<std::size_t> &which, int place,
                                             void (PhaseMeter::*count)(std::uint64_t))
{
    while (m_bufferStreams.size() < which.size()) {
        cudaStream_t stream = nullptr;
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamCreate(&stream));
        m_bufferStreams.push_back(stream);
    }
    Status moved = timed(meter, "cudaMemPrefetchAsync", [&] {
        for (std::size_t i = 0; i < which.size(); ++i) {
            if (const cudaError_t e = prefetchOn(m_pointers[which[i]], m_spec.bytes, place, m_bufferStreams[i]);
                e != cudaSuccess)
                return e;
        }
        return cudaSuccess;
    });
    if (!moved)
        return moved;
    (meter.*count)(m_spec.bytes * which.size());
    return okStatus();
}

Status ManagedSessionBase::prefetchTogether(PhaseMeter &meter, const std::vector<std::size_t> &which, int place,
                                            void (PhaseMeter::*count)(std::uint64_t), PrefetchCalls way)
{
    if (which.empty())
        return healthy();
    const PrefetchCalls calls = prefetchCalls(way);
    if (calls == PrefetchCalls::Streams)
        return prefetchOnStreams(meter, which, place, count);
    if (calls == PrefetchCalls::Each) {
        for (const std::size_t b : which) {
            Status moved
                = timed(meter, "cudaMemPrefetchAsync", [&] { return prefetchTo(m_pointers[b], m_spec.bytes, place); });
            if (!moved)
                return moved;
            (meter.*count)(m_spec.bytes);
        }
        return okStatus();
    }
    auto stream = batchStream();
    if (!stream)
        return stream.error();
    const std::vector<void *> pointers = pointersOf(which);
    Status moved = timed(meter, "cudaMemPrefetchBatchAsync",
                         [&] { return prefetchBatch(pointers, m_spec.bytes, place, *stream); });
    if (!moved)
        return moved;
    (meter.*count)(m_spec.bytes * which.size());
    return okStatus();
}

Status ManagedSessionBase::prefetchEvery(PhaseMeter &meter, int place, void (PhaseMeter::*count)(std::uint64_t))
{
    for (const std::size_t b : buffersWhere(kernelTouches)) {
        void *pointer = m_pointers[b];
        Status moved = timed(meter, "cudaMemPrefetchAsync", [&] { return prefetchTo(pointer, m_spec.bytes, place); });
        if (!moved)
            return moved;
        (meter.*count)(m_spec.bytes);
    }
    return okStatus();
}

Status ManagedSessionBase::prefetchSlice(PhaseMeter &meter, const Slice &slice, const std::vector<std::size_t> &which,
                                         int place, void (PhaseMeter::*count)(std::uint64_t))
{
    Status moved = onSliceStream("cudaMemPrefetchAsync", [&](cudaStream_t stream) {
        for (const std::size_t b : which) {
            if (const cudaError_t e = prefetchOn(sliceOf(m_pointers[b], slice), sliceBytes(slice), place, stream);
                e != cudaSuccess)
                return e;
        }
        return cudaSuccess;
    });
    if (!moved)
        return moved;
    for (std::size_t i = 0; i < which.size(); ++i)
        (meter.*count)(sliceBytes(slice));
    return okStatus();
}

} // namespace sharescope::cuda
