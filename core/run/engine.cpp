// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/engine.h"

#include "childprocess.h"
#include "environment.h"
#include "peers.h"
#include "preflight.h"
#include "reference.h"
#include "run/countedpass.h"
#include "run/countermerge.h"
#include "trnoop.h"

#include <algorithm>
#include <chrono>

namespace sharescope {
namespace {

using Clock = std::chrono::steady_clock;

class Run
{
public:
    // freed: whether the run ends with a measured free phase (not when the
    // buffers are kept for inspection), so that progress reaches its total.
    Run(const ExperimentSpec &spec, const Reference &reference, Session &session, EngineObserver *observer,
        const std::atomic<bool> *cancel, bool freed, FaultSchedule *faults)
        : m_spec(spec)
        , m_kernel(spec.kernelInfo())
        , m_reference(reference)
        , m_session(session)
        , m_observer(observer)
        , m_cancel(cancel)
        , m_total((freed ? 2 : 1) + (spec.warmup + spec.iterations) * static_cast<int>(iterationPhases.size()))
        , m_faults(faults)

    {
    }

    Status execute(RunReport &report)
    {
        auto alloc = measure(Phase::Alloc, -1, false, [&](PhaseMeter &m) {
            if (Status s = m_session.allocate(m); !s || !m_spec.threaded())
                return s;
            return startThreads();
        });
        if (!alloc)
            return alloc.error();
        report.alloc = *alloc;
        const int count = m_spec.warmup + m_spec.iterations;
        for (int index = 0; index < count; ++index) {
            if (index == m_spec.warmup && m_spec.clockWarmup) {
                if (Status s = warmClock(report); !s)
                    return s;
            }
            IterationResult iteration{index, index < m_spec.warmup, {}};
            for (const Phase phase : iterationPhases) {
                if (cancelled())
                    return cancelledByUser();
                auto result
                    = measure(phase, index, iteration.warmup, [&](PhaseMeter &m) { return step(phase, m, report); });
                if (!result)
                    return result.error();
                iteration.phases.push_back(*result);
            }
            report.iterations.push_back(std::move(iteration));
        }
        return okStatus();
    }

    Result<PhaseResult> freeBuffers()
    {
        return measure(Phase::Free, -1, false, [&](PhaseMeter &m) { return m_session.release(m); });
    }

    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

private:
    template<typename Work>
    Result<PhaseResult> measure(Phase phase, int iteration, bool warmup, Work &&work)
    {
        PhaseMeter meter;
        m_session.phaseStarting();
        const auto start = Clock::now();
        m_phaseStart = start;
        const auto fault = m_faults ? m_faults->starting(phase) : std::nullopt;
        const Status status = fault ? injected(*fault, meter) : work(meter);
        if (fault && phase == Phase::Free)
            work(meter); // the buffers go all the same; the fault is what is reported
        const auto end = Clock::now();
        const std::optional<std::uint32_t> clock = m_session.smClockMHz();
        m_session.phaseEnded(iteration, phase);
        if (!status) {
            Error error = status.error();
            if (error.kind != ErrorKind::Cancelled)
                error.phase = phase;
            return error;
        }
        PhaseResult result;
        result.phase = phase;
        result.hostNs
            = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count());
        result.deviceNs = meter.deviceNs();
        result.bytesToDevice = meter.bytesToDevice();
        result.bytesToHost = meter.bytesToHost();
        result.bytesBetweenDevices = meter.bytesBetweenDevices();
        result.bytesAccessed = bytesAccessed(phase, meter);
        result.threads = meter.threads();
        result.smClockMHz = clock;
        if (m_observer) {
            m_observer->phaseFinished(iteration, warmup, result);
            m_observer->progress(++m_done, m_total);
        }
        return result;
    }

    // Before the first measured iteration, outside every phase: the GPU
    // busy until its clock settles (clocks.h), where the device has one.
    Status warmClock(RunReport &report)
    {
        if (cancelled())
            return cancelledByUser();
        auto warmed = m_session.warmClock(m_cancel);
        if (!warmed)
            return warmed.error();
        if (*warmed && report.clocks)
            report.clocks->warmup = **warmed;
        return okStatus();
    }

