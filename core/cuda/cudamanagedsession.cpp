#include "cudasession.h"

namespace sharescope::cuda {
namespace {

cudaError_t prefetch(const void *pointer, std::size_t bytes, int device, bool toHost)
{
#if CUDART_VERSION >= 13000
    cudaMemLocation location{};
    location.type = toHost ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    location.id = toHost ? 0 : device;
    return cudaMemPrefetchAsync(pointer, bytes, location, 0, nullptr);
#else
    return cudaMemPrefetchAsync(pointer, bytes, toHost ? cudaCpuDeviceId : device, nullptr);
#endif
}

cudaError_t advise(const void *pointer, std::size_t bytes, cudaMemoryAdvise advice, int device, bool host)
{
#if CUDART_VERSION >= 13000
    cudaMemLocation location{};
    location.type = host ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    location.id = host ? 0 : device;
    return cudaMemAdvise(pointer, bytes, advice, location);
#else
    return cudaMemAdvise(pointer, bytes, advice, host ? cudaCpuDeviceId : device);
#endif
}

// managed: cudaMallocManaged; pages migrate when the GPU or the CPU faults
// on them. managed-prefetch: cudaMemPrefetchAsync moves every buffer to the
// GPU before the kernel and back before the CPU reads. managed-advise:
// cudaMemAdvise hints, given once after allocation, decide where pages live.
class ManagedSession final : public CudaSession
{
public:
    ManagedSession(CudaContext &context, const ExperimentSpec &spec)
        : CudaSession(context, spec)
        , m_prefetch(spec.mode == ModeId::ManagedPrefetch)
        , m_pointers(bufferCount(), nullptr)
    {
    }
    ~ManagedSession() override { freeAll(); }

    Status allocate(PhaseMeter &) override
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            SHARESCOPE_CUDA_TRY(m_context.health, cudaMallocManaged(&m_pointers[b], m_spec.bytes, cudaMemAttachGlobal));
            m_reports[b].managed = true;
            m_reports[b].address = reinterpret_cast<std::uintptr_t>(m_pointers[b]);
            m_reports[b].placement = m_prefetch ? "managed memory (cudaMallocManaged), prefetched each way"
                                                : "managed memory (cudaMallocManaged); pages migrate on faults";
            if (m_spec.advice) {
                if (Status advised = applyAdvice(b, *m_spec.advice); !advised)
                    return advised;
            }
        }
        return okStatus();
    }

    Result<std::vector<void *>> acquireHost(HostAccess, PhaseMeter &) override
    {
        if (Status s = healthy(); !s)
            return s.error();
        return m_pointers;
    }
    Status releaseHost(PhaseMeter &) override { return okStatus(); }

    Status toDevice(PhaseMeter &meter) override { return m_prefetch ? move(meter, false) : healthy(); }
    Status toHost(PhaseMeter &meter) override { return m_prefetch ? move(meter, true) : healthy(); }

    // The CPU reads the managed pages themselves: pages on the GPU fault
    // back to the host, as the buffer view warns.
    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        return readHostVisible(m_pointers[buffer], first, out);
    }

    Status release(PhaseMeter &) override { return released(freeAll(), "cudaFree"); }

private:
    void *kernelPointer(std::size_t buffer) const override { return m_pointers[buffer]; }

    Status applyAdvice(std::size_t b, Advice advice)
    {
        const int device = m_context.info.index;
        const bool input = m_kernel.buffers[b].role == BufferRole::Input;
        cudaError_t error = cudaSuccess;
        switch (advice) {
        case Advice::PreferredDevice:
            error = advise(m_pointers[b], m_spec.bytes, cudaMemAdviseSetPreferredLocation, device, false);
            break;
        case Advice::PreferredHost:
            error = advise(m_pointers[b], m_spec.bytes, cudaMemAdviseSetPreferredLocation, device, true);
            break;
        case Advice::AccessedBy:
            error = advise(m_pointers[b], m_spec.bytes, cudaMemAdviseSetAccessedBy, device, false);
            break;
        case Advice::ReadMostly:
            if (input)
                error = advise(m_pointers[b], m_spec.bytes, cudaMemAdviseSetReadMostly, device, false);
            break;
        }
        if (error != cudaSuccess)
            return m_context.health.fail(error, "cudaMemAdvise");
        m_reports[b].placement = "managed memory (cudaMallocManaged) advised " + std::string(adviceName(advice))
            + (advice == Advice::ReadMostly && !input ? " (inputs only; this buffer is written)" : "");
        return okStatus();
    }

    // Prefetches every buffer, so that neither side faults on the way.
    Status move(PhaseMeter &meter, bool toHost)
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            Status moved = timed(meter, "cudaMemPrefetchAsync",
                                 [&] { return prefetch(m_pointers[b], m_spec.bytes, m_context.info.index, toHost); });
            if (!moved)
                return moved;
            toHost ? meter.addToHost(m_spec.bytes) : meter.addToDevice(m_spec.bytes);
        }
        return okStatus();
    }

    cudaError_t freeAll() { return freeEach(m_pointers, cudaFree); }

    const bool m_prefetch;
    std::vector<void *> m_pointers;
};

} // namespace

std::unique_ptr<CudaSession> makeManagedSession(CudaContext &context, const ExperimentSpec &spec)
{
    return std::make_unique<ManagedSession>(context, spec);
}

} // namespace sharescope::cuda
