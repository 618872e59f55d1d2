// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/machinefacts.h"

#include "cuda/cudaerror.h"
#include "cuda/gpuclock.h"

#include <cuda_runtime_api.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace sharescope::cuda {
namespace {

constexpr int nvmlSucceeded = 0;
constexpr unsigned addressingModeVersion = 8u | (1u << 24); // NVML_STRUCT_VERSION(DeviceAddressingMode, 1)
constexpr std::uint64_t minimumHeadroom = 512ULL << 20;

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// NVML started and the GPU found, for one reading; shut down after it
// (NVML counts its users, as GpuClock does).
class NvmlSession
{
public:
    explicit NvmlSession(const std::string &pciBusId)
    {
        auto nvml = loadNvml();
        if (!nvml) {
            m_problem = nvml.error().message;
            return;
        }
        m_nvml = *nvml;
        if (const int status = m_nvml.init(); status != nvmlSucceeded) {
            m_problem = "nvmlInit_v2 failed: " + nvmlStatusText(m_nvml, status);
            return;
        }
        m_started = true;
        if (const int status = m_nvml.handleByPciBusId(pciBusId.c_str(), &m_device);
            status != nvmlSucceeded || !m_device) {
            m_problem = "nvmlDeviceGetHandleByPciBusId_v2 does not know the GPU at " + pciBusId + ": "
                + nvmlStatusText(m_nvml, status);
        }
    }
    ~NvmlSession()
    {
        if (m_started)
            m_nvml.shutdown();
    }
    NvmlSession(const NvmlSession &) = delete;
    NvmlSession &operator=(const NvmlSession &) = delete;

    const std::string &problem() const { return m_problem; }
    const NvmlFunctions &nvml() const { return m_nvml; }

    // One number from a call that takes the device and a pointer.
    Answer<unsigned> number(int (*call)(void *, unsigned *), const char *name) const
    {
        if (!call)
            return Answer<unsigned>::none(std::string("this NVML has no ") + name);
        unsigned value = 0;
        if (const int status = call(m_device, &value); status != nvmlSucceeded)
            return Answer<unsigned>::none(std::string(name) + ": " + nvmlStatusText(m_nvml, status));
        return Answer<unsigned>::of(value);
    }

    Answer<unsigned> smClock(bool max) const
    {
        unsigned mhz = 0;
        const int status = max ? m_nvml.maxClockInfo(m_device, 1, &mhz) : m_nvml.clockInfo(m_device, 1, &mhz);
        if (status != nvmlSucceeded)
            return Answer<unsigned>::none(std::string(max ? "nvmlDeviceGetMaxClockInfo" : "nvmlDeviceGetClockInfo")
                                          + ": " + nvmlStatusText(m_nvml, status));
        return Answer<unsigned>::of(mhz);
    }

    Answer<unsigned> addressingMode() const
    {
        if (!m_nvml.addressingMode)
            return Answer<unsigned>::none("this NVML has no nvmlDeviceGetAddressingMode (it came with driver 580)");
        std::array<unsigned, 2> mode{addressingModeVersion, 0}; // nvmlDeviceAddressingMode_v1_t
        if (const int status = m_nvml.addressingMode(m_device, mode.data()); status != nvmlSucceeded)
            return Answer<unsigned>::none("nvmlDeviceGetAddressingMode: " + nvmlStatusText(m_nvml, status));
        return Answer<unsigned>::of(mode[1]);
    }

    Answer<std::vector<std::uint64_t>> cpuAffinity() const
    {
        using Words = std::vector<std::uint64_t>;
        if (!m_nvml.cpuAffinity)
            return Answer<Words>::none("this NVML has no nvmlDeviceGetCpuAffinity");
        std::array<unsigned long, 16> words{}; // 1024 CPUs
        if (const int status = m_nvml.cpuAffinity(m_device, words.size(), words.data()); status != nvmlSucceeded)
            return Answer<Words>::none("nvmlDeviceGetCpuAffinity: " + nvmlStatusText(m_nvml, status));
        Words mask(words.begin(), words.end());
        while (!mask.empty() && mask.back() == 0)
            mask.pop_back();
        return Answer<Words>::of(std::move(mask));
    }

private:
    NvmlFunctions m_nvml;
    void *m_device = nullptr;
    bool m_started = false;
    std::string m_problem;
};

Answer<int> attribute(int device, int id, const char *name)
{
    int value = 0;
    if (const cudaError_t error = cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(id), device);
        error != cudaSuccess) {
        cudaGetLastError();
        return Answer<int>::none(std::string(name) + ": " + describe(error));
    }
    return Answer<int>::of(value);
}

