// SPDX-License-Identifier: GPL-3.0-or-later
// discard_probe.cu: why is cudaMemDiscardBatchAsync slower than plain managed
// memory for a CPU-writes / GPU-adds / CPU-reads round trip?
//
// Standalone, C++17, cudart only:
//   nvcc -O2 -std=c++17 -arch=sm_90 -o discard_probe tests/probes/discard_probe.cu
//   python3 tests/probes/summarize_discard_probe.py OUTPUT.jsonl
//
// Safe on a shared GPU: the only device-visible memory it allocates is
// cudaMallocManaged of the size asked for (3 buffers, at most 4 GiB each);
// every CUDA call is checked; everything is freed after each variant and on
// every error path (RAII). It never resets the device or changes its settings.
//
// Output: JSON lines on stdout, one object per line:
//   {"type":"device", ...}                      once
//   {"type":"iteration", "variant":..., ...}    one per variant per measured iteration
//   {"type":"summary", "variant":..., ...}      one per variant (means, min, max)
//   {"type":"done", ...}                        once
// Errors and notes go to stderr.
//
// Per phase: wall time (ms), the API call's own time for asynchronous calls
// (api_ms, the rest of ms is the stream synchronisation), CPU minor/major page
// faults of this process (getrusage RUSAGE_SELF) during the phase, and, sampled
// after the phase, how many 4 KiB pages of x, y and out the CPU has mapped
// (/proc/self/pagemap bit 63, one pread per buffer). Also the process's user and
// system CPU time during the phase (all threads; a CPU fault storm shows as
// system time, a throttled fault handler as wall time without CPU time).

#include <cuda_runtime.h>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// ---------------------------------------------------------------- errors

struct CudaFailure : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

void check(cudaError_t e, const char *what, int line)
{
    if (e != cudaSuccess) {
        std::ostringstream s;
        s << what << " (line " << line << ") failed: " << cudaGetErrorName(e) << ": " << cudaGetErrorString(e);
        throw CudaFailure(s.str());
    }
}
#define CK(call) check((call), #call, __LINE__)

// ---------------------------------------------------------------- JSON helpers

std::string jsonString(const std::string &s)
{
    std::string o = "\"";
    for (char c : s) {
        switch (c) {
        case '"':
            o += "\\\"";
            break;
        case '\\':
            o += "\\\\";
            break;
        case '\n':
            o += "\\n";
            break;
        case '\t':
            o += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char b[8];
                std::snprintf(b, sizeof b, "\\u%04x", c);
                o += b;
            } else {
                o += c;
            }
        }
    }
    return o + "\"";
}

std::string num(double v, int decimals = 3)
{
    if (!std::isfinite(v))
        return "null";
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", decimals, v);
    return b;
}

std::string readFirstLine(const std::string &path)
{
    std::ifstream f(path);
    std::string line;
    if (f && std::getline(f, line))
        return line;
    return "";
}

// ---------------------------------------------------------------- UVM ioctl observer
//
// libcuda talks to the UVM driver through ioctl() on /dev/nvidia-uvm. This
// program defines ioctl() itself; the dynamic linker then binds libcuda's calls
// to it (an executable's definition of a libc function interposes). Every call
// is forwarded unchanged with syscall(SYS_ioctl, ...), which is what glibc's
// ioctl does on x86-64; on the way it counts the UVM requests and keeps the
// parameters of UVM_DISCARD (80) and UVM_MIGRATE (51), so the output shows
// which driver calls the runtime's discard and prefetch became, with which
// flags (UVM_DISCARD_FLAGS_UNMAP = 1). Request numbers and layouts are those of
// kernel-open/nvidia-uvm/uvm_ioctl.h (open-gpu-kernel-modules 580.142).
// If libcuda does not call ioctl() through libc, nothing is seen and the
// output says so (uvm_ioctls_seen stays 0).

#ifndef UVM_DEVICE_PATH
#define UVM_DEVICE_PATH "/dev/nvidia-uvm" // overridable only to test this code without a GPU
#endif

