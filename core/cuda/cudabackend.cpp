// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudabackend.h"

#include "bytesize.h"
#include "cuda/cudacalibration.h"
#include "cuda/cudapeersession.h"
#include "cuda/cupticollector.h"
#include "peers.h"
#include "safetylimits.h"
#include "trnoop.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace sharescope::cuda {
namespace {

// SHARESCOPE_COUNTER_KINDS: the CUPTI counter kinds a counted pass
// configures, comma separated ("all" or unset: every kind) - for the
// benchmark that tells which kinds cost time.
void chooseCounterKinds()
{
    const char *text = std::getenv("SHARESCOPE_COUNTER_KINDS");
    if (!text || std::string_view(text).empty() || std::string_view(text) == "all")
        return;
    std::array<bool, counterKindCount> kinds{};
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        if (const auto kind = counterKindFromName(rest.substr(0, comma)))
            kinds[static_cast<std::size_t>(*kind)] = true;
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    CuptiCollector::instance().setKinds(kinds);
}

MessageTemplate recordsNotWanted(RecordsSource records)
{
    if (records == RecordsSource::None)
        return {SHARESCOPE_TR_NOOP("Core", "no migration records were asked for (--records none)"), {}};
    return {SHARESCOPE_TR_NOOP("Core", "CUPTI's records were asked for"), {}};
}

// Every CUDA device's UUID, by ordinal: how the driver's records name them.
std::vector<uvm::ProcessorUuid> cudaUuids()
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess)
        return {};
    std::vector<uvm::ProcessorUuid> uuids(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp properties{};
        if (cudaGetDeviceProperties(&properties, i) == cudaSuccess)
            std::memcpy(uuids[static_cast<std::size_t>(i)].data(), properties.uuid.bytes, sizeof(uvm::ProcessorUuid));
    }
    return uuids;
}

} // namespace

CudaBackend::CudaBackend(DeviceInfo info, Instrumentation instrumentation, bool countEveryDevice, RecordsSource records)
{
    m_context.records = records;
    m_context.info = std::move(info);
    m_context.instrumentation = instrumentation;
    m_context.countEveryDevice = countEveryDevice;
}

CudaBackend::~CudaBackend()
{
    if (!m_context.health.lost())
        return;
    // The sessions are gone (the engine owns them, and goes first); the
    // primary context goes with the reset, and with it the sticky error:
    // this device's, and the peer's where the kernel ran there.
    if (cudaSetDevice(m_context.info.index) == cudaSuccess)
        cudaDeviceReset();
    if (const int peer = m_context.health.lostDevice(); peer >= 0 && peer != m_context.info.index) {
        if (cudaSetDevice(peer) == cudaSuccess)
            cudaDeviceReset();
    }
    cudaGetLastError();
}

// CUPTI where its records are wanted, or stand in for the driver's queue,
// which needs a context to open: where the driver cannot have one.
void CudaBackend::startCupti()
{
    const RecordsSource records = m_context.records;
    if (records == RecordsSource::DriverEvents) {
        if (Status expected = uvm::UvmEventQueue::expected(); expected.ok()) {
            m_context.recordsProblem
                = {SHARESCOPE_TR_NOOP("Core", "CUPTI was not started: the driver's event queue records the migrations"),
                   {}};
            return;
        }
    } else if (records == RecordsSource::None) {
        m_context.recordsProblem = recordsNotWanted(records);
        return;
    }
    chooseCounterKinds();
    m_context.recordsProblem = CuptiCollector::instance().initialize(m_context.info.index, m_context.countEveryDevice);
}

