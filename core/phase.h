// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The steps of one run, in order. alloc and free happen once per run; the
// others once per iteration. A phase a mode does not need is still reported,
// with zero bytes and its (small) real time, so that modes line up.
// ipc-open, in the ipc mode only, is the peer process opening the handles:
// once per run, measured by the peer.
enum class Phase { Alloc, IpcOpen, HostInit, ToDevice, Kernel, ToHost, HostRead, Free };

inline constexpr std::array<Phase, 8> allPhases{Phase::Alloc,  Phase::IpcOpen, Phase::HostInit, Phase::ToDevice,
                                                Phase::Kernel, Phase::ToHost,  Phase::HostRead, Phase::Free};
inline constexpr std::array<Phase, 5> iterationPhases{Phase::HostInit, Phase::ToDevice, Phase::Kernel, Phase::ToHost,
                                                      Phase::HostRead};

std::string_view phaseName(Phase phase); // "host-init"
std::optional<Phase> phaseFromName(std::string_view name);

// Unified-memory counters of one phase. A counter the driver did not report
// stays empty and is shown as "not reported", never as zero.
struct Counters
{
    // Bytes migrated each way and CPU page faults: the UVM driver's own
    // exact counts where it reports them (RunReport::countersTotals is
    // Driver), else the sums of CUPTI's records, which are a lower bound when
    // records were lost.
    std::optional<std::uint64_t> bytesHostToDevice;
    std::optional<std::uint64_t> bytesDeviceToHost;
    std::optional<std::uint64_t> cpuPageFaults;
    // CUPTI's records only.
    std::optional<std::uint64_t> gpuPageFaultGroups;
    std::optional<std::uint64_t> thrashing;
    std::optional<std::uint64_t> throttling;
    std::optional<std::uint64_t> remoteMaps;
    std::optional<std::uint64_t> bytesDeviceToDevice;
    // The UVM driver only: GPU page faults it serviced.
    std::optional<std::uint64_t> gpuPageFaults;
    // What CUPTI's records add up to beside the driver's exact bytes: how
    // much of the truth a record-based profiler saw.
    std::optional<std::uint64_t> recordedHostToDevice;
    std::optional<std::uint64_t> recordedDeviceToHost;

    bool operator==(const Counters &) const = default;
};

enum class CounterUnit { Bytes, Count };

// One counter of Counters, for everything that lists them: reports (JSON,
// CSV), tables and the window.
struct CounterField
{
    std::string_view name; // in JSON reports: "bytesHostToDevice"
    std::string_view csvName; // "um_bytes_htod"
    std::optional<std::uint64_t> Counters::*member;
    CounterUnit unit;
    std::string_view label; // marked for translation (context "Counters")
    bool column; // a column of its own in the tables and the window (the recorded bytes are shown as coverage)
};
// In the order of CounterKind (migration.h), which names its first entries.
std::span<const CounterField> counterFields();

// When one host thread's share of a phase began and ended, from the
// phase's start (--host-threads).
struct ThreadSpan
{
    std::uint64_t startNs = 0;
    std::uint64_t endNs = 0;
    bool operator==(const ThreadSpan &) const = default;
};

struct PhaseResult
{
    Phase phase = Phase::Alloc;
    std::uint64_t hostNs = 0; // steady clock around the whole phase
    std::optional<std::uint64_t> deviceNs; // device events, where the backend can time the phase's device work
    std::uint64_t bytesToDevice = 0; // moved explicitly by copies (or a map that returned a copy)
    std::uint64_t bytesToHost = 0;
    // Copied from one GPU to the other (the peer modes): to the peer in
    // to-device, back in to-host.
    std::uint64_t bytesBetweenDevices = 0;
    std::uint64_t bytesAccessed = 0; // read plus written by the phase's work; the bandwidth numerator
    std::optional<Counters> counters; // empty: this backend has no migration counters
    // The same phase's time in the counted pass, which ran the experiment
    // again with the counters on: against timeNs(), what instrumenting it cost.
    std::optional<std::uint64_t> countedNs;
    // --host-threads: each thread's span, in slice order; empty where the
    // phase ran on the run's own thread.
    std::vector<ThreadSpan> threads;
    // The GPU's SM clock at the phase's end, read outside its time (NVML,
    // CUDA only); empty where not reported.
    std::optional<std::uint32_t> smClockMHz;

    std::uint64_t bytesMoved() const { return bytesToDevice + bytesToHost + bytesBetweenDevices; }
    // The time the phase's work took: the device time of a device phase
    // where measured, else the host time. host-init and host-read are the
    // CPU's work, so always host time.
    std::uint64_t timeNs() const;
    // bytesAccessed per second over timeNs(); empty when nothing was accessed.
    std::optional<double> bandwidth() const;
};

} // namespace sharescope
