#pragma once

#include "../ipcprotocol.h"
#include "../result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sharescope::cuda {

struct BufferSummary
{
    double checksum = 0; // the sum of every element, in double precision
    std::vector<float> first; // the first few elements
    std::uint64_t changed = 0; // elements that no longer hold the fill pattern
};

// A float32 buffer in device memory, filled and exported through a CUDA IPC
// handle for another process (CuPy, PyTorch, ...) to open.
class IpcExport
{
public:
    // Refuses managed memory: the legacy IPC API exports cudaMalloc memory only.
    static Result<std::unique_ptr<IpcExport>> create(int device, std::uint64_t bytes, FillPattern fill, bool managed);
    ~IpcExport();

    const std::string &handleHex() const { return m_handle; }
    std::uint64_t count() const { return m_bytes / sizeof(float); }
    std::uint64_t bytes() const { return m_bytes; }
    // Copies the buffer to the host and sums it.
    Result<BufferSummary> summarize() const;

private:
    IpcExport() = default;

    int m_device = 0;
    void *m_pointer = nullptr;
    std::uint64_t m_bytes = 0;
    FillPattern m_fill;
    std::string m_handle;
};

} // namespace sharescope::cuda
