#include "cudabackend.h"

#include "../safetylimits.h"
#include "cudasession.h"
#include "cupticollector.h"

namespace sharescope::cuda {

CudaBackend::CudaBackend(DeviceInfo info)
{
    m_context.info = std::move(info);
}

Status CudaBackend::open()
{
    m_context.countersProblem = CuptiCollector::instance().initialize();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    SHARESCOPE_CUDA_TRY(m_context.health, cudaFree(nullptr)); // creates the context now, not in the first phase
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
    return checkDeviceMemory(spec, m_context.info, free);
}

Result<std::unique_ptr<Session>> CudaBackend::createSession(const ExperimentSpec &spec)
{
    if (Status healthy = m_context.health.check(); !healthy)
        return healthy.error();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    std::unique_ptr<CudaSession> session;
    switch (spec.modeInfo().family) {
    case ModeFamily::Copy:
        session = makeCopySession(m_context, spec, spec.mode == ModeId::Pinned);
        break;
    case ModeFamily::Mapped:
        session = makeMappedSession(m_context, spec, spec.mode == ModeId::Registered);
        break;
    case ModeFamily::Managed:
        session = makeManagedSession(m_context, spec);
        break;
    case ModeFamily::Ipc:
        session = makeIpcSession(m_context, spec);
        break;
    case ModeFamily::ClCopy:
    case ModeFamily::ClMap:
    case ModeFamily::ClSvm:
        return unsupported("mode " + std::string(modeName(spec.mode)) + " is not a CUDA mode");
    }
    if (Status started = session->begin(spec.counters && m_context.countersProblem.empty()); !started)
        return started.error();
    return std::unique_ptr<Session>(std::move(session));
}

std::string CudaBackend::countersNote(const ExperimentSpec &spec) const
{
    if (!spec.counters)
        return "turned off with --no-counters";
    return m_context.countersProblem;
}

} // namespace sharescope::cuda