namespace uvmobs {

constexpr unsigned long kDiscard = 80;
constexpr unsigned long kMigrate = 51;
constexpr unsigned long kMaxReq = 128;

struct DiscardParams
{ // UVM_DISCARD_PARAMS
    std::uint64_t base;
    std::uint64_t length;
    std::uint64_t flags;
    std::uint32_t rmStatus;
};

struct MigrateParams
{ // UVM_MIGRATE_PARAMS
    std::uint64_t base;
    std::uint64_t length;
    unsigned char destinationUuid[16];
    std::uint32_t flags;
    std::uint64_t semaphoreAddress;
    std::uint32_t semaphorePayload;
    std::int32_t cpuNumaNode;
    std::uint64_t userSpaceStart;
    std::uint64_t userSpaceLength;
    std::uint32_t rmStatus;
};

struct Record
{
    unsigned long req;
    std::uint64_t base, length, flags;
    std::uint32_t status;
    int cpuNuma;
    bool toCpu;
    long ret;
};

constexpr int kRing = 256;
std::atomic<unsigned long> counts[kMaxReq];
std::atomic<unsigned long> total{0};
std::atomic<unsigned long> recorded{0};
Record ring[kRing];
std::atomic_flag ringLock = ATOMIC_FLAG_INIT;

bool isUvmFd(int fd)
{
    char path[64], target[64];
    std::snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(path, target, sizeof target - 1);
    if (n <= 0)
        return false;
    target[n] = 0;
    return std::strcmp(target, UVM_DEVICE_PATH) == 0;
}

void note(int fd, unsigned long req, void *arg, long ret)
{
    if (req >= kMaxReq || !isUvmFd(fd))
        return;
    counts[req].fetch_add(1, std::memory_order_relaxed);
    total.fetch_add(1, std::memory_order_relaxed);
    if ((req != kDiscard && req != kMigrate) || !arg)
        return;
    Record r{};
    r.req = req;
    r.ret = ret;
    if (req == kDiscard) {
        const DiscardParams *p = static_cast<const DiscardParams *>(arg);
        r.base = p->base;
        r.length = p->length;
        r.flags = p->flags;
        r.status = p->rmStatus;
    } else {
        const MigrateParams *p = static_cast<const MigrateParams *>(arg);
        r.base = p->base;
        r.length = p->length;
        r.flags = p->flags;
        r.status = p->rmStatus;
        r.cpuNuma = p->cpuNumaNode;
        r.toCpu = true;
        for (unsigned char c : p->destinationUuid)
            r.toCpu = r.toCpu && c == 0; // the CPU's UUID is all zeros
    }
    while (ringLock.test_and_set(std::memory_order_acquire)) { }
    const unsigned long i = recorded.load(std::memory_order_relaxed);
    ring[i % kRing] = r;
    recorded.store(i + 1, std::memory_order_relaxed);
    ringLock.clear(std::memory_order_release);
}

struct Snapshot
{
    unsigned long counts[kMaxReq];
    unsigned long recorded;
};

Snapshot snap()
{
    Snapshot s{};
    for (unsigned long i = 0; i < kMaxReq; ++i)
        s.counts[i] = counts[i].load(std::memory_order_relaxed);
    s.recorded = recorded.load(std::memory_order_relaxed);
    return s;
}

// JSON for what happened between a and b: counts by request number and the
// first few UVM_DISCARD / UVM_MIGRATE parameter sets, with the buffer each
// call's base address falls in.
struct Named
{
    const char *name;
    const void *p;
    std::uint64_t bytes;
};

std::string between(const Snapshot &a, const Snapshot &b, const std::vector<Named> &buffers)
{
    std::ostringstream o;
    o << "{\"counts\":{";
    bool first = true;
    for (unsigned long i = 0; i < kMaxReq; ++i) {
        const unsigned long d = b.counts[i] - a.counts[i];
        if (!d)
            continue;
        o << (first ? "" : ",") << "\"" << i
          << (i == kDiscard       ? "_DISCARD"
                  : i == kMigrate ? "_MIGRATE"
                                  : "")
          << "\":" << d;
        first = false;
    }
    o << "},\"calls\":[";
    const unsigned long from = std::max(a.recorded, b.recorded > kRing ? b.recorded - kRing : 0);
    int shown = 0;
    while (ringLock.test_and_set(std::memory_order_acquire)) { }
    for (unsigned long i = from; i < b.recorded && shown < 12; ++i, ++shown) {
        const Record &r = ring[i % kRing];
        const char *buf = "other";
        for (const Named &n : buffers) {
            const std::uint64_t q = reinterpret_cast<std::uintptr_t>(n.p);
            if (r.base >= q && r.base < q + n.bytes)
                buf = n.name;
        }
        o << (shown ? "," : "") << "{\"ioctl\":\"" << (r.req == kDiscard ? "UVM_DISCARD" : "UVM_MIGRATE")
          << "\",\"buffer\":\"" << buf << "\",\"length\":" << r.length << ",\"flags\":" << r.flags
          << ",\"rmStatus\":" << r.status << ",\"ret\":" << r.ret;
        if (r.req == kMigrate)
            o << ",\"destination\":\"" << (r.toCpu ? "cpu" : "gpu") << "\",\"cpuNumaNode\":" << r.cpuNuma;
        o << "}";
    }
    ringLock.clear(std::memory_order_release);
    o << "]}";
    return o.str();
}

} // namespace uvmobs

// ---------------------------------------------------------------- clocks and faults

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Faults
{
    long minflt = 0;
    long majflt = 0;
    double userMs = 0; // CPU time of the whole process (all threads)
    double sysMs = 0;
};

Faults faultsNow()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto ms = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return {u.ru_minflt, u.ru_majflt, ms(u.ru_utime), ms(u.ru_stime)};
}

// ---------------------------------------------------------------- pagemap

class Pagemap
{
public:
    Pagemap()
    {
        m_pageBytes = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        m_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
        if (m_fd < 0) {
            m_why = std::string("cannot open /proc/self/pagemap: ") + std::strerror(errno);
            return;
        }
        // Some sandboxes report every page absent: ask about a page this
        // function has just written.
        static volatile char written;
        written = 1;
        const long present = count(const_cast<char *>(&written), 1);
        if (present != 1) {
            m_why = "/proc/self/pagemap does not report present pages";
            close(m_fd);
            m_fd = -1;
        }
    }
    ~Pagemap()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    Pagemap(const Pagemap &) = delete;
    Pagemap &operator=(const Pagemap &) = delete;

    bool usable() const { return m_fd >= 0; }
    const std::string &why() const { return m_why; }
    std::uint64_t pageBytes() const { return m_pageBytes; }

