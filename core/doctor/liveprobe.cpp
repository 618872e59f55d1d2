// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctorprobe.h"

#include "clocks.h"
#include "report/runreport.h"
#include "run/devices.h"
#include "run/engine.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace sharescope::doctor {
namespace {

constexpr std::uint64_t mostCopyBytes = 64ULL << 20; // per buffer: what the checks copy need not be larger

std::uint64_t copyBytes(const DoctorPlan &plan)
{
    const std::uint64_t bytes = std::clamp<std::uint64_t>(plan.batchBytes, 1 << 20, mostCopyBytes);
    return bytes / 4096 * 4096;
}

#ifdef SHARESCOPE_HAVE_CUDA
constexpr double loadSeconds = 1.0; // how long the copies keep the link busy

// One of ShareScope's own experiments, small, untouched by instruments.
ExperimentSpec experiment(const DeviceInfo &device, ModeId mode, std::uint64_t bytes, bool warmClock)
{
    ExperimentSpec spec;
    spec.deviceId = device.id;
    spec.mode = mode;
    spec.kernel = KernelId::VectorAdd;
    spec.bytes = bytes;
    spec.iterations = 3;
    spec.warmup = 1;
    spec.counters = false;
    spec.clockWarmup = warmClock;
    return spec;
}

cuda::Answer<double> toDeviceRate(const Result<RunReport> &run)
{
    if (!run)
        return cuda::Answer<double>::none(describe(run.error()));
    for (const PhaseSummary &summary : summarize(*run)) {
        if (summary.phase != Phase::ToDevice)
            continue;
        const std::uint64_t ns = summary.median.timeNs();
        if (ns == 0 || summary.median.bytesToDevice == 0)
            break;
        return cuda::Answer<double>::of(static_cast<double>(summary.median.bytesToDevice) * 1e9
                                        / static_cast<double>(ns));
    }
    return cuda::Answer<double>::none("the run timed no copy to the device");
}
#endif

class LiveProbe final : public DoctorProbe
{
public:
    explicit LiveProbe(Engine *engine)
        : m_engine(engine)
    {
    }

    std::optional<std::string> environment(const std::string &name) override
    {
        const char *value = std::getenv(name.c_str());
        if (!value)
            return std::nullopt;
        return std::string(value);
    }

    int hardwareThreads() override
    {
        const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        return cpus > 0 ? static_cast<int>(std::min<long>(cpus, 1 << 16)) : 1;
    }

    DescriptorTrial passDescriptors() override { return tryDescriptorPassing(); }

    GpuReadings readGpu(const DeviceInfo &device) override
    {
        GpuReadings readings;
#ifdef SHARESCOPE_HAVE_CUDA
        readings.nvml = cuda::readNvmlFacts(device.pciBusId);
        readings.cuda = cuda::readCudaFacts(device.index);
#else
        (void)device;
        readings.nvml.problem = readings.cuda.problem = "this ShareScope was built without CUDA";
#endif
        return readings;
    }

    Measurements measure(const DeviceInfo &device, const DoctorPlan &plan, const std::function<void()> &whileLoaded,
                         const std::function<void(DoctorStep)> &step, const std::atomic<bool> *cancel) override
    {
        Measurements m;
        const auto stop = [&] { return cancel && cancel->load(); };
        const std::uint64_t bytes = copyBytes(plan);
        m.copyBytes = bytes;
#ifdef SHARESCOPE_HAVE_CUDA
        step(DoctorStep::Pinning);
        m.pinning = cuda::tryPinning(device.index,
                                     std::clamp<std::uint64_t>(plan.batchBytes / 4096 * 4096, 4096, 1ULL << 30));
        if (stop())
            return m;
        step(DoctorStep::Copies);
        Engine *engine = engineFor(device, m.balanceProblem);
        if (engine) {
            const auto pinned = engine->run(experiment(device, ModeId::Pinned, bytes, true), nullptr, cancel);
            const auto pageable = engine->run(experiment(device, ModeId::Device, bytes, false), nullptr, cancel);
            m.pinnedBytesPerSecond = toDeviceRate(pinned);
            m.pageableBytesPerSecond = toDeviceRate(pageable);
            if (pinned && pageable) {
                m.balance = pinningBalance(*pageable, *pinned);
                if (!m.balance)
                    m.balanceProblem = "the runs timed no setup or copies";
            } else {
                m.balanceProblem = describe(pinned ? pageable.error() : pinned.error());
            }
            if (pinned) {
                std::optional<std::uint32_t> mhz;
                if (const auto spread = clockSpread(*pinned))
                    mhz = spread->maxMHz;
                if (pinned->clocks && pinned->clocks->warmup && pinned->clocks->warmup->toMHz)
                    mhz = std::max(mhz.value_or(0), *pinned->clocks->warmup->toMHz);
                m.loadMHz = mhz ? cuda::Answer<unsigned>::of(*mhz)
                                : cuda::Answer<unsigned>::none(pinned->clocks && !pinned->clocks->note.empty()
                                                                   ? pinned->clocks->note.english()
                                                                   : "the run read no clock");
            } else {
                m.loadMHz = cuda::Answer<unsigned>::none(describe(pinned.error()));
            }
        } else {
            m.pinnedBytesPerSecond = m.pageableBytesPerSecond = cuda::Answer<double>::none(m.balanceProblem);
            m.loadMHz = cuda::Answer<unsigned>::none(m.balanceProblem);
        }
        if (stop())
            return m;
        step(DoctorStep::Load);
        m.load = cuda::copyUnderLoad(device.index, device.pciBusId, mostCopyBytes, loadSeconds, whileLoaded);
        if (stop())
            return m;
        step(DoctorStep::Peers);
        for (const PeerLink &peer : device.peers) {
            m.peers.push_back(cuda::copyToPeer(device.index, peer.peerIndex, mostCopyBytes));
            if (stop())
                return m;
        }
        step(DoctorStep::Ipc);
        if (engine) {
            const auto ipc = engine->run(experiment(device, ModeId::Ipc, 1 << 20, false), nullptr, cancel);
            if (!ipc)
                m.ipcOpenSeconds = cuda::Answer<double>::none(describe(ipc.error()));
            else if (!ipc->ipc)
                m.ipcOpenSeconds = cuda::Answer<double>::none("the run reported no ipc details");
            else
                m.ipcOpenSeconds = cuda::Answer<double>::of(static_cast<double>(ipc->ipc->openNs) / 1e9);
        } else {
            m.ipcOpenSeconds = cuda::Answer<double>::none(m.balanceProblem);
        }
        if (stop())
            return m;
        step(DoctorStep::Managed);
        m.managedProblem = cuda::tryManaged(device.index, mostCopyBytes);
#else
        (void)device, (void)whileLoaded, (void)step, (void)stop;
#endif
        return m;
    }

private:
    // The engine that owns the device here, or one of this probe's own.
    Engine *engineFor(const DeviceInfo &device, std::string &problem)
    {
        if (m_engine && m_engine->device().id == device.id)
            return m_engine;
        if (!m_own) {
            auto backend = openBackend(device);
            if (!backend) {
                problem = describe(backend.error());
                return nullptr;
            }
            m_own = std::make_unique<Engine>(std::move(*backend));
        }
        return m_own.get();
    }

    Engine *m_engine;
    std::unique_ptr<Engine> m_own;
};

} // namespace

std::unique_ptr<DoctorProbe> liveDoctorProbe(Engine *engine)
{
    return std::make_unique<LiveProbe>(engine);
}

} // namespace sharescope::doctor
