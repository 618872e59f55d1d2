// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reports whose phases stand at known shares of their ceilings, for the
// tests of the tables, the CSV and the models.

#include "report/runreport.h"

#include <cstdint>

namespace sharescope::testing {

inline constexpr std::uint64_t mib = 1 << 20;

// An H200-like device: PCIe 5 x16 each way (63.0 GB/s) and HBM at 4.8 TB/s
// by specification; a calibration that reached 55 GB/s on the bus, 4.2 TB/s
// in device memory and 80 GB/s in host memory, which has no specification.
inline Ceilings gpuCeilings()
{
    Ceilings c;
    const auto at = [](Path p) { return static_cast<std::size_t>(p); };
    c.specification[at(Path::HostToDevice)].bytesPerSecond = 63e9;
    c.specification[at(Path::DeviceToHost)].bytesPerSecond = 63e9;
    c.specification[at(Path::DeviceMemory)].bytesPerSecond = 4.8e12;
    c.measured[at(Path::HostToDevice)].bytesPerSecond = 55e9;
    c.measured[at(Path::DeviceToHost)].bytesPerSecond = 55e9;
    c.measured[at(Path::DeviceMemory)].bytesPerSecond = 4.2e12;
    c.measured[at(Path::HostMemory)].bytesPerSecond = 80e9;
    c.deviceCacheBytes = 50 * mib;
    c.calibratedUtc = "2026-11-30T09:00:00Z";
    return c;
}

inline std::uint64_t nsFor(std::uint64_t bytes, double bytesPerSecond)
{
    return static_cast<std::uint64_t>(static_cast<double>(bytes) * 1e9 / bytesPerSecond + 0.5);
}

// vector-add at 256 MiB per buffer, two measured iterations after a
// warm-up, every iteration alike:
//   host-init  512 MiB at  8 GB/s  host memory:    10% of measured, no specification
//   to-device  512 MiB at 50 GB/s  PCIe host→dev:  91% of measured, 79% of specification
//   kernel     768 MiB at `kernelRate` in device memory (3.36 TB/s: 80% and 70%)
//   to-host    256 MiB at 44 GB/s  PCIe dev→host:  80% of measured, 70% of specification
//   host-read  768 MiB at  8 GB/s  host memory
// ceilings: gpuCeilings(), or none (a report written before ceilings).
inline RunReport gpuReport(ModeId mode, bool withCeilings, double kernelRate = 3.36e12, std::uint64_t bytes = 256 * mib)
{
    RunReport r;
    r.device.id = "cuda:0";
    r.device.name = "test GPU";
    r.device.backend = BackendKind::Cuda;
    r.device.cacheBytes = 50 * mib;
    r.spec.mode = mode;
    r.spec.kernel = KernelId::VectorAdd;
    r.spec.bytes = bytes;
    r.spec.iterations = 2;
    r.spec.warmup = 1;
    r.alloc.phase = Phase::Alloc;
    r.alloc.hostNs = 5000;
    const std::uint64_t scale = bytes / (256 * mib);
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration{i, i == 0, {}};
        const auto add
            = [&](Phase phase, std::uint64_t accessed, std::uint64_t toDevice, std::uint64_t toHost, double rate) {
                  PhaseResult p;
                  p.phase = phase;
                  p.bytesAccessed = accessed * scale;
                  p.bytesToDevice = toDevice * scale;
                  p.bytesToHost = toHost * scale;
                  p.hostNs = nsFor(p.bytesAccessed, rate);
                  p.deviceNs = p.hostNs;
                  iteration.phases.push_back(p);
              };
        add(Phase::HostInit, 512 * mib, 0, 0, 8e9);
        add(Phase::ToDevice, 512 * mib, 512 * mib, 0, 50e9);
        add(Phase::Kernel, 768 * mib, 0, 0, kernelRate);
        add(Phase::ToHost, 256 * mib, 0, 256 * mib, 44e9);
        add(Phase::HostRead, 768 * mib, 0, 0, 8e9);
        r.iterations.push_back(iteration);
    }
    r.verification = {3 * (bytes / 4), 0, {}};
    if (withCeilings)
        r.ceilings = gpuCeilings();
    return r;
}

// A kernel at 6 TB/s where the memory's specification is 4.8: 25% above
// it, a measurement problem.
inline constexpr double impossibleKernelRate = 6e12;

} // namespace sharescope::testing
