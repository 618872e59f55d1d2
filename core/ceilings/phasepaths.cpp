// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/phasepaths.h"

#include "peers.h"

#include <algorithm>

namespace sharescope {

// Which paths each phase loads, by mode family, on a device with its own
// memory behind a bus (a discrete GPU):
//
//   family            host-init  to-device            kernel                      to-host              host-read
//   Copy, Ipc,        host mem   bus h→d: the copies  device mem                  bus d→h: the copies  host mem
//   ClCopy
//   Mapped            host mem   nothing moves        bus h→d: its reads,         nothing moves        host mem
//                                                     bus d→h: its writes
//   Managed           host mem   bus h→d: prefetch    device mem                  bus d→h: prefetch    host mem
//   ClMap, ClSvm      host mem   bus h→d: a map's     device mem                  bus d→h: a map's     host mem
//                                copy, if any                                     copy, if any
//
// - The bus is full duplex: a zero-copy kernel's reads and writes are held
//   against each direction separately.
// - Managed memory also migrates on faults, in any phase (host-init and
//   host-read fault pages back, the kernel faults them over). Where the
//   driver's counters say how many bytes migrated, those are the bus's load,
//   and certain; without them a prefetch's bytes are what was asked for,
//   which may exceed what moved (pages already there, or never touched).
// - OpenCL's map and SVM modes leave the moving to the driver: a map's copy
//   may be made then or later, so its bytes are not certain. Their kernels
//   are held against device memory, which bounds whatever the driver did.
// - ping-pong runs its rounds inside the kernel phase: their copies load the
//   bus there too.
// - The peer modes: peer-copy's copies between the two GPUs load the link
//   between them, device→peer in to-device and peer→device in to-host; the
//   peer-access kernel's reads of the device's memory load device→peer and
//   its writes peer→device (each direction held separately, as zero-copy's
//   bus). Their staging copies (host-init, host-read) load the bus. A kernel
//   on the peer's own memory is held against the device's memory only where
//   the two GPUs are the same model. managed-peer-prefetch's prefetches
//   load the link as peer-copy's copies do; managed-peer's kernel faults are
//   not held against it (the device-to-device bytes of a phase do not say
//   which way they went).
// - A device that works in host memory (a CPU, an integrated GPU) has no bus
//   and no memory of its own: every load is host memory's, and a copy there
//   reads and writes it (twice its bytes).
namespace {

class Loads
{
public:
    explicit Loads(bool inHostMemory)
        : m_host(inHostMemory)
    {
    }

    // A kernel's or the CPU's own reads and writes.
    void access(Path path, std::uint64_t bytes, std::uint64_t footprint, bool certain = true)
    {
        add({m_host ? Path::HostMemory : path, bytes, footprint, certain});
    }
    // Bytes carried over the link between the device and its peer.
    void link(Path direction, std::uint64_t bytes, bool certain = true) { add({direction, bytes, bytes, certain}); }
    // A copy between host and device memory.
    void copy(Path direction, std::uint64_t bytes, bool certain)
    {
        if (m_host)
            add({Path::HostMemory, 2 * bytes, bytes, certain});
        else
            add({direction, bytes, bytes, certain});
    }

    std::vector<PathLoad> take() { return std::move(m_loads); }

private:
    void add(PathLoad load)
    {
        if (load.bytes == 0)
            return;
        const auto same = std::ranges::find(m_loads, load.path, &PathLoad::path);
        if (same == m_loads.end()) {
            m_loads.push_back(load);
            return;
        }
        same->bytes += load.bytes;
        same->footprint += load.footprint;
        same->certain = same->certain && load.certain;
    }

