// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: timings are ratios measured within one run). On the
// first CUDA device and its first peer, in one process, alternately:
//   1. peer-copy's to-device phase with peer access on (scale: one copy of
//      --size to the peer), against a bare cudaMemcpyPeerAsync of the same
//      size on the peer's stream with peer access on: at least 0.9;
//   2. the same phase with peer access on, against off: at least 5 times
//      faster (at the default 256 MiB).
// Then, printed without a target, the routes a copy between the two can take
// (#23: which reaches the link): cudaMemcpyPeerAsync on the destination's
// stream (peer-copy's), on the source's (PyTorch's y.copy_(x) copies on the
// source device's current stream), and cudaMemcpyAsync with
// cudaMemcpyDefault (unified addressing) on the source's; each way.
// Usage: bench_peer [--size S] [--rounds N]; exit 1 if a target is missed,
// 3 where there are not two CUDA devices that can access each other.

#include "benchoptions.h"
#include "bytesize.h"
#include "peers.h"
#include "preflight.h"
#include "run/devices.h"
#include "run/engine.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sharescope;

namespace {

std::uint64_t median(std::vector<std::uint64_t> values)
{
    std::ranges::sort(values);
    return values.empty() ? 0 : values[values.size() / 2];
}

bool check(cudaError_t error, const char *what)
{
    if (error != cudaSuccess)
        std::fprintf(stderr, "bench: %s failed: %s\n", what, cudaGetErrorString(error));
    return error == cudaSuccess;
}

// Which call copies, and on whose stream.
enum class Route { PeerOnDestination, PeerOnSource, DefaultOnSource };

const char *routeName(Route route)
{
    switch (route) {
    case Route::PeerOnDestination:
        return "cudaMemcpyPeerAsync, destination's stream";
    case Route::PeerOnSource:
        return "cudaMemcpyPeerAsync, source's stream";
    case Route::DefaultOnSource:
        return "cudaMemcpyAsync (cudaMemcpyDefault), source's stream";
    }
    return "?";
}

// A bare copy of `bytes` between the two GPUs, with peer access on both
// ways, timed with events on the stream that issues it (the legacy default
// stream of the destination or of the source).
class BareCopy
{
public:
    BareCopy(int device, int peer, std::uint64_t bytes)
        : m_device(device)
        , m_peer(peer)
        , m_bytes(bytes)
    {
        m_ok = check(cudaSetDevice(device), "cudaSetDevice") && check(cudaMalloc(&m_onDevice, bytes), "cudaMalloc")
            && check(cudaEventCreate(&m_start[0]), "cudaEventCreate")
            && check(cudaEventCreate(&m_stop[0]), "cudaEventCreate") && enable(device, peer)
            && check(cudaSetDevice(peer), "cudaSetDevice") && enable(peer, device)
            && check(cudaMalloc(&m_onPeer, bytes), "cudaMalloc")
            && check(cudaEventCreate(&m_start[1]), "cudaEventCreate")
            && check(cudaEventCreate(&m_stop[1]), "cudaEventCreate");
    }
    ~BareCopy()
    {
        cudaSetDevice(m_peer);
        cudaEventDestroy(m_start[1]);
        cudaEventDestroy(m_stop[1]);
        cudaFree(m_onPeer);
        cudaSetDevice(m_device);
        cudaEventDestroy(m_start[0]);
        cudaEventDestroy(m_stop[0]);
        cudaFree(m_onDevice);
    }
    bool ok() const { return m_ok; }

    // One copy to the peer (toPeer) or back, by `route`; 0 where it failed.
    std::uint64_t timeNs(bool toPeer = true, Route route = Route::PeerOnDestination)
    {
        const int source = toPeer ? m_device : m_peer;
        const int destination = toPeer ? m_peer : m_device;
        void *from = toPeer ? m_onDevice : m_onPeer;
        void *to = toPeer ? m_onPeer : m_onDevice;
        const int issuer = route == Route::PeerOnDestination ? destination : source;
        const std::size_t events = issuer == m_device ? 0 : 1;
        cudaSetDevice(issuer);
        cudaEventRecord(m_start[events], nullptr);
        const cudaError_t error = route == Route::DefaultOnSource
            ? cudaMemcpyAsync(to, from, m_bytes, cudaMemcpyDefault, nullptr)
            : cudaMemcpyPeerAsync(to, destination, from, source, m_bytes, nullptr);
        const bool copied = check(error, routeName(route));
        cudaEventRecord(m_stop[events], nullptr);
        cudaEventSynchronize(m_stop[events]);
        float ms = 0;
        cudaEventElapsedTime(&ms, m_start[events], m_stop[events]);
        return copied ? static_cast<std::uint64_t>(static_cast<double>(ms) * 1e6) : 0;
    }

private:
    static bool enable(int from, int to)
    {
        cudaSetDevice(from);
        const cudaError_t error = cudaDeviceEnablePeerAccess(to, 0);
        if (error == cudaErrorPeerAccessAlreadyEnabled) {
            cudaGetLastError();
            return true;
        }
        return check(error, "cudaDeviceEnablePeerAccess");
    }

