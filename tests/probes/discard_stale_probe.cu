// SPDX-License-Identifier: GPL-3.0-or-later
// discard_stale_probe.cu: after cudaMemDiscardBatchAsync, does a kernel see
// what the CPU wrote, as CUDA's documentation says ("This operation can be
// undone on any part of the range by either writing to it or prefetching
// it")? ShareScope's managed-discard mode found, on an H200 with driver
// 580.159.04, a kernel that read the values of the iteration before.
// Found with this probe (docs/measurements/discard-order-2026-12-02): with
// an event recorded ahead of the discard (wait = event, both, before, own),
// the CPU's writes after the wait were lost in up to 4 of 4 repeats; with
// nothing ahead of it (stream, after, after-sync, device, legacy), never.
//
// Standalone, C++17, cudart only, no ShareScope code:
//   nvcc -O2 -std=c++17 -arch=sm_90 -o discard_stale_probe tests/probes/discard_stale_probe.cu
//   ./discard_stale_probe [MiB=1] [iterations=3] [repeats=6] [fill=loop|memcpy] [wait=stream]
// fill: how the CPU writes: an element loop, or memcpy of 16 KiB blocks
// from a table, as ShareScope's reference does (glibc's memcpy may use
// `rep movsb` or streaming stores).
// wait: how the discard is ordered before the CPU's writes (L: the legacy
// default stream; S: the discard's own stream, a blocking one, which the
// legacy stream's work waits for and is waited for by):
//   stream      discard on S; cudaStreamSynchronize(S)
//   event       event on L; discard on S; event on L; cudaEventSynchronize
//               (how ShareScope's timed phases did it)
//   both        event on L; discard on S; cudaStreamSynchronize(S); event
//               on L; cudaEventSynchronize
//   before      event on L; discard on S; cudaStreamSynchronize(S)
//   after       discard on S; event on L; cudaEventSynchronize
//   after-sync  discard on S; cudaStreamSynchronize(S); event on L;
//               cudaEventSynchronize
//   own         event on S; discard on S; event on S; cudaEventSynchronize
//   device      discard on S; cudaDeviceSynchronize
//   legacy      discard on L; cudaDeviceSynchronize
//
// Each repeat: cudaMallocManaged one buffer of MiB; then per iteration, as
// ShareScope's managed-discard with the scale kernel does:
//   discard the buffer (cudaMemDiscardBatchAsync on a stream, then wait),
//   the CPU writes buf[i] = i % 1024,
//   a kernel doubles every element in place, and waits,
//   the CPU reads and counts elements that are not 2 * (i % 1024).
// The same without the discard is the control. One line per variant and
// repeat: the wrong elements per iteration and, for the first wrong one, the
// value found.
//
// Safe on a shared GPU: one managed buffer of the size asked for (at most
// 1 GiB), freed after each repeat; every call checked; no reset, no settings.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        const cudaError_t e_ = (call);                                                                                 \
        if (e_ != cudaSuccess) {                                                                                       \
            std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e_));                                    \
            std::exit(1);                                                                                              \
        }                                                                                                              \
    } while (false)

__global__ void doubleInPlace(float *buf, std::size_t n)
{
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        buf[i] *= 2.0f;
}

bool useMemcpy = false;
std::string waitWay = "stream";

void fill(float *buf, std::size_t n)
{
    if (!useMemcpy) {
        for (std::size_t i = 0; i < n; ++i)
            buf[i] = float(i % 1024);
        return;
    }
    static std::vector<float> table = [] {
        std::vector<float> t(4096);
        for (std::size_t i = 0; i < t.size(); ++i)
            t[i] = float(i % 1024);
        return t;
    }();
    for (std::size_t first = 0; first < n; first += table.size())
        std::memcpy(buf + first, table.data(), std::min(table.size(), n - first) * sizeof(float));
}

void run(std::size_t bytes, int iterations, bool discard, int repeat)
{
    const std::size_t n = bytes / sizeof(float);
    float *buf = nullptr;
    CHECK(cudaMallocManaged(&buf, bytes, cudaMemAttachGlobal));
    cudaStream_t stream = nullptr;
    CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::string line = std::string(discard ? "discard" : "control") + " repeat " + std::to_string(repeat) + ":";
    for (int it = 0; it < iterations; ++it) {
        if (discard) {
            void *ranges[] = {buf};
            std::size_t sizes[] = {bytes};
            // W: the way asked; L: the legacy default stream; S: the
            // discard's own (blocking) stream.
            const std::string &w = waitWay;
            if (w == "event" || w == "both" || w == "before")
                CHECK(cudaEventRecord(start, nullptr)); // on L
            if (w == "own")
                CHECK(cudaEventRecord(start, stream));
            CHECK(cudaMemDiscardBatchAsync(ranges, sizes, 1, 0, w == "legacy" ? nullptr : stream));
            if (w == "stream" || w == "both" || w == "before" || w == "after-sync")
                CHECK(cudaStreamSynchronize(stream));
            if (w == "event" || w == "both" || w == "after" || w == "after-sync")
                CHECK(cudaEventRecord(stop, nullptr)); // on L
            if (w == "own")
                CHECK(cudaEventRecord(stop, stream));
            if (w == "event" || w == "both" || w == "after" || w == "after-sync" || w == "own")
                CHECK(cudaEventSynchronize(stop));
            if (w == "device" || w == "legacy")
                CHECK(cudaDeviceSynchronize());
        }
        fill(buf, n);
        doubleInPlace<<<264, 256>>>(buf, n);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        std::size_t wrong = 0;
        float first = 0;
        std::size_t at = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (buf[i] != 2.0f * float(i % 1024)) {
                if (!wrong) {
                    first = buf[i];
                    at = i;
                }
                ++wrong;
            }
        }
        line += " it" + std::to_string(it) + " wrong " + std::to_string(wrong);
        if (wrong)
            line += " (buf[" + std::to_string(at) + "] = " + std::to_string(first) + ", expected "
                + std::to_string(2.0f * float(at % 1024)) + ")";
    }
    std::printf("%s\n", line.c_str());
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(buf));
}

} // namespace

int main(int argc, char **argv)
{
    const std::size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
    const int iterations = argc > 2 ? std::atoi(argv[2]) : 3;
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 6;
    useMemcpy = argc > 4 && std::string(argv[4]) == "memcpy";
    if (argc > 5)
        waitWay = argv[5];
    const std::vector<std::string> ways{"stream",     "event", "both",   "before", "after",
                                        "after-sync", "own",   "device", "legacy"};
    if (std::find(ways.begin(), ways.end(), waitWay) == ways.end()) {
        std::fprintf(stderr, "unknown wait '%s'\n", waitWay.c_str());
        return 2;
    }
    if (mib < 1 || mib > 1024 || iterations < 1 || iterations > 100 || repeats < 1 || repeats > 100) {
        std::fprintf(stderr,
                     "usage: discard_stale_probe [MiB 1..1024] [iterations 1..100] [repeats 1..100] [loop|memcpy] "
                     "[stream|event|both|before|after|after-sync|own|device|legacy]\n");
        return 2;
    }
    int device = 0;
    CHECK(cudaGetDevice(&device));
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, device));
    int driver = 0;
    CHECK(cudaDriverGetVersion(&driver));
    std::printf("%s, driver API %d, %zu MiB, %d iterations, fill %s, wait %s\n", prop.name, driver, mib, iterations,
                useMemcpy ? "memcpy" : "loop", waitWay.c_str());
    for (int r = 0; r < repeats; ++r) {
        run(mib << 20, iterations, true, r);
        run(mib << 20, iterations, false, r);
    }
    return 0;
}
