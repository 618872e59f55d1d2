// SPDX-License-Identifier: GPL-3.0-or-later
// prefetch_probe.cu: what brings managed-prefetch's transfers to the link?
// managed-prefetch moves its three buffers to the GPU at 0.89 of a pinned copy
// and back to the host at a quarter of one (docs/measurements.md). This probe
// times the ways a program can issue the same moves, in one process, beside
// pinned copies of the same bytes.
//
// Standalone, C++17, cudart only (CUDA 13: the batch call and cudaMemLocation):
//   nvcc -O2 -std=c++17 -arch=sm_90 -Xcompiler -pthread -o prefetch_probe prefetch_probe.cu
//   ./prefetch_probe [MiB per buffer, default 256] [iterations, default 5]
//
// Safe on a shared GPU: it allocates three managed buffers of the size asked
// (at most 4 GiB each, and only where the GPU has three times that free),
// three pinned host buffers and one device buffer of the same size; every
// CUDA call is checked; everything is freed on every path (RAII). It never
// resets the device or changes its settings.
//
// Each iteration first makes every page of the three buffers resident and
// written on the host (prefetch to the host, then the CPU writes them,
// untimed), then times the move to the GPU, then the move back to the host.
// Wall time from the first call to the last synchronisation; the process's
// system CPU time over the same span (the driver's page work shows there).
// Output: JSON lines on stdout, one per variant and direction (median, min,
// max over the measured iterations, GB/s of the bytes moved), then the
// pinned copies' references.

#include <cuda_runtime.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

void check(cudaError_t e, const char *what, int line)
{
    if (e != cudaSuccess) {
        std::ostringstream s;
        s << what << " (line " << line << "): " << cudaGetErrorName(e) << ": " << cudaGetErrorString(e);
        throw std::runtime_error(s.str());
    }
}
#define CK(call) check((call), #call, __LINE__)

double nowMs()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double systemMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_stime.tv_sec * 1e3 + u.ru_stime.tv_usec / 1e3;
}

cudaMemLocation hostLocation()
{
    cudaMemLocation l{};
    l.type = cudaMemLocationTypeHost;
    l.id = 0;
    return l;
}

cudaMemLocation deviceLocation(int device)
{
    cudaMemLocation l{};
    l.type = cudaMemLocationTypeDevice;
    l.id = device;
    return l;
}

struct Managed
{
    void *p = nullptr;
    explicit Managed(size_t bytes) { CK(cudaMallocManaged(&p, bytes)); }
    ~Managed() { cudaFree(p); }
    Managed(const Managed &) = delete;
    Managed &operator=(const Managed &) = delete;
};

struct Stream
{
    cudaStream_t s = nullptr;
    Stream() { CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)); }
    ~Stream() { cudaStreamDestroy(s); }
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
};

struct Buffers
{
    size_t bytes;
    int device;
    std::vector<Managed *> owned;
    std::vector<void *> p;
    Buffers(size_t b, int d)
        : bytes(b)
        , device(d)
    {
        for (int i = 0; i < 3; ++i) {
            owned.push_back(new Managed(bytes));
            p.push_back(owned.back()->p);
        }
    }
    ~Buffers()
    {
        for (Managed *m : owned)
            delete m;
    }
    Buffers(const Buffers &) = delete;
    Buffers &operator=(const Buffers &) = delete;
};

// Every page resident and written on the host, untimed.
void onHost(Buffers &b, unsigned char value)
{
    for (void *p : b.p)
        CK(cudaMemPrefetchAsync(p, b.bytes, hostLocation(), 0, nullptr));
    CK(cudaDeviceSynchronize());
    for (void *p : b.p)
        std::memset(p, value, b.bytes);
}

// Issue `calls` over the three buffers in `streams` streams from `threads`
// host threads; each call prefetches one range.
struct Plan
{
    std::string name;
    int streams = 1; // the buffers' ranges go round-robin over this many streams
    int threads = 1; // host threads issuing the calls (each its own streams)
    size_t chunk = 0; // bytes per call; 0: a whole buffer
    bool batch = false; // one cudaMemPrefetchBatchAsync for everything
    bool touch = false; // to the host only: no prefetch, CPU threads read every page instead
};

