// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/residency.h"

#include "catalogue.h"

#include <algorithm>

namespace sharescope {
namespace {

// What the run has done to one buffer's chunks so far, as far as the pages
// cannot tell: which chunks anything has touched, which a GPU has read, and
// the GPU that had each last.
struct Touches
{
    std::vector<bool> touched;
    std::vector<bool> gpuRead;
    std::string gpu;
};

// Whether the GPU's pattern (every strideBytes-th byte) lands in a chunk.
bool gpuTouchesChunk(const ResidencyBuffer &buffer, std::uint64_t chunkBytes, std::size_t c)
{
    if (buffer.gpuStrideBytes == 0)
        return true;
    const std::uint64_t start = c * chunkBytes;
    const std::uint64_t end = std::min(start + chunkBytes, buffer.bytes);
    const std::uint64_t first = (start + buffer.gpuStrideBytes - 1) / buffer.gpuStrideBytes * buffer.gpuStrideBytes;
    return first < end;
}

// The GPU a phase puts a chunk on, if it puts it on one.
std::optional<Location> placedBy(const GpuPlacement &placement, Phase phase, bool kernelTouches)
{
    switch (phase) {
    case Phase::HostInit:
        return placement.hostInit;
    case Phase::ToDevice:
        return placement.toDevice;
    case Phase::Kernel:
        return kernelTouches ? std::optional(placement.kernel) : std::nullopt;
    case Phase::ToHost:
        return placement.toHost;
    case Phase::Alloc:
    case Phase::IpcOpen:
    case Phase::HostRead:
    case Phase::Free:
        break;
    }
    return std::nullopt;
}

void applyPhase(const ResidencyBuffer &buffer, std::uint64_t chunkBytes, Phase phase, const GpuPlacement &placement,
                Touches &t)
{
    for (std::size_t c = 0; c < t.touched.size(); ++c) {
        if (phase == Phase::HostInit && buffer.hostWritten) {
            t.touched[c] = true;
            t.gpuRead[c] = false; // a write on the CPU drops the GPU's copy
        }
        // What the kernel never touches (first-touch's CPU-only buffer) no
        // mode takes to a GPU: no fault, no prefetch.
        if (!buffer.kernelTouched)
            continue;
        // managed-prefetch prefetches only what both sides touch: the
        // GPU-only buffer is placed by the kernel's first touch.
        if (!buffer.hostTouched && phase == Phase::ToDevice && placement.toDevice == Location::Device)
            continue;
        if (const auto gpu = placedBy(placement, phase, gpuTouchesChunk(buffer, chunkBytes, c))) {
            t.touched[c] = t.gpuRead[c] = true;
            t.gpu[c] = static_cast<char>(*gpu);
        }
    }
}

char locationOf(const ResidencyBuffer &buffer, const ChunkPages &pages, const Touches &t, std::size_t c)
{
    switch (pages.presence()) {
    case PagePresence::All:
        return static_cast<char>(buffer.readMostly && t.gpuRead[c] ? Location::Both : Location::Host);
    case PagePresence::Some:
        return static_cast<char>(Location::Partly);
    case PagePresence::None:
        break;
    }
    if (!t.touched[c])
        return static_cast<char>(Location::Untouched);
    return buffer.preferredHost ? static_cast<char>(Location::Remote) : t.gpu[c];
}

} // namespace

GpuPlacement gpuPlacement(ModeId mode)
{
    const ModeInfo &info = modeInfo(mode);
    GpuPlacement placement;
    if (info.kernelPlace == KernelPlace::Peer) {
        // Every buffer starts each iteration on the device; the peer's kernel
        // faults it over, or a prefetch takes it there and back.
        placement.hostInit = Location::Device;
        placement.kernel = Location::Peer;
    }
    switch (info.prefetch) {
    case Prefetch::None:
        break;
    case Prefetch::ToDevice:
        placement.toDevice = Location::Device;
        break;
    case Prefetch::ToPeer:
        placement.toDevice = Location::Peer;
        placement.toHost = Location::Device;
        break;
    }
    return placement;
}

Residency residencyFromPages(const std::vector<ResidencyBuffer> &buffers, const std::vector<PhaseWindow> &windows,
                             std::uint64_t chunkBytes, const GpuPlacement &placement)
{
    Residency residency{ResidencySource::Pages, chunkBytes, buffers, {}, 0};
    std::vector<Touches> touches;
    for (const ResidencyBuffer &buffer : buffers) {
        const std::size_t chunks = (buffer.bytes + chunkBytes - 1) / chunkBytes;
        touches.push_back({std::vector<bool>(chunks, false), std::vector<bool>(chunks, false),
                           std::string(chunks, static_cast<char>(Location::Device))});
    }
    for (const PhaseWindow &window : windows) {
        if (window.phase == Phase::Free)
            continue; // nothing is left to show
        ResidencySnapshot snapshot{window.iteration, window.phase, {}, 0};
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            applyPhase(buffers[b], chunkBytes, window.phase, placement, touches[b]);
            std::string chunks(touches[b].touched.size(), static_cast<char>(Location::Untouched));
            const bool read = b < window.hostPages.size() && window.hostPages[b].size() == chunks.size();
            for (std::size_t c = 0; read && c < chunks.size(); ++c)
                chunks[c] = locationOf(buffers[b], window.hostPages[b][c], touches[b], c);
            snapshot.chunks.push_back(std::move(chunks));
        }
        residency.snapshots.push_back(std::move(snapshot));
    }
    return residency;
}

} // namespace sharescope