    // Pages of [p, p + bytes) the CPU has present (bit 63); -1 if unreadable.
    // One pread for the whole range (looping only if the kernel returns short).
    long count(const void *p, std::uint64_t bytes)
    {
        if (m_fd < 0)
            return -1;
        const std::uint64_t a = reinterpret_cast<std::uintptr_t>(p);
        const std::uint64_t first = a / m_pageBytes;
        const std::uint64_t last = (a + bytes - 1) / m_pageBytes;
        const std::uint64_t pages = last - first + 1;
        if (m_entries.size() < pages)
            m_entries.assign(pages, 0); // touched here, outside any timed phase
        std::uint64_t done = 0;
        while (done < pages) {
            const ssize_t n
                = pread(m_fd, m_entries.data() + done, (pages - done) * 8, static_cast<off_t>((first + done) * 8));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0 || n % 8 != 0)
                return -1;
            done += static_cast<std::uint64_t>(n) / 8;
        }
        long present = 0;
        for (std::uint64_t i = 0; i < pages; ++i)
            present += static_cast<long>(m_entries[i] >> 63);
        return present;
    }

private:
    int m_fd = -1;
    std::uint64_t m_pageBytes = 4096;
    std::string m_why;
    std::vector<std::uint64_t> m_entries;
};

// ---------------------------------------------------------------- kernels

__global__ void __launch_bounds__(128)
    vectorAdd(const float4 *__restrict__ x, const float4 *__restrict__ y, float4 *__restrict__ out, size_t n4)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const float4 a = x[i];
        const float4 b = y[i];
        out[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
}

// Reads one float per 4 KiB page (volatile: the loads stay), writes nothing.
__global__ void readOnePerPage(const float *p, size_t pages)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x; k < pages; k += stride) {
        const volatile float *v = p + k * 1024;
        (void)*v;
    }
}

// ---------------------------------------------------------------- the data

// x repeats every 1024 floats (4 KiB), y every 4096 floats (16 KiB); x + y is
// exact in float (integers below 1024 plus halves below 256), so host-read can
// compare out with memcmp against a 16 KiB table.
inline float xAt(size_t i, int iter)
{
    return float((i + size_t(iter)) & 1023u);
}
inline float yAt(size_t i, int iter)
{
    return float(((i >> 3) + size_t(7 * iter)) & 511u) * 0.5f;
}

// ---------------------------------------------------------------- buffers

struct Managed
{
    void *p = nullptr;
    size_t bytes = 0;
    Managed() = default;
    explicit Managed(size_t b)
        : bytes(b)
    {
        CK(cudaMallocManaged(&p, b, cudaMemAttachGlobal));
    }
    ~Managed()
    {
        if (p) {
            const cudaError_t e = cudaFree(p);
            if (e != cudaSuccess)
                std::fprintf(stderr, "discard_probe: cudaFree failed: %s\n", cudaGetErrorString(e));
        }
    }
    Managed(const Managed &) = delete;
    Managed &operator=(const Managed &) = delete;
    float *f() const { return static_cast<float *>(p); }
};

struct Stream
{
    cudaStream_t s = nullptr;
    Stream() { CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)); }
    ~Stream()
    {
        if (s)
            cudaStreamDestroy(s);
    }
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
};

// ---------------------------------------------------------------- variants

// What a variant does around the fixed phases host-init, kernel, host-read.
enum class Before { None, Discard, DiscardAndPrefetch, DiscardThenPrefetch };
enum class Prefetch { None, Batch, Single };

struct Variant
{
    std::string name;
    std::string what;
    Before beforeHostInit = Before::None; // on x and y; prefetch target: the CPU
    bool hostPreread = false; // CPU reads one float per page of x, y before host-init
    Prefetch afterHostInit = Prefetch::None; // x, y to the GPU
    Before beforeKernel = Before::None; // on out; prefetch target: the GPU
    bool kernelPreread = false; // GPU reads one float per page of out before the kernel
    Prefetch afterKernel = Prefetch::None; // out to the CPU
    bool needsDiscard() const { return beforeHostInit != Before::None || beforeKernel != Before::None; }
    bool needsConcurrent() const
    {
        return needsDiscard() || afterHostInit != Prefetch::None || afterKernel != Prefetch::None;
    }
};

std::vector<Variant> allVariants()
{
    std::vector<Variant> v;
    {
        Variant a;
        a.name = "plain";
        a.what = "cudaMallocManaged, no hints: faults move everything";
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard";
        a.what = "cudaMemDiscardBatchAsync(x,y)+sync before host-init; (out)+sync before the kernel";
        a.beforeHostInit = Before::Discard;
        a.beforeKernel = Before::Discard;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-host";
        a.what = "discard x,y before host-init only";
        a.beforeHostInit = Before::Discard;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-kernel";
        a.what = "discard out before the kernel only";
        a.beforeKernel = Before::Discard;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-prefetch";
        a.what
            = "cudaMemDiscardAndPrefetchBatchAsync: x,y to the host before host-init; out to the GPU before the kernel";
        a.beforeHostInit = Before::DiscardAndPrefetch;
        a.beforeKernel = Before::DiscardAndPrefetch;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-then-prefetch";
        a.what
            = "cudaMemDiscardBatchAsync then cudaMemPrefetchBatchAsync (two calls), same targets as discard-prefetch";
        a.beforeHostInit = Before::DiscardThenPrefetch;
        a.beforeKernel = Before::DiscardThenPrefetch;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-host-preread";
        a.what = "discard x,y, then the CPU reads one float per page (host-preread), then host-init writes";
        a.beforeHostInit = Before::Discard;
        a.hostPreread = true;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "plain-host-preread";
        a.what = "control for discard-host-preread: same read pass, no discard";
        a.hostPreread = true;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "discard-kernel-preread";
        a.what = "discard out, then a kernel reads one float per page of out (kernel-preread), then the vector add";
        a.beforeKernel = Before::Discard;
        a.kernelPreread = true;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "plain-kernel-preread";
        a.what = "control for discard-kernel-preread: same read kernel, no discard";
        a.kernelPreread = true;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "prefetch-batch";
        a.what
            = "one cudaMemPrefetchBatchAsync(x,y to the GPU) after host-init; one (out to the host) after the kernel";
        a.afterHostInit = Prefetch::Batch;
        a.afterKernel = Prefetch::Batch;
        v.push_back(a);
    }
    {
        Variant a;
        a.name = "prefetch-single";
        a.what = "cudaMemPrefetchAsync per buffer, same targets as prefetch-batch";
        a.afterHostInit = Prefetch::Single;
        a.afterKernel = Prefetch::Single;
        v.push_back(a);
    }
    return v;
}