void prefetch(Buffers &b, const Plan &plan, cudaMemLocation to)
{
    if (plan.touch) {
        std::vector<std::thread> workers;
        const size_t total = 3 * b.bytes;
        const size_t share = (total / plan.threads + 4095) / 4096 * 4096;
        volatile unsigned sink = 0;
        for (int t = 0; t < plan.threads; ++t) {
            workers.emplace_back([&, t] {
                unsigned sum = 0;
                for (size_t off = t * share; off < std::min(total, (t + 1) * share); off += 4096) {
                    const size_t buffer = off / b.bytes;
                    sum += static_cast<const unsigned char *>(b.p[buffer])[off % b.bytes];
                }
                sink = sink + sum;
            });
        }
        for (std::thread &w : workers)
            w.join();
        return;
    }
    if (plan.batch) {
        Stream s;
        std::vector<size_t> sizes(3, b.bytes);
        size_t first = 0;
        CK(cudaMemPrefetchBatchAsync(b.p.data(), sizes.data(), 3, &to, &first, 1, 0, s.s));
        CK(cudaStreamSynchronize(s.s));
        return;
    }
    struct Range
    {
        void *p;
        size_t bytes;
    };
    std::vector<Range> ranges;
    const size_t chunk = plan.chunk ? plan.chunk : b.bytes;
    for (void *p : b.p) {
        for (size_t off = 0; off < b.bytes; off += chunk)
            ranges.push_back({static_cast<char *>(p) + off, std::min(chunk, b.bytes - off)});
    }
    auto issue = [&](int thread) {
        std::vector<Stream> streams(plan.streams);
        for (size_t i = thread; i < ranges.size(); i += plan.threads)
            CK(cudaMemPrefetchAsync(ranges[i].p, ranges[i].bytes, to, 0, streams[(i / plan.threads) % plan.streams].s));
        for (Stream &s : streams)
            CK(cudaStreamSynchronize(s.s));
    };
    if (plan.threads == 1) {
        issue(0);
        return;
    }
    std::vector<std::thread> workers;
    std::vector<std::string> errors(plan.threads);
    for (int t = 0; t < plan.threads; ++t) {
        workers.emplace_back([&, t] {
            try {
                CK(cudaSetDevice(b.device));
                issue(t);
            } catch (const std::exception &e) {
                errors[t] = e.what();
            }
        });
    }
    for (std::thread &w : workers)
        w.join();
    for (const std::string &e : errors) {
        if (!e.empty())
            throw std::runtime_error(e);
    }
}

struct Stats
{
    double median, min, max;
};

Stats statsOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

void report(const std::string &variant, const char *direction, double bytes, const std::vector<double> &ms,
            const std::vector<double> &sysMs)
{
    const Stats t = statsOf(ms);
    const Stats s = statsOf(sysMs);
    std::printf("{\"variant\":\"%s\",\"direction\":\"%s\",\"bytes\":%.0f,\"ms_median\":%.3f,\"ms_min\":%.3f,"
                "\"ms_max\":%.3f,\"gbps_median\":%.2f,\"system_cpu_ms_median\":%.1f}\n",
                variant.c_str(), direction, bytes, t.median, t.min, t.max, bytes / (t.median * 1e6), s.median);
    std::fflush(stdout);
}

void runPlan(const Plan &plan, size_t bytes, int device, int iterations, int advice)
{
    Buffers b(bytes, device);
    if (advice == 1) {
        for (void *p : b.p)
            CK(cudaMemAdvise(p, bytes, cudaMemAdviseSetPreferredLocation, deviceLocation(device)));
    } else if (advice == 2) {
        for (void *p : b.p)
            CK(cudaMemAdvise(p, bytes, cudaMemAdviseSetAccessedBy, deviceLocation(device)));
    } else if (advice == 3) {
        for (void *p : b.p)
            CK(cudaMemAdvise(p, bytes, cudaMemAdviseSetPreferredLocation, hostLocation()));
    }
    std::vector<double> toDevice, toHost, sysDevice, sysHost;
    for (int i = 0; i <= iterations; ++i) { // the first is a warm-up
        onHost(b, static_cast<unsigned char>(i + 1));
        Plan there = plan;
        there.touch = false; // the CPU cannot pull pages to the GPU
        double s0 = systemMs(), t0 = nowMs();
        prefetch(b, there, deviceLocation(device));
        double t1 = nowMs(), s1 = systemMs();
        prefetch(b, plan, hostLocation());
        double t2 = nowMs(), s2 = systemMs();
        if (i > 0) {
            toDevice.push_back(t1 - t0);
            toHost.push_back(t2 - t1);
            sysDevice.push_back(s1 - s0);
            sysHost.push_back(s2 - s1);
        }
    }
    report(plan.name, "to-device", 3.0 * bytes, toDevice, sysDevice);
    report(plan.name, "to-host", 3.0 * bytes, toHost, sysHost);
}

