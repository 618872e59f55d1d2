// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/ipcexport.h"

#include "cuda/cudaerror.h"
#include "cuda/ipcmemory.h"
#include "ipcprotocol.h"
#include "trnoop.h"

#include <cuda_runtime_api.h>

namespace sharescope::cuda {
namespace {

IpcMemory ipcMemoryOf(ExportMemory memory)
{
    switch (memory) {
    case ExportMemory::Vmm:
        return IpcMemory::VmmDescriptor;
    case ExportMemory::Pool:
        return IpcMemory::PoolDescriptor;
    case ExportMemory::Device:
    case ExportMemory::Managed:
        break;
    }
    return IpcMemory::LegacyHandle;
}

} // namespace

Result<std::unique_ptr<IpcExport>> IpcExport::create(int device, std::uint64_t bytes, FillPattern fill,
                                                     ExportMemory memory)
{
    if (memory == ExportMemory::Managed) {
        return unsupported(SHARESCOPE_TR_NOOP("Core",
                                              "managed memory cannot be shared with another process: CUDA exports "
                                              "only device memory (cudaMalloc with a legacy IPC handle, cuMemCreate "
                                              "or a memory pool with a file descriptor)"),
                           {});
    }
    std::unique_ptr<IpcExport> exported(new IpcExport);
    ContextHealth &health = exported->m_health;
    exported->m_device = device;
    exported->m_memory = memory;
    exported->m_bytes = bytes;
    exported->m_fill = fill;
    SHARESCOPE_CUDA_TRY(health, cudaSetDevice(device));
    std::size_t free = 0;
    std::size_t total = 0;
    SHARESCOPE_CUDA_TRY(health, cudaMemGetInfo(&free, &total));
    if (bytes > free / 10 * 8)
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--size is too large: ShareScope uses at most 80% of the %1 MiB the GPU "
                                              "has free"),
                           {std::to_string(free >> 20)});
    exported->m_buffers = makeExportedBuffers(ipcMemoryOf(memory), health);
    if (Status made = exported->m_buffers->allocate(device, 1, bytes); !made)
        return made.error();
    std::vector<float> host(exported->count());
    for (std::uint64_t i = 0; i < host.size(); ++i)
        host[i] = fill.at(i);
    SHARESCOPE_CUDA_TRY(health, cudaMemcpy(exported->pointer(), host.data(), bytes, cudaMemcpyHostToDevice));
    SHARESCOPE_CUDA_TRY(health, cudaDeviceSynchronize());
    PeerOpen open;
    auto descriptors = exported->m_buffers->exportTo(open);
    if (!descriptors)
        return descriptors.error();
    exported->m_descriptors = *descriptors; // still owned by m_buffers
    exported->m_handle = open.memoryHandles.empty() ? std::string() : open.memoryHandles.front();
    exported->m_mappedBytes = open.mappedBytes.empty() ? bytes : open.mappedBytes.front();
    return exported;
}

IpcExport::~IpcExport()
{
    if (m_buffers) {
        cudaSetDevice(m_device);
        cudaDeviceSynchronize();
        m_buffers->release();
    }
}

void *IpcExport::pointer() const
{
    return m_buffers->pointers().front();
}

Result<BufferSummary> IpcExport::summarize() const
{
    ContextHealth health;
    std::vector<float> host(count());
    SHARESCOPE_CUDA_TRY(health, cudaSetDevice(m_device));
    SHARESCOPE_CUDA_TRY(health, cudaDeviceSynchronize());
    SHARESCOPE_CUDA_TRY(health, cudaMemcpy(host.data(), pointer(), m_bytes, cudaMemcpyDeviceToHost));
    BufferSummary summary;
    for (std::uint64_t i = 0; i < host.size(); ++i) {
        summary.checksum += static_cast<double>(host[i]);
        summary.changed += host[i] != m_fill.at(i) ? 1 : 0;
    }
    summary.first.assign(host.begin(),
                         host.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, host.size())));
    return summary;
}

} // namespace sharescope::cuda
