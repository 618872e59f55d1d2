// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: timings are ratios measured within one run). On the
// first CUDA device, each ShareScope figure is compared with the bare CUDA
// operation it should approach, measured in the same process, alternately:
//   1. vector-add's kernel phase in `device` mode, against a device-to-device
//      cudaMemcpy (both counting bytes read plus written): at least 85%;
//   2. `pinned` to-device, against a bare cudaMemcpy from pinned memory of the
//      same size: at least 90%;
//   3. `managed-prefetch` to-device, against `pinned` to-device: at least 80%;
//   4. managed vector-add with the counters on, against off: the timed
//      iterations within 5% (the counters come from a separate counted pass
//      in a child process; this checks the timed run is left alone), and
//      what the counted pass itself cost, per phase, with the driver's own
//      migration records (its event queue) and, in two more runs of each
//      round, with none (the exact counters alone: the floor) and with
//      CUPTI's: the counted kernel phase with the driver's records within
//      1.3 x the timed one.
// Usage: bench_cuda [--size S] [--rounds N] [--kinds LIST]; exit 1 if a target
// is missed. --kinds picks the unified-memory counter kinds CUPTI configures
// in the counted pass ("all", the default, or names as the report spells
// them, comma-separated: --kinds cpuPageFaults,gpuPageFaultGroups), to tell
// which kinds cost time; docs/measurements/tools/gpu-bench-kinds.sh runs it once per set.

#include "benchoptions.h"
#include "bytesize.h"
#include "run/devices.h"
#include "run/engine.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace sharescope;

namespace {

std::uint64_t median(std::vector<std::uint64_t> values)
{
    std::ranges::sort(values);
    return values.empty() ? 0 : values[values.size() / 2];
}

double gbps(std::uint64_t bytes, std::uint64_t ns)
{
    return ns ? static_cast<double>(bytes) / static_cast<double>(ns) : 0;
}

bool check(cudaError_t error, const char *what)
{
    if (error != cudaSuccess)
        std::fprintf(stderr, "bench: %s failed: %s\n", what, cudaGetErrorString(error));
    return error == cudaSuccess;
}

// Times `op` on the default stream with events, in nanoseconds.
std::uint64_t timedNs(const std::function<cudaError_t()> &op)
{
    cudaEvent_t start = nullptr, stop = nullptr;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, nullptr);
    const bool ok = check(op(), "bare copy");
    cudaEventRecord(stop, nullptr);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ok ? static_cast<std::uint64_t>(static_cast<double>(ms) * 1e6) : 0;
}

struct Samples
{
    std::vector<std::uint64_t> ns;
    void add(const RunReport &report, Phase phase)
    {
        for (const IterationResult &iteration : report.iterations) {
            if (iteration.warmup)
                continue;
            for (const PhaseResult &result : iteration.phases) {
                if (result.phase == phase)
                    ns.push_back(result.deviceNs.value_or(result.hostNs));
            }
        }
    }
    void addCounted(const RunReport &report, Phase phase)
    {
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &result : iteration.phases) {
                if (!iteration.warmup && result.phase == phase && result.countedNs)
                    ns.push_back(*result.countedNs);
            }
        }
    }
    void addIterations(const RunReport &report)
    {
        for (const IterationResult &iteration : report.iterations) {
            if (iteration.warmup)
                continue;
            std::uint64_t total = 0;
            for (const PhaseResult &result : iteration.phases)
                total += result.hostNs;
            ns.push_back(total);
        }
    }
};

struct Target
{
    const char *name;
    double ratio;
    double atLeast; // ratio >= atLeast passes
    bool measured = true; // false: missed, there was nothing to measure
};

// The report's counter for each kind, in CounterKind's order.
constexpr std::array<std::optional<std::uint64_t> Counters::*, counterKindCount> kindFields{
    &Counters::bytesHostToDevice,  &Counters::bytesDeviceToHost,  &Counters::cpuPageFaults,
    &Counters::gpuPageFaultGroups, &Counters::thrashing,          &Counters::throttling,
    &Counters::remoteMaps,         &Counters::bytesDeviceToDevice};

// What the configured kinds reported, per measured iteration and per run,
// with the counters on: the cost of a kind should follow its record count.
struct CounterSamples
{
    std::array<std::vector<std::uint64_t>, counterKindCount> perIteration;
    std::array<bool, counterKindCount> missing{}; // some iteration had the kind not reported
    std::vector<std::uint64_t> records; // records delivered per run (all phases, warm-up included)
    std::uint64_t lost = 0; // records the driver dropped, over all runs
    int runs = 0;
    int runsWithoutCounters = 0;
    std::string note; // why a run had none
    std::string totals = "not measured"; // where the totals came from

