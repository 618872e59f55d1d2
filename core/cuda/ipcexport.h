// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/cudaerror.h"
#include "ipc.h"
#include "ipcprotocol.h"
#include "result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sharescope::cuda {

class ExportedBuffers;

// SharedBuffer on the GPU (see ../ipc.h), made and exported the way the
// matching ipc mode does it (ipcmemory.h).
class IpcExport final : public SharedBuffer
{
public:
    // Refuses managed memory: no CUDA export route takes it.
    static Result<std::unique_ptr<IpcExport>> create(int device, std::uint64_t bytes, FillPattern fill,
                                                     ExportMemory memory);
    ~IpcExport() override;

    ExportMemory memory() const override { return m_memory; }
    const std::string &handleHex() const override { return m_handle; }
    std::uint64_t bytes() const override { return m_bytes; }
    std::uint64_t mappedBytes() const override { return m_mappedBytes; }
    std::vector<int> descriptors() const override { return m_descriptors; }
    Result<BufferSummary> summarize() const override;

private:
    IpcExport() = default;
    void *pointer() const;

    int m_device = 0;
    ExportMemory m_memory = ExportMemory::Device;
    ContextHealth m_health; // before m_buffers, which refer to it
    std::unique_ptr<ExportedBuffers> m_buffers;
    std::uint64_t m_bytes = 0;
    std::uint64_t m_mappedBytes = 0;
    FillPattern m_fill;
    std::string m_handle;
    std::vector<int> m_descriptors;
};

} // namespace sharescope::cuda
