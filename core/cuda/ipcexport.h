// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../ipc.h"
#include "../ipcprotocol.h"
#include "../result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sharescope::cuda {

// SharedBuffer in device memory (see ../ipc.h).
class IpcExport final : public SharedBuffer
{
public:
    // Refuses managed memory: the legacy IPC API exports cudaMalloc memory only.
    static Result<std::unique_ptr<IpcExport>> create(int device, std::uint64_t bytes, FillPattern fill, bool managed);
    ~IpcExport() override;

    const std::string &handleHex() const override { return m_handle; }
    std::uint64_t bytes() const override { return m_bytes; }
    Result<BufferSummary> summarize() const override;

private:
    IpcExport() = default;

    int m_device = 0;
    void *m_pointer = nullptr;
    std::uint64_t m_bytes = 0;
    FillPattern m_fill;
    std::string m_handle;
};

} // namespace sharescope::cuda