// Memory that this check may allocate on the device: what is free less a
// margin for everyone else (the larger of 512 MiB and 5 % of the total),
// asked again right before each allocation.
std::uint64_t allowedBytes(std::uint64_t wanted)
{
    std::size_t free = 0;
    std::size_t total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    const std::uint64_t headroom = std::max<std::uint64_t>(minimumHeadroom, total / 20);
    const std::uint64_t room = free > headroom ? free - headroom : 0;
    std::uint64_t bytes = std::min(wanted, room / 2);
    return bytes & ~std::uint64_t(4095);
}

// Everything one trial allocated, freed however it ends.
struct Allocations
{
    void *pinned[2] = {};
    void *device[2] = {};
    int deviceOwner[2] = {-1, -1};
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;

    ~Allocations()
    {
        if (stream)
            cudaStreamSynchronize(stream);
        for (int i = 0; i < 2; ++i) {
            if (device[i]) {
                cudaSetDevice(deviceOwner[i]);
                cudaFree(device[i]);
            }
            cudaFreeHost(pinned[i]);
        }
        if (stream)
            cudaStreamDestroy(stream);
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        cudaGetLastError();
    }
};

std::string failure(cudaError_t error, const char *call)
{
    cudaGetLastError();
    return std::string(call) + " failed: " + describe(error);
}

#define SHARESCOPE_TRIAL_TRY(out, call)                                                                                \
    do {                                                                                                               \
        if (const cudaError_t trialError_ = (call); trialError_ != cudaSuccess) {                                      \
            (out) = failure(trialError_, #call);                                                                       \
            return;                                                                                                    \
        }                                                                                                              \
    } while (false)

// The NUMA node of the page holding `address`, asked without moving it.
Answer<int> nodeOf(void *address)
{
#ifdef SYS_move_pages
    void *pages[1] = {address};
    int status[1] = {-1};
    if (syscall(SYS_move_pages, 0, 1UL, pages, nullptr, status, 0) != 0)
        return Answer<int>::none(std::string("move_pages: ") + std::strerror(errno));
    if (status[0] < 0)
        return Answer<int>::none(std::string("move_pages: ") + std::strerror(-status[0]));
    return Answer<int>::of(status[0]);
#else
    (void)address;
    return Answer<int>::none("this system has no move_pages");
#endif
}

} // namespace

NvmlFacts readNvmlFacts(const std::string &pciBusId)
{
    NvmlFacts facts;
    const NvmlSession session(pciBusId);
    if (!session.problem().empty()) {
        facts.problem = session.problem();
        return facts;
    }
    const NvmlFunctions &nvml = session.nvml();
    if (nvml.driverVersion) {
        char text[96] = {};
        if (const int status = nvml.driverVersion(text, sizeof text); status == nvmlSucceeded)
            facts.driverVersion = Answer<std::string>::of(text);
        else
            facts.driverVersion
                = Answer<std::string>::none("nvmlSystemGetDriverVersion: " + nvmlStatusText(nvml, status));
    } else {
        facts.driverVersion = Answer<std::string>::none("this NVML has no nvmlSystemGetDriverVersion");
    }
    if (nvml.cudaDriverVersion) {
        int version = 0;
        if (const int status = nvml.cudaDriverVersion(&version); status == nvmlSucceeded)
            facts.cudaDriverVersion = Answer<int>::of(version);
        else
            facts.cudaDriverVersion
                = Answer<int>::none("nvmlSystemGetCudaDriverVersion_v2: " + nvmlStatusText(nvml, status));
    } else {
        facts.cudaDriverVersion = Answer<int>::none("this NVML has no nvmlSystemGetCudaDriverVersion_v2");
    }
    facts.persistenceMode = session.number(nvml.persistenceMode, "nvmlDeviceGetPersistenceMode");
    facts.computeMode = session.number(nvml.computeMode, "nvmlDeviceGetComputeMode");
    facts.addressingMode = session.addressingMode();
    facts.linkGeneration = session.number(nvml.linkGeneration, "nvmlDeviceGetCurrPcieLinkGeneration");
    facts.maxLinkGeneration = session.number(nvml.maxLinkGeneration, "nvmlDeviceGetMaxPcieLinkGeneration");
    facts.gpuMaxLinkGeneration = session.number(nvml.gpuMaxLinkGeneration, "nvmlDeviceGetGpuMaxPcieLinkGeneration");
    facts.linkWidth = session.number(nvml.linkWidth, "nvmlDeviceGetCurrPcieLinkWidth");
    facts.maxLinkWidth = session.number(nvml.maxLinkWidth, "nvmlDeviceGetMaxPcieLinkWidth");
    facts.replayCounter = session.number(nvml.replayCounter, "nvmlDeviceGetPcieReplayCounter");
    facts.smMHz = session.smClock(false);
    facts.maxSmMHz = session.smClock(true);
    facts.cpuAffinity = session.cpuAffinity();
    return facts;
}

