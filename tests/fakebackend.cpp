// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakebackend.h"

#include "run/engine.h"

#include <map>
#include <vector>

namespace sharescope::testing {
namespace {

class FakeSession final : public Session
{
public:
    FakeSession(const ExperimentSpec &spec, FakeBehaviour behaviour)
        : m_spec(spec)
        , m_kernel(spec.kernelInfo())
        , m_behaviour(std::move(behaviour))
    {
    }

    Status allocate(PhaseMeter &) override
    {
        m_host.assign(m_kernel.buffers.size(), std::vector<std::uint32_t>(m_spec.elementCount()));
        m_device = m_host;
        return call("allocate");
    }

    Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &) override
    {
        if (Status s = call(access == HostAccess::Write      ? "acquireWrite"
                                : access == HostAccess::Read ? "acquireRead"
                                                             : "acquireReadWrite");
            !s)
            return s.error();
        std::vector<void *> pointers;
        for (auto &buffer : m_host)
            pointers.push_back(buffer.data());
        return pointers;
    }

    Status releaseHost(PhaseMeter &) override { return call("releaseHost"); }

    Status toDevice(PhaseMeter &meter) override
    {
        for (std::size_t b = 0; b < m_host.size(); ++b) {
            if (copiedToDevice(m_kernel.buffers[b].role)) {
                m_device[b] = m_host[b];
                meter.addToDevice(m_spec.bytes);
            }
        }
        return call("toDevice");
    }

    Status launch(PhaseMeter &meter) override
    {
        if (Status s = call("launch"); !s)
            return s;
        const std::uint64_t n = m_spec.elementCount();
        const auto f = [](std::vector<std::uint32_t> &b) { return reinterpret_cast<float *>(b.data()); };
        switch (m_spec.kernel) {
        case KernelId::VectorAdd:
            for (std::uint64_t i = 0; i < n; ++i)
                f(m_device[2])[i] = f(m_device[0])[i] + f(m_device[1])[i];
            break;
        case KernelId::Scale:
            for (std::uint64_t i = 0; i < n; ++i)
                f(m_device[0])[i] *= 2.0f;
            break;
        case KernelId::Stride:
            for (std::uint64_t i = 0; i < n; i += m_spec.strideElements())
                m_device[0][i] += 1;
            break;
        case KernelId::Gather:
            for (std::uint64_t i = 0; i < n; ++i)
                m_device[2][i] = m_device[0][m_device[1][i]];
            break;
        case KernelId::PingPong:
            for (std::uint64_t i = 0; i < n; ++i)
                m_device[0][i] += 1;
            break;
        case KernelId::FirstTouch:
            for (std::uint64_t i = 0; i < n; ++i) {
                m_device[1][i] = m_device[0][i] + 1;
                m_device[2][i] = m_device[0][i] + 2;
            }
            break;
        }
        if (m_behaviour.corruptOneElement)
            m_device.back()[n / 2] ^= 1u << 22;
        meter.addDeviceNs(1000);
        return okStatus();
    }

    Status toHost(PhaseMeter &meter) override
    {
        for (std::size_t b = 0; b < m_host.size(); ++b) {
            if (copiedToHost(m_kernel.buffers[b].role)) {
                m_host[b] = m_device[b];
                meter.addToHost(m_spec.bytes);
            }
        }
        return call("toHost");
    }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        const auto &device = m_device[buffer];
        std::copy(device.begin() + static_cast<std::ptrdiff_t>(first),
                  device.begin() + static_cast<std::ptrdiff_t>(first + out.size()), out.begin());
        return okStatus();
    }

    Status release(PhaseMeter &) override
    {
        if (m_behaviour.releases)
            ++*m_behaviour.releases;
        m_host.clear();
        m_device.clear();
        return call("release");
    }

