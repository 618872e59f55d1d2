// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportsamples.h"

#include "report/reportconsistency.h"

namespace sharescope {
namespace {

PhaseResult samplePhase(Phase which, std::uint64_t hostNs, int iteration)
{
    PhaseResult result;
    result.phase = which;
    result.hostNs = hostNs;
    if (which == Phase::Kernel)
        result.deviceNs = hostNs / 2;
    result.bytesToDevice = which == Phase::ToDevice ? 4096 : 0;
    result.bytesToHost = which == Phase::ToHost ? 2048 : 0;
    result.bytesAccessed = 3 * 4096;
    Counters counters;
    counters.bytesHostToDevice = which == Phase::Kernel ? 65536 + iteration : 0;
    counters.bytesDeviceToHost = which == Phase::HostRead ? 65536 : 0;
    counters.cpuPageFaults = which == Phase::HostRead ? 16 : 0;
    counters.gpuPageFaultGroups = which == Phase::Kernel ? 3 : 0;
    result.counters = counters; // the other kinds: not reported
    return result;
}

} // namespace

RunReport sampleRun(int iterations, int warmup)
{
    RunReport report;
    report.toolVersion = "0.1.0";
    report.createdUtc = "2026-11-29T10:00:00Z";
    report.environment = {"Linux 6.1 x86_64", "Some CPU", 16, "gcc 12", "Release"};
    report.device.id = "cuda:0";
    report.device.backend = BackendKind::Cuda;
    report.device.name = "A GPU";
    report.device.globalMemoryBytes = 80ULL << 30;
    report.device.managedMemory = true;
    report.spec.deviceId = "cuda:0";
    report.spec.mode = ModeId::Managed;
    report.spec.kernel = KernelId::Gather;
    report.spec.bytes = 1 << 20;
    report.spec.iterations = iterations;
    report.spec.warmup = warmup;
    report.commandLine = report.spec.commandLine();
    const std::uint64_t base = 0x7f0000000000ULL;
    report.buffers
        = {{"x", ElementType::UInt32, BufferRole::Input, 1 << 20, "managed", std::nullopt, true, base},
           {"perm", ElementType::UInt32, BufferRole::Input, 1 << 20, "managed", std::nullopt, true, base + (1 << 20)},
           {"out", ElementType::UInt32, BufferRole::Output, 1 << 20, "managed", std::nullopt, true, base + (2 << 20)}};
    report.alloc = samplePhase(Phase::Alloc, 1000, -1);
    for (int i = 0; i < iterations + warmup; ++i) {
        IterationResult iteration{i, i < warmup, {}};
        for (const Phase p : iterationPhases)
            iteration.phases.push_back(samplePhase(p, 100 + 10 * static_cast<std::uint64_t>(i % 7), i));
        report.iterations.push_back(iteration);
    }
    report.free = samplePhase(Phase::Free, 2000, -1);
    report.verification.mismatches = 2;
    report.verification.first = {{"out", 7, 1.5, 2.5}, {"out", 9, 3, 4}};
    report.verification.checked = *expectedChecked(report);
    report.counted.enabled = true;
    report.counted.migrations
        = {{CounterKind::BytesHostToDevice, 10, 20, base, 65536, MigrationCause::Coherence, -1, -1, 0, Phase::Kernel},
           {CounterKind::CpuPageFault, 30, 30, base + 4096, 0x401234, MigrationCause::Unknown, -1, -1, 0,
            Phase::HostRead}};
    report.counted.residency.chunkBytes = 65536;
    for (const BufferReport &buffer : report.buffers)
        report.counted.residency.buffers.push_back(
            {buffer.name, buffer.address, buffer.bytes, hostWrites(buffer.role)});
    const std::vector<std::string> untouched(3, std::string(16, '.'));
    report.counted.residency.snapshots.push_back({-1, Phase::Alloc, untouched});
    for (int i = 0; i < iterations + warmup; ++i) {
        for (const Phase p : iterationPhases) {
            std::vector<std::string> chunks(3, std::string(16, p == Phase::HostInit ? 'h' : 'd'));
            chunks[2].assign(16, '.').replace(0, 8, 8, 'd'); // out: its first half on the device, the rest untouched
            report.counted.residency.snapshots.push_back({i, p, chunks});
        }
    }
    return report;
}

} // namespace sharescope
