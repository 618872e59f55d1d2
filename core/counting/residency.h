// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "ids.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// Where each chunk of a managed buffer is, phase by phase. CUDA has no call
// that says where a page is now. Linux says which pages the CPU holds
// (/proc/self/pagemap): where it could be read, the map is built from the
// pages themselves (ResidencySource::Pages) and what the run did says where
// the rest are; elsewhere it is a reconstruction from CUPTI's migration
// records, replayed in time order (ResidencySource::Records).
enum class Location : char {
    Untouched = '.', // nothing has touched it yet
    Host = 'h', // on the host: every page mapped by the CPU
    Partly = 'p', // some of its pages on the host
    Device = 'd', // not on the host after the GPU touched it: on the GPU (--device, where there are two)
    Peer = 'e', // on the second GPU, the peer (--peer): the managed peer modes' third place
    Both = 'b', // read-mostly: the CPU's pages and a copy the GPU read
    Remote = 'r', // on the host, mapped for the GPU only (preferred-host advice, first touched by the GPU)
};
// The letters a snapshot may hold.
bool isLocation(char c);

enum class ResidencySource { Records, Pages };
std::string_view residencySourceName(ResidencySource source); // "records", "pages"
std::optional<ResidencySource> residencySourceFromName(std::string_view name);

struct ResidencyBuffer
{
    std::string name;
    std::uint64_t address = 0;
    std::uint64_t bytes = 0;
    bool hostWritten = false; // host-init writes it
    bool kernelTouched = true; // the kernel reads or writes it (not first-touch's CPU-only buffer)
    bool hostTouched = true; // the host writes or reads it (not first-touch's GPU-only buffer): prefetched
    // What a kernel touches on the GPU: every gpuStrideBytes-th byte (0:
    // all of it); a chunk the pattern misses stays where it was.
    std::uint64_t gpuStrideBytes = 0;
    bool readMostly = false; // advised read-mostly: the GPU reads a copy and the CPU keeps its pages
    bool preferredHost = false; // advised to live on the host: the GPU maps it instead of moving it

    friend bool operator==(const ResidencyBuffer &, const ResidencyBuffer &) = default;
};

struct ResidencySnapshot
{
    int iteration = -1;
    Phase phase = Phase::Alloc;
    std::vector<std::string> chunks; // per buffer, one Location character per chunk
    std::uint64_t unexplainedBytes = 0; // see Residency::unexplainedBytes; found in this phase

    friend bool operator==(const ResidencySnapshot &, const ResidencySnapshot &) = default;
};

struct Residency
{
    ResidencySource source = ResidencySource::Records;
    std::uint64_t chunkBytes = 0;
    std::vector<ResidencyBuffer> buffers;
    std::vector<ResidencySnapshot> snapshots; // one after every window, in order
    // Bytes of chunks that moved device-to-host although the records had
    // left them on the host: proof that the driver dropped records (seen
    // under heavy faulting, and in a run's first faults). Found in the phase
    // after the loss; a lower bound of what is missing.
    std::uint64_t unexplainedBytes = 0;

    friend bool operator==(const Residency &, const Residency &) = default;
};

// The default chunk is 64 KiB; it doubles until a buffer has at most 32768.
std::uint64_t residencyChunkBytes(std::uint64_t largestBuffer, std::uint64_t preferred = 64 * 1024);

// The CUDA devices of a run, as migration records name them: the device,
// and the peer where the mode has one (-1: none). A record that names the
// peer puts its chunks on the peer; any other GPU is the device.
struct ResidencyPlaces
{
    int device = -1;
    int peer = -1;
};

// Replays attributed, time-sorted events (attributeToPhases' output) over the
// buffers and takes a snapshot at the end of every window.
Residency replayResidency(const std::vector<ResidencyBuffer> &buffers, const std::vector<MigrationEvent> &events,
                          const std::vector<PhaseWindow> &windows, std::uint64_t chunkBytes,
                          ResidencyPlaces places = {});

// Where a mode's phases put managed chunks on a GPU, which the CPU's pages
// cannot show: the GPU each prefetch moves every buffer to, and the one
// whose kernel touches them. Empty: the phase puts nothing on a GPU.
struct GpuPlacement
{
    std::optional<Location> hostInit; // after the CPU's writes (the managed peer modes: to the device)
    std::optional<Location> toDevice; // prefetched there
    Location kernel = Location::Device;
    std::optional<Location> toHost; // managed-peer-prefetch: back to the device
};
GpuPlacement gpuPlacement(ModeId mode);

// The map from the pages the CPU held after every window (each window's
// hostPages, one entry per buffer, chunkBytes apart): on the host, partly,
// or not. Where the CPU holds none, what the run did decides: untouched
// until something touched the chunk, else on the GPU that last had it (as
// `placement` says), or on the host for the GPU only under preferred-host
// advice; read-mostly chunks the GPU has read are on both.
Residency residencyFromPages(const std::vector<ResidencyBuffer> &buffers, const std::vector<PhaseWindow> &windows,
                             std::uint64_t chunkBytes, const GpuPlacement &placement);

// "hhhh....dd" <-> "4h4.2d": how snapshots travel in the report.
std::string runLengthEncode(const std::string &chunks);
std::optional<std::string> runLengthDecode(std::string_view encoded, std::size_t maxLength);

} // namespace sharescope