NvmlLoadSample sampleNvml(const std::string &pciBusId)
{
    NvmlLoadSample sample;
    const NvmlSession session(pciBusId);
    if (!session.problem().empty()) {
        sample.linkGeneration = sample.linkWidth = sample.smMHz = Answer<unsigned>::none(session.problem());
        return sample;
    }
    sample.linkGeneration = session.number(session.nvml().linkGeneration, "nvmlDeviceGetCurrPcieLinkGeneration");
    sample.linkWidth = session.number(session.nvml().linkWidth, "nvmlDeviceGetCurrPcieLinkWidth");
    sample.smMHz = session.smClock(false);
    return sample;
}

Answer<unsigned> readReplayCounter(const std::string &pciBusId)
{
    const NvmlSession session(pciBusId);
    if (!session.problem().empty())
        return Answer<unsigned>::none(session.problem());
    return session.number(session.nvml().replayCounter, "nvmlDeviceGetPcieReplayCounter");
}

CudaFacts readCudaFacts(int device)
{
    CudaFacts facts;
    if (const cudaError_t error = cudaSetDevice(device); error != cudaSuccess) {
        facts.problem = failure(error, "cudaSetDevice");
        return facts;
    }
    int version = 0;
    if (const cudaError_t error = cudaDriverGetVersion(&version); error == cudaSuccess)
        facts.driverVersion = Answer<int>::of(version);
    else
        facts.driverVersion = Answer<int>::none(failure(error, "cudaDriverGetVersion"));
    if (const cudaError_t error = cudaRuntimeGetVersion(&version); error == cudaSuccess)
        facts.runtimeVersion = Answer<int>::of(version);
    else
        facts.runtimeVersion = Answer<int>::none(failure(error, "cudaRuntimeGetVersion"));
    facts.pageableMemoryAccess = attribute(device, 88, "cudaDevAttrPageableMemoryAccess");
    facts.usesHostPageTables = attribute(device, 100, "cudaDevAttrPageableMemoryAccessUsesHostPageTables");
    facts.concurrentManagedAccess = attribute(device, 89, "cudaDevAttrConcurrentManagedAccess");
    facts.managedMemory = attribute(device, 83, "cudaDevAttrManagedMemory");
    facts.computeMode = attribute(device, 20, "cudaDevAttrComputeMode");
    facts.hostRegisterSupported = attribute(device, 99, "cudaDevAttrHostRegisterSupported");
    facts.hostNumaId = attribute(device, 134, "cudaDevAttrHostNumaId");
    std::size_t free = 0;
    std::size_t total = 0;
    if (const cudaError_t error = cudaMemGetInfo(&free, &total); error == cudaSuccess) {
        facts.freeBytes = Answer<std::uint64_t>::of(free);
        facts.totalBytes = Answer<std::uint64_t>::of(total);
    } else {
        facts.freeBytes = facts.totalBytes = Answer<std::uint64_t>::none(failure(error, "cudaMemGetInfo"));
    }
    return facts;
}

