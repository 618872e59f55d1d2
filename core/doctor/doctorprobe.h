// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/machinefacts.h"
#include "deviceinfo.h"
#include "doctor/doctor.h"
#include "lessons/demoquestion.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope {
class Engine;
}

namespace sharescope::doctor {

// How descriptors fared between this process and a child of its own. Each
// errno is 0 where the descriptor was taken (and checked to be the same
// open file), empty where that step was not tried.
struct DescriptorTrial
{
    std::string problem; // the trial could not start (no child, no socket)
    std::optional<int> selfError; // pidfd_getfd on this process itself: only seccomp or the kernel refuse it
    std::optional<int> fromChildError; // this process takes its child's (workers sending to the main process)
    std::optional<int> fromParentError; // the child takes this process's (what Yama's scope 1 forbids)
    std::optional<int> socketError; // the child sends one over a socket pair (SCM_RIGHTS)
    bool operator==(const DescriptorTrial &) const = default;
};
// The trial on this machine: a child of this process (started with fork,
// doing nothing but system calls and _exit: it never touches CUDA), each
// descriptor taken dup'd and closed again.
DescriptorTrial tryDescriptorPassing();

// What NVML and CUDA say about the device, without measuring.
struct GpuReadings
{
    cuda::NvmlFacts nvml;
    cuda::CudaFacts cuda;
};

// What the measured checks measured.
struct Measurements
{
    cuda::PinningTrial pinning;
    // The when-pinning-pays lesson's balance of a `pinned` run against a
    // `device` run (ShareScope's engine), and their copies to the device.
    std::optional<PinningBalance> balance;
    std::string balanceProblem;
    std::uint64_t copyBytes = 0; // per buffer, in those runs
    cuda::Answer<double> pinnedBytesPerSecond;
    cuda::Answer<double> pageableBytesPerSecond;
    cuda::Answer<unsigned> loadMHz; // the SM clock under the engine's load (its warm-up, its kernels)
    cuda::LoadTrial load;
    std::vector<cuda::PeerTrial> peers;
    // The ipc mode's run: a legacy handle opened in a child process. The
    // ipc-open phase's seconds, or why it failed.
    cuda::Answer<double> ipcOpenSeconds;
    std::optional<std::string> managedProblem; // empty: not tried; "" worked
};

// The steps of a check, for progress.
enum class DoctorStep : std::uint8_t { Files, Descriptors, Gpu, Pinning, Copies, Load, Peers, Ipc, Managed };
inline constexpr int doctorStepCount = 9;
const char *doctorStepText(DoctorStep step); // marked for translation

// Everything the checks learn other than by reading files: the system
// calls, NVML, CUDA and the measurements. Tests give a fake.
class DoctorProbe
{
public:
    virtual ~DoctorProbe() = default;
    virtual std::optional<std::string> environment(const std::string &name) = 0;
    virtual int hardwareThreads() = 0;
    virtual DescriptorTrial passDescriptors() = 0;
    virtual GpuReadings readGpu(const DeviceInfo &device) = 0;
    // Runs the measurements on the device; `whileLoaded` is called once
    // while copies keep the link busy; `step` before each step; stops
    // between steps when `cancel` is set.
    virtual Measurements measure(const DeviceInfo &device, const DoctorPlan &plan,
                                 const std::function<void()> &whileLoaded, const std::function<void(DoctorStep)> &step,
                                 const std::atomic<bool> *cancel)
        = 0;
};

// This machine: the CUDA calls where CUDA is built in (a device the
// program cannot use is answered with the reason). `engine`: the engine
// that owns the device in this process, for the runs; null opens one.
std::unique_ptr<DoctorProbe> liveDoctorProbe(Engine *engine = nullptr);

} // namespace sharescope::doctor