    const bool m_host;
    std::vector<PathLoad> m_loads;
};

void addCopies(Loads &loads, const PhaseResult &phase, ModeFamily family)
{
    const bool counted = phase.counters && phase.counters->bytesHostToDevice && phase.counters->bytesDeviceToHost;
    if (family == ModeFamily::Managed && counted) {
        loads.copy(Path::HostToDevice, *phase.counters->bytesHostToDevice, true);
        loads.copy(Path::DeviceToHost, *phase.counters->bytesDeviceToHost, true);
        return;
    }
    const bool certain = family == ModeFamily::Copy || family == ModeFamily::Ipc || family == ModeFamily::ClCopy
        || family == ModeFamily::Peer;
    loads.copy(Path::HostToDevice, phase.bytesToDevice, certain);
    loads.copy(Path::DeviceToHost, phase.bytesToHost, certain);
}

// What to-device and to-host move between the two GPUs: peer-copy's copies,
// managed-peer-prefetch's prefetches (the driver's device-to-device bytes
// where counted, else what was asked, which may exceed what moved).
void addLinkCopies(Loads &loads, const PhaseResult &phase, const ExperimentSpec &spec)
{
    const Path direction = phase.phase == Phase::ToDevice ? Path::DeviceToPeer : Path::PeerToDevice;
    if (spec.modeInfo().family == ModeFamily::Peer) {
        loads.link(direction, phase.bytesBetweenDevices);
    } else if (spec.modeInfo().prefetch == Prefetch::ToPeer) {
        const auto counted = phase.counters ? phase.counters->bytesDeviceToDevice : std::nullopt;
        loads.link(direction, counted.value_or(phase.bytesBetweenDevices), counted.has_value());
    }
}

// Whether the kernel runs on memory whose ceiling is the device's own.
bool kernelOnDeviceMemory(const ExperimentSpec &spec, const DeviceInfo &device)
{
    if (spec.modeInfo().peerAccess == PeerAccessUse::Required)
        return false; // the peer's kernel, across the link
    if (!spec.modeInfo().needsPeer())
        return true;
    const PeerLink *link = peerLink(device, spec.peerId);
    return link && link->peerName == device.name;
}

void addKernel(Loads &loads, const PhaseResult &phase, const ExperimentSpec &spec, const DeviceInfo &device)
{
    const KernelInfo &kernel = spec.kernelInfo();
    if (spec.modeInfo().peerAccess == PeerAccessUse::Required) { // the peer's kernel on the device's memory
        const auto reads = static_cast<std::uint64_t>(static_cast<double>(phase.bytesAccessed) * readShare(kernel));
        loads.link(Path::DeviceToPeer, reads);
        loads.link(Path::PeerToDevice, phase.bytesAccessed - reads);
        return;
    }
    if (!kernelOnDeviceMemory(spec, device))
        return;
    if (spec.modeInfo().family == ModeFamily::Mapped) {
        const auto reads = static_cast<std::uint64_t>(static_cast<double>(phase.bytesAccessed) * readShare(kernel));
        loads.access(Path::HostToDevice, reads, reads);
        loads.access(Path::DeviceToHost, phase.bytesAccessed - reads, phase.bytesAccessed - reads);
        return;
    }
    loads.access(Path::DeviceMemory, phase.bytesAccessed, kernel.buffers.size() * spec.bytes);
}

} // namespace

double readShare(const KernelInfo &kernel)
{
    int reads = 0;
    int writes = 0;
    for (const BufferSpec &buffer : kernel.buffers) {
        reads += kernelReads(buffer.role) ? 1 : 0;
        writes += kernelWrites(buffer.role) ? 1 : 0;
    }
    return reads + writes == 0 ? 0.0 : static_cast<double>(reads) / (reads + writes);
}

std::vector<PathLoad> pathLoads(const PhaseResult &phase, const ExperimentSpec &spec, const DeviceInfo &device)
{
    Loads loads(sharesHostMemory(device));
    const ModeFamily family = spec.modeInfo().family;
    switch (phase.phase) {
    case Phase::HostInit:
    case Phase::HostRead:
        loads.access(Path::HostMemory, phase.bytesAccessed, phase.bytesAccessed);
        addCopies(loads, phase, family);
        break;
    case Phase::ToDevice:
    case Phase::ToHost:
        addCopies(loads, phase, family);
        addLinkCopies(loads, phase, spec);
        break;
    case Phase::Kernel:
        addKernel(loads, phase, spec, device);
        addCopies(loads, phase, family);
        break;
    case Phase::Alloc:
    case Phase::IpcOpen:
    case Phase::Free:
        break;
    }
    return loads.take();
}

} // namespace sharescope