PinningTrial tryPinning(int device, std::uint64_t bytes)
{
    PinningTrial trial;
    trial.bytes = bytes;
    if (const cudaError_t error = cudaSetDevice(device); error != cudaSuccess) {
        trial.hostAllocSeconds = trial.hostRegisterSeconds = Answer<double>::none(failure(error, "cudaSetDevice"));
        return trial;
    }
    void *pinned = nullptr;
    auto start = Clock::now();
    if (const cudaError_t error = cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault); error != cudaSuccess) {
        trial.hostAllocSeconds = Answer<double>::none(failure(error, "cudaHostAlloc"));
        trial.bufferNode = Answer<int>::none("no page-locked buffer");
    } else {
        trial.hostAllocSeconds = Answer<double>::of(secondsSince(start));
        trial.bufferNode = nodeOf(pinned);
        cudaFreeHost(pinned);
    }
    // Ordinary memory, touched as a program's data would be, then locked.
    void *plain = std::aligned_alloc(4096, bytes);
    if (!plain) {
        trial.hostRegisterSeconds = Answer<double>::none("no host memory for the trial");
        return trial;
    }
    std::memset(plain, 1, bytes);
    start = Clock::now();
    if (const cudaError_t error = cudaHostRegister(plain, bytes, cudaHostRegisterDefault); error != cudaSuccess) {
        trial.hostRegisterSeconds = Answer<double>::none(failure(error, "cudaHostRegister"));
    } else {
        trial.hostRegisterSeconds = Answer<double>::of(secondsSince(start));
        cudaHostUnregister(plain);
    }
    std::free(plain);
    return trial;
}

LoadTrial copyUnderLoad(int device, const std::string &pciBusId, std::uint64_t bufferBytes, double seconds,
                        const std::function<void()> &whileLoaded)
{
    LoadTrial trial;
    std::string &problem = trial.problem;
    [&] {
        SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(device));
        const std::uint64_t bytes = allowedBytes(bufferBytes);
        if (bytes < (1 << 20)) {
            problem = "too little free device memory for the copies";
            return;
        }
        Allocations a;
        SHARESCOPE_TRIAL_TRY(problem, cudaHostAlloc(&a.pinned[0], bytes, cudaHostAllocDefault));
        std::memset(a.pinned[0], 1, bytes);
        SHARESCOPE_TRIAL_TRY(problem, cudaMalloc(&a.device[0], bytes));
        a.deviceOwner[0] = device;
        SHARESCOPE_TRIAL_TRY(problem, cudaStreamCreateWithFlags(&a.stream, cudaStreamNonBlocking));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventCreate(&a.start));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventCreate(&a.stop));
        // One copy first, to learn how many fill the time asked.
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.start, a.stream));
        SHARESCOPE_TRIAL_TRY(problem,
                             cudaMemcpyAsync(a.device[0], a.pinned[0], bytes, cudaMemcpyHostToDevice, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.stop, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventSynchronize(a.stop));
        float ms = 0;
        SHARESCOPE_TRIAL_TRY(problem, cudaEventElapsedTime(&ms, a.start, a.stop));
        const double one = std::max(1e-5, static_cast<double>(ms) / 1e3);
        const int copies = static_cast<int>(std::clamp(seconds / one, 4.0, 20000.0));
        trial.replaysBefore = readReplayCounter(pciBusId);
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.start, a.stream));
        for (int i = 0; i < copies; ++i) {
            SHARESCOPE_TRIAL_TRY(problem,
                                 cudaMemcpyAsync(a.device[0], a.pinned[0], bytes, cudaMemcpyHostToDevice, a.stream));
        }
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.stop, a.stream));
        // Read a third of the way in, while the copies still run (NVML
        // starting up for the reading takes its own time).
        std::this_thread::sleep_for(std::chrono::duration<double>(one * copies / 3));
        if (whileLoaded)
            whileLoaded();
        trial.sample = sampleNvml(pciBusId);
        const bool stillCopying = cudaEventQuery(a.stop) == cudaErrorNotReady;
        cudaGetLastError();
        SHARESCOPE_TRIAL_TRY(problem, cudaEventSynchronize(a.stop));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventElapsedTime(&ms, a.start, a.stop));
        trial.replaysAfter = readReplayCounter(pciBusId);
        trial.bytes = bytes * static_cast<std::uint64_t>(copies);
        trial.seconds = static_cast<double>(ms) / 1e3;
        if (!stillCopying)
            problem = "the copies ended before the link was read: the reading is not one under load";
    }();
    return trial;
}

