#include "catalogue.h"

#include "peers.h"
#include "trnoop.h"

#include <algorithm>
#include <array>
#include <functional>
#include <ranges>

namespace sharescope {
namespace {

constexpr std::array<ModeInfo, 17> modeTable{{
    {ModeId::Device, "device", BackendKind::Cuda, ModeFamily::Copy, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpy to and from ordinary (pageable) host memory")},
    {ModeId::Pinned, "pinned", BackendKind::Cuda, ModeFamily::Copy, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpyAsync to and from page-locked host memory")},
    {ModeId::ZeroCopy, "zero-copy", BackendKind::Cuda, ModeFamily::Mapped, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "mapped page-locked host memory; the kernel reads and writes it over the bus")},
    {ModeId::Registered, "registered", BackendKind::Cuda, ModeFamily::Mapped, false, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "ordinary host memory pinned and mapped with cudaHostRegister; accessed over the bus")},
    {ModeId::Managed, "managed", BackendKind::Cuda, ModeFamily::Managed, false, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged; pages migrate on demand when the GPU or the CPU faults on them")},
    {ModeId::ManagedPrefetch, "managed-prefetch", BackendKind::Cuda, ModeFamily::Managed, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; cudaMemPrefetchAsync moves pages before they are used")},
    {ModeId::ManagedAdvise, "managed-advise", BackendKind::Cuda, ModeFamily::Managed, true, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged with cudaMemAdvise hints (--advice) deciding where pages live")},
    {ModeId::Ipc, "ipc", BackendKind::Cuda, ModeFamily::Ipc, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc exported with cudaIpcGetMemHandle; a second process runs the kernel")},
    {ModeId::PeerCopy, "peer-copy", BackendKind::Cuda, ModeFamily::Peer, false, true,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMalloc on two GPUs; cudaMemcpyPeerAsync to the peer (--peer), kernel there, and back")},
    {ModeId::PeerAccess, "peer-access", BackendKind::Cuda, ModeFamily::Peer, false, true,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMalloc on the device; the peer's kernel reads and writes it in place over the link")},
    {ModeId::ManagedPeer, "managed-peer", BackendKind::Cuda, ModeFamily::Managed, false, true,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged on the device; the peer's kernel faults its pages over from GPU to GPU")},
    {ModeId::ManagedPeerPrefetch, "managed-peer-prefetch", BackendKind::Cuda, ModeFamily::Managed, false, true,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged on the device; cudaMemPrefetchAsync moves its pages to the peer and back")},
    {ModeId::ClCopy, "cl-copy", BackendKind::OpenCL, ModeFamily::ClCopy, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "clCreateBuffer; clEnqueueWriteBuffer in, clEnqueueReadBuffer out")},
    {ModeId::ClUseHostPtr, "cl-use-host-ptr", BackendKind::OpenCL, ModeFamily::ClMap, false, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "CL_MEM_USE_HOST_PTR over a host array; map/unmap (zero-copy where the device can)")},
    {ModeId::ClAllocHostPtr, "cl-alloc-host-ptr", BackendKind::OpenCL, ModeFamily::ClMap, false, false,
     SHARESCOPE_TR_NOOP("Catalogue", "CL_MEM_ALLOC_HOST_PTR; the runtime's host-visible memory, reached by map/unmap")},
    {ModeId::ClSvmCoarse, "cl-svm-coarse", BackendKind::OpenCL, ModeFamily::ClSvm, false, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "clSVMAlloc coarse-grained buffer; one pointer, SVM map/unmap around host access")},
    {ModeId::ClSvmFine, "cl-svm-fine", BackendKind::OpenCL, ModeFamily::ClSvm, false, false,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "clSVMAlloc fine-grained buffer; one pointer shared without map, clFinish orders access")},
}};

constexpr std::array<BufferSpec, 3> vectorAddBuffers{{
    {"x", ElementType::Float32, BufferRole::Input},
    {"y", ElementType::Float32, BufferRole::Input},
    {"out", ElementType::Float32, BufferRole::Output},
}};
constexpr std::array<BufferSpec, 1> scaleBuffers{{{"buf", ElementType::Float32, BufferRole::InOut}}};
constexpr std::array<BufferSpec, 1> counterBuffers{{{"buf", ElementType::UInt32, BufferRole::InOut}}};
constexpr std::array<BufferSpec, 3> gatherBuffers{{
    {"x", ElementType::UInt32, BufferRole::Input},
    {"perm", ElementType::UInt32, BufferRole::Input},
    {"out", ElementType::UInt32, BufferRole::Output},
}};

// gather's indices are 32-bit.
constexpr std::uint64_t gatherMaxElements = 1ULL << 32;

constexpr std::array<KernelInfo, 5> kernelTable{{
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
        if (mode.needsPeer)
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

Support notSupported(const char *text, std::vector<std::string> args)
{
    MessageTemplate reason(text, std::move(args));
    std::string english = reason.english();
    return {false, std::move(english), std::move(reason)};
}

Error supportError(const Support &support)
{
    return {ErrorKind::Unsupported, support.reason, support.translatable, std::nullopt};
}

namespace {

Support openClSupport(const DeviceInfo &device, ModeId mode)
{
    if (mode != ModeId::ClSvmCoarse && mode != ModeId::ClSvmFine)
        return {true, {}, {}};
    if (device.versionMajor < 2) {
        return notSupported(SHARESCOPE_TR_NOOP("Core", "device supports OpenCL %1.%2; SVM needs OpenCL 2.0 or later"),
                            {std::to_string(device.versionMajor), std::to_string(device.versionMinor)});
    }
    if (mode == ModeId::ClSvmCoarse && !device.svmCoarseBuffer)
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue", "device reports no coarse-grained buffer SVM"));
    if (mode == ModeId::ClSvmFine && !device.svmFineBuffer)
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue", "device reports no fine-grained buffer SVM"));
    return {true, {}, {}};
}

Support cudaSupport(const DeviceInfo &device, ModeId mode)
{
    if (modeInfo(mode).needsPeer)
        return peerSupport(device, mode, peerLink(device, defaultPeer(device, mode)), std::nullopt);
    switch (modeInfo(mode).family) {
    case ModeFamily::Mapped:
        if (!device.canMapHostMemory)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue", "device cannot map host memory (cudaDevAttrCanMapHostMemory is 0)"));
        break;
    case ModeFamily::Managed:
        if (!device.managedMemory)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue", "device reports no managed memory (cudaDevAttrManagedMemory is 0)"));
        if (mode == ModeId::ManagedPrefetch && !device.concurrentManagedAccess)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue",
                                   "device lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess is 0), "
                                   "which cudaMemPrefetchAsync to the GPU needs"));
        break;
    case ModeFamily::Ipc:
        if (!device.unifiedAddressing)
            return notSupported(SHARESCOPE_TR_NOOP(
                "Catalogue",
                "device lacks unified addressing (cudaDevAttrUnifiedAddressing is 0), which CUDA IPC needs"));
        break;
    case ModeFamily::Copy:
    case ModeFamily::Peer:
    case ModeFamily::ClCopy:
    case ModeFamily::ClMap:
    case ModeFamily::ClSvm:
        break;
    }
    return {true, {}, {}};
}

} // namespace

Support supportOf(const DeviceInfo &device, ModeId mode)
{
    const ModeInfo &info = modeInfo(mode);
    if (info.backend != device.backend) {
        return notSupported(info.backend == BackendKind::Cuda
                                ? SHARESCOPE_TR_NOOP("Core", "%1 is a CUDA mode and %2 is an OpenCL device")
                                : SHARESCOPE_TR_NOOP("Core", "%1 is an OpenCL mode and %2 is a CUDA device"),
                            {std::string(info.name), device.id});
    }
    return device.backend == BackendKind::OpenCL ? openClSupport(device, mode) : cudaSupport(device, mode);
}

} // namespace sharescope
