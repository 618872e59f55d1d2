// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/managedsession.h"

#include "trnoop.h"

namespace sharescope::cuda {
namespace {

// managed-discard: as managed, and every buffer whose contents the next
// phase overwrites whole is discarded first (cudaMemDiscardBatchAsync):
// the ones host-init writes, before host-init; the ones the kernel only
// writes, before the kernel. Faults then bring the pages, as in managed.
// managed-discard-prefetch: cudaMemDiscardAndPrefetchBatchAsync instead,
// to where the next phase runs: the host before host-init, the device in
// to-device; what the kernel reads is prefetched to the device in
// to-device, and what the host reads back to the host in to-host.
// Discarding moves no data, so it adds nothing to the copied bytes; the
// counters show what migrated.
class ManagedDiscardSession final : public ManagedSessionBase
{
public:
    ManagedDiscardSession(CudaContext &context, const ExperimentSpec &spec)
        : ManagedSessionBase(context, spec)
        , m_prefetch(spec.modeInfo().discard == Discard::AndPrefetch)
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            const BufferRole role = m_kernel.buffers[b].role;
            if (kernelReads(role))
                m_kernelReads.push_back(b);
            else if (kernelWrites(role))
                m_kernelWrites.push_back(b);
        }
    }

    ~ManagedDiscardSession() override
    {
        if (m_discardStream)
            cudaStreamDestroy(m_discardStream);
    }

    // host-init overwrites every buffer it writes: their old contents go.
    Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &meter) override
    {
        if (access == HostAccess::Write) {
            if (Status dropped = drop(meter, buffersFor(HostAccess::Write), hostPlace); !dropped)
                return dropped.error();
        }
        return ManagedSessionBase::acquireHost(access, meter);
    }

    Status toDevice(PhaseMeter &meter) override
    {
        if (!m_prefetch)
            return healthy();
        if (Status dropped = drop(meter, m_kernelWrites, m_context.info.index); !dropped)
            return dropped;
        return prefetchTogether(meter, m_kernelReads, m_context.info.index, &PhaseMeter::addToDevice);
    }

    // The kernel overwrites its outputs: managed-discard drops them first.
    Status launch(PhaseMeter &meter) override
    {
        if (!m_prefetch) {
            if (Status dropped = drop(meter, m_kernelWrites, m_context.info.index); !dropped)
                return dropped;
        }
        return ManagedSessionBase::launch(meter);
    }

    Status toHost(PhaseMeter &meter) override
    {
        if (!m_prefetch)
            return healthy();
        return prefetchTogether(meter, buffersCopied(HostAccess::Read), hostPlace, &PhaseMeter::addToHost);
    }

    // --host-threads: the discards stay whole, on the owning thread, before
    // the threads start (a discard must not meet another thread's writes to
    // a page two slices share); the prefetches go by slices.
    Status beforeSlices(Phase phase) override
    {
        PhaseMeter untimed; // a split phase has its host time alone
        if ((phase == Phase::ToDevice && m_prefetch) || (phase == Phase::Kernel && !m_prefetch))
            return drop(untimed, m_kernelWrites, m_context.info.index);
        return healthy();
    }
    Status toDeviceSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return m_prefetch ? prefetchSlice(meter, slice, m_kernelReads, m_context.info.index, &PhaseMeter::addToDevice)
                          : healthy();
    }
    Status toHostSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return m_prefetch
            ? prefetchSlice(meter, slice, buffersCopied(HostAccess::Read), hostPlace, &PhaseMeter::addToHost)
            : healthy();
    }

private:
    std::string placement(std::size_t b) const override
    {
        const BufferRole role = m_kernel.buffers[b].role;
        const bool host = hostWrites(role);
        const bool kernel = kernelWrites(role) && !kernelReads(role);
        // Whole sentences, so that a report says them in the reader's language.
        if (m_prefetch) {
            return host ? SHARESCOPE_TR_NOOP(
                       "Core", "managed memory (cudaMallocManaged); discarded and prefetched before host-init")
                : kernel
                ? SHARESCOPE_TR_NOOP("Core",
                                     "managed memory (cudaMallocManaged); discarded and prefetched before the kernel")
                : SHARESCOPE_TR_NOOP("Core",
                                     "managed memory (cudaMallocManaged); never discarded (it is read in place), "
                                     "prefetched");
        }
        return host ? SHARESCOPE_TR_NOOP(
                   "Core", "managed memory (cudaMallocManaged); discarded before host-init, then faulted in")
            : kernel ? SHARESCOPE_TR_NOOP(
                  "Core", "managed memory (cudaMallocManaged); discarded before the kernel, then faulted in")
                     : SHARESCOPE_TR_NOOP("Core",
                                          "managed memory (cudaMallocManaged); never discarded (it is read in place), "
                                          "faulted in");
    }

    // Discards the buffers `which` lists, in one call; managed-discard-prefetch
    // places them at `place` too.
    Status drop(PhaseMeter &meter, const std::vector<std::size_t> &which, int place)
    {
        if (which.empty())
            return healthy();
        const std::vector<void *> pointers = pointersOf(which);
        if (m_prefetch) {
            auto stream = batchStream();
            if (!stream)
                return stream.error();
            return timed(meter, "cudaMemDiscardAndPrefetchBatchAsync",
                         [&] { return discardAndPrefetchBatch(pointers, m_spec.bytes, place, *stream); });
        }
        // A discard issued behind work still pending in stream order (an
        // event recorded before it, on its own stream or on the legacy one
        // it waits for) was not done when the host's wait on it returned:
        // the CPU's writes that followed were lost, and the kernel read
        // stale or zeroed pages (driver 580.159.04 on the H200;
        // tests/probes/discard_stale_probe.cu, docs/measurements.md). So the
        // discard goes on a stream that nothing else uses and that waits
        // for no other, with no event ahead of it, and the phase's host
        // time is its time.
        auto stream = discardStream();
        if (!stream)
            return stream.error();
        if (const cudaError_t e = discardBatch(pointers, m_spec.bytes, *stream); e != cudaSuccess)
            return m_context.health.fail(e, "cudaMemDiscardBatchAsync");
        if (const cudaError_t e = cudaStreamSynchronize(*stream); e != cudaSuccess)
            return m_context.health.fail(e, "cudaStreamSynchronize");
        return okStatus();
    }

    // The discard's stream: non-blocking, so that it waits for nothing on
    // the legacy default stream; made on first use.
    Result<cudaStream_t> discardStream()
    {
        if (!m_discardStream)
            SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamCreateWithFlags(&m_discardStream, cudaStreamNonBlocking));
        return m_discardStream;
    }

    const bool m_prefetch;
    std::vector<std::size_t> m_kernelWrites; // written whole by the kernel, never read by it
    std::vector<std::size_t> m_kernelReads;
    cudaStream_t m_discardStream = nullptr;
};

} // namespace

std::unique_ptr<CudaSession> makeManagedDiscardSession(CudaContext &context, const ExperimentSpec &spec)
{
    return std::make_unique<ManagedDiscardSession>(context, spec);
}

} // namespace sharescope::cuda