    // A test build's fault: the error the device gave, saying it was asked for.
    Status injected(InjectedFault fault, PhaseMeter &meter)
    {
        const Status status = m_session.injectFault(fault, meter);
        if (status)
            return failed("the fault " + std::string(faultName(fault)) + " was injected and brought no error");
        Error error = status.error();
        error.message = "injected " + std::string(faultName(fault)) + " (SHARESCOPE_INJECT_FAULT): " + error.message;
        error.translatable = {};
        return error;
    }

    std::uint64_t buffersWhere(bool (*role)(BufferRole)) const
    {
        std::uint64_t count = 0;
        for (const BufferSpec &buffer : m_kernel.buffers)
            count += role(buffer.role) ? 1 : 0;
        return count * m_spec.bytes;
    }

    std::uint64_t bytesAccessed(Phase phase, const PhaseMeter &meter) const
    {
        switch (phase) {
        case Phase::HostInit:
            return buffersWhere(hostWrites);
        case Phase::HostRead:
            return buffersWhere(hostReads);
        case Phase::ToDevice:
        case Phase::ToHost:
            return meter.bytesToDevice() + meter.bytesToHost() + meter.bytesBetweenDevices();
        case Phase::Kernel:
            // ping-pong: the GPU's reads and writes only, so that the
            // bandwidth over the kernels' device time is the kernels' own.
            return m_spec.kernelBytes();
        case Phase::Alloc:
        case Phase::IpcOpen:
        case Phase::Free:
            break;
        }
        return 0;
    }

    Status step(Phase phase, PhaseMeter &meter, RunReport &report)
    {
        switch (phase) {
        case Phase::HostInit: {
            auto pointers = m_session.acquireHost(HostAccess::Write, meter);
            if (!pointers)
                return pointers.error();
            const auto fill = [&](ElementRange range) {
                for (std::size_t b = 0; b < m_kernel.buffers.size(); ++b) {
                    if (hostWrites(m_kernel.buffers[b].role) && (*pointers)[b])
                        m_reference.fill(b, (*pointers)[b], range);
                }
                return okStatus();
            };
            if (m_spec.threaded()) {
                if (Status s = onHostThreads(meter,
                                             [&](const Slice &slice) {
                                                 return fill({slice.first, slice.count});
                                             });
                    !s)
                    return s;
            } else {
                fill({0, m_spec.elementCount()});
            }
            return m_session.hostWritten(meter);
        }
        case Phase::ToDevice:
            if (m_spec.threaded()) {
                return releaseThen(meter, [&] {
                    if (Status s = m_session.beforeSlices(Phase::ToDevice); !s)
                        return s;
                    return onThreads(meter, &Session::toDeviceSlice);
                });
            }
            return releaseThen(meter, [&] { return m_session.toDevice(meter); });
        case Phase::Kernel:
            if (m_spec.threaded()) {
                if (Status s = m_session.beforeSlices(Phase::Kernel); !s)
                    return s;
                return m_kernel.usesRounds ? threadedRounds(meter) : onThreads(meter, &Session::launchSlice);
            }
            return kernel(meter);
        case Phase::ToHost: {
            if (Status s = m_spec.threaded() ? onThreads(meter, &Session::toHostSlice) : m_session.toHost(meter); !s)
                return s;
            auto pointers = m_session.acquireHost(HostAccess::Read, meter);
            if (!pointers)
                return pointers.error();
            m_readPointers = std::move(*pointers);
            return okStatus();
        }
        case Phase::HostRead:
            if (Status s = m_session.hostReading(meter); !s)
                return s;
            if (m_spec.threaded()) {
                verifyOnThreads(meter, report.verification);
            } else {
                for (std::size_t b = 0; b < m_kernel.buffers.size(); ++b) {
                    if (hostReads(m_kernel.buffers[b].role) && m_readPointers[b])
                        m_reference.verify(b, m_readPointers[b], report.verification);
                }
            }
            m_readPointers.clear();
            return m_session.releaseHost(meter);
        case Phase::Alloc:
        case Phase::IpcOpen:
        case Phase::Free:
            break;
        }
        return okStatus();
    }

