// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "ceilings/calibration.h"
#include "clocks.h"
#include "counting/migration.h"
#include "deviceinfo.h"
#include "experimentspec.h"
#include "faultinjection.h"
#include "hostthreads.h"
#include "report/runreport.h"
#include "result.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace sharescope {

// How a backend is opened (devices.h).
struct BackendOptions
{
    bool counted = false; // for a counted pass: every session carries its instruments
    bool countEveryDevice = false; // counted: count on every GPU, not this one alone (the peer modes)
    RecordsSource records = RecordsSource::DriverEvents; // counted: where the migration records come from
};

// What a backend adds to the phase being measured. The engine owns the host
// clock; the backend reports what only it can see.
class PhaseMeter
{
public:
    void addDeviceNs(std::uint64_t ns) { m_deviceNs = m_deviceNs.value_or(0) + ns; }
    void addToDevice(std::uint64_t bytes) { m_bytesToDevice += bytes; }
    void addToHost(std::uint64_t bytes) { m_bytesToHost += bytes; }
    void addBetweenDevices(std::uint64_t bytes) { m_bytesBetweenDevices += bytes; }

    std::optional<std::uint64_t> deviceNs() const { return m_deviceNs; }
    std::uint64_t bytesToDevice() const { return m_bytesToDevice; }
    std::uint64_t bytesToHost() const { return m_bytesToHost; }
    std::uint64_t bytesBetweenDevices() const { return m_bytesBetweenDevices; }

    // --host-threads: what the threads' own meters moved, and their spans.
    // Their device times are not added: overlapping streams have no one
    // device time, so a split phase has its host time alone.
    // A phase that hands the threads work more than once (ping-pong's
    // rounds) keeps each thread's first start and last end.
    void addThreads(std::span<const PhaseMeter> threads, std::vector<ThreadSpan> spans)
    {
        for (const PhaseMeter &t : threads) {
            m_bytesToDevice += t.m_bytesToDevice;
            m_bytesToHost += t.m_bytesToHost;
            m_bytesBetweenDevices += t.m_bytesBetweenDevices;
        }
        if (m_threads.size() != spans.size()) {
            m_threads = std::move(spans);
            return;
        }
        for (std::size_t i = 0; i < spans.size(); ++i) {
            m_threads[i].startNs = std::min(m_threads[i].startNs, spans[i].startNs);
            m_threads[i].endNs = std::max(m_threads[i].endNs, spans[i].endNs);
        }
    }
    const std::vector<ThreadSpan> &threads() const { return m_threads; }

private:
    std::optional<std::uint64_t> m_deviceNs;
    std::uint64_t m_bytesToDevice = 0;
    std::uint64_t m_bytesToHost = 0;
    std::uint64_t m_bytesBetweenDevices = 0;
    std::vector<ThreadSpan> m_threads;
};

enum class HostAccess { Write, Read, ReadWrite };

// The buffers a host access touches: Write the ones the host fills (inputs
// and in-place), Read the ones it reads back (outputs and in-place),
// ReadWrite the in-place ones.
std::vector<std::size_t> buffersFor(const KernelInfo &kernel, HostAccess access);
// The buffers a mode that copies moves: Write to the device (what the host
// wrote for the kernel to read), Read back (what the kernel wrote for the
// host to read). A buffer only the CPU or only the GPU touches never travels.
std::vector<std::size_t> buffersCopied(const KernelInfo &kernel, HostAccess direction);

// The buffers of one experiment in one mode. The engine calls, per iteration:
//   host-init:  acquireHost(Write), fills the buffers the host writes,
//               hostWritten()
//   to-device:  releaseHost(), toDevice()
//   kernel:     launch() (ping-pong: launch, toHost, acquireHost(ReadWrite),
//               the CPU's half, releaseHost, toDevice, per round)
//   to-host:    toHost(), acquireHost(Read)
//   host-read:  hostReading(), reads and verifies, releaseHost()
// Every call returns when its work is complete, so that the host clock around
// it is honest. All calls come from the one thread that owns the device.
class Session
{
public:
    virtual ~Session() = default;

