// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/managedsession.h"

#include "trnoop.h"

namespace sharescope::cuda {
namespace {

// managed-peer: cudaMallocManaged buffers that start every iteration on the
// device: after the CPU's writes in host-init, every buffer is prefetched
// there. Then the peer's kernel touches them, and its faults move the pages
// from GPU to GPU while it runs. managed-peer-prefetch: cudaMemPrefetchAsync
// moves every buffer to the peer in to-device and back to the device in
// to-host. Either way the CPU's reads in host-read fault the results back.
// Everything runs on the peer's default stream (a prefetch may go anywhere
// from a stream of any GPU with concurrent managed access, which both have).
class ManagedPeerSession final : public ManagedSessionBase
{
public:
    ManagedPeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link)
        : ManagedSessionBase(context, spec, link.peerIndex)
        , m_prefetch(spec.modeInfo().prefetch == Prefetch::ToPeer)
        , m_device(context.info.index)
        , m_peer(link.peerIndex)
    {
    }

    // Where every iteration starts: all the kernel touches on the device
    // (first-touch's CPU-only buffer stays on the host), untimed by events
    // (the host's clock holds it), as the CPU's half of the phase.
    Status hostWritten(PhaseMeter &meter) override
    {
        for (const std::size_t b : buffersWhere(kernelTouches)) {
            SHARESCOPE_CUDA_TRY(m_context.health, prefetchTo(m_pointers[b], m_spec.bytes, m_device));
            meter.addToDevice(m_spec.bytes);
        }
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamSynchronize(nullptr));
        return okStatus();
    }

    // Every buffer to one GPU, from the other: bytes between devices.
    Status toDevice(PhaseMeter &meter) override
    {
        return m_prefetch ? prefetchEvery(meter, m_peer, &PhaseMeter::addBetweenDevices) : healthy();
    }
    Status toHost(PhaseMeter &meter) override
    {
        return m_prefetch ? prefetchEvery(meter, m_device, &PhaseMeter::addBetweenDevices) : healthy();
    }

private:
    std::string placement(std::size_t) const override
    {
        return m_prefetch ? SHARESCOPE_TR_NOOP(
                   "Core", "managed memory (cudaMallocManaged) prefetched to the device, then to the peer and back")
                          : SHARESCOPE_TR_NOOP(
                              "Core",
                              "managed memory (cudaMallocManaged) prefetched to the device; the peer's faults move its "
                              "pages");
    }

    const bool m_prefetch;
    const int m_device;
    const int m_peer;
};

} // namespace

std::unique_ptr<CudaSession> makeManagedPeerSession(CudaContext &context, const ExperimentSpec &spec,
                                                    const PeerLink &link)
{
    return std::make_unique<ManagedPeerSession>(context, spec, link);
}

} // namespace sharescope::cuda
