// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: timings on shared machines are noisy, so the target
// is a ratio measured within one run). Are the host phases the machine's
// speed or the code's? For cl-copy on the CPU's OpenCL device (PoCL), and
// device mode where a CUDA device is there:
//   - host-init (the CPU writing the inputs) reaches at least 0.7 of a
//     memset of as many bytes in the same process, and
//   - host-read (reading the results and checking every element) is shown
//     against a plain read of as many bytes, to say how much of it is the
//     check.
// Each is also shown for the first iteration, whose pages may be touched
// for the first time (the page faults then land in host-init unless the
// arrays were pre-faulted at allocation). Engine runs and the plain loops
// alternate, in rounds, so that drift hits both.
// Usage: bench_host [--size S] [--rounds N]; exit 1 if a target is missed.

#include "benchoptions.h"
#include "bytesize.h"
#include "hostmemory.h"
#include "run/devices.h"
#include "run/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace sharescope;

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t median(std::vector<std::uint64_t> values)
{
    std::ranges::sort(values);
    return values.empty() ? 0 : values[values.size() / 2];
}

double gbps(std::uint64_t bytes, std::uint64_t ns)
{
    return ns ? static_cast<double>(bytes) / static_cast<double>(ns) : 0.0;
}

template<typename Work>
std::uint64_t timed(Work &&work)
{
    const auto start = Clock::now();
    work();
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

// Reads every byte once: memcpy in 64 KiB pieces into one small buffer that
// stays in cache, so that the source streams from memory as fast as the C
// library can read it.
[[gnu::noinline]] void plainRead(const char *data, std::uint64_t bytes, char *scratch)
{
    constexpr std::uint64_t piece = 64 << 10;
    for (std::uint64_t offset = 0; offset < bytes; offset += piece)
        std::memcpy(scratch, data + offset, std::min(piece, bytes - offset));
}

struct Samples
{
    std::vector<std::uint64_t> hostInit, hostRead, memsetNs, readNs;
    std::uint64_t firstHostInit = 0; // the warm-up iteration of the first round
    std::uint64_t alloc = 0; // the first round's: pre-faulted arrays pay their page faults here
    std::uint64_t firstTouchMemset = 0; // a memset of arrays never touched
    std::uint64_t written = 0; // bytes host-init writes
    std::uint64_t read = 0; // bytes host-read reads
    bool verified = true;
    std::string command;
};

// One mode on one device: engine runs and the plain loops, alternating.
bool measure(Engine &engine, ModeId mode, const BenchOptions &options, Samples &samples)
{
    ExperimentSpec spec;
    spec.mode = mode;
    spec.kernel = KernelId::VectorAdd;
    spec.bytes = options.bytes;
    spec.iterations = 3;
    spec.warmup = 1;
    spec.counters = false;
    samples.written = 2 * spec.bytes; // x and y
    samples.read = spec.bytes; // out
    std::vector<AlignedHostArray> arrays;
    for (int b = 0; b < 2; ++b)
        arrays.emplace_back(spec.bytes, 4096);
    samples.firstTouchMemset = timed([&] {
        for (const AlignedHostArray &array : arrays)
            std::memset(array.data(), 1, array.bytes());
    });
    std::vector<char> scratch(64 << 10);
    for (int round = 0; round < options.rounds; ++round) {
        const auto report = engine.run(spec);
        if (!report) {
            std::fprintf(stderr, "bench: %s\n", report.error().message.c_str());
            return false;
        }
        samples.command = report->commandLine;
        if (round == 0)
            samples.alloc = report->alloc.hostNs;
        samples.verified = samples.verified && report->verification.passed();
        for (const IterationResult &iteration : report->iterations) {
            const std::uint64_t init = iteration.phases[0].hostNs;
            if (round == 0 && iteration.warmup)
                samples.firstHostInit = init;
            if (iteration.warmup)
                continue;
            samples.hostInit.push_back(init);
            samples.hostRead.push_back(iteration.phases[4].hostNs);
        }
        for (int rep = 0; rep < spec.iterations; ++rep) {
            samples.memsetNs.push_back(timed([&] {
                for (const AlignedHostArray &array : arrays)
                    std::memset(array.data(), rep + 2, array.bytes());
            }));
            samples.readNs.push_back(
                timed([&] { plainRead(static_cast<const char *>(arrays[0].data()), spec.bytes, scratch.data()); }));
        }
    }
    return true;
}

// Prints one mode's figures; returns whether host-init met its target.
bool print(const DeviceInfo &device, const Samples &s)
{
    const std::uint64_t init = median(s.hostInit);
    const std::uint64_t memsetNs = median(s.memsetNs);
    const std::uint64_t read = median(s.hostRead);
    const std::uint64_t plain = median(s.readNs);
    const double initRatio = gbps(s.written, init) / gbps(s.written, memsetNs);
    const double readRatio = gbps(s.read, read) / gbps(s.read, plain);
    std::printf("device: %s (%s)\nexperiment: %s\n\n", device.id.c_str(), device.name.c_str(), s.command.c_str());
    const auto line = [](const char *what, std::uint64_t bytes, std::uint64_t ns) {
        std::printf("  %-44s %10s  %6.1f GB/s\n", what, formatDuration(ns).c_str(), gbps(bytes, ns));
    };
    line("host-init, median", s.written, init);
    line("memset of as many bytes, median", s.written, memsetNs);
    line("host-init, first iteration", s.written, s.firstHostInit);
    line("memset of arrays never touched (first touch)", s.written, s.firstTouchMemset);
    std::printf("  %-44s %10s\n", "alloc, first round", formatDuration(s.alloc).c_str());
    line("host-read (read and check every element), median", s.read, read);
    line("plain read of as many bytes, median", s.read, plain);
    std::printf("  ratio host-init / memset                      %.2f  (target: at least 0.70)\n", initRatio);
    std::printf("  ratio host-read / plain read                  %.2f  (below 0.50: the check sets the pace)\n",
                readRatio);
    std::printf("  results verified                              %s\n\n", s.verified ? "yes" : "NO");
    return initRatio >= 0.7 && s.verified;
}

} // namespace

int main(int argc, char **argv)
{
    const auto options = parseBenchOptions(argc, argv);
    if (!options)
        return 2;
    const DeviceList list = listDevices();
    std::vector<std::pair<DeviceInfo, ModeId>> targets;
    const auto cpu = std::ranges::find_if(list.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
    if (cpu != list.devices.end())
        targets.emplace_back(*cpu, ModeId::ClCopy);
    const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
    if (cuda != list.devices.end())
        targets.emplace_back(*cuda, ModeId::Device);
    if (targets.empty()) {
        std::fprintf(stderr, "bench: no CPU OpenCL device (install pocl-opencl-icd) and no CUDA device\n");
        return 3;
    }
    std::printf("host arrays %s per buffer, %d rounds of 3 iterations after 1 warm-up\n\n",
                formatBytes(options->bytes).c_str(), options->rounds);
    bool pass = true;
    for (const auto &[device, mode] : targets) {
        auto backend = openBackend(device);
        if (!backend) {
            std::fprintf(stderr, "bench: %s\n", backend.error().message.c_str());
            return 1;
        }
        Engine engine(std::move(*backend));
        Samples samples;
        if (!measure(engine, mode, *options, samples))
            return 1;
        pass = print(device, samples) && pass;
    }
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
