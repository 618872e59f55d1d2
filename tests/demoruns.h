// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Devices and synthetic runs for the demos' tests: what a demo's lesson or
// question reads, with numbers chosen by the test.

#include "report/runreport.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sharescope::testing {

inline DeviceInfo cpuOpenCl()
{
    DeviceInfo device;
    device.id = "opencl:0";
    device.backend = BackendKind::OpenCL;
    device.name = "a CPU";
    device.versionMajor = 3;
    device.cpuDevice = true;
    device.hostUnifiedMemory = true;
    device.svmCoarseBuffer = true;
    device.globalMemoryBytes = 8ULL << 30;
    device.maxAllocationBytes = 2ULL << 30;
    return device;
}

inline DeviceInfo gpu(bool concurrentManagedAccess)
{
    DeviceInfo device;
    device.id = "cuda:0";
    device.backend = BackendKind::Cuda;
    device.name = "a GPU";
    device.versionMajor = 9;
    device.managedMemory = true;
    device.concurrentManagedAccess = concurrentManagedAccess;
    device.canMapHostMemory = true;
    device.unifiedAddressing = true;
    device.vmmFileDescriptors = true;
    device.poolFileDescriptors = true;
    device.globalMemoryBytes = 80ULL << 30;
    device.maxAllocationBytes = 80ULL << 30;
    return device;
}

// What one phase of a synthetic run measured.
struct PhaseNumbers
{
    Phase phase;
    std::uint64_t hostNs;
    std::uint64_t toDevice = 0;
    std::uint64_t toHost = 0;
    std::optional<Counters> counters = std::nullopt;
    std::optional<std::uint64_t> deviceNs = std::nullopt;
};

// A run of `mode` whose three measured iterations all measured `numbers`
// (phases not given took 1 µs and moved nothing).
inline RunReport runOf(const DeviceInfo &device, ModeId mode, KernelId kernel, std::uint64_t bytes,
                       const std::vector<PhaseNumbers> &numbers, bool counters)
{
    RunReport report;
    report.device = device;
    report.spec.deviceId = device.id;
    report.spec.mode = mode;
    report.spec.kernel = kernel;
    report.spec.bytes = bytes;
    report.counted.enabled = counters;
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration;
        iteration.index = i;
        for (const Phase phase : iterationPhases) {
            PhaseResult result;
            result.phase = phase;
            result.hostNs = 1000;
            result.bytesAccessed = phase == Phase::Kernel ? 3 * bytes : 0;
            if (counters)
                result.counters = Counters{0, 0, 0, 0, 0, 0, 0, 0};
            for (const PhaseNumbers &n : numbers) {
                if (n.phase != phase)
                    continue;
                result.hostNs = n.hostNs;
                result.bytesToDevice = n.toDevice;
                result.bytesToHost = n.toHost;
                if (n.counters)
                    result.counters = n.counters;
                result.deviceNs = n.deviceNs;
            }
            iteration.phases.push_back(result);
        }
        report.iterations.push_back(iteration);
    }
    return report;
}

} // namespace sharescope::testing