    void add(const RunReport &report)
    {
        ++runs;
        if (!report.counted.enabled) {
            ++runsWithoutCounters;
            note = report.counted.note.english();
            return;
        }
        totals = report.counted.totals == CounterTotals::Driver
            ? "the UVM driver's exact counters"
            : "sums of CUPTI's records (driver counters: " + report.counted.exactNote.english() + ")";
        records.push_back(report.counted.migrations.size() + report.counted.migrationsDropped);
        lost += report.counted.lost;
        for (const IterationResult &iteration : report.iterations) {
            if (iteration.warmup)
                continue;
            for (std::size_t k = 0; k < counterKindCount; ++k) {
                std::uint64_t total = 0;
                for (const PhaseResult &result : iteration.phases) {
                    const auto value = result.counters ? (*result.counters).*kindFields[k] : std::nullopt;
                    if (!value)
                        missing[k] = true;
                    total += value.value_or(0);
                }
                perIteration[k].push_back(total);
            }
        }
    }
};

std::string formatRatio(std::uint64_t on, std::uint64_t off)
{
    if (!off)
        return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", static_cast<double>(on) / static_cast<double>(off));
    return text;
}

std::string formatCounter(CounterKind kind, std::uint64_t value)
{
    const bool bytes = kind == CounterKind::BytesHostToDevice || kind == CounterKind::BytesDeviceToHost
        || kind == CounterKind::BytesDeviceToDevice;
    return bytes ? formatBytes(value) : std::to_string(value);
}

} // namespace