// ---------------------------------------------------------------- per phase

struct PhaseResult
{
    std::string name;
    double ms = 0;
    double apiMs = -1; // < 0: not an asynchronous API phase
    long minflt = 0;
    long majflt = 0;
    double userMs = 0, sysMs = 0;
    long presentX = -1, presentY = -1, presentOut = -1;
    std::string uvm; // UVM ioctls issued during the phase (JSON)
};

struct Context
{
    size_t bytes = 0;
    size_t n = 0; // floats per buffer
    int device = 0;
    int smCount = 1;
    Pagemap *pagemap = nullptr;
    cudaStream_t stream = nullptr;
};

class Run
{
public:
    Run(const Context &c, const Variant &v, Managed &x, Managed &y, Managed &out)
        : m_c(c)
        , m_v(v)
        , m_x(x)
        , m_y(y)
        , m_out(out)
    {
    }

    // One iteration; returns the phases and the number of wrong elements.
    std::vector<PhaseResult> iteration(int iter, size_t &mismatches)
    {
        m_phases.clear();
        cudaMemLocation host{};
        host.type = cudaMemLocationTypeHost;
        host.id = 0;
        cudaMemLocation gpu{};
        gpu.type = cudaMemLocationTypeDevice;
        gpu.id = m_c.device;

        // 1. before host-init: x, y
        if (m_v.beforeHostInit != Before::None)
            beforePhase(m_v.beforeHostInit, "xy", {m_x.p, m_y.p}, host);

        // 2. optional read pass on the CPU
        if (m_v.hostPreread) {
            phase("host-preread", [&] {
                const size_t pageFloats = m_c.pagemap->pageBytes() / sizeof(float);
                volatile float sink = 0;
                float acc = 0;
                for (size_t i = 0; i < m_c.n; i += pageFloats) {
                    acc += static_cast<volatile float *>(m_x.f())[i];
                    acc += static_cast<volatile float *>(m_y.f())[i];
                }
                sink = acc;
                (void)sink;
            });
        }

        // 3. host-init: the CPU writes x and y, a 4 KiB (x) or 16 KiB (y)
        //    pattern copied with memcpy, so that the phase runs near memory
        //    speed and what it costs beyond that is the faults
        std::vector<float> tx(1024), ty(4096), tsum(4096);
        for (size_t j = 0; j < 4096; ++j) {
            if (j < 1024)
                tx[j] = xAt(j, iter);
            ty[j] = yAt(j, iter);
            tsum[j] = xAt(j, iter) + yAt(j, iter);
        }
        phase("host-init", [&] {
            float *x = m_x.f();
            float *y = m_y.f();
            for (size_t i = 0; i < m_c.n; i += 1024)
                std::memcpy(x + i, tx.data(), std::min<size_t>(1024, m_c.n - i) * sizeof(float));
            for (size_t i = 0; i < m_c.n; i += 4096)
                std::memcpy(y + i, ty.data(), std::min<size_t>(4096, m_c.n - i) * sizeof(float));
        });

        // 4. after host-init: prefetch x, y to the GPU
        if (m_v.afterHostInit != Prefetch::None)
            prefetchPhase(m_v.afterHostInit, "prefetch-xy", {m_x.p, m_y.p}, gpu);

        // 5. before the kernel: out
        if (m_v.beforeKernel != Before::None)
            beforePhase(m_v.beforeKernel, "out", {m_out.p}, gpu);

        // 6. optional read pass on the GPU
        if (m_v.kernelPreread) {
            phase("kernel-preread", [&] {
                const size_t pages = m_c.bytes / 4096;
                const unsigned blocks = static_cast<unsigned>(std::min<size_t>((pages + 127) / 128, 65535));
                readOnePerPage<<<blocks, 128, 0, m_c.stream>>>(m_out.f(), pages);
                CK(cudaGetLastError());
                CK(cudaStreamSynchronize(m_c.stream));
            });
        }

        // 7. the kernel, launch to completion
        phase("kernel", [&] {
            const size_t n4 = m_c.n / 4;
            const size_t perBlock = 128 * 4; // four grid-stride steps per thread
            const unsigned blocks
                = static_cast<unsigned>(std::clamp<size_t>((n4 + perBlock - 1) / perBlock, 1, 0x7fffffff));
            vectorAdd<<<blocks, 128, 0, m_c.stream>>>(static_cast<const float4 *>(m_x.p),
                                                      static_cast<const float4 *>(m_y.p),
                                                      static_cast<float4 *>(m_out.p), n4);
            CK(cudaGetLastError());
            CK(cudaStreamSynchronize(m_c.stream));
        });

        // 8. after the kernel: prefetch out to the CPU
        if (m_v.afterKernel != Prefetch::None)
            prefetchPhase(m_v.afterKernel, "prefetch-out", {m_out.p}, host);

        // 9. host-read: the CPU reads out (only out: reading x or y here would
        //    move them and change the next iteration) and checks every element
        size_t bad = 0;
        phase("host-read", [&] {
            const float *o = m_out.f();
            for (size_t i = 0; i < m_c.n; i += 4096) {
                const size_t k = std::min<size_t>(4096, m_c.n - i);
                if (std::memcmp(o + i, tsum.data(), k * sizeof(float)) != 0) {
                    for (size_t j = 0; j < k; ++j)
                        bad += (o[i + j] != tsum[j]);
                }
            }
        });
        mismatches = bad;
        return m_phases;
    }

private:
    template<typename F>
    void phase(const std::string &name, F body, double *apiMsOut = nullptr)
    {
        PhaseResult r;
        r.name = name;
        const uvmobs::Snapshot u0 = uvmobs::snap();
        const Faults f0 = faultsNow();
        const auto t0 = Clock::now();
        body();
        r.ms = msSince(t0);
        const Faults f1 = faultsNow();
        const uvmobs::Snapshot u1 = uvmobs::snap();
        r.uvm
            = uvmobs::between(u0, u1, {{"x", m_x.p, m_c.bytes}, {"y", m_y.p, m_c.bytes}, {"out", m_out.p, m_c.bytes}});
        r.minflt = f1.minflt - f0.minflt;
        r.majflt = f1.majflt - f0.majflt;
        r.userMs = f1.userMs - f0.userMs;
        r.sysMs = f1.sysMs - f0.sysMs;
        if (apiMsOut)
            r.apiMs = *apiMsOut;
        sample(r);
        m_phases.push_back(r);
    }

