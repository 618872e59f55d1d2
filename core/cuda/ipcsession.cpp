// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudacopysession.h"
#include "cuda/ipcmemory.h"
#include "cuda/ipcpeerlink.h"

#include "bytesize.h"
#include "trnoop.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

namespace sharescope::cuda {
namespace {

// The ipc modes: the buffers are device memory made in the way the mode
// exports (ipcmemory.h: cudaMalloc and a legacy handle, cuMemCreate and a
// file descriptor, a pool's allocation), shared with a second process (this
// program again, in its ipc-peer role), which imports them and runs the
// kernel. An interprocess event orders the peer's kernel before this
// process copies the results.
class IpcSession final : public CopySession
{
public:
    IpcSession(CudaContext &context, const ExperimentSpec &spec)
        : CopySession(context, spec, false)
        , m_memory(makeExportedBuffers(spec.modeInfo().ipcMemory, context.health))
    {
    }
    ~IpcSession() override
    {
        stopPeer();
        freeExported();
    }

    Status allocate(PhaseMeter &meter) override
    {
        if (Status allocated = CopySession::allocate(meter); !allocated)
            return allocated;
        PeerOpen open;
        open.device = m_context.info.index;
        open.kernel = m_spec.kernel;
        open.count = m_spec.elementCount();
        open.strideElements = m_spec.strideElements();
        const std::uint64_t exportStart = steadyNowNs();
        auto descriptors = m_memory->exportTo(open);
        if (!descriptors)
            return descriptors.error();
        std::uint64_t exportNs = steadyNowNs() - exportStart;
        SHARESCOPE_CUDA_TRY(m_context.health,
                            cudaEventCreateWithFlags(&m_event, cudaEventInterprocess | cudaEventDisableTiming));
        const std::uint64_t eventStart = steadyNowNs();
        cudaIpcEventHandle_t eventHandle{};
        SHARESCOPE_CUDA_TRY(m_context.health, cudaIpcGetEventHandle(&eventHandle, m_event));
        exportNs += steadyNowNs() - eventStart;
        open.eventHandle = handleHex(eventHandle);
        for (std::size_t b = 0; b < bufferCount(); ++b)
            m_reports[b].placement = m_memory->placement();

        auto peer = ChildProcess::spawn(selfBinary(), {"ipc-peer"});
        if (!peer)
            return failed("the ipc peer could not start: " + peer.error().message);
        m_peer = std::move(*peer);
        m_peer->setDescription("the ipc peer (pid " + std::to_string(m_peer->pid()) + ")");
        const std::uint64_t sentAt = steadyNowNs();
        const auto opened = converse(*m_peer, {PeerCommand::Kind::Open, open}, PeerReply::Kind::Opened, *descriptors);
        if (!opened) {
            stopPeer();
            return opened.error();
        }
        m_details = IpcDetails{m_peer->pid(), m_memory->shownHandles(), open.eventHandle, opened->ns, {}};
        if (const auto &peer = opened->steps) {
            // The peer may still have been starting when the line left: the
            // pass counts from when both sides were ready.
            const std::uint64_t from = std::max(sentAt, peer->readyAt);
            m_details->steps = IpcSetupSteps{exportNs, peer->receivedAt > from ? peer->receivedAt - from : 0,
                                             peer->importNs, peer->mapNs};
        }
        return okStatus();
    }

    Status launch(PhaseMeter &meter) override
    {
        if (Status s = healthy(); !s)
            return s;
        if (!m_peer || !m_peer->running())
            return failed("the ipc peer is not running");
        const auto done = converse(*m_peer, {PeerCommand::Kind::Run, {}}, PeerReply::Kind::Done);
        if (!done) {
            stopPeer();
            return done.error();
        }
        if (Status recorded = waitForPeerEvent(); !recorded)
            return recorded;
        meter.addDeviceNs(done->ns);
        return okStatus();
    }

    // The memory is freed only once the peer has closed its handles and gone.
    Status release(PhaseMeter &meter) override
    {
        Status released = okStatus();
        if (m_peer && m_peer->running()) {
            if (auto reply = converse(*m_peer, {PeerCommand::Kind::Release, {}}, PeerReply::Kind::Released); !reply)
                released = reply.error();
        }
        stopPeer();
        if (m_event) {
            cudaEventDestroy(m_event);
            m_event = nullptr;
        }
        const std::string exportedProblem = freeExported();
        Status freed = CopySession::release(meter);
        if (!released)
            return released;
        if (!exportedProblem.empty())
            return failed(exportedProblem);
        return freed;
    }

    std::optional<IpcDetails> ipcDetails() const override { return m_details; }

protected:
    Status allocateDevice() override
    {
        if (Status made = m_memory->allocate(m_context.info.index, bufferCount(), m_spec.bytes); !made)
            return made;
        m_device = m_memory->pointers();
        return okStatus();
    }

private:
    // Before CopySession's cudaFree: the exported memory is freed its own way.
    std::string freeExported()
    {
        std::fill(m_device.begin(), m_device.end(), nullptr);
        return m_memory->release();
    }

    // The peer recorded the event after its kernel: once it has completed,
    // what this process does next sees the kernel's writes. Waited for here
    // on the host, with the peer's deadline, rather than with
    // cudaStreamWaitEvent: a stream waiting for an event that a stopped peer
    // never completes would hang this process's every later call, cudaFree
    // (an implicit synchronisation) among them.
    Status waitForPeerEvent()
    {
        const auto deadline = std::chrono::steady_clock::now() + peerTimeout();
        for (auto pause = std::chrono::microseconds(10);;
             pause = std::min(2 * pause, std::chrono::microseconds(1000))) {
            const cudaError_t state = cudaEventQuery(m_event);
            if (state == cudaSuccess)
                return okStatus();
            if (state != cudaErrorNotReady)
                return m_context.health.fail(state, "cudaEventQuery(the peer's event)");
            if (std::chrono::steady_clock::now() > deadline)
                break;
            std::this_thread::sleep_for(pause);
        }
        if (cudaPeekAtLastError() == cudaErrorNotReady)
            cudaGetLastError(); // the wait's own "not ready", not an error of a later call
        const std::string description = "the ipc peer (pid " + std::to_string(m_peer->pid()) + ")";
        const std::string ending = m_peer->kill();
        m_peer.reset();
        return failed(description + " answered, but its kernel did not finish within "
                      + formatDuration(static_cast<std::uint64_t>(peerTimeout().count()) * 1000000)
                      + "; it was stopped (it " + ending + ")");
    }

    void stopPeer()
    {
        if (m_peer)
            m_peer->finish(std::chrono::seconds(5));
        m_peer.reset();
    }

    std::unique_ptr<ExportedBuffers> m_memory;
    std::optional<ChildProcess> m_peer;
    cudaEvent_t m_event = nullptr;
    std::optional<IpcDetails> m_details;
};

} // namespace

std::unique_ptr<CudaSession> makeIpcSession(CudaContext &context, const ExperimentSpec &spec)
{
    return std::make_unique<IpcSession>(context, spec);
}

} // namespace sharescope::cuda
