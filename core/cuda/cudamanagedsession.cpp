// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/managedsession.h"

#include "trnoop.h"

namespace sharescope::cuda {
namespace {

// managed: cudaMallocManaged; pages migrate when the GPU or the CPU faults
// on them. managed-prefetch: cudaMemPrefetchAsync moves every buffer to the
// GPU before the kernel and back before the CPU reads. managed-advise:
// cudaMemAdvise hints, given once after allocation, decide where pages live.
class ManagedSession final : public ManagedSessionBase
{
public:
    ManagedSession(CudaContext &context, const ExperimentSpec &spec)
        : ManagedSessionBase(context, spec)
        , m_prefetch(spec.modeInfo().prefetch == Prefetch::ToDevice)
    {
    }

    // Every buffer both sides touch, to the GPU and back (for every kernel
    // but first-touch: all of them; its GPU-only and CPU-only buffers stay
    // where they were made), one call each on a stream of its own: on the H200 that reached 0.91 of a pinned copy to
    // the GPU and 0.25 back, against 0.84 and 0.18 for one batch call
    // (docs/measurements.md).
    Status toDevice(PhaseMeter &meter) override
    {
        return m_prefetch ? prefetchTogether(meter, buffersWhere(touchedByBoth), m_context.info.index,
                                             &PhaseMeter::addToDevice, prefetchWay)
                          : healthy();
    }
    Status toHost(PhaseMeter &meter) override
    {
        return m_prefetch
            ? prefetchTogether(meter, buffersWhere(touchedByBoth), hostPlace, &PhaseMeter::addToHost, prefetchWay)
            : healthy();
    }

    // --host-threads: managed-prefetch moves the thread's slice of every
    // buffer both sides touch on the thread's stream; managed and
    // managed-advise move nothing before or after the kernel.
    Status toDeviceSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return m_prefetch
            ? prefetchSlice(meter, slice, buffersWhere(touchedByBoth), m_context.info.index, &PhaseMeter::addToDevice)
            : okStatus();
    }
    Status toHostSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return m_prefetch ? prefetchSlice(meter, slice, buffersWhere(touchedByBoth), hostPlace, &PhaseMeter::addToHost)
                          : okStatus();
    }

private:
    static constexpr PrefetchCalls prefetchWay = PrefetchCalls::Streams;

    // Whole sentences, so that a report says them in the reader's language.
    static const char *advisedPlacement(Advice advice, bool input)
    {
        switch (advice) {
        case Advice::PreferredDevice:
            return SHARESCOPE_TR_NOOP("Core", "managed memory (cudaMallocManaged) advised preferred-device");
        case Advice::PreferredHost:
            return SHARESCOPE_TR_NOOP("Core", "managed memory (cudaMallocManaged) advised preferred-host");
        case Advice::AccessedBy:
            return SHARESCOPE_TR_NOOP("Core", "managed memory (cudaMallocManaged) advised accessed-by");
        case Advice::ReadMostly:
            break;
        }
        return input ? SHARESCOPE_TR_NOOP("Core", "managed memory (cudaMallocManaged) advised read-mostly")
                     : SHARESCOPE_TR_NOOP("Core",
                                          "managed memory (cudaMallocManaged) advised read-mostly (inputs only; "
                                          "this buffer is written)");
    }

    std::string placement(std::size_t) const override
    {
        if (!m_prefetch)
            return SHARESCOPE_TR_NOOP("Core", "managed memory (cudaMallocManaged); pages migrate on faults");
        switch (prefetchCalls(prefetchWay)) {
        case PrefetchCalls::Batch:
            return SHARESCOPE_TR_NOOP("Core",
                                      "managed memory (cudaMallocManaged), prefetched each way "
                                      "(cudaMemPrefetchBatchAsync)");
        case PrefetchCalls::Streams:
            return SHARESCOPE_TR_NOOP("Core",
                                      "managed memory (cudaMallocManaged), prefetched each way "
                                      "(cudaMemPrefetchAsync per buffer, a stream each)");
        case PrefetchCalls::Each:
            break;
        }
        return SHARESCOPE_TR_NOOP("Core",
                                  "managed memory (cudaMallocManaged), prefetched each way "
                                  "(cudaMemPrefetchAsync per buffer)");
    }

    Status allocated(std::size_t b) override
    {
        if (!m_spec.advice)
            return okStatus();
        const Advice advice = *m_spec.advice;
        const int device = m_context.info.index;
        const bool input = m_kernel.buffers[b].role == BufferRole::Input;
        cudaError_t error = cudaSuccess;
        switch (advice) {
        case Advice::PreferredDevice:
            error = adviseFor(m_pointers[b], m_spec.bytes, cudaMemAdviseSetPreferredLocation, device);
            break;
        case Advice::PreferredHost:
            error = adviseFor(m_pointers[b], m_spec.bytes, cudaMemAdviseSetPreferredLocation, hostPlace);
            break;
        case Advice::AccessedBy:
            error = adviseFor(m_pointers[b], m_spec.bytes, cudaMemAdviseSetAccessedBy, device);
            break;
        case Advice::ReadMostly:
            if (input)
                error = adviseFor(m_pointers[b], m_spec.bytes, cudaMemAdviseSetReadMostly, device);
            break;
        }
        if (error != cudaSuccess)
            return m_context.health.fail(error, "cudaMemAdvise");
        m_reports[b].placement = advisedPlacement(advice, input);
        return okStatus();
    }

    const bool m_prefetch;
};

} // namespace

std::unique_ptr<CudaSession> makeManagedSession(CudaContext &context, const ExperimentSpec &spec)
{
    return std::make_unique<ManagedSession>(context, spec);
}

} // namespace sharescope::cuda
