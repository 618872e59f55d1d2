// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudacalibration.h"

#include "ceilings/hostbandwidth.h"
#include "cuda/calibratekernel.h"
#include "cuda/cudapeersession.h"
#include "trnoop.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace sharescope::cuda {
namespace {

// What one step allocated, freed however the step ends.
struct Memory
{
    void *device[2] = {};
    void *host = nullptr;
    unsigned *sink = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;

    ~Memory()
    {
        for (void *pointer : device)
            cudaFree(pointer);
        cudaFree(sink);
        cudaFreeHost(host);
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
};

// Runs `work` (enqueues on the default stream, returns its error) between two
// events, once untimed and then `repetitions` times, and sets the rates.
template<typename Work>
Status timeRepetitions(ContextHealth &health, Memory &memory, int repetitions, CalibrationResult &result, Work &&work)
{
    std::vector<std::uint64_t> times;
    for (int rep = 0; rep <= repetitions; ++rep) {
        SHARESCOPE_CUDA_TRY(health, cudaEventRecord(memory.start, nullptr));
        SHARESCOPE_CUDA_TRY(health, work());
        SHARESCOPE_CUDA_TRY(health, cudaEventRecord(memory.stop, nullptr));
        SHARESCOPE_CUDA_TRY(health, cudaEventSynchronize(memory.stop));
        float ms = 0;
        SHARESCOPE_CUDA_TRY(health, cudaEventElapsedTime(&ms, memory.start, memory.stop));
        if (rep > 0)
            times.push_back(static_cast<std::uint64_t>(static_cast<double>(ms) * 1e6));
    }
    setRates(result, std::move(times));
    return okStatus();
}

const char *methodOf(CalibrationStep step)
{
    switch (step) {
    case CalibrationStep::HostToDeviceCopy:
        return SHARESCOPE_TR_NOOP("Core", "cudaMemcpyAsync from page-locked memory (cudaHostAlloc), CUDA events");
    case CalibrationStep::DeviceToHostCopy:
        return SHARESCOPE_TR_NOOP("Core", "cudaMemcpyAsync to page-locked memory (cudaHostAlloc), CUDA events");
    case CalibrationStep::DeviceCopy:
        return SHARESCOPE_TR_NOOP("Core", "cudaMemcpyAsync device to device, bytes read plus written, CUDA events");
    case CalibrationStep::MappedRead:
        return SHARESCOPE_TR_NOOP("Core",
                                  "a kernel reading mapped host memory (cudaHostAllocMapped) over the bus, CUDA "
                                  "events");
    case CalibrationStep::DeviceRead:
        return SHARESCOPE_TR_NOOP("Core", "a kernel reading device memory (cudaMalloc), CUDA events");
    case CalibrationStep::HostCopy:
    case CalibrationStep::HostCopyOneThread:
    case CalibrationStep::ToPeerCopy:
    case CalibrationStep::FromPeerCopy:
        break;
    }
    return "";
}

// Whether the device and the peer can reach each other with peer access
// (else the driver would stage their copies through the host, which is not
// the link).
bool reachable(const PeerLink &link)
{
    return link.canAccessPeer.value_or(false) && link.peerCanAccess.value_or(false);
}

// A buffer on another GPU, freed with that GPU current.
struct PeerBuffer
{
    int device = 0;
    void *pointer = nullptr;

    explicit PeerBuffer(int owner)
        : device(owner)
    {
    }
    PeerBuffer(const PeerBuffer &) = delete;
    PeerBuffer &operator=(const PeerBuffer &) = delete;