void pinnedReference(size_t bytes, int iterations)
{
    std::vector<void *> host(3, nullptr);
    void *device = nullptr;
    try {
        for (void *&h : host) {
            CK(cudaMallocHost(&h, bytes));
            std::memset(h, 1, bytes);
        }
        CK(cudaMalloc(&device, bytes));
        Stream s;
        std::vector<double> in, out, sysIn, sysOut;
        for (int i = 0; i <= iterations; ++i) {
            double s0 = systemMs(), t0 = nowMs();
            for (void *h : host)
                CK(cudaMemcpyAsync(device, h, bytes, cudaMemcpyHostToDevice, s.s));
            CK(cudaStreamSynchronize(s.s));
            double t1 = nowMs(), s1 = systemMs();
            for (void *h : host)
                CK(cudaMemcpyAsync(h, device, bytes, cudaMemcpyDeviceToHost, s.s));
            CK(cudaStreamSynchronize(s.s));
            double t2 = nowMs(), s2 = systemMs();
            if (i > 0) {
                in.push_back(t1 - t0);
                out.push_back(t2 - t1);
                sysIn.push_back(s1 - s0);
                sysOut.push_back(s2 - s1);
            }
        }
        report("pinned-copy", "to-device", 3.0 * bytes, in, sysIn);
        report("pinned-copy", "to-host", 3.0 * bytes, out, sysOut);
    } catch (...) {
        for (void *h : host)
            cudaFreeHost(h);
        cudaFree(device);
        throw;
    }
    for (void *h : host)
        cudaFreeHost(h);
    cudaFree(device);
}

} // namespace

int main(int argc, char **argv)
{
    const size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 256;
    const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
    if (mib == 0 || mib > 4096 || iterations < 1 || iterations > 100) {
        std::fprintf(stderr, "prefetch_probe: MiB per buffer 1..4096, iterations 1..100\n");
        return 2;
    }
    const size_t bytes = mib << 20;
    try {
        int device = 0;
        CK(cudaSetDevice(device));
        size_t freeBytes = 0, total = 0;
        CK(cudaMemGetInfo(&freeBytes, &total));
        if (4 * bytes > freeBytes / 2) {
            std::fprintf(stderr, "prefetch_probe: %zu MiB per buffer needs more than half the free %zu MiB\n", mib,
                         freeBytes >> 20);
            return 3;
        }
        cudaDeviceProp prop{};
        CK(cudaGetDeviceProperties(&prop, device));
        int driver = 0, runtime = 0;
        CK(cudaDriverGetVersion(&driver));
        CK(cudaRuntimeGetVersion(&runtime));
        std::printf("{\"device\":\"%s\",\"driver\":%d,\"runtime\":%d,\"mib_per_buffer\":%zu,\"iterations\":%d,"
                    "\"cpus\":%u}\n",
                    prop.name, driver, runtime, mib, iterations, std::thread::hardware_concurrency());
        pinnedReference(bytes, iterations);
        const std::vector<std::pair<Plan, int>> plans{
            {{"batch", 1, 1, 0, true, false}, 0},
            {{"each-one-stream", 1, 1, 0, false, false}, 0},
            {{"stream-per-buffer", 3, 1, 0, false, false}, 0},
            {{"thread-per-buffer", 1, 3, 0, false, false}, 0},
            {{"chunks-2MiB", 1, 1, 2 << 20, false, false}, 0},
            {{"chunks-32MiB-4-streams", 4, 1, 32 << 20, false, false}, 0},
            {{"chunks-32MiB-8-threads", 1, 8, 32 << 20, false, false}, 0},
            {{"batch-preferred-device", 1, 1, 0, true, false}, 1},
            {{"batch-accessed-by-device", 1, 1, 0, true, false}, 2},
            {{"batch-preferred-host", 1, 1, 0, true, false}, 3},
            {{"host-touch-1-thread", 1, 1, 0, true, true}, 0},
            {{"host-touch-16-threads", 1, 16, 0, true, true}, 0},
        };
        for (const auto &[plan, advice] : plans)
            runPlan(plan, bytes, device, iterations, advice);
        std::printf("{\"done\":true}\n");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "prefetch_probe: %s\n", e.what());
        return 1;
    }
    return 0;
}
