// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ipcprotocol.h"
#include "result.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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

// What `sharescope ipc-export --memory` shares: device memory from
// cudaMalloc with a legacy IPC handle (as the ipc mode), cuMemCreate memory
// as a file descriptor (ipc-vmm), an allocation from an exportable pool
// (ipc-pool); managed memory is refused, with the reason.
enum class ExportMemory { Device, Managed, Vmm, Pool };
std::string_view exportMemoryName(ExportMemory memory); // "device", "managed", "vmm", "pool"
std::optional<ExportMemory> exportMemoryFromName(std::string_view name);
inline constexpr std::array allExportMemories{ExportMemory::Device, ExportMemory::Managed, ExportMemory::Vmm,
                                              ExportMemory::Pool};

// A float32 buffer on the GPU, filled and exported for another process
// (CuPy, PyTorch, ...) to open.
class SharedBuffer
{
public:
    virtual ~SharedBuffer() = default;
    virtual ExportMemory memory() const = 0;
    // The legacy IPC handle (device), the pointer's export data (pool), as
    // hex; empty for vmm, whose descriptor is all there is.
    virtual const std::string &handleHex() const = 0;
    virtual std::uint64_t bytes() const = 0;
    // What the other process maps: bytes() rounded up to whole granules for
    // vmm, bytes() otherwise.
    virtual std::uint64_t mappedBytes() const = 0;
    // The descriptors another process needs (vmm: the allocation's, pool:
    // the pool's), owned here; none for device.
    virtual std::vector<int> descriptors() const = 0;
    std::uint64_t count() const { return bytes() / sizeof(float); }
    // Copies the buffer to the host and sums it.
    virtual Result<BufferSummary> summarize() const = 0;
};

Result<std::unique_ptr<SharedBuffer>> exportBuffer(int device, std::uint64_t bytes, FillPattern fill,
                                                   ExportMemory memory);

// The hidden `sharescope ipc-peer` role (see cuda/ipcpeer.h); exit code 3
// without CUDA.
int runIpcPeer();

} // namespace sharescope
