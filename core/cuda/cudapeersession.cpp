// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudapeersession.h"

#include <cstring>
#include <utility>

namespace sharescope::cuda {

CurrentDevice::CurrentDevice(int device)
{
    if (cudaGetDevice(&m_previous) != cudaSuccess)
        m_previous = -1;
    m_error = cudaSetDevice(device);
}

CurrentDevice::~CurrentDevice()
{
    if (m_previous >= 0)
        cudaSetDevice(m_previous);
}

cudaError_t setPeerAccess(int from, int to, bool on)
{
    const CurrentDevice current(from);
    if (current.error() != cudaSuccess)
        return current.error();
    const cudaError_t error = on ? cudaDeviceEnablePeerAccess(to, 0) : cudaDeviceDisablePeerAccess(to);
    // Already as asked: not an error, but it is left as the last error.
    if (error == cudaErrorPeerAccessAlreadyEnabled || error == cudaErrorPeerAccessNotEnabled) {
        cudaGetLastError();
        return cudaSuccess;
    }
    return error;
}

PeerSession::PeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link)
    : CudaSession(context, spec, link.peerIndex)
    , m_device(context.info.index)
    , m_peer(link.peerIndex)
    , m_onDevice(bufferCount(), nullptr)
    , m_host(bufferCount(), nullptr)
{
}

PeerSession::~PeerSession()
{
    freeAll();
}

Status PeerSession::allocate(PhaseMeter &)
{
    if (Status access = setAccess(); !access)
        return access;
    {
        const CurrentDevice device(m_device);
        SHARESCOPE_CUDA_TRY(m_context.health, device.error());
        for (std::size_t b = 0; b < bufferCount(); ++b)
            SHARESCOPE_CUDA_TRY(m_context.health, cudaMalloc(&m_onDevice[b], m_spec.bytes));
    }
    for (std::size_t b = 0; b < bufferCount(); ++b)
        SHARESCOPE_CUDA_TRY(m_context.health, cudaHostAlloc(&m_host[b], m_spec.bytes, cudaHostAllocPortable));
    return allocateMore();
}

Result<std::vector<void *>> PeerSession::acquireHost(HostAccess access, PhaseMeter &meter)
{
    if (Status s = healthy(); !s)
        return s.error();
    switch (access) {
    case HostAccess::Write:
        m_pendingUpload = buffersCopied(access);
        break;
    case HostAccess::Read:
        m_pendingDownload = buffersCopied(access); // host-read brings them down
        break;
    case HostAccess::ReadWrite: // ping-pong's CPU round reads them at once
        if (Status down = stage(buffersFor(access), false, meter); !down)
            return down.error();
        m_pendingUpload = buffersFor(access);
        break;
    }
    return m_host;
}

Status PeerSession::upload(PhaseMeter &meter)
{
    const std::vector<std::size_t> buffers = std::exchange(m_pendingUpload, {});
    return stage(buffers, true, meter);
}

Status PeerSession::download(PhaseMeter &meter)
{
    const std::vector<std::size_t> buffers = std::exchange(m_pendingDownload, {});
    return stage(buffers, false, meter);
}

Status PeerSession::stage(const std::vector<std::size_t> &buffers, bool up, PhaseMeter &meter)
{
    if (Status s = healthy(); !s || buffers.empty())
        return s;
    const CurrentDevice device(m_device);
    SHARESCOPE_CUDA_TRY(m_context.health, device.error());
    for (const std::size_t b : buffers) {
        SHARESCOPE_CUDA_TRY(m_context.health,
                            up ? cudaMemcpy(m_onDevice[b], m_host[b], m_spec.bytes, cudaMemcpyHostToDevice)
                               : cudaMemcpy(m_host[b], m_onDevice[b], m_spec.bytes, cudaMemcpyDeviceToHost));
        up ? meter.addToDevice(m_spec.bytes) : meter.addToHost(m_spec.bytes);
    }
    return okStatus();
}

Status PeerSession::read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out)
{
    if (Status s = healthy(); !s)
        return s;
    const BufferRole role = m_kernel.buffers[buffer].role;
    // first-touch's CPU-only buffer is in the host array alone; its
    // GPU-only one where the kernel left it (peer-copy: on the peer).
    if (!kernelTouches(role)) {
        std::memcpy(out.data(), static_cast<const std::uint32_t *>(m_host[buffer]) + first, out.size_bytes());
        return okStatus();
    }
    const void *source = hostTouches(role) ? m_onDevice[buffer] : kernelPointer(buffer);
    const CurrentDevice device(m_device);
    SHARESCOPE_CUDA_TRY(m_context.health, device.error());
    SHARESCOPE_CUDA_TRY(m_context.health,
                        cudaMemcpy(out.data(), static_cast<const std::uint32_t *>(source) + first, out.size_bytes(),
                                   cudaMemcpyDefault));
    return okStatus();
}

Status PeerSession::release(PhaseMeter &)
{
    return released(freeAll(), "cudaFree");
}

cudaError_t PeerSession::freeAll()
{
    FirstError error;
    error.keep(freeMore());
    const CurrentDevice device(m_device);
    error.keep(freeEach(m_onDevice, cudaFree));
    error.keep(freeEach(m_host, cudaFreeHost));
    m_pendingUpload.clear();
    m_pendingDownload.clear();
    return error.first;
}

} // namespace sharescope::cuda