    void sample(PhaseResult &r)
    {
        if (!m_c.pagemap->usable())
            return;
        r.presentX = m_c.pagemap->count(m_x.p, m_c.bytes);
        r.presentY = m_c.pagemap->count(m_y.p, m_c.bytes);
        r.presentOut = m_c.pagemap->count(m_out.p, m_c.bytes);
    }

    void beforePhase(Before b, const std::string &which, std::vector<void *> ptrs, cudaMemLocation target)
    {
        std::vector<size_t> sizes(ptrs.size(), m_c.bytes);
        std::vector<cudaMemLocation> locs{target};
        std::vector<size_t> locIdx{0};
        double api = 0;
        std::string name;
        switch (b) {
        case Before::Discard:
            name = "discard-" + which;
            break;
        case Before::DiscardAndPrefetch:
            name = "discard-prefetch-" + which;
            break;
        case Before::DiscardThenPrefetch:
            name = "discard-then-prefetch-" + which;
            break;
        case Before::None:
            return;
        }
        auto body = [&] {
            const auto t0 = Clock::now();
            switch (b) {
            case Before::Discard:
                CK(cudaMemDiscardBatchAsync(ptrs.data(), sizes.data(), ptrs.size(), 0, m_c.stream));
                break;
            case Before::DiscardAndPrefetch:
                CK(cudaMemDiscardAndPrefetchBatchAsync(ptrs.data(), sizes.data(), ptrs.size(), locs.data(),
                                                       locIdx.data(), locs.size(), 0, m_c.stream));
                break;
            case Before::DiscardThenPrefetch:
                CK(cudaMemDiscardBatchAsync(ptrs.data(), sizes.data(), ptrs.size(), 0, m_c.stream));
                CK(cudaMemPrefetchBatchAsync(ptrs.data(), sizes.data(), ptrs.size(), locs.data(), locIdx.data(),
                                             locs.size(), 0, m_c.stream));
                break;
            case Before::None:
                break;
            }
            api = msSince(t0);
            CK(cudaStreamSynchronize(m_c.stream));
        };
        phase(name, body, &api);
    }

    void prefetchPhase(Prefetch p, const std::string &name, std::vector<void *> ptrs, cudaMemLocation target)
    {
        std::vector<size_t> sizes(ptrs.size(), m_c.bytes);
        std::vector<cudaMemLocation> locs{target};
        std::vector<size_t> locIdx{0};
        double api = 0;
        auto body = [&] {
            const auto t0 = Clock::now();
            if (p == Prefetch::Batch) {
                CK(cudaMemPrefetchBatchAsync(ptrs.data(), sizes.data(), ptrs.size(), locs.data(), locIdx.data(),
                                             locs.size(), 0, m_c.stream));
            } else {
                for (void *q : ptrs)
                    CK(cudaMemPrefetchAsync(q, m_c.bytes, target, 0, m_c.stream));
            }
            api = msSince(t0);
            CK(cudaStreamSynchronize(m_c.stream));
        };
        phase(name, body, &api);
    }

    const Context &m_c;
    const Variant &m_v;
    Managed &m_x;
    Managed &m_y;
    Managed &m_out;
    std::vector<PhaseResult> m_phases;
};

std::string phasesJson(const std::vector<PhaseResult> &phases)
{
    std::ostringstream s;
    s << "{";
    for (size_t i = 0; i < phases.size(); ++i) {
        const PhaseResult &p = phases[i];
        if (i)
            s << ",";
        s << jsonString(p.name) << ":{\"ms\":" << num(p.ms);
        if (p.apiMs >= 0)
            s << ",\"api_ms\":" << num(p.apiMs);
        s << ",\"minflt\":" << p.minflt << ",\"majflt\":" << p.majflt << ",\"cpu_user_ms\":" << num(p.userMs, 1)
          << ",\"cpu_sys_ms\":" << num(p.sysMs, 1);
        auto present = [](long v) { return v < 0 ? std::string("null") : std::to_string(v); };
        s << ",\"cpu_present_pages\":{\"x\":" << present(p.presentX) << ",\"y\":" << present(p.presentY)
          << ",\"out\":" << present(p.presentOut) << "},\"uvm_ioctls\":" << p.uvm << "}";
    }
    s << "}";
    return s.str();
}

