#include "cudabackend.h"

#include "../bytesize.h"
#include "../countedpass.h"
#include "../peers.h"
#include "../safetylimits.h"
#include "../trnoop.h"
#include "cudacalibration.h"
#include "cudapeersession.h"
#include "cupticollector.h"
#include "ipcpeerlink.h"

namespace sharescope::cuda {

CudaBackend::CudaBackend(DeviceInfo info, Instrumentation instrumentation, bool countEveryDevice)
{
    m_context.info = std::move(info);
    m_context.instrumentation = instrumentation;
    m_context.countEveryDevice = countEveryDevice;
}

Status CudaBackend::open()
{
    const bool counted = m_context.instrumentation == Instrumentation::Counted;
    if (counted)
        m_context.recordsProblem
            = CuptiCollector::instance().initialize(m_context.info.index, m_context.countEveryDevice);
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    SHARESCOPE_CUDA_TRY(m_context.health, cudaFree(nullptr)); // creates the context now, not in the first phase
    if (!counted)
        return okStatus();
    if (auto uvm = UvmCounters::open())
        m_context.uvm = std::move(*uvm);
    else
        m_context.uvmProblem = uvm.error().message;
    if (auto pagemap = Pagemap::open())
        m_context.pagemap = std::move(*pagemap);
    else
        m_context.pagemapProblem = pagemap.error().message;
    return okStatus();
}

Status CudaBackend::check(const ExperimentSpec &spec) const
{
    if (Status healthy = m_context.health.check(); !healthy)
        return healthy;
    // Device memory, free now on this device (other programs, and other
    // devices' runs, change it): every mode but the ones that leave the data
    // on the host.
    if (spec.modeInfo().family == ModeFamily::Mapped)
        return okStatus();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    std::size_t free = 0;
    std::size_t total = 0;
    SHARESCOPE_CUDA_TRY(m_context.health, cudaMemGetInfo(&free, &total));
    if (Status fits = checkDeviceMemory(spec, m_context.info, free); !fits)
        return fits;
    return checkPeerMemory(spec);
}

// The peer holds every buffer too, except in peer-access (its kernel works
// on the device's memory): peer-copy's own buffers, the managed pages that
// move there. Managed memory is never asked for beyond what both have free.
Status CudaBackend::checkPeerMemory(const ExperimentSpec &spec) const
{
    const PeerLink *link = peerLink(m_context.info, spec.peerId);
    if (!link || spec.mode == ModeId::PeerAccess)
        return okStatus();
    std::size_t free = 0;
    std::size_t total = 0;
    {
        const CurrentDevice peer(link->peerIndex);
        SHARESCOPE_CUDA_TRY(m_context.health, peer.error());
        SHARESCOPE_CUDA_TRY(m_context.health, cudaMemGetInfo(&free, &total));
    }
    DeviceInfo peerInfo;
    peerInfo.id = link->peerId;
    peerInfo.globalMemoryBytes = total;
    return checkDeviceMemory(spec, peerInfo, free);
}

Result<std::unique_ptr<Session>> CudaBackend::createSession(const ExperimentSpec &spec)
{
    if (Status healthy = m_context.health.check(); !healthy)
        return healthy.error();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    const PeerLink *link = peerLink(m_context.info, spec.peerId);
    if (spec.modeInfo().needsPeer && !link)
        return unsupported("mode " + std::string(modeName(spec.mode)) + " needs a peer, and " + spec.peerId
                           + " is none of " + m_context.info.id + "'s");
    std::unique_ptr<CudaSession> session;
    switch (spec.modeInfo().family) {
    case ModeFamily::Copy:
        session = makeCopySession(m_context, spec, spec.mode == ModeId::Pinned);
        break;
    case ModeFamily::Mapped:
        session = makeMappedSession(m_context, spec, spec.mode == ModeId::Registered);
        break;
    case ModeFamily::Managed:
        if (spec.modeInfo().needsPeer)
            session = makeManagedPeerSession(m_context, spec, *link);
        else
            session = makeManagedSession(m_context, spec);
        break;
    case ModeFamily::Ipc:
        session = makeIpcSession(m_context, spec);
        break;
    case ModeFamily::Peer:
        session = makePeerSession(m_context, spec, *link);
        break;
    case ModeFamily::ClCopy:
    case ModeFamily::ClMap:
    case ModeFamily::ClSvm:
        return unsupported("mode " + std::string(modeName(spec.mode)) + " is not a CUDA mode");
    }
    const bool instrumented = m_context.instrumentation == Instrumentation::Counted && spec.counters;
    if (Status started = session->begin(instrumented); !started)
        return started.error();
    return std::unique_ptr<Session>(std::move(session));
}

std::string CudaBackend::countersNote(const ExperimentSpec &) const
{
    if (m_context.instrumentation == Instrumentation::Timing)
        return {}; // the counted pass says, from its own process
    if (!m_context.recordsProblem.empty() && !m_context.uvm)
        return m_context.recordsProblem + "; " + m_context.uvmProblem;
    return {};
}

std::optional<Result<RunReport>> CudaBackend::countedPass(const ExperimentSpec &spec, EngineObserver *observer,
                                                          const std::atomic<bool> *cancel)
{
    if (m_context.instrumentation == Instrumentation::Counted)
        return std::nullopt; // the sessions carry the instruments themselves
    return runCountedPass(peerBinary(), spec, observer, cancel);
}

std::vector<CalibrationStep> CudaBackend::calibrationSteps() const
{
    return cudaCalibrationSteps(m_context.info);
}

Result<CalibrationResult> CudaBackend::measureCeiling(CalibrationStep step, const CalibrationPlan &plan)
{
    return measureCudaCeiling(m_context, step, plan);
}

} // namespace sharescope::cuda