    // --host-threads, in alloc: the threads, started once for the whole
    // run, and what the session and each thread need before the first phase
    // (a CUDA thread makes the GPU current and creates its stream).
    Status startThreads()
    {
        const std::uint64_t granule = m_kernel.usesStride ? m_spec.strideElements() : 1;
        auto pool = HostThreadPool::start(slicesOf(m_spec.elementCount(), m_spec.hostThreads, granule));
        if (!pool)
            return pool.error();
        m_threads = std::move(*pool);
        if (Status prepared = m_session.prepareThreads(m_threads->slices()); !prepared)
            return prepared;
        std::vector<ThreadSpan> unused;
        return m_threads->run([&](const Slice &slice) { return m_session.threadReady(slice); }, Clock::now(), unused);
    }

    // The phase's device work, a slice per thread, all at once; each
    // thread's meter and span.
    Status onThreads(PhaseMeter &meter, Status (Session::*slicePart)(PhaseMeter &, const Slice &))
    {
        return onThreads(meter,
                         [&](PhaseMeter &mine, const Slice &slice) { return (m_session.*slicePart)(mine, slice); });
    }
    Status onThreads(PhaseMeter &meter, const std::function<Status(PhaseMeter &, const Slice &)> &work)
    {
        std::vector<PhaseMeter> meters(m_threads->slices().size());
        std::vector<ThreadSpan> spans;
        Status status = m_threads->run(
            [&](const Slice &slice) {
                // An empty slice (validate leaves none) has nothing to do.
                return slice.count == 0 ? okStatus() : work(meters[static_cast<std::size_t>(slice.thread)], slice);
            },
            m_phaseStart, spans);
        meter.addThreads(meters, std::move(spans));
        return status;
    }

    // ping-pong's rounds on the threads: each thread's slice on the GPU and
    // back, then the CPU's half of each slice, then to the GPU again; the
    // run's own thread maps and unmaps between, as in one thread's rounds.
    Status threadedRounds(PhaseMeter &meter)
    {
        for (int round = 0; round < m_spec.rounds; ++round) {
            if (round > 0 && cancelled())
                return cancelledByUser();
            if (Status s = onThreads(meter,
                                     [&](PhaseMeter &mine, const Slice &slice) {
                                         if (Status launched = m_session.launchSlice(mine, slice); !launched)
                                             return launched;
                                         return m_session.toHostSlice(mine, slice);
                                     });
                !s)
                return s;
            // The map and unmap between keep their bytes but not their device
            // time: the threads' phase has its host time alone, and a device
            // time of the maps would pass for the kernels'.
            PhaseMeter owners;
            auto pointers = m_session.acquireHost(HostAccess::ReadWrite, owners);
            if (!pointers)
                return pointers.error();
            void *data = (*pointers)[0];
            Status s = onHostThreads(meter, [&](const Slice &slice) {
                m_reference.cpuRound(data, {slice.first, slice.count});
                return okStatus();
            });
            // Unmapped whatever the threads found: the first error is the one reported.
            if (Status released = m_session.releaseHost(owners); s && !released)
                s = released;
            meter.addToDevice(owners.bytesToDevice());
            meter.addToHost(owners.bytesToHost());
            if (s)
                s = onThreads(meter, &Session::toDeviceSlice);
            if (!s)
                return s;
        }
        return okStatus();
    }

    // host-init's and host-read's work, a range of every buffer per thread,
    // all at once (the run's own thread maps and unmaps around it).
    Status onHostThreads(PhaseMeter &meter, const std::function<Status(const Slice &)> &work)
    {
        std::vector<ThreadSpan> spans;
        Status status = m_threads->run(work, m_phaseStart, spans);
        meter.addThreads({}, std::move(spans));
        return status;
    }

