// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/cudasession.h"

#include <string>

namespace sharescope::cuda {

// Where a managed operation points: the host, or a GPU by its index.
inline constexpr int hostPlace = -1;

// cudaMemPrefetchAsync of one range to `place`, on the legacy default stream.
cudaError_t prefetchTo(const void *pointer, std::size_t bytes, int place);
// The same on `stream`.
cudaError_t prefetchOn(const void *pointer, std::size_t bytes, int place, cudaStream_t stream);
// cudaMemAdvise of one range, for `place`.
cudaError_t adviseFor(const void *pointer, std::size_t bytes, cudaMemoryAdvise advice, int place);

// CUDA 13's batch operations, each range `bytes` long, in one call on
// `stream` (they refuse the legacy default stream; a stream created without
// flags waits for it and is waited for by it, so the default stream's events
// still time them). cudaErrorNotSupported where the runtime lacks them.
cudaError_t prefetchBatch(const std::vector<void *> &pointers, std::size_t bytes, int place, cudaStream_t stream);
cudaError_t discardBatch(const std::vector<void *> &pointers, std::size_t bytes, cudaStream_t stream);
cudaError_t discardAndPrefetchBatch(const std::vector<void *> &pointers, std::size_t bytes, int place,
                                    cudaStream_t stream);

// What the managed modes share: one cudaMallocManaged buffer per buffer of
// the kernel, which the host and the kernel both use as they are (no
// staging), and the prefetch of every buffer to one place, timed.
class ManagedSessionBase : public CudaSession
{
public:
    ManagedSessionBase(CudaContext &context, const ExperimentSpec &spec, int kernelDevice = -1);
    ~ManagedSessionBase() override;

    Status allocate(PhaseMeter &meter) override;
    Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &meter) override;
    Status releaseHost(PhaseMeter &) override { return okStatus(); }
    // The CPU reads the managed pages themselves: pages on a GPU fault back
    // to the host, as the buffer view warns.
    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override;
    Status release(PhaseMeter &meter) override;

protected:
    // How the report describes buffer `buffer`'s placement.
    virtual std::string placement(std::size_t buffer) const = 0;
    // After buffer `buffer` is allocated (advice, for instance).
    virtual Status allocated(std::size_t buffer) { return (void)buffer, okStatus(); }

    // Every buffer the kernel touches to `place` (first-touch's CPU-only
    // buffer stays on the host), one prefetch each, timed by events; the
    // meter counts `bytes` per buffer with `count`.
    Status prefetchEvery(PhaseMeter &meter, int place, void (PhaseMeter::*count)(std::uint64_t));
    // How prefetchTogether issues its prefetches: one batch call (where the
    // device has them), one call per buffer one after the other, or one call
    // per buffer each on a stream of its own, all in flight at once.
    // SHARESCOPE_PREFETCH_CALLS=batch|each|streams overrides the mode's way
    // (to compare them: docs/measurements/tools/gpu-prefetch-calls.sh, docs/measurements.md).
    enum class PrefetchCalls { Batch, Each, Streams };
    // The buffers `which` lists to `place`, issued the mode's `way` unless
    // the environment says otherwise, timed.
    Status prefetchTogether(PhaseMeter &meter, const std::vector<std::size_t> &which, int place,
                            void (PhaseMeter::*count)(std::uint64_t), PrefetchCalls way = PrefetchCalls::Batch);
    // --host-threads: the slice of each buffer `which` lists to `place`, on
    // the thread's stream; the meter counts the slice's bytes per buffer.
    Status prefetchSlice(PhaseMeter &meter, const Slice &slice, const std::vector<std::size_t> &which, int place,
                         void (PhaseMeter::*count)(std::uint64_t));
    // The buffers whose role `wanted` holds (kernelTouches: the ones the
    // kernel reads or writes).
    std::vector<std::size_t> buffersWhere(bool (*wanted)(BufferRole)) const;
    // The pointers of the buffers `which` lists.
    std::vector<void *> pointersOf(const std::vector<std::size_t> &which) const;
    // A stream of the session's own for the batch calls, made on first use.
    Result<cudaStream_t> batchStream();
    // The way prefetches go for a mode whose own way is `way`: the
    // environment's where it names one, Each where the device has no batch
    // calls and Batch was asked.
    PrefetchCalls prefetchCalls(PrefetchCalls way) const;

    void *kernelPointer(std::size_t buffer) const override { return m_pointers[buffer]; }

    std::vector<void *> m_pointers;

private:
    cudaError_t freeAll() { return freeEach(m_pointers, cudaFree); }

    // One call per buffer, each on its own stream (blocking streams, so the
    // legacy stream's events around them wait for all of them), timed.
    Status prefetchOnStreams(PhaseMeter &meter, const std::vector<std::size_t> &which, int place,
                             void (PhaseMeter::*count)(std::uint64_t));

    cudaStream_t m_batchStream = nullptr;
    std::vector<cudaStream_t> m_bufferStreams; // prefetchOnStreams', one per buffer, made on first use
};

} // namespace sharescope::cuda
