// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: timings on shared machines are noisy, so the target
// is a ratio measured within one run). On the CPU's OpenCL device (PoCL):
//   - cl-use-host-ptr vector-add moves no bytes in to-device and to-host, and
//   - its kernel phase reaches at least half the bandwidth of a plain C++
//     loop doing the same addition on the same machine.
// The two are measured alternately, in rounds, so that drift hits both.
// Usage: bench_usehostptr [--size S] [--rounds N]; exit 1 if a target is missed.

#include "benchoptions.h"
#include "bytesize.h"
#include "hostmemory.h"
#include "reference.h"
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

std::uint64_t median(std::vector<std::uint64_t> values)
{
    std::ranges::sort(values);
    return values[values.size() / 2];
}

[[gnu::noinline]] void plainAdd(const float *x, const float *y, float *out, std::uint64_t n)
{
    for (std::uint64_t i = 0; i < n; ++i)
        out[i] = x[i] + y[i];
}

double gbps(std::uint64_t bytes, std::uint64_t ns)
{
    return static_cast<double>(bytes) / static_cast<double>(ns);
}

} // namespace

int main(int argc, char **argv)
{
    const auto options = parseBenchOptions(argc, argv);
    if (!options)
        return 2;
    const std::uint64_t bytes = options->bytes;
    const int rounds = options->rounds;

    const DeviceList list = listDevices();
    const auto cpu = std::ranges::find_if(list.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
    if (cpu == list.devices.end()) {
        std::fprintf(stderr, "bench: no CPU OpenCL device (install pocl-opencl-icd)\n");
        return 3;
    }
    auto backend = openBackend(*cpu);
    if (!backend) {
        std::fprintf(stderr, "bench: %s\n", backend.error().message.c_str());
        return 1;
    }
    Engine engine(std::move(*backend));

    ExperimentSpec spec;
    spec.mode = ModeId::ClUseHostPtr;
    spec.kernel = KernelId::VectorAdd;
    spec.bytes = bytes;
    spec.iterations = 3;
    spec.warmup = 1;

    // The plain loop's arrays hold the same values the engine's do.
    const std::uint64_t n = spec.elementCount();
    const Reference reference(spec);
    AlignedHostArray x(bytes, 4096), y(bytes, 4096), out(bytes, 4096);
    reference.fill(0, x.data());
    reference.fill(1, y.data());
    std::memset(out.data(), 0, bytes);

    std::vector<std::uint64_t> kernelDeviceNs, kernelHostNs, loopNs;
    std::uint64_t movedIn = 0, movedOut = 0;
    bool verified = true;
    std::string command;
    for (int round = 0; round < rounds; ++round) {
        const auto report = engine.run(spec);
        if (!report) {
            std::fprintf(stderr, "bench: %s\n", report.error().message.c_str());
            return 1;
        }
        command = report->commandLine;
        verified = verified && report->verification.passed();
        for (const IterationResult &iteration : report->iterations) {
            if (iteration.warmup)
                continue;
            const PhaseResult &kernel = iteration.phases[2];
            kernelDeviceNs.push_back(kernel.deviceNs.value_or(kernel.hostNs));
            kernelHostNs.push_back(kernel.hostNs);
            movedIn += iteration.phases[1].bytesMoved();
            movedOut += iteration.phases[3].bytesMoved();
        }
        for (int rep = 0; rep < spec.warmup + spec.iterations; ++rep) {
            const auto start = std::chrono::steady_clock::now();
            plainAdd(static_cast<const float *>(x.data()), static_cast<const float *>(y.data()),
                     static_cast<float *>(out.data()), n);
            const auto end = std::chrono::steady_clock::now();
            if (rep >= spec.warmup)
                loopNs.push_back(static_cast<std::uint64_t>(
                    std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count()));
        }
    }
    Verification loopCheck;
    reference.verify(2, out.data(), loopCheck);

    const std::uint64_t traffic = 3 * bytes; // x and y read, out written
    const double kernelBw = gbps(traffic, median(kernelDeviceNs));
    const double kernelHostBw = gbps(traffic, median(kernelHostNs));
    const double loopBw = gbps(traffic, median(loopNs));
    const double ratio = kernelHostBw / loopBw;
    std::printf("device: %s (%s)\n", cpu->id.c_str(), cpu->name.c_str());
    std::printf("experiment: %s\n", command.c_str());
    std::printf("rounds: %d, %zu measured kernels and %zu measured loops, alternating\n\n", rounds,
                kernelDeviceNs.size(), loopNs.size());
    std::printf("to-device bytes moved (all iterations)   %llu\n", static_cast<unsigned long long>(movedIn));
    std::printf("to-host bytes moved (all iterations)     %llu\n", static_cast<unsigned long long>(movedOut));
    std::printf("kernel phase, device time (median)       %s  %.1f GB/s\n",
                formatDuration(median(kernelDeviceNs)).c_str(), kernelBw);
    std::printf("kernel phase, host time (median)         %s  %.1f GB/s\n",
                formatDuration(median(kernelHostNs)).c_str(), kernelHostBw);
    std::printf("plain C++ loop, one thread (median)      %s  %.1f GB/s\n", formatDuration(median(loopNs)).c_str(),
                loopBw);
    std::printf("ratio kernel (host time) / plain loop    %.2f  (target: at least 0.50)\n", ratio);
    std::printf("results verified                         %s\n", verified && loopCheck.passed() ? "yes" : "NO");

    const bool pass = movedIn == 0 && movedOut == 0 && ratio >= 0.5 && verified && loopCheck.passed();
    std::printf("\n%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