// ---------------------------------------------------------------- options

struct Options
{
    size_t bytes = size_t(256) << 20;
    int iterations = 6;
    int warmup = 1;
    bool showWarmup = false;
    double timeLimitS = 0; // 0: none
    int device = 0;
    std::vector<std::string> variants; // empty: all
};

size_t parseSize(const std::string &s)
{
    size_t pos = 0;
    const double v = std::stod(s, &pos);
    std::string unit = s.substr(pos);
    for (auto &c : unit)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    double mul = 1;
    if (unit.empty() || unit == "b")
        mul = 1;
    else if (unit == "k" || unit == "kib")
        mul = 1024.0;
    else if (unit == "m" || unit == "mib")
        mul = 1024.0 * 1024;
    else if (unit == "g" || unit == "gib")
        mul = 1024.0 * 1024 * 1024;
    else if (unit == "kb")
        mul = 1e3;
    else if (unit == "mb")
        mul = 1e6;
    else if (unit == "gb")
        mul = 1e9;
    else
        throw std::invalid_argument("unknown size unit '" + unit + "' (use B, KiB, MiB, GiB, K, M, G, KB, MB, GB)");
    if (!(v > 0))
        throw std::invalid_argument("size must be positive");
    return static_cast<size_t>(std::llround(v * mul));
}

std::vector<std::string> splitComma(const std::string &s)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == ',') {
            if (!cur.empty())
                out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

void usage(FILE *f)
{
    std::fprintf(f,
                 "usage: discard_probe [--size S] [--iterations N] [--warmup N] [--variants a,b,...|all|quick]\n"
                 "                     [--device D] [--time-limit SECONDS] [--show-warmup] [--list]\n"
                 "  --size        bytes per buffer (3 buffers), e.g. 256MiB, 1GiB; multiple of 4 KiB, at most 4 GiB "
                 "(default 256MiB)\n"
                 "  --iterations  measured iterations per variant after the warm-up (default 6)\n"
                 "  --warmup      warm-up iterations per variant, not printed unless --show-warmup (default 1)\n"
                 "  --variants    comma-separated names (see --list), 'all' (default) or 'quick' "
                 "(plain,discard,discard-prefetch)\n"
                 "  --time-limit  start no new iteration after this many seconds since start (0: no limit)\n");
}

Options parse(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](const char *name) -> std::string {
            if (i + 1 >= argc)
                throw std::invalid_argument(std::string(name) + " needs a value");
            return argv[++i];
        };
        if (a == "--size") {
            o.bytes = parseSize(value("--size"));
        } else if (a == "--iterations") {
            o.iterations = std::stoi(value("--iterations"));
        } else if (a == "--warmup") {
            o.warmup = std::stoi(value("--warmup"));
        } else if (a == "--variants") {
            const std::string v = value("--variants");
            if (v == "all")
                o.variants.clear();
            else if (v == "quick")
                o.variants = {"plain", "discard", "discard-prefetch"};
            else
                o.variants = splitComma(v);
        } else if (a == "--device") {
            o.device = std::stoi(value("--device"));
        } else if (a == "--time-limit") {
            o.timeLimitS = std::stod(value("--time-limit"));
        } else if (a == "--show-warmup") {
            o.showWarmup = true;
        } else if (a == "--list") {
            for (const Variant &v : allVariants())
                std::printf("%-24s %s\n", v.name.c_str(), v.what.c_str());
            std::exit(0);
        } else if (a == "-h" || a == "--help") {
            usage(stdout);
            std::exit(0);
        } else {
            throw std::invalid_argument("unknown argument '" + a + "'");
        }
    }
    const size_t maxBytes = size_t(4) << 30;
    if (o.bytes > maxBytes)
        throw std::invalid_argument("--size " + std::to_string(o.bytes) + " is more than 4 GiB per buffer; refused");
    if (o.bytes < 4096 || o.bytes % 4096 != 0)
        throw std::invalid_argument("--size must be a positive multiple of 4 KiB (got " + std::to_string(o.bytes)
                                    + ")");
    if (o.iterations < 1 || o.iterations > 1000)
        throw std::invalid_argument("--iterations must be 1..1000");
    if (o.warmup < 0 || o.warmup > 100)
        throw std::invalid_argument("--warmup must be 0..100");
    const auto all = allVariants();
    for (const std::string &n : o.variants) {
        if (std::none_of(all.begin(), all.end(), [&](const Variant &v) { return v.name == n; }))
            throw std::invalid_argument("unknown variant '" + n + "' (see --list)");
    }
    return o;
}

// ---------------------------------------------------------------- summary

struct Stat
{
    double sum = 0, mn = INFINITY, mx = -INFINITY;
    int n = 0;
    void add(double v)
    {
        sum += v;
        mn = std::min(mn, v);
        mx = std::max(mx, v);
        ++n;
    }
    std::string json(int decimals = 3) const
    {
        if (n == 0)
            return "null";
        return "{\"mean\":" + num(sum / n, decimals) + ",\"min\":" + num(mn, decimals) + ",\"max\":" + num(mx, decimals)
            + "}";
    }
};

struct PhaseStats
{
    Stat ms, apiMs, minflt, majflt, userMs, sysMs, presentX, presentY, presentOut;
};