    std::optional<RunClocks> clocks() const override
    {
        if (!m_behaviour.clock)
            return std::nullopt;
        return RunClocks{fakeMaxMHz, {}, std::nullopt};
    }
    std::optional<std::uint32_t> smClockMHz() const override
    {
        return m_behaviour.clock ? std::optional(m_mhz) : std::nullopt;
    }
    Result<std::optional<ClockWarmup>> warmClock(const std::atomic<bool> *) override
    {
        if (!m_behaviour.clock)
            return std::optional<ClockWarmup>();
        if (Status s = call("warmClock"); !s)
            return s.error();
        const ClockWarmup warmup{1000, 1, m_mhz, fakeMaxMHz, true};
        m_mhz = fakeMaxMHz;
        return std::optional(warmup);
    }

    void phaseStarting() override { }
    void phaseEnded(int iteration, Phase phase) override
    {
        if (!m_behaviour.instrumented)
            return;
        const std::uint64_t moved = phase == Phase::Kernel ? m_spec.bytes : 0;
        PhaseWindow window{iteration, phase, m_clock, m_clock + 9, ExactCounts{moved, 0, 0, moved ? 3U : 0U}, {}};
        if (moved) {
            MigrationEvent half;
            half.startNs = m_clock + 1;
            half.value = moved / 2;
            m_records.events.push_back(half);
        }
        m_records.windows.push_back(window);
        m_clock += 10;
    }
    std::optional<CounterRecords> takeCounterRecords() override
    {
        if (!m_behaviour.instrumented)
            return std::nullopt;
        m_records.reported.fill(true);
        return std::move(m_records);
    }

    std::vector<BufferReport> buffers() const override
    {
        std::vector<BufferReport> reports;
        for (const BufferSpec &b : m_kernel.buffers)
            reports.push_back({std::string(b.name), b.type, b.role, m_spec.bytes, "fake", std::nullopt});
        return reports;
    }

private:
    Status call(const std::string &method)
    {
        if (m_behaviour.calls)
            *m_behaviour.calls += method + " ";
        if (method == m_behaviour.failIn && ++m_counts[method] == m_behaviour.failOnCall) {
            Error error = failed("the fake device failed on purpose");
            error.deviceLost = m_behaviour.loseDevice;
            return error;
        }
        return okStatus();
    }

    const ExperimentSpec m_spec;
    const KernelInfo &m_kernel;
    FakeBehaviour m_behaviour;
    std::vector<std::vector<std::uint32_t>> m_host;
    std::vector<std::vector<std::uint32_t>> m_device;
    std::map<std::string, int> m_counts;
    CounterRecords m_records;
    std::uint64_t m_clock = 1000;
    static constexpr std::uint32_t fakeMaxMHz = 1980;
    std::uint32_t m_mhz = 1000; // the fake SM clock
};

} // namespace

FakeBackend::FakeBackend(FakeBehaviour behaviour)
    : m_behaviour(std::move(behaviour))
{
    m_device.id = "opencl:7";
    m_device.backend = BackendKind::OpenCL;
    m_device.name = "Fake device";
    m_device.versionMajor = 3;
    m_device.globalMemoryBytes = 1ULL << 30;
    m_device.maxAllocationBytes = 256ULL << 20;
    m_device.svmCoarseBuffer = true;
    if (m_behaviour.managedGpu) {
        m_device.id = "cuda:7";
        m_device.backend = BackendKind::Cuda;
        m_device.versionMajor = 9;
        m_device.managedMemory = true;
        m_device.concurrentManagedAccess = true;
    }
}

Result<std::unique_ptr<Session>> FakeBackend::createSession(const ExperimentSpec &spec)
{
    return std::unique_ptr<Session>(std::make_unique<FakeSession>(spec, m_behaviour));
}

CountedPassLauncher countedOnFake(const FakeBehaviour &behaviour)
{
    return [behaviour](const ExperimentSpec &spec, EngineObserver *observer,
                       const std::atomic<bool> *cancel) -> Result<RunReport> {
        if (behaviour.countedPassFails)
            return *behaviour.countedPassFails;
        FakeBehaviour counted;
        counted.instrumented = true;
        counted.managedGpu = behaviour.managedGpu;
        Engine engine(std::make_unique<FakeBackend>(counted));
        return engine.run(spec, observer, cancel);
    };
}

} // namespace sharescope::testing