    // Each thread checks its range of every buffer; the results join in
    // buffer order, then element order, as one thread would have found them.
    void verifyOnThreads(PhaseMeter &meter, Verification &verification)
    {
        const std::size_t threads = m_threads->slices().size();
        std::vector<std::vector<Verification>> found(threads, std::vector<Verification>(m_kernel.buffers.size()));
        onHostThreads(meter, [&](const Slice &slice) {
            std::vector<Verification> &mine = found[static_cast<std::size_t>(slice.thread)];
            for (std::size_t b = 0; b < m_kernel.buffers.size(); ++b) {
                if (hostReads(m_kernel.buffers[b].role) && m_readPointers[b])
                    m_reference.verify(b, m_readPointers[b], {slice.first, slice.count}, mine[b]);
            }
            return okStatus();
        });
        for (std::size_t b = 0; b < m_kernel.buffers.size(); ++b) {
            for (std::size_t t = 0; t < threads; ++t)
                addVerification(verification, found[t][b]);
        }
    }

    static void addVerification(Verification &into, const Verification &more)
    {
        into.checked += more.checked;
        into.mismatches += more.mismatches;
        for (const Mismatch &m : more.first) {
            if (into.first.size() < maxRecordedMismatches)
                into.first.push_back(m);
        }
    }

    template<typename Then>
    Status releaseThen(PhaseMeter &meter, Then &&then)
    {
        if (Status s = m_session.releaseHost(meter); !s)
            return s;
        return then();
    }

    // ping-pong runs its rounds inside the kernel phase: each round the GPU
    // adds 1, the data goes to the host, the CPU adds 1, and it comes back.
    Status kernel(PhaseMeter &meter)
    {
        if (!m_kernel.usesRounds)
            return m_session.launch(meter);
        for (int round = 0; round < m_spec.rounds; ++round) {
            if (round > 0 && cancelled())
                return cancelledByUser();
            if (Status s = m_session.launch(meter); !s)
                return s;
            if (Status s = m_session.toHost(meter); !s)
                return s;
            auto pointers = m_session.acquireHost(HostAccess::ReadWrite, meter);
            if (!pointers)
                return pointers.error();
            m_reference.cpuRound((*pointers)[0]);
            if (Status s = releaseThen(meter, [&] { return m_session.toDevice(meter); }); !s)
                return s;
        }
        return okStatus();
    }

    const ExperimentSpec &m_spec;
    const KernelInfo &m_kernel;
    const Reference &m_reference;
    Session &m_session;
    EngineObserver *m_observer;
    const std::atomic<bool> *m_cancel;
    const int m_total;
    int m_done = 0;
    std::vector<void *> m_readPointers;
    FaultSchedule *m_faults;
    std::unique_ptr<HostThreadPool> m_threads; // --host-threads
    Clock::time_point m_phaseStart;
};

// One part of a run's progress, for runs made of several passes: the
// observer sees one bar from start to end, and the phases of the pass that
// shows (the timed one) only.
class ProgressShare final : public EngineObserver
{
public:
    ProgressShare(EngineObserver *observer, int part, int parts, bool phases)
        : m_observer(observer)
        , m_part(part)
        , m_parts(parts)
        , m_phases(phases)
    {
    }
    void phaseFinished(int iteration, bool warmup, const PhaseResult &result) override
    {
        if (m_observer && m_phases)
            m_observer->phaseFinished(iteration, warmup, result);
    }
    void progress(int done, int total) override
    {
        if (m_observer && total > 0)
            m_observer->progress(m_part * total + done, m_parts * total);
    }

private:
    EngineObserver *m_observer;
    const int m_part;
    const int m_parts;
    const bool m_phases;
};

} // namespace

struct Engine::Kept
{
    std::unique_ptr<Session> session;
    std::unique_ptr<Reference> reference;
    ExperimentSpec spec;
};

Engine::Engine(std::unique_ptr<Backend> backend, CountedPassLauncher countedPass)
    : m_backend(std::move(backend))
    , m_countedPass(std::move(countedPass))
{
    if (!m_countedPass) {
        m_countedPass = [](const ExperimentSpec &spec, EngineObserver *observer, const std::atomic<bool> *cancel) {
            return runCountedPass(selfBinary(), spec, observer, cancel);
        };
    }
}

Engine::~Engine()
{
    releaseBuffers();
}

