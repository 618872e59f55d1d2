// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudapeersession.h"

#include "trnoop.h"

namespace sharescope::cuda {
namespace {

// peer-copy: the peer has buffers of its own. cudaMemcpyPeerAsync copies
// the inputs from the device to them in to-device, the peer's kernel works
// on them, and the results go back to the device in to-host. With peer
// access on (both ways) the copy engines copy over the link directly;
// without it the driver stages every copy through host memory.
class PeerCopySession final : public PeerSession
{
public:
    PeerCopySession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link)
        : PeerSession(context, spec, link)
        , m_access(spec.peerAccess.value_or(false))
        , m_onPeer(bufferCount(), nullptr)
    {
    }
    ~PeerCopySession() override { freeMore(); }

    Status toDevice(PhaseMeter &meter) override { return copy(HostAccess::Write, meter); }
    Status toHost(PhaseMeter &meter) override { return copy(HostAccess::Read, meter); }

protected:
    Status setAccess() override
    {
        SHARESCOPE_CUDA_TRY(m_context.health, setPeerAccess(m_device, m_peer, m_access));
        SHARESCOPE_CUDA_TRY(m_context.health, setPeerAccess(m_peer, m_device, m_access));
        return okStatus();
    }

    Status allocateMore() override
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            SHARESCOPE_CUDA_TRY(m_context.health, cudaMalloc(&m_onPeer[b], m_spec.bytes)); // the peer is current
            m_reports[b].placement = m_access
                ? SHARESCOPE_TR_NOOP(
                    "Core",
                    "cudaMalloc on the device and on the peer; cudaMemcpyPeerAsync over the link (peer "
                    "access on); page-locked host array, staged to the device")
                : SHARESCOPE_TR_NOOP("Core",
                                     "cudaMalloc on the device and on the peer; cudaMemcpyPeerAsync staged through the "
                                     "host (peer access off); page-locked host array, staged to the device");
        }
        return okStatus();
    }

    cudaError_t freeMore() override
    {
        const CurrentDevice peer(m_peer);
        return freeEach(m_onPeer, cudaFree);
    }

    void *kernelPointer(std::size_t buffer) const override { return m_onPeer[buffer]; }

private:
    // The inputs to the peer (Write: the buffers the host writes), or the
    // results back (Read), each copy timed on the peer's stream.
    Status copy(HostAccess which, PhaseMeter &meter)
    {
        const bool toPeer = which == HostAccess::Write;
        for (const std::size_t b : buffersCopied(which)) {
            Status copied = timed(meter, "cudaMemcpyPeerAsync", [&] {
                return toPeer
                    ? cudaMemcpyPeerAsync(m_onPeer[b], m_peer, m_onDevice[b], m_device, m_spec.bytes, nullptr)
                    : cudaMemcpyPeerAsync(m_onDevice[b], m_device, m_onPeer[b], m_peer, m_spec.bytes, nullptr);
            });
            if (!copied)
                return copied;
            meter.addBetweenDevices(m_spec.bytes);
        }
        return okStatus();
    }

    const bool m_access;
    std::vector<void *> m_onPeer;
};

// peer-access: no copies between the GPUs. The peer's kernel reads and
// writes the device's own buffers in place, each access crossing the link.
class PeerAccessSession final : public PeerSession
{
public:
    using PeerSession::PeerSession;

    Status toDevice(PhaseMeter &) override { return healthy(); }
    Status toHost(PhaseMeter &) override { return healthy(); }

protected:
    Status setAccess() override
    {
        SHARESCOPE_CUDA_TRY(m_context.health, setPeerAccess(m_peer, m_device, true));
        return okStatus();
    }

    Status allocateMore() override
    {
        for (BufferReport &report : m_reports)
            report.placement = SHARESCOPE_TR_NOOP("Core",
                                                  "cudaMalloc on the device; the peer's kernel reads and writes it in "
                                                  "place over the link (peer access on); page-locked host "
                                                  "array, staged to the device");
        return okStatus();
    }

    void *kernelPointer(std::size_t buffer) const override { return m_onDevice[buffer]; }
};

} // namespace

std::unique_ptr<CudaSession> makePeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link)
{
    if (spec.modeInfo().peerAccess == PeerAccessUse::Required) // the peer works on the device's memory
        return std::make_unique<PeerAccessSession>(context, spec, link);
    return std::make_unique<PeerCopySession>(context, spec, link);
}

} // namespace sharescope::cuda
