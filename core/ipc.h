// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ipcprotocol.h"
#include "result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sharescope {

// CUDA IPC for the front ends, whether or not this build has CUDA: without
// it every call says so.

struct BufferSummary
{
    double checksum = 0; // the sum of every element, in double precision
    std::vector<float> first; // the first few elements
    std::uint64_t changed = 0; // elements that no longer hold the fill pattern
};

// A float32 buffer in device memory, filled and exported through a CUDA IPC
// handle for another process (CuPy, PyTorch, ...) to open.
class SharedBuffer
{
public:
    virtual ~SharedBuffer() = default;
    virtual const std::string &handleHex() const = 0;
    virtual std::uint64_t bytes() const = 0;
    std::uint64_t count() const { return bytes() / sizeof(float); }
    // Copies the buffer to the host and sums it.
    virtual Result<BufferSummary> summarize() const = 0;
};

// Refuses managed memory: the legacy IPC API exports cudaMalloc memory only.
Result<std::unique_ptr<SharedBuffer>> exportBuffer(int device, std::uint64_t bytes, FillPattern fill, bool managed);

// The hidden `sharescope ipc-peer` role (see cuda/ipcpeer.h); exit code 3
// without CUDA.
int runIpcPeer();

} // namespace sharescope