    int m_device;
    int m_peer;
    std::uint64_t m_bytes;
    void *m_onDevice = nullptr;
    void *m_onPeer = nullptr;
    cudaEvent_t m_start[2] = {}; // [0] on the device, [1] on the peer
    cudaEvent_t m_stop[2] = {};
    bool m_ok = false;
};

// The to-device phase's device time of each measured iteration.
void addToDevice(const RunReport &report, std::vector<std::uint64_t> &samples)
{
    for (const IterationResult &iteration : report.iterations) {
        for (const PhaseResult &phase : iteration.phases) {
            if (!iteration.warmup && phase.phase == Phase::ToDevice && phase.deviceNs)
                samples.push_back(*phase.deviceNs);
        }
    }
}

bool report(const char *name, double ratio, double atLeast)
{
    const bool met = ratio >= atLeast;
    std::printf("%-58s %6.2f  (target >= %.2f)  %s\n", name, ratio, atLeast, met ? "met" : "MISSED");
    return met;
}

} // namespace

int main(int argc, char **argv)
{
    const auto options = parseBenchOptions(argc, argv);
    if (!options)
        return 2;
    const DeviceList list = listDevices();
    const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
    if (cuda == list.devices.end() || cuda->peers.empty()) {
        std::fprintf(stderr, "bench: needs two CUDA devices\n");
        return 3;
    }
    ExperimentSpec spec;
    spec.kernel = KernelId::Scale;
    spec.bytes = options->bytes;
    spec.iterations = 3;
    spec.warmup = 1;
    spec.counters = false;
    spec.peerAccess = true;
    spec = withPeer(inMode(spec, ModeId::PeerCopy), *cuda);
    const PeerLink &link = *peerLink(*cuda, spec.peerId);
    if (const Support support = supportOf(*cuda, spec); !support.supported) {
        std::fprintf(stderr, "bench: %s\n", support.reason.c_str());
        return 3;
    }
    auto backend = openBackend(*cuda);
    if (!backend) {
        std::fprintf(stderr, "bench: %s\n", backend.error().message.c_str());
        return 1;
    }
    Engine engine(std::move(*backend));
    std::printf("%s (%s) -> %s (%s), %s per copy, %d rounds\n", cuda->id.c_str(), cuda->name.c_str(),
                link.peerId.c_str(), link.peerName.c_str(), formatBytes(spec.bytes).c_str(), options->rounds);
    std::vector<std::uint64_t> on;
    std::vector<std::uint64_t> off;
    std::vector<std::uint64_t> bare;
    for (int round = 0; round < options->rounds; ++round) {
        for (const bool access : {true, false}) {
            ExperimentSpec s = spec;
            s.peerAccess = access;
            auto run = engine.run(s);
            if (!run) {
                std::fprintf(stderr, "bench: %s\n", run.error().message.c_str());
                return 1;
            }
            addToDevice(*run, access ? on : off);
        }
        // The bare copy enables peer access itself, both ways.
        BareCopy copy(cuda->index, link.peerIndex, spec.bytes);
        if (!copy.ok())
            return 1;
        copy.timeNs(); // warm-up
        for (int i = 0; i < 3; ++i)
            bare.push_back(copy.timeNs());
    }
    const auto gbps
        = [&](std::uint64_t ns) { return ns ? static_cast<double>(spec.bytes) / static_cast<double>(ns) : 0; };
    std::printf("to the peer, median: peer-copy with peer access %.1f GB/s, without %.1f GB/s; bare "
                "cudaMemcpyPeerAsync %.1f GB/s\n",
                gbps(median(on)), gbps(median(off)), gbps(median(bare)));
    const double bareRatio = median(on) ? static_cast<double>(median(bare)) / static_cast<double>(median(on)) : 0;
    const double accessRatio = median(on) ? static_cast<double>(median(off)) / static_cast<double>(median(on)) : 0;
    bool met = report("peer-copy (peer access on) / bare cudaMemcpyPeerAsync", bareRatio, 0.9);
    met = report("peer access on / off (how many times faster)", accessRatio, 5.0) && met;

    // The routes, each way, alternating round by round; medians.
    constexpr Route routes[] = {Route::PeerOnDestination, Route::PeerOnSource, Route::DefaultOnSource};
    std::vector<std::uint64_t> samples[2][3];
    {
        BareCopy copy(cuda->index, link.peerIndex, spec.bytes);
        if (!copy.ok())
            return 1;
        for (int round = 0; round < 5 * options->rounds; ++round) {
            for (const bool toPeer : {true, false}) {
                for (std::size_t r = 0; r < std::size(routes); ++r) {
                    if (round == 0)
                        copy.timeNs(toPeer, routes[r]); // warm-up
                    samples[toPeer ? 0 : 1][r].push_back(copy.timeNs(toPeer, routes[r]));
                }
            }
        }
    }
    std::printf("\nroutes of one %s copy between %s and %s (median of %d):\n", formatBytes(spec.bytes).c_str(),
                cuda->id.c_str(), link.peerId.c_str(), 5 * options->rounds);
    for (std::size_t r = 0; r < std::size(routes); ++r) {
        std::printf("  %-52s to the peer %7.1f GB/s   back %7.1f GB/s\n", routeName(routes[r]),
                    gbps(median(samples[0][r])), gbps(median(samples[1][r])));
    }
    return met ? 0 : 1;
}
