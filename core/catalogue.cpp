// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogue.h"

#include "trnoop.h"

#include <algorithm>
#include <array>
#include <functional>
#include <ranges>

namespace sharescope {
namespace {

using enum HostMemory;
using P = Prefetch;
using A = PeerAccessUse;
using K = KernelPlace;
using B = BackendKind;
using F = ModeFamily;

// Every mode's row. The switch has no default: a ModeId without its row does
// not build (-Werror=switch is on in every build of the project, and
// tests/compilecheck proves it). A table, not logic: it grows by a row a
// mode, past the size clang-tidy allows a function.
// NOLINTNEXTLINE(readability-function-size)
constexpr ModeInfo describe(ModeId id)
{
    // One row a mode, its traits in the order of ModeInfo's fields.
    // clang-format off
    switch (id) {
    case ModeId::Device:
        return {id, "device", B::Cuda, F::Copy, Pageable, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpy to and from ordinary (pageable) "
                                   "host memory")};
    case ModeId::Pinned:
        return {id, "pinned", B::Cuda, F::Copy, PageLocked, P::None, A::None, K::Device, false,
                //: page-locked (pinned) host memory: 锁页内存 (docs/glossary.zh_CN.md)
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpyAsync to and from page-locked host "
                                   "memory")};
    case ModeId::PinnedRegistered:
        return {id, "pinned-registered", B::Cuda, F::Copy, Registered, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpyAsync to and from ordinary host "
                                   "memory page-locked in place with cudaHostRegister")};
    case ModeId::ZeroCopy:
        return {id, "zero-copy", B::Cuda, F::Mapped, Mapped, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "mapped page-locked host memory; the kernel reads and writes it "
                                   "over the bus")};
    case ModeId::Registered:
        return {id, "registered", B::Cuda, F::Mapped, Registered, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "ordinary host memory pinned and mapped with cudaHostRegister; "
                                   "accessed over the bus")};
    case ModeId::Managed:
        return {id, "managed", B::Cuda, F::Managed, Managed, P::None, A::None, K::Device, false,
                //: cudaMallocManaged memory is 托管内存; "faults" are page faults: 缺页
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; pages migrate on demand when the GPU or the CPU "
                                   "faults on them")};
    case ModeId::ManagedPrefetch:
        return {id, "managed-prefetch", B::Cuda, F::Managed, Managed, P::ToDevice, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; cudaMemPrefetchAsync moves pages before they "
                                   "are used")};
    case ModeId::ManagedAdvise:
        return {id, "managed-advise", B::Cuda, F::Managed, Managed, P::None, A::None, K::Device, true,
                //: cudaMemAdvise's hints are advice: 建议 (not 提示)
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged with cudaMemAdvise hints (--advice) deciding "
                                   "where pages live")};
    case ModeId::Ipc:
        return {id, "ipc", B::Cuda, F::Ipc, Pageable, P::None, A::None, K::OtherProcess, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc exported with cudaIpcGetMemHandle; a second process "
                                   "runs the kernel"), Discard::None, IpcMemory::LegacyHandle};
    case ModeId::IpcVmm:
        return {id, "ipc-vmm", B::Cuda, F::Ipc, Pageable, P::None, A::None, K::OtherProcess, false,
                //: a POSIX file descriptor: 文件描述符
                SHARESCOPE_TR_NOOP("Catalogue", "cuMemCreate memory passed as file descriptors over a Unix socket "
                                   "(SCM_RIGHTS); a second process maps it and runs the kernel"),
                Discard::None, IpcMemory::VmmDescriptor};
    case ModeId::IpcPool:
        return {id, "ipc-pool", B::Cuda, F::Ipc, Pageable, P::None, A::None, K::OtherProcess, false,
                //: a memory pool: 内存池
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocAsync from a memory pool shared as a file descriptor; a "
                                   "second process imports pool and pointers and runs the kernel"),
                Discard::None, IpcMemory::PoolDescriptor};
    case ModeId::PeerCopy:
        return {id, "peer-copy", B::Cuda, F::Peer, Pageable, P::None, A::Optional, K::Peer, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc on two GPUs; cudaMemcpyPeerAsync to the peer (--peer), "
                                   "kernel there, and back")};
    case ModeId::PeerAccess:
        return {id, "peer-access", B::Cuda, F::Peer, Pageable, P::None, A::Required, K::Peer, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc on the device; the peer's kernel reads and writes it in "
                                   "place over the link")};
    case ModeId::ManagedPeer:
        return {id, "managed-peer", B::Cuda, F::Managed, Managed, P::None, A::None, K::Peer, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged on the device; the peer's kernel faults its "
                                   "pages over from GPU to GPU")};
    case ModeId::ManagedPeerPrefetch:
        return {id, "managed-peer-prefetch", B::Cuda, F::Managed, Managed, P::ToPeer, A::None, K::Peer, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged on the device; cudaMemPrefetchAsync moves its "
                                   "pages to the peer and back")};
    case ModeId::ManagedDiscard:
        return {id, "managed-discard", B::Cuda, F::Managed, Managed, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; cudaMemDiscardBatchAsync drops data about to be "
                                   "overwritten (before host-init and the kernel's writes), then pages "
                                   "fault as in managed"), Discard::BeforeWrites};
    case ModeId::ManagedDiscardPrefetch:
        return {id, "managed-discard-prefetch", B::Cuda, F::Managed, Managed, P::ToDevice, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; cudaMemDiscardAndPrefetchBatchAsync drops data "
                                   "about to be overwritten and places its pages where the next phase "
                                   "runs"), Discard::AndPrefetch};
    case ModeId::ClCopy:
        return {id, "cl-copy", B::OpenCL, F::ClCopy, Pageable, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "clCreateBuffer; clEnqueueWriteBuffer in, clEnqueueReadBuffer out")};
    case ModeId::ClUseHostPtr:
        return {id, "cl-use-host-ptr", B::OpenCL, F::ClMap, HostArray, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "CL_MEM_USE_HOST_PTR over a host array; map/unmap (zero-copy where "
                                   "the device can)")};
    case ModeId::ClAllocHostPtr:
        return {id, "cl-alloc-host-ptr", B::OpenCL, F::ClMap, RuntimeAllocated, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "CL_MEM_ALLOC_HOST_PTR; the runtime's host-visible memory, reached "
                                   "by map/unmap")};
    case ModeId::ClSvmCoarse:
        return {id, "cl-svm-coarse", B::OpenCL, F::ClSvm, SvmCoarse, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "clSVMAlloc coarse-grained buffer; one pointer, SVM map/unmap "
                                   "around host access")};
    case ModeId::ClSvmFine:
        return {id, "cl-svm-fine", B::OpenCL, F::ClSvm, SvmFine, P::None, A::None, K::Device, false,
                SHARESCOPE_TR_NOOP("Catalogue", "clSVMAlloc fine-grained buffer; one pointer shared without map, "
                                   "clFinish orders access")};
    }
    // clang-format on
    return {}; // not a mode: its name is empty
}

