#include "cudasession.h"

namespace sharescope::cuda {
namespace {

cudaError_t prefetchTo(const void *pointer, std::size_t bytes, int device)
{
#if CUDART_VERSION >= 13000
    cudaMemLocation location{};
    location.type = cudaMemLocationTypeDevice;
    location.id = device;
    return cudaMemPrefetchAsync(pointer, bytes, location, 0, nullptr);
#else
    return cudaMemPrefetchAsync(pointer, bytes, device, nullptr);
#endif
}

// managed-peer: cudaMallocManaged buffers that start every iteration on the
// device: after the CPU's writes in host-init, every buffer is prefetched
// there. Then the peer's kernel touches them, and its faults move the pages
// from GPU to GPU while it runs. managed-peer-prefetch: cudaMemPrefetchAsync
// moves every buffer to the peer in to-device and back to the device in
// to-host. Either way the CPU's reads in host-read fault the results back.
// Everything runs on the peer's default stream (a prefetch may go anywhere
// from a stream of any GPU with concurrent managed access, which both have).
class ManagedPeerSession final : public CudaSession
{
public:
    ManagedPeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link)
        : CudaSession(context, spec, link.peerIndex)
        , m_prefetch(spec.mode == ModeId::ManagedPeerPrefetch)
        , m_device(context.info.index)
        , m_peer(link.peerIndex)
        , m_pointers(bufferCount(), nullptr)
    {
    }
    ~ManagedPeerSession() override { freeAll(); }

    Status allocate(PhaseMeter &) override
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            SHARESCOPE_CUDA_TRY(m_context.health, cudaMallocManaged(&m_pointers[b], m_spec.bytes, cudaMemAttachGlobal));
            m_reports[b].managed = true;
            m_reports[b].address = reinterpret_cast<std::uintptr_t>(m_pointers[b]);
            m_reports[b].placement = m_prefetch
                ? "managed memory (cudaMallocManaged) prefetched to the device, then to the peer and back"
                : "managed memory (cudaMallocManaged) prefetched to the device; the peer's faults move its pages";
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

    // Where every iteration starts: all of it on the device, untimed by
    // events (the host's clock holds it), as the CPU's half of the phase.
    Status hostWritten(PhaseMeter &meter) override
    {
        for (void *pointer : m_pointers) {
            SHARESCOPE_CUDA_TRY(m_context.health, prefetchTo(pointer, m_spec.bytes, m_device));
            meter.addToDevice(m_spec.bytes);
        }
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamSynchronize(nullptr));
        return okStatus();
    }

    Status toDevice(PhaseMeter &meter) override { return m_prefetch ? move(meter, m_peer) : healthy(); }
    Status toHost(PhaseMeter &meter) override { return m_prefetch ? move(meter, m_device) : healthy(); }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        return readHostVisible(m_pointers[buffer], first, out);
    }

    Status release(PhaseMeter &) override { return released(freeAll(), "cudaFree"); }

private:
    void *kernelPointer(std::size_t buffer) const override { return m_pointers[buffer]; }

    // Every buffer to one GPU, from the other: bytes between devices.
    Status move(PhaseMeter &meter, int to)
    {
        for (void *pointer : m_pointers) {
            Status moved = timed(meter, "cudaMemPrefetchAsync", [&] { return prefetchTo(pointer, m_spec.bytes, to); });
            if (!moved)
                return moved;
            meter.addBetweenDevices(m_spec.bytes);
        }
        return okStatus();
    }

    cudaError_t freeAll() { return freeEach(m_pointers, cudaFree); }

    const bool m_prefetch;
    const int m_device;
    const int m_peer;
    std::vector<void *> m_pointers;
};

} // namespace

std::unique_ptr<CudaSession> makeManagedPeerSession(CudaContext &context, const ExperimentSpec &spec,
                                                    const PeerLink &link)
{
    return std::make_unique<ManagedPeerSession>(context, spec, link);
}

} // namespace sharescope::cuda
