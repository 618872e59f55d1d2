#include "cudacopysession.h"
#include "ipcpeerlink.h"

#include <optional>

namespace sharescope::cuda {
namespace {

template<typename Handle>
std::string handleHex(const Handle &handle)
{
    return toHex({reinterpret_cast<const std::uint8_t *>(&handle), sizeof handle});
}

// ipc: the buffers are cudaMalloc memory as in the device mode, exported
// with cudaIpcGetMemHandle to a second process (this program again, in its
// ipc-peer role), which opens them and runs the kernel. An interprocess
// event orders the peer's kernel before this process copies the results.
class IpcSession final : public CopySession
{
public:
    IpcSession(CudaContext &context, const ExperimentSpec &spec)
        : CopySession(context, spec, false)
    {
    }
    ~IpcSession() override { stopPeer(); }

    Status allocate(PhaseMeter &meter) override
    {
        if (Status allocated = CopySession::allocate(meter); !allocated)
            return allocated;
        PeerOpen open;
        open.device = m_context.info.index;
        open.kernel = m_spec.kernel;
        open.count = m_spec.elementCount();
        open.strideElements = m_spec.strideElements();
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            cudaIpcMemHandle_t handle{};
            SHARESCOPE_CUDA_TRY(m_context.health, cudaIpcGetMemHandle(&handle, m_device[b]));
            open.memoryHandles.push_back(handleHex(handle));
            m_reports[b].placement = "cudaMalloc buffer exported with cudaIpcGetMemHandle; the peer process runs the "
                                     "kernel on it; pageable host array, cudaMemcpy";
        }
        SHARESCOPE_CUDA_TRY(m_context.health,
                            cudaEventCreateWithFlags(&m_event, cudaEventInterprocess | cudaEventDisableTiming));
        cudaIpcEventHandle_t eventHandle{};
        SHARESCOPE_CUDA_TRY(m_context.health, cudaIpcGetEventHandle(&eventHandle, m_event));
        open.eventHandle = handleHex(eventHandle);

        auto peer = ChildProcess::spawn(peerBinary(), {"ipc-peer"});
        if (!peer)
            return failed("the ipc peer could not start: " + peer.error().message);
        m_peer = std::move(*peer);
        m_peer->setDescription("the ipc peer (pid " + std::to_string(m_peer->pid()) + ")");
        const auto opened = converse(*m_peer, {PeerCommand::Kind::Open, open}, PeerReply::Kind::Opened);
        if (!opened) {
            stopPeer();
            return opened.error();
        }
        m_details = IpcDetails{m_peer->pid(), open.memoryHandles, open.eventHandle, opened->ns};
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
        // The peer recorded the event after its kernel: wait for it here, so
        // that what this process does next sees the kernel's writes.
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamWaitEvent(nullptr, m_event, 0));
        SHARESCOPE_CUDA_TRY(m_context.health, cudaStreamSynchronize(nullptr));
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
        const Status freed = CopySession::release(meter);
        return released ? freed : released;
    }

    std::optional<IpcDetails> ipcDetails() const override { return m_details; }

private:
    void stopPeer()
    {
        if (m_peer)
            m_peer->finish(std::chrono::seconds(5));
        m_peer.reset();
    }

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