// The ids are consecutive from 0 (ids.h): count them by their rows.
constexpr std::size_t modeCount = [] {
    std::size_t count = 0;
    while (count < 256 && !describe(static_cast<ModeId>(count)).name.empty())
        ++count;
    return count;
}();

constexpr std::array<ModeInfo, modeCount> modeTable = [] {
    std::array<ModeInfo, modeCount> table{};
    for (std::size_t i = 0; i < modeCount; ++i)
        table[i] = describe(static_cast<ModeId>(i));
    return table;
}();

// What the traits promise each other, checked as the program is built.
constexpr bool consistent(const ModeInfo &mode)
{
    const bool managed = mode.hostMemory == Managed;
    return (mode.family == F::Managed) == managed && (mode.prefetch == P::None || managed)
        && (mode.peerAccess == A::None || mode.kernelPlace == K::Peer) && (!mode.takesAdvice || managed)
        && (mode.prefetch != P::ToPeer || mode.kernelPlace == K::Peer)
        && (mode.discard == Discard::None || (managed && mode.kernelPlace == K::Device))
        && ((mode.ipcMemory != IpcMemory::None) == (mode.family == F::Ipc))
        && ((mode.family == F::Ipc) == (mode.kernelPlace == K::OtherProcess))
        && ((mode.discard == Discard::AndPrefetch) == (mode.discard != Discard::None && mode.prefetch != P::None))
        && (mode.backend == B::Cuda)
        == (mode.family != F::ClCopy && mode.family != F::ClMap && mode.family != F::ClSvm);
}
static_assert(std::ranges::all_of(modeTable, consistent), "a mode's traits contradict each other");

