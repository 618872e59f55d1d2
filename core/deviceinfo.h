// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

enum class BackendKind { Cuda, OpenCL };

std::string_view backendName(BackendKind kind); // "CUDA", "OpenCL"
std::string_view backendPrefix(BackendKind kind); // "cuda", "opencl"

// How one CUDA device reaches another of the same machine, as the driver
// reports it (cudaDeviceCanAccessPeer, cudaDeviceGetP2PAttribute). A value
// the driver did not report stays empty: "not reported", never false.
struct PeerLink
{
    std::string peerId; // "cuda:1"
    int peerIndex = 0;
    std::string peerName;
    std::optional<bool> canAccessPeer; // this device can map the peer's memory
    std::optional<bool> peerCanAccess; // the peer can map this device's memory
    std::optional<int> performanceRank; // of the link from this device to the peer; 0 is the fastest
    std::optional<bool> accessSupported; // cudaDevP2PAttrAccessSupported
    std::optional<bool> nativeAtomics; // every atomic operation works over the link
    std::optional<bool> partialAtomics; // only some do (cudaDevP2PAttrOnlyPartialNativeAtomicSupported)
    std::optional<bool> cudaArrayAccess;
    // Whether peer access was enabled (it is per process: a listing enables
    // none; a run says what it did); empty where the run left it as it was.
    std::optional<bool> accessEnabled;
    // What the managed modes between the two need of the peer itself.
    bool peerManagedMemory = false;
    bool peerConcurrentManagedAccess = false;
    std::uint64_t peerMemoryBytes = 0;
};

// What a device is and the capabilities that decide which sharing modes it can
// run. One flat struct for both backends; the fields of the other backend keep
// their defaults.
struct DeviceInfo
{
    std::string id; // "opencl:0", "cuda:0": the name the command line takes
    BackendKind backend = BackendKind::OpenCL;
    int index = 0; // position within its backend
    std::string name;
    std::string vendor;
    std::string platform; // OpenCL platform name; "CUDA" for CUDA
    std::string deviceVersion; // "OpenCL 3.0 PoCL ..." or "compute capability 9.0"
    std::string driverVersion;
    std::string runtimeVersion; // OpenCL platform version or CUDA runtime version
    int versionMajor = 0; // OpenCL device version, or CUDA compute capability
    int versionMinor = 0;
    std::uint64_t globalMemoryBytes = 0;
    std::uint64_t maxAllocationBytes = 0;
    std::uint32_t baseAddressAlignBytes = 0;
    std::uint32_t computeUnits = 0;
    bool cpuDevice = false;
    // What limits its memory (ceilings.h): the peak memory clock and bus
    // width (CUDA; 0 where not reported) and the largest cache in front of
    // it (CUDA's L2, OpenCL's global memory cache).
    std::uint32_t memoryClockKHz = 0;
    std::uint32_t memoryBusWidthBits = 0;
    std::uint64_t cacheBytes = 0;

    // Sharing capabilities. OpenCL:
    bool hostUnifiedMemory = false; // CL_DEVICE_HOST_UNIFIED_MEMORY (1.x) or a CPU device
    bool svmCoarseBuffer = false;
    bool svmFineBuffer = false;
    bool svmFineSystem = false;
    bool svmAtomics = false;

    // CUDA (filled by the CUDA backend; OpenCL where cl_khr_pci_bus_info says):
    std::string pciBusId;
    bool managedMemory = false;
    bool concurrentManagedAccess = false;
    bool pageableMemoryAccess = false;
    bool hostNativeAtomics = false;
    bool canMapHostMemory = false;
    bool unifiedAddressing = false;
    // The runtime and the driver both have CUDA 13's batch operations on
    // managed memory (cudaMemPrefetchBatchAsync, cudaMemDiscardBatchAsync,
    // cudaMemDiscardAndPrefetchBatchAsync).
    bool managedBatchOperations = false;
    // Memory that another process can import from a POSIX file descriptor:
    // cuMemCreate's (virtual memory management with that handle type:
    // ipc-vmm) and a memory pool's (pools exportable as one: ipc-pool).
    bool vmmFileDescriptors = false;
    bool poolFileDescriptors = false;
    std::uint64_t vmmGranularityBytes = 0; // cuMemCreate's smallest unit here (0: not reported)
    // Every other CUDA device of the machine and how this one reaches it.
    std::vector<PeerLink> peers;
    // NVLink, as NVML reports it (cuda/nvlink.h): the links active now (0:
    // none) and the version NVML gives them; empty where not reported, with
    // the reason in nvlinkNote.
    std::optional<std::uint32_t> nvlinkActiveLinks;
    std::optional<std::uint32_t> nvlinkVersion;
    std::string nvlinkNote;
};

// What one NVLink link carries each way by the GPU's architecture (NVIDIA's
// specifications): 20 GB/s on compute capability 6.0 (NVLink 1), 25 GB/s on
// 7.0, 8.0 and 9.0 (NVLink 2, 3 and 4), 50 GB/s on 10.0 (NVLink 5); empty
// for any other GPU, whose links NVIDIA specifies otherwise (or not at all).
// By architecture, not by nvlinkVersion: NVML has reported versions that do
// not match the GPU's generation.
std::optional<double> nvlinkLinkBytesPerSecond(const DeviceInfo &device);
// All its active links together, each way; empty where either is unknown.
std::optional<double> nvlinkBytesPerSecond(const DeviceInfo &device);

// Whether the device works in host memory itself (a CPU device, an
// integrated GPU): then there is no bus, and every path is host memory.
inline bool sharesHostMemory(const DeviceInfo &device)
{
    return device.cpuDevice || device.hostUnifiedMemory;
}

} // namespace sharescope
