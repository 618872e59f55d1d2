// SPDX-License-Identifier: GPL-3.0-or-later
#include "phase.h"

#include "trnoop.h"

namespace sharescope {
namespace {

constexpr std::array<CounterField, 11> counterTable{{
    {"bytesHostToDevice", "um_bytes_htod", &Counters::bytesHostToDevice, CounterUnit::Bytes,
     SHARESCOPE_TR_NOOP("Counters", "host→device"), true},
    {"bytesDeviceToHost", "um_bytes_dtoh", &Counters::bytesDeviceToHost, CounterUnit::Bytes,
     SHARESCOPE_TR_NOOP("Counters", "device→host"), true},
    {"cpuPageFaults", "um_cpu_page_faults", &Counters::cpuPageFaults, CounterUnit::Count,
     SHARESCOPE_TR_NOOP("Counters", "CPU faults"), true},
    {"gpuPageFaultGroups", "um_gpu_page_fault_groups", &Counters::gpuPageFaultGroups, CounterUnit::Count,
     SHARESCOPE_TR_NOOP("Counters", "GPU fault groups"), true},
    {"thrashing", "um_thrashing", &Counters::thrashing, CounterUnit::Count, SHARESCOPE_TR_NOOP("Counters", "thrashing"),
     true},
    {"throttling", "um_throttling", &Counters::throttling, CounterUnit::Count,
     SHARESCOPE_TR_NOOP("Counters", "throttling"), true},
    {"remoteMaps", "um_remote_maps", &Counters::remoteMaps, CounterUnit::Count,
     SHARESCOPE_TR_NOOP("Counters", "remote maps"), true},
    {"bytesDeviceToDevice", "um_bytes_dtod", &Counters::bytesDeviceToDevice, CounterUnit::Bytes,
     SHARESCOPE_TR_NOOP("Counters", "device→device"), true},
    {"gpuPageFaults", "um_gpu_page_faults", &Counters::gpuPageFaults, CounterUnit::Count,
     SHARESCOPE_TR_NOOP("Counters", "GPU faults"), true},
    {"recordedBytesHostToDevice", "um_recorded_htod", &Counters::recordedHostToDevice, CounterUnit::Bytes,
     SHARESCOPE_TR_NOOP("Counters", "recorded host→device"), false},
    {"recordedBytesDeviceToHost", "um_recorded_dtoh", &Counters::recordedDeviceToHost, CounterUnit::Bytes,
     SHARESCOPE_TR_NOOP("Counters", "recorded device→host"), false},
}};

} // namespace

std::span<const CounterField> counterFields()
{
    return counterTable;
}

std::string_view phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Alloc:
        return "alloc";
    case Phase::IpcOpen:
        return "ipc-open";
    case Phase::HostInit:
        return "host-init";
    case Phase::ToDevice:
        return "to-device";
    case Phase::Kernel:
        return "kernel";
    case Phase::ToHost:
        return "to-host";
    case Phase::HostRead:
        return "host-read";
    case Phase::Free:
        return "free";
    }
    return "?";
}

std::optional<Phase> phaseFromName(std::string_view name)
{
    for (const Phase phase : allPhases) {
        if (phaseName(phase) == name)
            return phase;
    }
    return std::nullopt;
}

std::uint64_t PhaseResult::timeNs() const
{
    if (phase == Phase::HostInit || phase == Phase::HostRead)
        return hostNs;
    return deviceNs.value_or(hostNs);
}

std::optional<double> PhaseResult::bandwidth() const
{
    if (bytesAccessed == 0 || timeNs() == 0)
        return std::nullopt;
    return static_cast<double>(bytesAccessed) * 1e9 / static_cast<double>(timeNs());
}

} // namespace sharescope