Status CudaBackend::open()
{
    const bool counted = m_context.instrumentation == Instrumentation::Counted;
    if (counted)
        startCupti();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_context.info.index));
    SHARESCOPE_CUDA_TRY(m_context.health, cudaFree(nullptr)); // creates the context now, not in the first phase
    openClock();
    if (!counted)
        return okStatus();
    if (auto uvm = uvm::UvmCounters::open())
        m_context.uvm = std::move(*uvm);
    else
        m_context.uvmProblem = templateOf(uvm.error());
    m_context.accessCounterMigration = uvm::accessCounterMigrationSetting(*uvm::linuxUvmSystem());
    if (m_context.records != RecordsSource::DriverEvents)
        m_context.uvmEventsProblem = recordsNotWanted(m_context.records);
    else if (auto events = uvm::UvmEventQueue::open(cudaUuids()))
        m_context.uvmEvents = std::move(*events);
    else
        m_context.uvmEventsProblem = templateOf(events.error());
    if (m_context.records == RecordsSource::DriverEvents && !m_context.uvmEvents
        && !CuptiCollector::instance().available()) {
        m_context.recordsProblem = {SHARESCOPE_TR_NOOP("Core",
                                                       "the driver's event queue did not open (%1), and CUPTI, "
                                                       "which must start before CUDA, was not started"),
                                    {m_context.uvmEventsProblem}};
    }
    if (auto pagemap = Pagemap::open())
        m_context.pagemap = std::move(*pagemap);
    else
        m_context.pagemapProblem = templateOf(pagemap.error());
    return okStatus();
}

void CudaBackend::openClock()
{
    auto nvml = loadNvml();
    if (!nvml) {
        m_context.clockProblem = templateOf(nvml.error());
        return;
    }
    if (auto clock = GpuClock::open(*nvml, m_context.info.pciBusId))
        m_context.clock = std::move(*clock);
    else
        m_context.clockProblem = templateOf(clock.error());
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
    if (!link || spec.modeInfo().peerAccess == PeerAccessUse::Required)
        return okStatus(); // the peer's kernel works on the device's memory
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
    if (spec.modeInfo().needsPeer() && !link)
        return unsupported("mode " + std::string(modeName(spec.mode)) + " needs a peer, and " + spec.peerId
                           + " is none of " + m_context.info.id + "'s");
    std::unique_ptr<CudaSession> session;
    switch (spec.mode) {
    case ModeId::Device:
    case ModeId::Pinned:
    case ModeId::PinnedRegistered:
        session = makeCopySession(m_context, spec, spec.modeInfo().hostMemory == HostMemory::PageLocked);
        break;
    case ModeId::ZeroCopy:
    case ModeId::Registered:
        session = makeMappedSession(m_context, spec, spec.modeInfo().hostMemory == HostMemory::Registered);
        break;
    case ModeId::Managed:
    case ModeId::ManagedPrefetch:
    case ModeId::ManagedAdvise:
        session = makeManagedSession(m_context, spec);
        break;
    case ModeId::ManagedPeer:
    case ModeId::ManagedPeerPrefetch:
        session = makeManagedPeerSession(m_context, spec, *link);
        break;
    case ModeId::ManagedDiscard:
    case ModeId::ManagedDiscardPrefetch:
        session = makeManagedDiscardSession(m_context, spec);
        break;
    case ModeId::Ipc:
    case ModeId::IpcVmm:
    case ModeId::IpcPool:
        session = makeIpcSession(m_context, spec);
        break;
    case ModeId::PeerCopy:
    case ModeId::PeerAccess:
        session = makePeerSession(m_context, spec, *link);
        break;
    case ModeId::ClCopy:
    case ModeId::ClUseHostPtr:
    case ModeId::ClAllocHostPtr:
    case ModeId::ClSvmCoarse:
    case ModeId::ClSvmFine:
        return unsupported("mode " + std::string(modeName(spec.mode)) + " is not a CUDA mode");
    }
    const bool instrumented = m_context.instrumentation == Instrumentation::Counted && spec.counters;
    if (Status started = session->begin(instrumented); !started)
        return started.error();
    return std::unique_ptr<Session>(std::move(session));
}

MessageTemplate CudaBackend::countersNote(const ExperimentSpec &) const
{
    if (m_context.instrumentation == Instrumentation::Timing)
        return {}; // the counted pass says, from its own process
    if (!m_context.recordsProblem.empty() && !m_context.uvm)
        return {SHARESCOPE_TR_NOOP("Core", "%1; %2"), {m_context.recordsProblem, m_context.uvmProblem}};
    return {};
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