    ~PeerBuffer()
    {
        if (!pointer)
            return;
        const CurrentDevice current(device);
        cudaFree(pointer);
    }
};

// Peer access on both ways for a scope; what this scope turned on, it turns
// off again (a run sets its own as it needs).
class PeerAccessScope
{
public:
    PeerAccessScope(int device, int peer)
        : m_device(device)
        , m_peer(peer)
    {
        m_error = enable(device, peer, m_deviceEnabled);
        if (m_error == cudaSuccess)
            m_error = enable(peer, device, m_peerEnabled);
    }
    ~PeerAccessScope()
    {
        if (m_deviceEnabled)
            disable(m_device, m_peer);
        if (m_peerEnabled)
            disable(m_peer, m_device);
    }
    PeerAccessScope(const PeerAccessScope &) = delete;
    PeerAccessScope &operator=(const PeerAccessScope &) = delete;

    cudaError_t error() const { return m_error; }

private:
    static cudaError_t enable(int from, int to, bool &enabled)
    {
        const CurrentDevice current(from);
        if (current.error() != cudaSuccess)
            return current.error();
        const cudaError_t error = cudaDeviceEnablePeerAccess(to, 0);
        if (error == cudaErrorPeerAccessAlreadyEnabled) { // on before: left on
            cudaGetLastError();
            return cudaSuccess;
        }
        enabled = error == cudaSuccess;
        return error;
    }
    static void disable(int from, int to)
    {
        const CurrentDevice current(from);
        if (current.error() == cudaSuccess && cudaDeviceDisablePeerAccess(to) != cudaSuccess)
            cudaGetLastError();
    }

    const int m_device;
    const int m_peer;
    bool m_deviceEnabled = false;
    bool m_peerEnabled = false;
    cudaError_t m_error = cudaSuccess;
};

// cudaMemcpyPeerAsync between a buffer on the device and one on `link`'s
// GPU, issued on the legacy default stream of the peer (as peer-copy issues
// its copies) or of the device, and timed with events there.
Result<CalibrationResult> measurePeerRoute(CudaContext &c, CalibrationStep step, const CalibrationPlan &plan,
                                           const PeerLink &link, bool onPeersStream)
{
    const int device = c.info.index;
    const int peer = link.peerIndex;
    SHARESCOPE_CUDA_TRY(c.health, cudaSetDevice(device));
    std::size_t free = 0;
    std::size_t peerFree = 0;
    std::size_t total = 0;
    SHARESCOPE_CUDA_TRY(c.health, cudaMemGetInfo(&free, &total));
    {
        const CurrentDevice current(peer);
        SHARESCOPE_CUDA_TRY(c.health, current.error());
        SHARESCOPE_CUDA_TRY(c.health, cudaMemGetInfo(&peerFree, &total));
    }
    const std::uint64_t bytes = calibrationBytes(calibrationBytes(plan.bytes, free / 2), peerFree / 2);
    // Destroyed in reverse: the buffers go before peer access does.
    const PeerAccessScope access(device, peer);
    SHARESCOPE_CUDA_TRY(c.health, access.error());
    Memory m;
    PeerBuffer onPeer(peer);
    SHARESCOPE_CUDA_TRY(c.health, cudaMalloc(&m.device[0], bytes));
    SHARESCOPE_CUDA_TRY(c.health, cudaMemset(m.device[0], 1, bytes));
    SHARESCOPE_CUDA_TRY(c.health, cudaDeviceSynchronize());
    {
        const CurrentDevice current(peer);
        SHARESCOPE_CUDA_TRY(c.health, current.error());
        SHARESCOPE_CUDA_TRY(c.health, cudaMalloc(&onPeer.pointer, bytes));
        SHARESCOPE_CUDA_TRY(c.health, cudaMemset(onPeer.pointer, 1, bytes));
        SHARESCOPE_CUDA_TRY(c.health, cudaDeviceSynchronize());
    }
    const bool toPeer = step == CalibrationStep::ToPeerCopy;
    CalibrationResult result;
    result.step = step;
    result.bytes = bytes;
    const std::string issuer = onPeersStream ? link.peerId : c.info.id;
    setMethod(result,
              MessageTemplate(toPeer ? SHARESCOPE_TR_NOOP("Core",
                                                          "cudaMemcpyPeerAsync from the device to %1 on the stream of "
                                                          "%2, peer access on both ways, CUDA events")
                                     : SHARESCOPE_TR_NOOP("Core",
                                                          "cudaMemcpyPeerAsync from %1 to the device on the stream of "
                                                          "%2, peer access on both ways, CUDA events"),
                              {link.peerId, issuer}));
    placeOnPath(result, c.info, toPeer ? Path::DeviceToPeer : Path::PeerToDevice, true);
    const CurrentDevice current(onPeersStream ? peer : device);
    SHARESCOPE_CUDA_TRY(c.health, current.error());
    SHARESCOPE_CUDA_TRY(c.health, cudaEventCreate(&m.start));
    SHARESCOPE_CUDA_TRY(c.health, cudaEventCreate(&m.stop));
    const Status timed = timeRepetitions(c.health, m, plan.repetitions, result, [&]() -> cudaError_t {
        return toPeer ? cudaMemcpyPeerAsync(onPeer.pointer, peer, m.device[0], device, bytes, nullptr)
                      : cudaMemcpyPeerAsync(m.device[0], device, onPeer.pointer, peer, bytes, nullptr);
    });
    if (!timed)
        return timed.error();
    return result;
}

// The link's calibration one way: every GPU the device can reach with peer
// access, each copy issued on either GPU's stream; the fastest is the
// measured ceiling (a bridge may join the device to only some of them). A
// route that fails (a peer out of memory or in exclusive use, too many
// peers) is passed over while the context stands; the step fails only when
// it is lost or no route ran.
Result<CalibrationResult> measurePeerCopy(CudaContext &c, CalibrationStep step, const CalibrationPlan &plan)
{
    if (c.info.peers.empty())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "no other CUDA device visible to this process"), {});
    std::optional<CalibrationResult> best;
    std::optional<Error> firstError;
    for (const PeerLink &link : c.info.peers) {
        if (!reachable(link))
            continue;
        for (const bool onPeersStream : {true, false}) {
            Result<CalibrationResult> result = measurePeerRoute(c, step, plan, link, onPeersStream);
            if (!result && c.health.lost())
                return result.error();
            if (!result) {
                if (!firstError)
                    firstError = result.error();
                continue;
            }
            if (!best || result->bytesPerSecond > best->bytesPerSecond)
                best = std::move(*result);
        }
    }
    if (!best && firstError)
        return *firstError;
    if (!best) {
        return unsupported(SHARESCOPE_TR_NOOP("Core",
                                              "%1 and no other GPU can reach each other with peer access: their "
                                              "copies would be staged through the host, not carried by the link"),
                           {c.info.id});
    }
    return *best;
}

