#include "cudabackend.h"

#include "../bytesize.h"
#include "../trnoop.h"
#include "cudacalibration.h"
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
    // Device memory: every mode but the ones that leave the data on the host.
    if (spec.modeInfo().family == ModeFamily::Mapped)
        return okStatus();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    std::size_t free = 0;
    std::size_t total = 0;
    SHARESCOPE_CUDA_TRY(m_context.health, cudaMemGetInfo(&free, &total));
    const std::uint64_t limit = free / 10 * 8;
    if (spec.totalBytes() > limit) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--size %1 (%2 in all) is too large for %3 now: ShareScope uses at most "
                                              "%4 (80% of the %5 free); other programs hold the rest"),
                           {formatSizeArgument(spec.bytes), formatBytes(spec.totalBytes()), m_context.info.id,
                            formatBytes(limit), formatBytes(free)});
    }
    return okStatus();
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

std::vector<CalibrationStep> CudaBackend::calibrationSteps() const
{
    return cudaCalibrationSteps(m_context.info);
}

Result<CalibrationResult> CudaBackend::measureCeiling(CalibrationStep step, const CalibrationPlan &plan)
{
    return measureCudaCeiling(m_context, step, plan);
}

} // namespace sharescope::cuda