PeerTrial copyToPeer(int device, int peer, std::uint64_t bytes)
{
    PeerTrial trial;
    trial.peer = peer;
    std::string &problem = trial.problem;
    bool enabledHere = false;
    [&] {
        SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(peer));
        std::uint64_t size = allowedBytes(bytes);
        SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(device));
        size = std::min(size, allowedBytes(bytes));
        if (size < (1 << 20)) {
            problem = "too little free device memory for the copy";
            return;
        }
        int canAccess = 0;
        SHARESCOPE_TRIAL_TRY(problem, cudaDeviceCanAccessPeer(&canAccess, device, peer));
        if (canAccess) {
            const cudaError_t error = cudaDeviceEnablePeerAccess(peer, 0);
            if (error == cudaSuccess)
                enabledHere = true;
            else if (error != cudaErrorPeerAccessAlreadyEnabled) {
                problem = failure(error, "cudaDeviceEnablePeerAccess");
                return;
            }
            cudaGetLastError();
        }
        trial.peerAccess = canAccess != 0;
        Allocations a;
        SHARESCOPE_TRIAL_TRY(problem, cudaHostAlloc(&a.pinned[0], size, cudaHostAllocDefault));
        SHARESCOPE_TRIAL_TRY(problem, cudaHostAlloc(&a.pinned[1], size, cudaHostAllocDefault));
        auto *sent = static_cast<std::uint32_t *>(a.pinned[0]);
        for (std::uint64_t i = 0; i < size / 4; ++i)
            sent[i] = static_cast<std::uint32_t>(i * 2654435761u) ^ 0x5a5a5a5au;
        std::memset(a.pinned[1], 0, size);
        SHARESCOPE_TRIAL_TRY(problem, cudaMalloc(&a.device[0], size));
        a.deviceOwner[0] = device;
        SHARESCOPE_TRIAL_TRY(problem, cudaStreamCreateWithFlags(&a.stream, cudaStreamNonBlocking));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventCreate(&a.start));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventCreate(&a.stop));
        {
            SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(peer));
            SHARESCOPE_TRIAL_TRY(problem, cudaMalloc(&a.device[1], size));
            a.deviceOwner[1] = peer;
            SHARESCOPE_TRIAL_TRY(problem, cudaMemset(a.device[1], 0, size));
            SHARESCOPE_TRIAL_TRY(problem, cudaDeviceSynchronize());
            SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(device));
        }
        SHARESCOPE_TRIAL_TRY(problem,
                             cudaMemcpyAsync(a.device[0], a.pinned[0], size, cudaMemcpyHostToDevice, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.start, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaMemcpyPeerAsync(a.device[1], peer, a.device[0], device, size, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaEventRecord(a.stop, a.stream));
        SHARESCOPE_TRIAL_TRY(problem,
                             cudaMemcpyAsync(a.pinned[1], a.device[1], size, cudaMemcpyDeviceToHost, a.stream));
        SHARESCOPE_TRIAL_TRY(problem, cudaStreamSynchronize(a.stream));
        float ms = 0;
        SHARESCOPE_TRIAL_TRY(problem, cudaEventElapsedTime(&ms, a.start, a.stop));
        trial.bytes = size;
        trial.seconds = static_cast<double>(ms) / 1e3;
        const auto *got = static_cast<const unsigned char *>(a.pinned[1]);
        const auto *want = static_cast<const unsigned char *>(a.pinned[0]);
        for (std::uint64_t i = 0; i < size; ++i)
            trial.wrongBytes += got[i] != want[i];
    }();
    if (enabledHere && cudaSetDevice(device) == cudaSuccess)
        cudaDeviceDisablePeerAccess(peer);
    cudaGetLastError();
    return trial;
}

std::string tryManaged(int device, std::uint64_t bytes)
{
    std::string problem;
    [&] {
        SHARESCOPE_TRIAL_TRY(problem, cudaSetDevice(device));
        const std::uint64_t size = allowedBytes(bytes);
        if (size < 4096) {
            problem = "too little free device memory for the trial";
            return;
        }
        void *managed = nullptr;
        SHARESCOPE_TRIAL_TRY(problem, cudaMallocManaged(&managed, size));
        cudaError_t error = cudaMemset(managed, 7, size); // the device writes every page
        if (error == cudaSuccess)
            error = cudaDeviceSynchronize();
        const bool seen = error == cudaSuccess && static_cast<const unsigned char *>(managed)[size - 1] == 7;
        cudaFree(managed);
        if (error != cudaSuccess)
            problem = failure(error, "cudaMemset on managed memory");
        else if (!seen)
            problem = "the CPU did not read what the device wrote to managed memory";
    }();
    return problem;
}

} // namespace sharescope::cuda