Status allocate(CudaContext &c, CalibrationStep step, std::uint64_t bytes, Memory &m)
{
    ContextHealth &health = c.health;
    SHARESCOPE_CUDA_TRY(health, cudaEventCreate(&m.start));
    SHARESCOPE_CUDA_TRY(health, cudaEventCreate(&m.stop));
    SHARESCOPE_CUDA_TRY(health, cudaMalloc(reinterpret_cast<void **>(&m.sink), sizeof(unsigned)));
    const bool host = step != CalibrationStep::DeviceCopy && step != CalibrationStep::DeviceRead;
    const bool device = step != CalibrationStep::MappedRead;
    if (host) {
        const unsigned flags = step == CalibrationStep::MappedRead ? cudaHostAllocMapped : cudaHostAllocDefault;
        SHARESCOPE_CUDA_TRY(health, cudaHostAlloc(&m.host, bytes, flags));
        std::memset(m.host, 1, bytes);
    }
    for (int b = 0; device && b < (step == CalibrationStep::DeviceCopy ? 2 : 1); ++b) {
        SHARESCOPE_CUDA_TRY(health, cudaMalloc(&m.device[b], bytes));
        SHARESCOPE_CUDA_TRY(health, cudaMemset(m.device[b], 1, bytes));
    }
    return okStatus();
}

} // namespace