int main(int argc, char **argv)
{
    const auto options = parseBenchOptions(argc, argv, true);
    if (!options)
        return 2;
    const std::uint64_t bytes = options->bytes;
    const int rounds = options->rounds;
    // The counted pass runs in a child (this benchmark is not sharescope:
    // say where it is), which takes the kinds from its environment.
    if (!std::getenv("SHARESCOPE_SELF_BINARY")) {
        std::fprintf(stderr, "bench: set SHARESCOPE_SELF_BINARY to the sharescope binary (the counted pass runs it)\n");
        return 2;
    }
    setenv("SHARESCOPE_COUNTER_KINDS", counterKindList(options->kinds).c_str(), 1);
    const DeviceList list = listDevices();
    const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
    if (cuda == list.devices.end()) {
        std::fprintf(stderr, "bench: no CUDA device\n");
        return 3;
    }
    auto backend = openBackend(*cuda);
    if (!backend) {
        std::fprintf(stderr, "bench: %s\n", backend.error().message.c_str());
        return 1;
    }
    Engine engine(std::move(*backend));
    const auto spec = [&](ModeId mode, bool counters, RecordsSource records = RecordsSource::DriverEvents) {
        ExperimentSpec s;
        s.records = records;
        s.mode = mode;
        s.kernel = KernelId::VectorAdd;
        s.bytes = bytes;
        s.iterations = 5;
        s.warmup = 1;
        s.counters = counters;
        return s;
    };
    const auto runOrDie = [&](const ExperimentSpec &s) {
        auto report = engine.run(s);
        if (!report) {
            std::fprintf(stderr, "bench: %s: %s\n", std::string(modeName(s.mode)).c_str(),
                         describe(report.error()).c_str());
            std::exit(1);
        }
        if (!report->verification.passed()) {
            std::fprintf(stderr, "bench: %s: wrong results\n", std::string(modeName(s.mode)).c_str());
            std::exit(1);
        }
        return std::move(*report);
    };

    // Bare operations on buffers of the same size.
    void *deviceA = nullptr, *deviceB = nullptr, *pinned = nullptr;
    if (!check(cudaMalloc(&deviceA, bytes), "cudaMalloc") || !check(cudaMalloc(&deviceB, bytes), "cudaMalloc")
        || !check(cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault), "cudaHostAlloc"))
        return 1;
    std::memset(pinned, 1, bytes);
    cudaMemset(deviceA, 2, bytes);

    Samples kernel, deviceCopy, pinnedToDevice, bareHostToDevice, prefetchToDevice, countersOn, countersOff;
    std::array<Samples, iterationPhases.size()> phasesOn, phasesOff; // the timed runs: alike if left alone
    std::array<Samples, iterationPhases.size()> phasesCounted; // the counted pass's times of the same phases
    std::array<Samples, iterationPhases.size()> phasesCuptiCounted; // the same with CUPTI's records
    std::array<Samples, iterationPhases.size()> phasesBareCounted; // and with none
    bool driverRecords = true; // every counted pass of the on runs took the driver's records
    CounterSamples counted; // what the counters-on runs reported
    for (int round = 0; round < rounds; ++round) {
        kernel.add(runOrDie(spec(ModeId::Device, false)), Phase::Kernel);
        const RunReport pinnedRun = runOrDie(spec(ModeId::Pinned, false));
        pinnedToDevice.add(pinnedRun, Phase::ToDevice);
        prefetchToDevice.add(runOrDie(spec(ModeId::ManagedPrefetch, false)), Phase::ToDevice);
        // On and off in turns, each first in every other round, so that
        // neither gains from going second.
        const bool onFirst = round % 2 == 0;
        for (const bool on : {onFirst, !onFirst}) {
            const RunReport report = runOrDie(spec(ModeId::Managed, on));
            (on ? countersOn : countersOff).addIterations(report);
            if (on) {
                counted.add(report);
                driverRecords = driverRecords && report.counted.recordsSource == RecordsSource::DriverEvents;
            }
            for (std::size_t p = 0; p < iterationPhases.size(); ++p) {
                (on ? phasesOn : phasesOff)[p].add(report, iterationPhases[p]);
                if (on)
                    phasesCounted[p].addCounted(report, iterationPhases[p]);
            }
        }
        const RunReport cupti = runOrDie(spec(ModeId::Managed, true, RecordsSource::Cupti));
        const RunReport bare = runOrDie(spec(ModeId::Managed, true, RecordsSource::None));
        for (std::size_t p = 0; p < iterationPhases.size(); ++p) {
            phasesCuptiCounted[p].addCounted(cupti, iterationPhases[p]);
            phasesBareCounted[p].addCounted(bare, iterationPhases[p]);
        }
        for (int rep = 0; rep < 5; ++rep) {
            deviceCopy.ns.push_back(
                timedNs([&] { return cudaMemcpy(deviceB, deviceA, bytes, cudaMemcpyDeviceToDevice); }));
            bareHostToDevice.ns.push_back(
                timedNs([&] { return cudaMemcpy(deviceA, pinned, bytes, cudaMemcpyHostToDevice); }));
        }
    }
    cudaFree(deviceA);
    cudaFree(deviceB);
    cudaFreeHost(pinned);

    const double kernelBw = gbps(3 * bytes, median(kernel.ns)); // x, y read; out written
    const double copyBw = gbps(2 * bytes, median(deviceCopy.ns)); // read and written
    const double pinnedBw = gbps(2 * bytes, median(pinnedToDevice.ns)); // x and y
    const double bareBw = gbps(bytes, median(bareHostToDevice.ns));
    const double prefetchBw = gbps(3 * bytes, median(prefetchToDevice.ns)); // x, y and out
    const double slowdown = static_cast<double>(median(countersOn.ns)) / static_cast<double>(median(countersOff.ns));

    std::printf("device: %s (%s, %s, driver %s, runtime %s)\n", cuda->id.c_str(), cuda->name.c_str(),
                cuda->deviceVersion.c_str(), cuda->driverVersion.c_str(), cuda->runtimeVersion.c_str());
    std::printf("size: %s per buffer, %d rounds of 5 measured iterations each, alternating\n",
                formatBytes(bytes).c_str(), rounds);
    std::printf("counter kinds configured in the counted pass: %s\n", counterKindList(options->kinds).c_str());
    std::printf("totals: %s\n\n", counted.totals.c_str());
    std::printf("%-48s %10s\n", "measurement (median)", "GB/s");
    std::printf("%-48s %10.1f\n", "device mode, vector-add kernel phase", kernelBw);
    std::printf("%-48s %10.1f\n", "bare cudaMemcpy device to device", copyBw);
    std::printf("%-48s %10.1f\n", "pinned mode, to-device phase", pinnedBw);
    std::printf("%-48s %10.1f\n", "bare cudaMemcpy from pinned memory", bareBw);
    std::printf("%-48s %10.1f\n", "managed-prefetch mode, to-device phase", prefetchBw);
    std::printf("%-48s %10s\n", "managed vector-add iteration, counters on",
                formatDuration(median(countersOn.ns)).c_str());
    std::printf("%-48s %10s\n\n", "managed vector-add iteration, counters off",
                formatDuration(median(countersOff.ns)).c_str());

    std::printf("counted pass's migration records: %s\n",
                driverRecords ? "the driver's event queue" : "CUPTI's (the driver's queue is not available here)");
    std::printf("%-40s %10s %10s %8s %10s %8s %10s %8s %10s %8s\n", "managed vector-add phase (median)", "on", "off",
                "on/off", "counted", "cost", "cupti", "cost", "none", "cost");
    for (std::size_t p = 0; p < iterationPhases.size(); ++p) {
        const std::uint64_t on = median(phasesOn[p].ns);
        const std::uint64_t off = median(phasesOff[p].ns);
        const std::uint64_t countedNs = median(phasesCounted[p].ns);
        const std::uint64_t cuptiNs = median(phasesCuptiCounted[p].ns);
        const std::uint64_t bareNs = median(phasesBareCounted[p].ns);
        std::printf("  %-38s %10s %10s %8s %10s %8s %10s %8s %10s %8s\n",
                    std::string(phaseName(iterationPhases[p])).c_str(), formatDuration(on).c_str(),
                    formatDuration(off).c_str(), formatRatio(on, off).c_str(),
                    countedNs ? formatDuration(countedNs).c_str() : "-", formatRatio(countedNs, on).c_str(),
                    cuptiNs ? formatDuration(cuptiNs).c_str() : "-", formatRatio(cuptiNs, on).c_str(),
                    bareNs ? formatDuration(bareNs).c_str() : "-", formatRatio(bareNs, on).c_str());
    }
    std::printf("  %-46s %10s %10s %8s\n\n", "iteration", formatDuration(median(countersOn.ns)).c_str(),
                formatDuration(median(countersOff.ns)).c_str(),
                formatRatio(median(countersOn.ns), median(countersOff.ns)).c_str());

    std::printf("%-48s %21s\n", "counters per managed iteration (on, median)", "value");
    for (std::size_t k = 0; k < counterKindCount; ++k) {
        const auto kind = static_cast<CounterKind>(k);
        std::string value = "not configured";
        if (options->kinds[k] && (counted.missing[k] || counted.perIteration[k].empty()))
            value = "not reported";
        else if (options->kinds[k])
            value = formatCounter(kind, median(counted.perIteration[k]));
        std::printf("  %-46s %21s\n", std::string(counterKindName(kind)).c_str(), value.c_str());
    }
    std::printf("  %-46s %21s\n", "records per managed run (all phases)",
                counted.records.empty() ? "-" : std::to_string(median(counted.records)).c_str());
    std::printf("  %-46s %21s\n", "records the driver dropped (all runs)", std::to_string(counted.lost).c_str());
    if (counted.runsWithoutCounters > 0) {
        std::printf("warning: %d of %d counters-on runs had no counters: %s\n", counted.runsWithoutCounters,
                    counted.runs, counted.note.c_str());
    }
    std::printf("\n");

    // Without counters the on and off runs are the same: nothing measured.
    const bool countersMeasured = counted.runsWithoutCounters == 0;
    const std::size_t kernelIndex = 2; // host-init, to-device, kernel, ...
    const std::uint64_t countedKernel = median(phasesCounted[kernelIndex].ns);
    const double countedCost = countedKernel
        ? static_cast<double>(median(phasesOn[kernelIndex].ns)) / static_cast<double>(countedKernel)
        : 0.0;
    const Target targets[] = {
        {"kernel / device-to-device copy", kernelBw / copyBw, 0.85},
        {"pinned to-device / bare pinned copy", pinnedBw / bareBw, 0.90},
        {"managed-prefetch to-device / pinned to-device", prefetchBw / pinnedBw, 0.80},
        {"timed iteration: counters off / on (1 = alike)", 1.0 / slowdown, 0.95, countersMeasured},
        {"kernel: timed / counted with the driver's records", countedCost, 1.0 / 1.3,
         countersMeasured && driverRecords && countedKernel > 0},
    };
    bool pass = true;
    std::printf("%-48s %6s %8s\n", "ratio", "value", "target");
    for (const Target &target : targets) {
        const bool ok = target.measured && target.ratio >= target.atLeast;
        pass = pass && ok;
        if (target.measured)
            std::printf("%-48s %6.2f  >= %.2f  %s\n", target.name, target.ratio, target.atLeast, ok ? "ok" : "MISSED");
        else
            std::printf("%-48s %6s  >= %.2f  MISSED (not measured)\n", target.name, "n/a", target.atLeast);
    }
    if (countersMeasured)
        std::printf("the timed managed iteration with counters on is %.1f%% slower than without (target: under 5%%;\n"
                    "the counters' own cost is in the counted column above)\n\n",
                    (slowdown - 1.0) * 100.0);
    else
        std::printf("counters not measured: the counters-on runs had no counters (%s)\n\n", counted.note.c_str());
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
