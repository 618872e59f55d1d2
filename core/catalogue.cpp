#include "catalogue.h"

#include "trnoop.h"

#include <algorithm>
#include <array>

namespace sharescope {
namespace {

constexpr std::array<ModeInfo, 13> modeTable{{
    {"device", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpy to and from ordinary (pageable) host memory")},
    {"pinned", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc buffers; cudaMemcpyAsync to and from page-locked host memory")},
    {"zero-copy", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue", "mapped page-locked host memory; the kernel reads and writes it over the bus")},
    {"registered", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "ordinary host memory pinned and mapped with cudaHostRegister; accessed over the bus")},
    {"managed", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged; pages migrate on demand when the GPU or the CPU faults on them")},
    {"managed-prefetch", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMallocManaged; cudaMemPrefetchAsync moves pages before they are used")},
    {"managed-advise", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "cudaMallocManaged with cudaMemAdvise hints (--advice) deciding where pages live")},
    {"ipc", BackendKind::Cuda,
     SHARESCOPE_TR_NOOP("Catalogue", "cudaMalloc exported with cudaIpcGetMemHandle; a second process runs the kernel")},
    {"cl-copy", BackendKind::OpenCL,
     SHARESCOPE_TR_NOOP("Catalogue", "clCreateBuffer; clEnqueueWriteBuffer in, clEnqueueReadBuffer out")},
    {"cl-use-host-ptr", BackendKind::OpenCL,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "CL_MEM_USE_HOST_PTR over a host array; map/unmap (zero-copy where the device can)")},
    {"cl-alloc-host-ptr", BackendKind::OpenCL,
     SHARESCOPE_TR_NOOP("Catalogue", "CL_MEM_ALLOC_HOST_PTR; the runtime's host-visible memory, reached by map/unmap")},
    {"cl-svm-coarse", BackendKind::OpenCL,
     SHARESCOPE_TR_NOOP("Catalogue",
                        "clSVMAlloc coarse-grained buffer; one pointer, SVM map/unmap around host access")},
    {"cl-svm-fine", BackendKind::OpenCL,
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

constexpr std::array<KernelInfo, 5> kernelTable{{
    {"vector-add", SHARESCOPE_TR_NOOP("Catalogue", "out[i] = x[i] + y[i]: the basic round trip"), vectorAddBuffers},
    {"scale", SHARESCOPE_TR_NOOP("Catalogue", "buf[i] *= 2 in place: one buffer, read and written"), scaleBuffers},
    {"stride",
     SHARESCOPE_TR_NOOP("Catalogue", "buf[k * stride] += 1 (--stride, default 64KiB): the bus moves whole pages"),
     counterBuffers},
    {"gather", SHARESCOPE_TR_NOOP("Catalogue", "out[i] = x[perm[i]] over a fixed random permutation: random access"),
     gatherBuffers},
    {"ping-pong", SHARESCOPE_TR_NOOP("Catalogue", "--rounds times: the GPU adds 1 to every element, then the CPU does"),
     counterBuffers},
}};

template<typename Table>
std::string joinIds(const Table &table, std::string_view separator, auto keep)
{
    std::string list;
    for (const auto &entry : table) {
        if (!keep(entry))
            continue;
        if (!list.empty())
            list += separator;
        list += entry.id;
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

const ModeInfo *findMode(std::string_view id)
{
    const auto it = std::ranges::find(modeTable, id, &ModeInfo::id);
    return it == modeTable.end() ? nullptr : &*it;
}

const KernelInfo *findKernel(std::string_view id)
{
    const auto it = std::ranges::find(kernelTable, id, &KernelInfo::id);
    return it == kernelTable.end() ? nullptr : &*it;
}

std::string_view defaultMode(BackendKind backend)
{
    return backend == BackendKind::Cuda ? "device" : "cl-copy";
}

std::string modeIdList(std::string_view separator)
{
    return joinIds(modeTable, separator, [](const ModeInfo &) { return true; });
}

std::string modeIdList(BackendKind backend, std::string_view separator)
{
    return joinIds(modeTable, separator, [backend](const ModeInfo &m) { return m.backend == backend; });
}

std::string kernelIdList(std::string_view separator)
{
    return joinIds(kernelTable, separator, [](const KernelInfo &) { return true; });
}

std::string_view elementTypeName(ElementType type)
{
    return type == ElementType::Float32 ? "f32" : "u32";
}

Support notSupported(const char *text, std::vector<std::string> args)
{
    return {false, fillTemplate(text, args), {text, std::move(args)}};
}

Support supportOf(const DeviceInfo &device, const ModeInfo &mode)
{
    if (mode.backend != device.backend) {
        return notSupported(mode.backend == BackendKind::Cuda
                                ? SHARESCOPE_TR_NOOP("Core", "%1 is a CUDA mode and %2 is an OpenCL device")
                                : SHARESCOPE_TR_NOOP("Core", "%1 is an OpenCL mode and %2 is a CUDA device"),
                            {std::string(mode.id), device.id});
    }
    const std::string id(mode.id);
    if (device.backend == BackendKind::OpenCL) {
        const bool svmApi = device.versionMajor >= 2;
        if (id == "cl-svm-coarse" || id == "cl-svm-fine") {
            if (!svmApi) {
                return notSupported(
                    SHARESCOPE_TR_NOOP("Core", "device supports OpenCL %1.%2; SVM needs OpenCL 2.0 or later"),
                    {std::to_string(device.versionMajor), std::to_string(device.versionMinor)});
            }
            if (id == "cl-svm-coarse" && !device.svmCoarseBuffer)
                return {false, SHARESCOPE_TR_NOOP("Catalogue", "device reports no coarse-grained buffer SVM")};
            if (id == "cl-svm-fine" && !device.svmFineBuffer)
                return {false, SHARESCOPE_TR_NOOP("Catalogue", "device reports no fine-grained buffer SVM")};
        }
        return {true, {}};
    }
    // CUDA
    if (id == "zero-copy" || id == "registered") {
        if (!device.canMapHostMemory)
            return {
                false,
                SHARESCOPE_TR_NOOP("Catalogue", "device cannot map host memory (cudaDevAttrCanMapHostMemory is 0)")};
    }
    if (id.starts_with("managed") && !device.managedMemory)
        return {false,
                SHARESCOPE_TR_NOOP("Catalogue", "device reports no managed memory (cudaDevAttrManagedMemory is 0)")};
    if (id == "managed-prefetch" && !device.concurrentManagedAccess)
        return {false,
                SHARESCOPE_TR_NOOP("Catalogue",
                                   "device lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess is 0), "
                                   "which cudaMemPrefetchAsync to the GPU needs")};
    if (id == "ipc" && !device.unifiedAddressing)
        return {false,
                SHARESCOPE_TR_NOOP(
                    "Catalogue",
                    "device lacks unified addressing (cudaDevAttrUnifiedAddressing is 0), which CUDA IPC needs")};
    return {true, {}};
}

} // namespace sharescope
