// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What NVML and CUDA say about one GPU, and what the machine check
// (../doctor/) measures on it, as plain values. This header includes no
// CUDA header: the check's other parts read these values in every build,
// and tests make them up. machinefacts.cpp, which asks the driver, is built
// with CUDA only.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::cuda {

// One answer of NVML or CUDA: the value, or why there is none
// ("NVML_ERROR_NOT_SUPPORTED (3)", "this NVML has no nvmlDeviceGetAddressingMode").
template<typename T>
struct Answer
{
    std::optional<T> value;
    std::string why; // where there is no value

    static Answer of(T v) { return {std::move(v), {}}; }
    static Answer none(std::string reason) { return {std::nullopt, std::move(reason)}; }
    bool operator==(const Answer &) const = default;
};

// NVML's answers for one GPU. Every call is looked up at run time; one the
// driver's NVML lacks is an answer with the reason, never a failure.
struct NvmlFacts
{
    std::string problem; // NVML did not load or start, or does not know the GPU: nothing else is set
    Answer<std::string> driverVersion; // nvmlSystemGetDriverVersion: "580.159.04"
    Answer<int> cudaDriverVersion; // nvmlSystemGetCudaDriverVersion_v2: 13000
    Answer<unsigned> persistenceMode; // 0 off, 1 on
    Answer<unsigned> computeMode; // 0 default, 1 exclusive thread, 2 prohibited, 3 exclusive process
    Answer<unsigned> addressingMode; // nvmlDeviceGetAddressingMode: 0 none, 1 HMM, 2 ATS
    Answer<unsigned> linkGeneration; // nvmlDeviceGetCurrPcieLinkGeneration, now
    Answer<unsigned> maxLinkGeneration; // the most the GPU and the system reach together
    Answer<unsigned> gpuMaxLinkGeneration; // the GPU's own most
    Answer<unsigned> linkWidth;
    Answer<unsigned> maxLinkWidth;
    Answer<unsigned> replayCounter; // nvmlDeviceGetPcieReplayCounter
    Answer<unsigned> smMHz; // nvmlDeviceGetClockInfo(SM), now
    Answer<unsigned> maxSmMHz;
    Answer<std::vector<std::uint64_t>> cpuAffinity; // nvmlDeviceGetCpuAffinity: bit i of word i/64 is CPU i
};

// The PCIe bus id as CUDA gives it ("0000:1A:00.0"), NVML's answers for
// the GPU there. Never fails: what could not be asked says why.
NvmlFacts readNvmlFacts(const std::string &pciBusId);
// The link and the clock alone, read again while the GPU copies.
struct NvmlLoadSample
{
    Answer<unsigned> linkGeneration;
    Answer<unsigned> linkWidth;
    Answer<unsigned> smMHz;
};
NvmlLoadSample sampleNvml(const std::string &pciBusId);
Answer<unsigned> readReplayCounter(const std::string &pciBusId);

// CUDA's answers that the device list (deviceinfo.h) does not keep.
struct CudaFacts
{
    std::string problem; // CUDA could not use the device: nothing else is set
    Answer<int> driverVersion; // cudaDriverGetVersion: 13000
    Answer<int> runtimeVersion; // cudaRuntimeGetVersion
    Answer<int> pageableMemoryAccess; // cudaDevAttrPageableMemoryAccess (88)
    Answer<int> usesHostPageTables; // cudaDevAttrPageableMemoryAccessUsesHostPageTables (100)
    Answer<int> concurrentManagedAccess; // (89)
    Answer<int> managedMemory; // (83)
    Answer<int> computeMode; // cudaDevAttrComputeMode (20)
    Answer<int> hostRegisterSupported; // (99)
    Answer<int> hostNumaId; // cudaDevAttrHostNumaId (134): -1 where the system has no NUMA
    Answer<std::uint64_t> freeBytes; // cudaMemGetInfo
    Answer<std::uint64_t> totalBytes;
};
CudaFacts readCudaFacts(int device);

// What page-locking `bytes` of host memory costs, each way CUDA offers it,
// and the NUMA node the kernel placed the page-locked buffer on.
struct PinningTrial
{
    std::uint64_t bytes = 0;
    Answer<double> hostAllocSeconds; // cudaHostAlloc
    Answer<double> hostRegisterSeconds; // cudaHostRegister of malloc'd memory, touched first
    Answer<int> bufferNode; // move_pages on the cudaHostAlloc buffer (a query: it moves nothing)
};
PinningTrial tryPinning(int device, std::uint64_t bytes);

// Page-locked copies to the device kept in flight for a while, and what
// was read while they ran: `whileLoaded` is called once, with the GPU
// busy copying (an idle link may train down, which is normal).
struct LoadTrial
{
    std::string problem; // the copies could not run: the rest is empty
    std::uint64_t bytes = 0; // copied in all
    double seconds = 0; // CUDA events around the copies
    NvmlLoadSample sample; // read while they ran
    Answer<unsigned> replaysBefore;
    Answer<unsigned> replaysAfter;
};
LoadTrial copyUnderLoad(int device, const std::string &pciBusId, std::uint64_t bufferBytes, double seconds,
                        const std::function<void()> &whileLoaded);

// A copy from the device to a peer GPU, checked byte for byte: "yes" from
// cudaDeviceCanAccessPeer is not proof (an IOMMU can drop peer writes).
struct PeerTrial
{
    int peer = 0;
    std::string problem; // the copy could not run
    std::uint64_t bytes = 0;
    double seconds = 0;
    std::uint64_t wrongBytes = 0; // bytes that arrived different from what was sent
    bool peerAccess = false; // the copy went with peer access on
};
PeerTrial copyToPeer(int device, int peer, std::uint64_t bytes);

// cudaMallocManaged of `bytes`, touched by the device, and freed: whether
// managed memory works here at all.
std::string tryManaged(int device, std::uint64_t bytes);

} // namespace sharescope::cuda
