// SPDX-License-Identifier: GPL-3.0-or-later
#include "ipcexport.h"

#include "../ipcprotocol.h"
#include "../trnoop.h"
#include "cudaerror.h"

#include <cuda_runtime_api.h>

namespace sharescope::cuda {

Result<std::unique_ptr<IpcExport>> IpcExport::create(int device, std::uint64_t bytes, FillPattern fill, bool managed)
{
    if (managed) {
        return unsupported(SHARESCOPE_TR_NOOP("Core",
                                              "managed memory cannot be shared this way: the legacy CUDA IPC API "
                                              "(cudaIpcGetMemHandle) exports only cudaMalloc memory"),
                           {});
    }
    ContextHealth health;
    std::unique_ptr<IpcExport> exported(new IpcExport);
    exported->m_device = device;
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
    SHARESCOPE_CUDA_TRY(health, cudaMalloc(&exported->m_pointer, bytes));
    std::vector<float> host(exported->count());
    for (std::uint64_t i = 0; i < host.size(); ++i)
        host[i] = fill.at(i);
    SHARESCOPE_CUDA_TRY(health, cudaMemcpy(exported->m_pointer, host.data(), bytes, cudaMemcpyHostToDevice));
    cudaIpcMemHandle_t handle{};
    SHARESCOPE_CUDA_TRY(health, cudaIpcGetMemHandle(&handle, exported->m_pointer));
    exported->m_handle = toHex({reinterpret_cast<const std::uint8_t *>(&handle), sizeof handle});
    return exported;
}

IpcExport::~IpcExport()
{
    if (m_pointer) {
        cudaSetDevice(m_device);
        cudaFree(m_pointer);
    }
}

Result<BufferSummary> IpcExport::summarize() const
{
    ContextHealth health;
    std::vector<float> host(count());
    SHARESCOPE_CUDA_TRY(health, cudaSetDevice(m_device));
    SHARESCOPE_CUDA_TRY(health, cudaDeviceSynchronize());
    SHARESCOPE_CUDA_TRY(health, cudaMemcpy(host.data(), m_pointer, m_bytes, cudaMemcpyDeviceToHost));
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