std::string uvmParams()
{
    const char *names[] = {"uvm_perf_prefetch_enable",
                           "uvm_perf_prefetch_threshold",
                           "uvm_perf_prefetch_min_faults",
                           "uvm_perf_fault_batch_count",
                           "uvm_perf_fault_replay_policy",
                           "uvm_perf_thrashing_enable",
                           "uvm_perf_migrate_cpu_preunmap_enable",
                           "uvm_ats_mode"};
    std::ostringstream s;
    s << "{";
    bool first = true;
    for (const char *n : names) {
        const std::string v = readFirstLine(std::string("/sys/module/nvidia_uvm/parameters/") + n);
        if (v.empty())
            continue;
        if (!first)
            s << ",";
        first = false;
        s << jsonString(n) << ":" << jsonString(v);
    }
    s << "}";
    return s.str();
}

} // namespace

int main(int argc, char **argv)
{
    Options opt;
    try {
        opt = parse(argc, argv);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "discard_probe: %s\n", e.what());
        usage(stderr);
        return 2;
    }
    const auto start = Clock::now();
    int failures = 0;
    bool timeUp = false;

    try {
        CK(cudaSetDevice(opt.device));
        cudaDeviceProp prop{};
        CK(cudaGetDeviceProperties(&prop, opt.device));
        int driverVersion = 0, runtimeVersion = 0;
        CK(cudaDriverGetVersion(&driverVersion));
        CK(cudaRuntimeGetVersion(&runtimeVersion));
        int concurrent = 0, pageable = 0, pageableHostTables = 0, managed = 0, smCount = 1;
        CK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, opt.device));
        CK(cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, opt.device));
        CK(cudaDeviceGetAttribute(&pageableHostTables, cudaDevAttrPageableMemoryAccessUsesHostPageTables, opt.device));
        CK(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, opt.device));
        CK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, opt.device));
        char pci[32] = {0};
        cudaDeviceGetPCIBusId(pci, sizeof pci, opt.device);
        utsname un{};
        uname(&un);

        Pagemap pagemap;
        if (!pagemap.usable())
            std::fprintf(stderr, "discard_probe: pagemap not usable (%s); cpu_present_pages will be null\n",
                         pagemap.why().c_str());

        std::printf("{\"type\":\"device\",\"name\":%s,\"pci_bus_id\":%s,\"cc\":\"%d.%d\",\"sm_count\":%d,"
                    "\"driver_version\":%d,\"runtime_version\":%d,\"concurrent_managed_access\":%d,"
                    "\"pageable_memory_access\":%d,\"pageable_memory_access_uses_host_page_tables\":%d,"
                    "\"managed_memory\":%d,\"nvidia_driver\":%s,\"nvidia_uvm_module\":%s,\"uvm_params\":%s,"
                    "\"kernel\":%s,\"thp\":%s,\"page_bytes\":%" PRIu64 ",\"pagemap\":%s,"
                    "\"uvm_ioctls_seen\":%lu,\"size_bytes\":%zu,\"pages_per_buffer\":%zu,\"iterations\":%d,\"warmup\":%"
                    "d,\"argv\":%s}\n",
                    jsonString(prop.name).c_str(), jsonString(pci).c_str(), prop.major, prop.minor, smCount,
                    driverVersion, runtimeVersion, concurrent, pageable, pageableHostTables, managed,
                    jsonString(readFirstLine("/proc/driver/nvidia/version")).c_str(),
                    jsonString(readFirstLine("/sys/module/nvidia_uvm/version")).c_str(), uvmParams().c_str(),
                    jsonString(un.release).c_str(),
                    jsonString(readFirstLine("/sys/kernel/mm/transparent_hugepage/enabled")).c_str(),
                    pagemap.pageBytes(), pagemap.usable() ? "true" : jsonString(pagemap.why()).c_str(),
                    uvmobs::total.load(), opt.bytes, opt.bytes / 4096, opt.iterations, opt.warmup,
                    [&] {
                        std::string a;
                        for (int i = 0; i < argc; ++i)
                            a += (i ? " " : "") + std::string(argv[i]);
                        return jsonString(a);
                    }()
                        .c_str());
        std::fflush(stdout);

        if (!managed)
            throw std::runtime_error("device reports no managed memory");

        Stream stream;
        Context ctx;
        ctx.bytes = opt.bytes;
        ctx.n = opt.bytes / sizeof(float);
        ctx.device = opt.device;
        ctx.smCount = smCount;
        ctx.pagemap = &pagemap;
        ctx.stream = stream.s;

        std::vector<Variant> chosen;
        for (const Variant &v : allVariants()) {
            if (opt.variants.empty()
                || std::find(opt.variants.begin(), opt.variants.end(), v.name) != opt.variants.end())
                chosen.push_back(v);
        }
        // Keep the order the user gave, when given.
        if (!opt.variants.empty()) {
            std::vector<Variant> ordered;
            for (const std::string &n : opt.variants)
                for (const Variant &v : chosen)
                    if (v.name == n)
                        ordered.push_back(v);
            chosen = ordered;
        }

        for (const Variant &v : chosen) {
            if (timeUp)
                break;
            if (v.needsConcurrent() && !concurrent) {
                std::printf(
                    "{\"type\":\"summary\",\"variant\":%s,\"skipped\":\"cudaDevAttrConcurrentManagedAccess is 0: "
                    "discard and prefetch need it\"}\n",
                    jsonString(v.name).c_str());
                continue;
            }
            try {
                Managed x(opt.bytes), y(opt.bytes), out(opt.bytes); // freed at the end of this scope
                Run run(ctx, v, x, y, out);
                std::map<std::string, PhaseStats> stats;
                std::vector<std::string> order;
                size_t totalMismatches = 0;
                int measured = 0;
                for (int it = 0; it < opt.warmup + opt.iterations; ++it) {
                    if (opt.timeLimitS > 0
                        && std::chrono::duration<double>(Clock::now() - start).count() > opt.timeLimitS) {
                        std::fprintf(stderr, "discard_probe: --time-limit reached in variant %s; stopping\n",
                                     v.name.c_str());
                        timeUp = true;
                        break;
                    }
                    const bool warm = it < opt.warmup;
                    size_t mismatches = 0;
                    const auto t0 = Clock::now();
                    const std::vector<PhaseResult> phases = run.iteration(it, mismatches);
                    const double total = msSince(t0);
                    if (!warm || opt.showWarmup) {
                        std::printf("{\"type\":\"iteration\",\"variant\":%s,\"iteration\":%d,\"warmup\":%s,"
                                    "\"size_bytes\":%zu,\"total_ms\":%s,\"mismatches\":%zu,\"phases\":%s}\n",
                                    jsonString(v.name).c_str(), warm ? it : it - opt.warmup, warm ? "true" : "false",
                                    opt.bytes, num(total).c_str(), mismatches, phasesJson(phases).c_str());
                        std::fflush(stdout);
                    }
                    if (mismatches) {
                        std::fprintf(stderr, "discard_probe: %s iteration %d: %zu wrong elements in out\n",
                                     v.name.c_str(), it, mismatches);
                    }
                    totalMismatches += mismatches;
                    if (warm)
                        continue;
                    ++measured;
                    for (const PhaseResult &p : phases) {
                        if (!stats.count(p.name))
                            order.push_back(p.name);
                        PhaseStats &s = stats[p.name];
                        s.ms.add(p.ms);
                        if (p.apiMs >= 0)
                            s.apiMs.add(p.apiMs);
                        s.minflt.add(double(p.minflt));
                        s.majflt.add(double(p.majflt));
                        s.userMs.add(p.userMs);
                        s.sysMs.add(p.sysMs);
                        if (p.presentX >= 0) {
                            s.presentX.add(double(p.presentX));
                            s.presentY.add(double(p.presentY));
                            s.presentOut.add(double(p.presentOut));
                        }
                    }
                }
                std::ostringstream ph;
                ph << "{";
                for (size_t i = 0; i < order.size(); ++i) {
                    const PhaseStats &s = stats[order[i]];
                    if (i)
                        ph << ",";
                    ph << jsonString(order[i]) << ":{\"ms\":" << s.ms.json();
                    if (s.apiMs.n)
                        ph << ",\"api_ms\":" << s.apiMs.json();
                    ph << ",\"minflt\":" << s.minflt.json(1) << ",\"majflt\":" << s.majflt.json(1)
                       << ",\"cpu_user_ms\":" << s.userMs.json(1) << ",\"cpu_sys_ms\":" << s.sysMs.json(1)
                       << ",\"cpu_present_pages\":{\"x\":" << s.presentX.json(1) << ",\"y\":" << s.presentY.json(1)
                       << ",\"out\":" << s.presentOut.json(1) << "}}";
                }
                ph << "}";
                std::printf("{\"type\":\"summary\",\"variant\":%s,\"what\":%s,\"size_bytes\":%zu,\"measured\":%d,"
                            "\"mismatches\":%zu,\"phases\":%s}\n",
                            jsonString(v.name).c_str(), jsonString(v.what).c_str(), opt.bytes, measured,
                            totalMismatches, ph.str().c_str());
                std::fflush(stdout);
                if (totalMismatches)
                    ++failures;
            } catch (const CudaFailure &e) {
                // A failed API (for example a driver without the CUDA 13 calls)
                // fails this variant only; a sticky error stops everything.
                ++failures;
                std::printf("{\"type\":\"summary\",\"variant\":%s,\"error\":%s}\n", jsonString(v.name).c_str(),
                            jsonString(e.what()).c_str());
                std::fflush(stdout);
                std::fprintf(stderr, "discard_probe: variant %s: %s\n", v.name.c_str(), e.what());
                const cudaError_t sticky = cudaDeviceSynchronize();
                if (sticky != cudaSuccess)
                    throw CudaFailure(std::string("context unusable after the error: ") + cudaGetErrorString(sticky));
                cudaGetLastError(); // clear a non-sticky error
            }
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "discard_probe: %s\n", e.what());
        std::printf("{\"type\":\"done\",\"ok\":false,\"error\":%s,\"elapsed_s\":%s}\n", jsonString(e.what()).c_str(),
                    num(std::chrono::duration<double>(Clock::now() - start).count(), 1).c_str());
        return 1;
    }
    std::printf(
        "{\"type\":\"done\",\"ok\":%s,\"failed_variants\":%d,\"truncated_by_time_limit\":%s,\"elapsed_s\":%s}\n",
        failures ? "false" : "true", failures, timeUp ? "true" : "false",
        num(std::chrono::duration<double>(Clock::now() - start).count(), 1).c_str());
    return failures ? 1 : 0;
}

// The interposer (see "UVM ioctl observer" above). Forwards every call as is.
extern "C" int ioctl(int fd, unsigned long request, ...) __THROW
{
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    const long ret = syscall(SYS_ioctl, fd, request, arg);
    const int savedErrno = errno;
    uvmobs::note(fd, request, arg, ret);
    errno = savedErrno;
    return static_cast<int>(ret);
}