std::vector<CalibrationStep> cudaCalibrationSteps(const DeviceInfo &device)
{
    std::vector<CalibrationStep> steps{CalibrationStep::HostToDeviceCopy, CalibrationStep::DeviceToHostCopy,
                                       CalibrationStep::DeviceCopy, CalibrationStep::DeviceRead};
    if (device.canMapHostMemory)
        steps.push_back(CalibrationStep::MappedRead);
    // Taken or skipped with the reason: a machine with one GPU says so.
    steps.push_back(CalibrationStep::ToPeerCopy);
    steps.push_back(CalibrationStep::FromPeerCopy);
    return steps;
}

Result<CalibrationResult> measureCudaCeiling(CudaContext &c, CalibrationStep step, const CalibrationPlan &plan)
{
    if (Status healthy = c.health.check(); !healthy)
        return healthy.error();
    const std::vector<CalibrationStep> steps = cudaCalibrationSteps(c.info);
    if (std::ranges::find(steps, step) == steps.end())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "%1 cannot take the calibration step %2"),
                           {c.info.id, std::string(calibrationStepName(step))});
    if (step == CalibrationStep::ToPeerCopy || step == CalibrationStep::FromPeerCopy)
        return measurePeerCopy(c, step, plan);
    SHARESCOPE_CUDA_TRY(c.health, cudaSetDevice(c.info.index));
    std::size_t free = 0;
    std::size_t total = 0;
    SHARESCOPE_CUDA_TRY(c.health, cudaMemGetInfo(&free, &total));
    const std::uint64_t hostRoom = availableHostMemory().value_or(plan.bytes * 8);
    const std::uint64_t bytes = calibrationBytes(calibrationBytes(plan.bytes, free / 2), hostRoom);
    Memory m;
    if (Status allocated = allocate(c, step, bytes, m); !allocated)
        return allocated.error();

    CalibrationResult result;
    result.step = step;
    result.bytes = bytes;
    setMethod(result, MessageTemplate(std::string(methodOf(step))));
    const bool copy = step != CalibrationStep::MappedRead && step != CalibrationStep::DeviceRead;
    const Path path = step == CalibrationStep::HostToDeviceCopy || step == CalibrationStep::MappedRead
        ? Path::HostToDevice
        : step == CalibrationStep::DeviceToHostCopy ? Path::DeviceToHost
                                                    : Path::DeviceMemory;
    placeOnPath(result, c.info, path, copy);
    void *mapped = nullptr;
    if (step == CalibrationStep::MappedRead)
        SHARESCOPE_CUDA_TRY(c.health, cudaHostGetDevicePointer(&mapped, m.host, 0));
    const int multiprocessors = static_cast<int>(c.info.computeUnits);
    const Status timed = timeRepetitions(c.health, m, plan.repetitions, result, [&]() -> cudaError_t {
        switch (step) {
        case CalibrationStep::HostToDeviceCopy:
            return cudaMemcpyAsync(m.device[0], m.host, bytes, cudaMemcpyHostToDevice, nullptr);
        case CalibrationStep::DeviceToHostCopy:
            return cudaMemcpyAsync(m.host, m.device[0], bytes, cudaMemcpyDeviceToHost, nullptr);
        case CalibrationStep::DeviceCopy:
            return cudaMemcpyAsync(m.device[1], m.device[0], bytes, cudaMemcpyDeviceToDevice, nullptr);
        case CalibrationStep::MappedRead:
            return launchRead(mapped, bytes, m.sink, multiprocessors, nullptr);
        case CalibrationStep::DeviceRead:
            return launchRead(m.device[0], bytes, m.sink, multiprocessors, nullptr);
        case CalibrationStep::HostCopy:
        case CalibrationStep::HostCopyOneThread:
        case CalibrationStep::ToPeerCopy:
        case CalibrationStep::FromPeerCopy:
            break;
        }
        return cudaErrorInvalidValue;
    });
    if (!timed)
        return timed.error();
    return result;
}

} // namespace sharescope::cuda