    virtual Status allocate(PhaseMeter &meter) = 0;
    // Makes the buffers the host may touch for this access visible to it.
    // Returns one pointer per buffer of the kernel, nullptr where not acquired.
    virtual Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &meter) = 0;
    virtual Status releaseHost(PhaseMeter &meter) = 0;
    // Where the host's arrays are staging copies of memory elsewhere (the
    // peer modes keep their data on a GPU): after host-init's writes, and
    // before host-read's reads, so that each phase carries its own staging
    // and to-device and to-host only what moves between the GPUs.
    virtual Status hostWritten(PhaseMeter &) { return okStatus(); }
    virtual Status hostReading(PhaseMeter &) { return okStatus(); }
    virtual Status toDevice(PhaseMeter &meter) = 0;
    virtual Status launch(PhaseMeter &meter) = 0;
    virtual Status toHost(PhaseMeter &meter) = 0;
    virtual Status release(PhaseMeter &meter) = 0;

    // --host-threads (hostthreads.h): after allocate, the session makes
    // ready what each thread needs (OpenCL: a queue and a kernel each). Then
    // to-device, the kernel and to-host are called once per slice, each from
    // a thread of its own, all at once, each with a meter of its own; each
    // call returns when its slice's work is complete. host-init and
    // host-read (acquireHost, releaseHost) stay on the owning thread. The
    // modes hostThreadsRefusal() turns away keep these defaults, which fail.
    virtual Status prepareThreads(std::span<const Slice> slices);
    // On each thread, once, before its first slice (in alloc).
    virtual Status threadReady(const Slice &) { return okStatus(); }
    // Before the threads' slices of to-device and of the kernel, on the
    // owning thread: work on whole buffers (managed-discard's discards, which
    // must not meet another thread's writes to a page they share). It adds
    // no device time: a split phase has its host time alone.
    virtual Status beforeSlices(Phase) { return okStatus(); }
    virtual Status toDeviceSlice(PhaseMeter &meter, const Slice &slice);
    virtual Status launchSlice(PhaseMeter &meter, const Slice &slice);
    virtual Status toHostSlice(PhaseMeter &meter, const Slice &slice);

    // The GPU's clock (clocks.h), where the device has one: what the run
    // knows of it, its SM clock now (read at every phase's end, outside the
    // phase's time), and the warm-up before the measured iterations.
    virtual std::optional<RunClocks> clocks() const { return std::nullopt; }
    virtual std::optional<std::uint32_t> smClockMHz() const { return std::nullopt; }
    // `cancel` (where set) ends the warm-up between its rounds.
    virtual Result<std::optional<ClockWarmup>> warmClock(const std::atomic<bool> *cancel)
    {
        (void)cancel;
        return std::optional<ClockWarmup>();
    }

    // After the run, while the buffers are kept for inspection: `out.size()`
    // 32-bit elements of a buffer from element `first`, as the buffer holds
    // them now (device memory read back, host memory as it is). Reading
    // managed memory from the host can itself migrate pages.
    virtual Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) = 0;

    // How each buffer is placed and whether mapping gave its own storage;
    // complete once an iteration has run.
    virtual std::vector<BufferReport> buffers() const = 0;

    // The instruments of a counted pass, where this session has them: told
    // just before each measured phase starts and just after it ends, outside
    // its timed region, and handing over what they saw once, after free.
    // A session without instruments ignores the calls and has no records.
    virtual void phaseStarting() { }
    virtual void phaseEnded(int iteration, Phase phase) { (void)iteration, (void)phase; }
    virtual std::optional<CounterRecords> takeCounterRecords() { return std::nullopt; }

    // The ipc mode: the peer process and the handles it opened.
    virtual std::optional<IpcDetails> ipcDetails() const { return std::nullopt; }

    // Test builds (faultinjection.h): makes `fault` happen through the
    // device's API, as the phase's first step, and returns the error it
    // brought, handled as every error of that kind is.
    virtual Status injectFault(InjectedFault fault, PhaseMeter &meter);
};

// One device. Opened once and reused for many runs, so that kernels are
// built once per context.
class Backend
{
public:
    virtual ~Backend() = default;
    virtual const DeviceInfo &device() const = 0;
    // Checks what only the backend knows (free device memory, a lost
    // context) before anything is allocated.
    virtual Status check(const ExperimentSpec &) const { return okStatus(); }
    // Creates (but does not allocate) the buffers of a validated experiment.
    virtual Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) = 0;
    // Why migration counters are absent, or empty when the backend has them.
    virtual MessageTemplate countersNote(const ExperimentSpec &spec) const = 0;

    // Whether the sessions carry the instruments their counters need. Where
    // they would slow what they measure (CUDA: CUPTI and the driver's
    // counters), a backend that times says no, and the engine runs the
    // experiment once more in a counted pass (engine.h), in a child process
    // whose backend is opened with BackendOptions::counted.
    virtual bool sessionsCarryInstruments() const { return true; }

    // Calibration (calibration.h): the steps this device can take, in order,
    // and one of them measured with the plan's size (less where memory is
    // short) and repetitions. The host's own steps are not the backend's.
    virtual std::vector<CalibrationStep> calibrationSteps() const { return {}; }
    virtual Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan);
};

} // namespace sharescope