void Engine::releaseBuffers()
{
    if (!m_kept)
        return;
    PhaseMeter unmeasured;
    m_kept->session->release(unmeasured);
    m_kept.reset();
}

Result<std::vector<std::uint32_t>> Engine::readBuffer(std::size_t buffer, std::uint64_t first, std::uint64_t count)
{
    if (!m_kept)
        return failed("the buffers of the last run are no longer kept");
    const KernelInfo &kernel = m_kept->spec.kernelInfo();
    const std::uint64_t elements = m_kept->spec.elementCount();
    if (buffer >= kernel.buffers.size() || first >= elements)
        return badArgument("no element " + std::to_string(first) + " in buffer " + std::to_string(buffer));
    std::vector<std::uint32_t> values(std::min(count, elements - first));
    if (Status read = m_kept->session->read(buffer, first, values); !read)
        return read.error();
    return values;
}

double Engine::expectedValue(std::size_t buffer, std::uint64_t index) const
{
    return m_kept ? m_kept->reference->expectedValue(buffer, index) : 0.0;
}

Status Engine::check(const ExperimentSpec &spec) const
{
    if (Status s = preflight(spec, device()); !s)
        return s;
    return m_backend->check(spec);
}

Result<RunReport> Engine::run(const ExperimentSpec &requested, EngineObserver *observer,
                              const std::atomic<bool> *cancel, bool keepBuffers)
{
    releaseBuffers();
    ExperimentSpec spec = withPeer(requested, device());
    spec.deviceId = device().id;
    if (Status s = check(spec); !s)
        return s.error();

    RunReport report;
    report.toolVersion = toolVersion();
    report.commandLine = spec.commandLine();
    report.createdUtc = currentUtcTime();
    report.environment = currentEnvironment();
    report.device = device();
    notePeerAccess(report.device, spec);
    report.spec = spec;
    report.counted.note = spec.counters
        ? m_backend->countersNote(spec)
        : MessageTemplate(SHARESCOPE_TR_NOOP("Core", "turned off with --no-counters"), {});
    report.counted.enabled = spec.counters && report.counted.note.empty();

    // The counted pass first, so that buffers the timed run keeps for
    // inspection never share the device with its buffers.
    ProgressShare countedShare(observer, 0, 2, false);
    ProgressShare timedShare(observer, 1, 2, true);
    std::optional<Result<RunReport>> counted;
    if (report.counted.enabled && !m_backend->sessionsCarryInstruments())
        counted = m_countedPass(spec, &countedShare, cancel);
    if (counted && !*counted) {
        if (counted->error().kind == ErrorKind::Cancelled)
            return counted->error();
        report.counted.enabled = false;
        const Error &error = counted->error();
        report.counted.note = MessageTemplate(
            SHARESCOPE_TR_NOOP("Core", "the counted pass failed: %1"),
            {error.phase ? MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1: %2"),
                                           {MessageTemplate(std::string(phaseName(*error.phase))), templateOf(error)})
                         : templateOf(error)});
    }

    auto session = m_backend->createSession(spec);
    if (!session)
        return session.error();
    report.clocks = (*session)->clocks();
    auto reference = std::make_unique<Reference>(spec);
    Run run(spec, *reference, **session, counted ? &timedShare : observer, cancel, !keepBuffers, m_faults);
    const Status status = run.execute(report);
    report.buffers = (*session)->buffers();
    report.ipc = (*session)->ipcDetails();
    const bool keep = keepBuffers && status.ok();
    // Free even after a failure or a cancel; the first error is the one reported.
    std::optional<Result<PhaseResult>> freed;
    if (!keep)
        freed = run.freeBuffers();
    auto records = (*session)->takeCounterRecords();
    if (!status)
        return status.error();
    if (freed && !*freed)
        return freed->error();
    if (freed)
        report.free = **freed;
    if (counted && *counted)
        mergeCountedPass(report, std::move(**counted));
    else if (records && report.counted.enabled)
        addCounters(report, std::move(*records));
    if (keep)
        m_kept = std::make_unique<Kept>(Kept{std::move(*session), std::move(reference), spec});
    return report;
}

} // namespace sharescope