constexpr std::array<BufferSpec, 3> vectorAddBuffers{{
    {"x", ElementType::Float32, BufferRole::Input},
    {"y", ElementType::Float32, BufferRole::Input},
    {"out", ElementType::Float32, BufferRole::Output},
}};
constexpr std::array<BufferSpec, 1> scaleBuffers{{{"buf", ElementType::Float32, BufferRole::InOut}}};
constexpr std::array<BufferSpec, 1> counterBuffers{{{"buf", ElementType::UInt32, BufferRole::InOut}}};
constexpr std::array<BufferSpec, 3> gatherBuffers{{
    {"x", ElementType::UInt32, BufferRole::Input, true},
    {"perm", ElementType::UInt32, BufferRole::Input},
    {"out", ElementType::UInt32, BufferRole::Output},
}};

// In the order of an iteration's touches; the names say who touches them.
constexpr std::array<BufferSpec, 4> firstTouchBuffers{{
    {"cpu-then-gpu", ElementType::UInt32, BufferRole::Input},
    {"gpu-then-cpu", ElementType::UInt32, BufferRole::Output},
    {"gpu-only", ElementType::UInt32, BufferRole::GpuOnly},
    {"cpu-only", ElementType::UInt32, BufferRole::CpuOnly},
}};

// gather's indices are 32-bit.
constexpr std::uint64_t gatherMaxElements = 1ULL << 32;

constexpr std::array<KernelInfo, 6> kernelTable{{
    {KernelId::VectorAdd, "vector-add", SHARESCOPE_TR_NOOP("Catalogue", "out[i] = x[i] + y[i]: the basic round trip"),
     vectorAddBuffers, 3, false, false, 0, 0, "vector_add"},
    {KernelId::Scale, "scale", SHARESCOPE_TR_NOOP("Catalogue", "buf[i] *= 2 in place: one buffer, read and written"),
     scaleBuffers, 2, false, false, 0, 0, "scale"},
    {KernelId::Stride, "stride",
     SHARESCOPE_TR_NOOP("Catalogue", "buf[k * stride] += 1 (--stride, default 64KiB): the bus moves whole pages"),
     counterBuffers, 2, true, false, 0, 0, "stride_add"},
    {KernelId::Gather, "gather",
     SHARESCOPE_TR_NOOP("Catalogue", "out[i] = x[perm[i]] over a fixed random permutation: random access"),
     gatherBuffers, 3, false, false, 1, gatherMaxElements, "gather"},
    {KernelId::PingPong, "ping-pong",
     SHARESCOPE_TR_NOOP("Catalogue", "--rounds times: the GPU adds 1 to every element, then the CPU does"),
     counterBuffers, 2, false, true, 0, 0, "ping_pong"},
    {KernelId::FirstTouch, "first-touch",
     SHARESCOPE_TR_NOOP("Catalogue",
                        "four buffers touched four ways: by the CPU then the GPU, the GPU then the CPU, the GPU "
                        "only, the CPU only"),
     firstTouchBuffers, 3, false, false, 0, 0, "first_touch"},
}};

constexpr std::array<Advice, 4> adviceTable{Advice::PreferredDevice, Advice::PreferredHost, Advice::AccessedBy,
                                            Advice::ReadMostly};
constexpr std::array<std::string_view, 4> adviceNames{"preferred-device", "preferred-host", "accessed-by",
                                                      "read-mostly"};

