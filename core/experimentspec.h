// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "hostthreads.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// One experiment, as the command line or the panel describes it. Plain data;
// validate() checks its ranges.
struct ExperimentSpec
{
    std::string deviceId; // empty: the default device
    ModeId mode = ModeId::Device;
    KernelId kernel = KernelId::VectorAdd;
    std::uint64_t bytes = 64ULL << 20; // per buffer
    int iterations = 5;
    int warmup = 1;
    std::uint64_t strideBytes = 64ULL << 10; // stride kernel
    int rounds = 4; // ping-pong kernel
    std::optional<Advice> advice; // managed-advise only
    // The modes that need a peer: the GPU whose kernel runs ("cuda:1"; empty:
    // the device's default peer, peers.h). Empty in every other mode.
    std::string peerId;
    // peer-copy only: whether peer access is enabled first (--peer-access
    // on|off); empty: as the pair allows, decided where it meets the device.
    std::optional<bool> peerAccess;
    // pinned and zero-copy: the host memory is write-combined
    // (cudaHostAllocWriteCombined, --write-combined). False in every other mode.
    bool writeCombined = false;
    // --host-threads: the threads that share the device, each on a slice
    // (hostthreads.h); CUDA: the stream they use (--default-stream).
    int hostThreads = 1;
    DefaultStream defaultStream = DefaultStream::Legacy;
    bool counters = true;
    // Before the measured iterations, keep the GPU busy until its clock
    // settles (clocks.h); --no-clock-warmup leaves it out.
    bool clockWarmup = true;
    // Where the counted pass takes its migration records (--records): the
    // driver's event queue where it has one, or CUPTI's, as a profiler would.
    RecordsSource records = RecordsSource::DriverEvents;

    const ModeInfo &modeInfo() const { return sharescope::modeInfo(mode); }
    const KernelInfo &kernelInfo() const { return sharescope::kernelInfo(kernel); }
    std::uint64_t elementCount() const { return bytes / elementBytes; }
    std::uint64_t strideElements() const;
    // Elements the stride kernel touches: indices 0, s, 2s, ...
    std::uint64_t strideTouched() const;
    // Elements one launch of the kernel visits.
    std::uint64_t kernelItems() const;
    std::uint64_t totalBytes() const; // all buffers together
    // What the kernel phase reads plus writes (all its launches).
    std::uint64_t kernelBytes() const;
    // Host memory the run may need at most: a host copy of every buffer and
    // the CPU reference's own arrays.
    std::uint64_t hostBytes() const;
    // Whether to-device, the kernel and to-host run on threads of their own
    // (--host-threads above 1, or one thread on its per-thread stream).
    bool threaded() const { return hostThreads > 1 || defaultStream == DefaultStream::PerThread; }

    // The command that reproduces this experiment ("sharescope run ...").
    std::string commandLine() const;
    // Its options after the mode: " --kernel K --size S --iterations N ...";
    // a sweep gives its sizes otherwise.
    std::string experimentOptions(bool withSize = true) const;
};

inline constexpr int maxIterations = 10000;
inline constexpr int maxRounds = 10000;

// The experiment in `mode`, with the advice it needs: managed-advise gets
// `base`'s advice or the default, every other mode none; likewise the peer
// and peer access, kept for the modes that take them. The one place that
// decides defaults, for every way a run is asked for.
ExperimentSpec inMode(ExperimentSpec base, ModeId mode);

// Checks sizes, counts and the options the kernel and mode take; the
// device-dependent checks are in safetylimits.h.
Status validate(const ExperimentSpec &spec);

// "cuda:N", the only form --peer takes.
bool validPeerId(std::string_view id);
// The same as a bad argument that says what is accepted.
Status checkPeerId(std::string_view id);

// Whether the run turns peer access on between the device and its peer:
// always in a mode that needs it, as --peer-access says where it is optional.
bool peerAccessOn(const ExperimentSpec &spec);

// The options only some modes take.
enum class ModeOption : std::uint8_t { Advice, Peer, PeerAccess, WriteCombined };
bool takesOption(const ModeInfo &mode, ModeOption option);
// An option given where no mode takes it: "--advice applies only to the
// managed-advise mode, not to MODE" (without a mode when none was named).
Error optionNotTaken(ModeOption option, std::optional<ModeId> mode);

} // namespace sharescope
