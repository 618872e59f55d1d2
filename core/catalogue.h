// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "ids.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

// How the host's side of the buffers is made: what a mode teaches.
enum class HostMemory : std::uint8_t {
    Pageable, // ordinary host arrays, copied by the program (device, ipc, the peer modes, cl-copy)
    PageLocked, // cudaHostAlloc: page-locked, copied by DMA (pinned)
    Mapped, // cudaHostAlloc mapped: the kernel reaches it over the bus (zero-copy)
    Registered, // memory the program already had, page-locked in place (cudaHostRegister): mapped (registered) or
                // copied (pinned-registered)
    Managed, // cudaMallocManaged: one pointer, pages migrate
    HostArray, // CL_MEM_USE_HOST_PTR: the runtime uses the host's array in place where it can, else copies
    RuntimeAllocated, // CL_MEM_ALLOC_HOST_PTR: host-visible memory the runtime allocates
    SvmCoarse, // clSVMAlloc coarse-grained: map/unmap around host access
    SvmFine, // clSVMAlloc fine-grained: shared without map
};

// Where a managed mode moves pages ahead of their use.
enum class Prefetch : std::uint8_t {
    None,
    ToDevice, // to the device before the kernel, back to the host before host-read
    ToPeer, // to the peer before its kernel, back to the device after
};

// Whether a managed mode discards data it is about to overwrite (CUDA 13).
enum class Discard : std::uint8_t {
    None,
    BeforeWrites, // cudaMemDiscardBatchAsync before host-init and the kernel write; faults bring the pages
    AndPrefetch, // cudaMemDiscardAndPrefetchBatchAsync to where the next phase runs
};

// What a peer mode does with peer access between the two GPUs.
enum class PeerAccessUse : std::uint8_t {
    None, // not a peer mode, or its pages move through the driver (managed-peer)
    Optional, // peer-copy: --peer-access on|off, copies staged through the host without it
    Required, // peer-access: the peer's kernel works on the device's memory in place
};

// What an ipc mode's buffers are and how another process reaches them.
enum class IpcMemory : std::uint8_t {
    None, // not an ipc mode
    LegacyHandle, // cudaMalloc, exported with cudaIpcGetMemHandle (64 bytes, any channel)
    VmmDescriptor, // cuMemCreate, exported as a POSIX file descriptor, passed with SCM_RIGHTS
    PoolDescriptor, // cudaMallocAsync from a pool exported as a POSIX file descriptor, plus each pointer's export data
};

// Who runs the kernel, on what.
enum class KernelPlace : std::uint8_t {
    Device, // this process, on the device
    OtherProcess, // a second process, on memory this one exported (ipc)
    Peer, // this process, on a second GPU (--peer)
};

// Everything the program needs to know of a mode: code asks these traits (or
// switches over ModeId without a default), never by comparing ids.
struct ModeInfo
{
    ModeId id = ModeId::Device;
    std::string_view name; // "managed-advise"
    BackendKind backend = BackendKind::Cuda;
    ModeFamily family = ModeFamily::Copy;
    HostMemory hostMemory = HostMemory::Pageable;
    Prefetch prefetch = Prefetch::None;
    PeerAccessUse peerAccess = PeerAccessUse::None;
    KernelPlace kernelPlace = KernelPlace::Device;
    bool takesAdvice = false; // --advice (cudaMemAdvise)
    std::string_view summary; // one line
    Discard discard = Discard::None;
    IpcMemory ipcMemory = IpcMemory::None;

    bool needsPeer() const { return kernelPlace == KernelPlace::Peer; } // runs its kernel on a second GPU
};

enum class ElementType { Float32, UInt32 };
// Who touches a buffer, in the order of an iteration: host-init (the host
// writes), the kernel (reads, writes), host-read (the host reads). The last
// two are first-touch's experiments: a buffer only the GPU touches, and one
// only the CPU touches.
enum class BufferRole { Input, Output, InOut, GpuOnly, CpuOnly };