// A projection rather than std::views::transform: clang 14 (the fuzz
// preset's compiler) cannot compile libstdc++ 12's views over an array.
std::string join(const auto &entries, std::string_view separator, auto name)
{
    std::string list;
    for (const auto &entry : entries) {
        if (!list.empty())
            list += separator;
        list += std::string_view(std::invoke(name, entry));
    }
    return list;
}

} // namespace

std::span<const ModeInfo> modes()
{
    return modeTable;
}
std::span<const KernelInfo> kernels()
{
    return kernelTable;
}

// The tables are in enum order (checked by tst_catalogue).
const ModeInfo &modeInfo(ModeId id)
{
    return modeTable[static_cast<std::size_t>(id)];
}
const KernelInfo &kernelInfo(KernelId id)
{
    return kernelTable[static_cast<std::size_t>(id)];
}
std::string_view modeName(ModeId id)
{
    return modeInfo(id).name;
}
std::string_view kernelName(KernelId id)
{
    return kernelInfo(id).name;
}
std::string_view adviceName(Advice advice)
{
    return adviceNames[static_cast<std::size_t>(advice)];
}
std::span<const Advice> adviceValues()
{
    return adviceTable;
}

std::optional<ModeId> modeFromName(std::string_view name)
{
    const auto it = std::ranges::find(modeTable, name, &ModeInfo::name);
    return it == modeTable.end() ? std::nullopt : std::optional(it->id);
}
std::optional<KernelId> kernelFromName(std::string_view name)
{
    const auto it = std::ranges::find(kernelTable, name, &KernelInfo::name);
    return it == kernelTable.end() ? std::nullopt : std::optional(it->id);
}
std::optional<Advice> adviceFromName(std::string_view name)
{
    const auto it = std::ranges::find(adviceNames, name);
    return it == adviceNames.end() ? std::nullopt : std::optional(adviceTable[it - adviceNames.begin()]);
}

std::string_view recordsSourceName(RecordsSource source)
{
    switch (source) {
    case RecordsSource::DriverEvents:
        break;
    case RecordsSource::Cupti:
        return "cupti";
    case RecordsSource::None:
        return "none";
    }
    return "driver-events";
}

std::optional<RecordsSource> recordsSourceFromName(std::string_view name)
{
    if (name == "driver-events")
        return RecordsSource::DriverEvents;
    if (name == "cupti")
        return RecordsSource::Cupti;
    if (name == "none")
        return RecordsSource::None;
    return std::nullopt;
}

Result<ModeId> parseMode(std::string_view name)
{
    if (const auto id = modeFromName(name))
        return *id;
    return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown mode '%1'; accepted: %2"),
                       {std::string(name), modeNameList()});
}
Result<KernelId> parseKernel(std::string_view name)
{
    if (const auto id = kernelFromName(name))
        return *id;
    return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown kernel '%1'; accepted: %2"),
                       {std::string(name), kernelNameList()});
}
Result<Advice> parseAdvice(std::string_view name)
{
    if (const auto advice = adviceFromName(name))
        return *advice;
    return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid advice '%1'; accepted: %2"),
                       {std::string(name), adviceNameList()});
}

ModeId defaultMode(BackendKind backend)
{
    return backend == BackendKind::Cuda ? ModeId::Device : ModeId::ClCopy;
}

std::string modeNameList(std::string_view separator)
{
    return join(modeTable, separator, &ModeInfo::name);
}
std::string peerModeNameList(std::string_view separator)
{
    std::vector<std::string_view> names;
    for (const ModeInfo &mode : modeTable) {
        if (mode.needsPeer())
            names.push_back(mode.name);
    }
    return join(names, separator, std::identity());
}
std::string kernelNameList(std::string_view separator)
{
    return join(kernelTable, separator, &KernelInfo::name);
}
std::string adviceNameList(std::string_view separator)
{
    return join(adviceNames, separator, std::identity());
}

std::string_view elementTypeName(ElementType type)
{
    return type == ElementType::Float32 ? "f32" : "u32";
}

} // namespace sharescope