struct BufferSpec
{
    std::string_view name;
    ElementType type;
    BufferRole role;
    // The kernel reads it where other elements point (gather's x), not at
    // the element it computes: a host thread's launch (--host-threads) sees
    // all of it, not its slice.
    bool readAtRandom = false;
};

// What a kernel is, for every part of the program that needs to know.
struct KernelInfo
{
    KernelId id;
    std::string_view name; // "vector-add"
    std::string_view summary;
    std::span<const BufferSpec> buffers;
    // 32-bit reads plus writes per element the kernel visits, per launch.
    std::uint8_t accessesPerItem;
    bool usesStride; // visits every --stride-th element only
    bool usesRounds; // --rounds launches, each followed by the CPU's turn
    // Buffer-sized arrays the CPU reference keeps besides the buffers
    // (gather's permutation).
    std::uint8_t referenceArrays;
    std::uint64_t maxElements; // 0: only memory limits it
    std::string_view openclFunction;
};

constexpr std::uint64_t elementBytes = 4; // every buffer holds 32-bit elements

std::span<const ModeInfo> modes();
std::span<const KernelInfo> kernels();
const ModeInfo &modeInfo(ModeId id);
const KernelInfo &kernelInfo(KernelId id);
std::string_view modeName(ModeId id);
std::string_view kernelName(KernelId id);
std::string_view adviceName(Advice advice);
std::span<const Advice> adviceValues();
std::string_view recordsSourceName(RecordsSource source); // "driver-events", "cupti"
std::optional<RecordsSource> recordsSourceFromName(std::string_view name);

std::optional<ModeId> modeFromName(std::string_view name);
std::optional<KernelId> kernelFromName(std::string_view name);
std::optional<Advice> adviceFromName(std::string_view name);
// The same, as bad arguments that list what is accepted.
Result<ModeId> parseMode(std::string_view name);
Result<KernelId> parseKernel(std::string_view name);
Result<Advice> parseAdvice(std::string_view name);

// The first mode of a backend: plain copies (device or cl-copy).
ModeId defaultMode(BackendKind backend);
// What managed-advise uses when no advice is given.
inline constexpr Advice defaultAdvice = Advice::PreferredDevice;

// Comma-separated names, for "accepted:" lists in messages.
std::string modeNameList(std::string_view separator = ", ");
std::string peerModeNameList(std::string_view separator = ", "); // the modes that need a peer
std::string kernelNameList(std::string_view separator = ", ");
std::string adviceNameList(std::string_view separator = ", ");

inline bool hostWrites(BufferRole role)
{
    return role == BufferRole::Input || role == BufferRole::InOut || role == BufferRole::CpuOnly;
}
inline bool hostReads(BufferRole role)
{
    return role == BufferRole::Output || role == BufferRole::InOut || role == BufferRole::CpuOnly;
}
inline bool kernelReads(BufferRole role)
{
    return role == BufferRole::Input || role == BufferRole::InOut;
}
inline bool kernelWrites(BufferRole role)
{
    return role == BufferRole::Output || role == BufferRole::InOut || role == BufferRole::GpuOnly;
}
inline bool kernelTouches(BufferRole role)
{
    return kernelReads(role) || kernelWrites(role);
}
inline bool hostTouches(BufferRole role)
{
    return hostWrites(role) || hostReads(role);
}
// Both sides touch it: the buffers that move between them.
inline bool touchedByBoth(BufferRole role)
{
    return kernelTouches(role) && hostTouches(role);
}
// What a mode that copies moves: to the device what the host wrote and the
// kernel reads, back what the kernel wrote and the host reads.
inline bool copiedToDevice(BufferRole role)
{
    return hostWrites(role) && kernelReads(role);
}
inline bool copiedToHost(BufferRole role)
{
    return kernelWrites(role) && hostReads(role);
}
std::string_view elementTypeName(ElementType type); // "f32", "u32"

} // namespace sharescope
