// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakebackend.h"
#include "run/engine.h"
#include "run/experimentset.h"

#include <QTest>

#include <algorithm>
#include <cstring>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

ExperimentSpec smallSpec(KernelId kernel = KernelId::VectorAdd)
{
    ExperimentSpec spec;
    spec.mode = ModeId::ClCopy;
    spec.kernel = kernel;
    spec.bytes = 64 << 10;
    spec.iterations = 3;
    spec.warmup = 2;
    spec.strideBytes = 4096;
    spec.rounds = 3;
    return spec;
}

struct RecordingObserver : EngineObserver
{
    std::vector<std::pair<int, Phase>> phases;
    int warmups = 0;
    int lastDone = 0;
    int lastTotal = 0;
    bool monotonic = true;
    std::atomic<bool> *cancelAfterFirstKernel = nullptr;

    void phaseFinished(int iteration, bool warmup, const PhaseResult &result) override
    {
        phases.emplace_back(iteration, result.phase);
        warmups += warmup ? 1 : 0;
        if (cancelAfterFirstKernel && result.phase == Phase::Kernel)
            cancelAfterFirstKernel->store(true);
    }
    void progress(int done, int total) override
    {
        monotonic = monotonic && done > lastDone && done <= total;
        lastDone = done;
        lastTotal = total;
    }
};

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

private slots:
    void runsEveryPhaseOfEveryIteration_data()
    {
        QTest::addColumn<int>("kernel");
        for (const KernelInfo &kernel : kernels())
            QTest::addRow("%s", std::string(kernel.name).c_str()) << static_cast<int>(kernel.id);
    }
    void runsEveryPhaseOfEveryIteration()
    {
        QFETCH(int, kernel);
        Engine engine(std::make_unique<FakeBackend>());
        RecordingObserver observer;
        const auto report = engine.run(smallSpec(static_cast<KernelId>(kernel)), &observer);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->iterations.size(), std::size_t(5));
        QVERIFY(report->iterations[0].warmup && report->iterations[1].warmup && !report->iterations[2].warmup);
        for (const IterationResult &iteration : report->iterations) {
            QCOMPARE(iteration.phases.size(), iterationPhases.size());
            for (std::size_t p = 0; p < iterationPhases.size(); ++p)
                QCOMPARE(iteration.phases[p].phase, iterationPhases[p]);
        }
        QVERIFY(report->free.has_value());
        QVERIFY(report->verification.passed());
        const std::uint64_t readBack = buffersFor(kernelInfo(static_cast<KernelId>(kernel)), HostAccess::Read).size();
        QCOMPARE(report->verification.checked, 5 * readBack * smallSpec().elementCount());
        QVERIFY(!report->counted.enabled);
        QCOMPARE(report->counted.note.english(), std::string("the fake device has no counters"));
        QCOMPARE(report->device.id, std::string("opencl:7"));
        QVERIFY(
            QString::fromStdString(report->commandLine).startsWith("sharescope run --device opencl:7 --mode cl-copy"));
        // The observer saw alloc, 5 x 5 phases and free, in order, with progress to the end.
        QCOMPARE(observer.phases.size(), std::size_t(27));
        QCOMPARE(observer.phases.front(), std::make_pair(-1, Phase::Alloc));
        QCOMPARE(observer.phases.back(), std::make_pair(-1, Phase::Free));
        QCOMPARE(observer.warmups, 10);
        QVERIFY(observer.monotonic);
        QCOMPARE(observer.lastDone, observer.lastTotal);
    }

    void leavesWarmupOutOfTheStatistics()
    {
        Engine engine(std::make_unique<FakeBackend>());
        const auto report = engine.run(smallSpec());
        QVERIFY(report.ok());
        for (const PhaseSummary &summary : summarize(*report)) {
            const bool once = summary.phase == Phase::Alloc || summary.phase == Phase::Free;
            QCOMPARE(summary.samples, once ? 1 : 3);
        }
    }

    void countsBytesAndBandwidthPerPhase()
    {
        Engine engine(std::make_unique<FakeBackend>());
        const ExperimentSpec spec = smallSpec();
        const auto report = engine.run(spec);
        QVERIFY(report.ok());
        const auto &phases = report->iterations.back().phases;
        QCOMPARE(phases[0].bytesAccessed, 2 * spec.bytes); // host-init writes x and y
        QCOMPARE(phases[1].bytesToDevice, 2 * spec.bytes);
        QCOMPARE(phases[2].bytesAccessed, 3 * spec.bytes); // the kernel reads x, y and writes out
        QCOMPARE(*phases[2].deviceNs, std::uint64_t(1000));
        QCOMPARE(*phases[2].bandwidth(), 3.0 * spec.bytes * 1e9 / 1000);
        QCOMPARE(phases[3].bytesToHost, spec.bytes);
        QCOMPARE(phases[4].bytesAccessed, spec.bytes); // host-read reads out
    }

    void runsPingPongRoundsInTheKernelPhase()
    {
        std::string calls;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.calls = &calls}));
        ExperimentSpec spec = smallSpec(KernelId::PingPong);
        spec.iterations = 1;
        spec.warmup = 0;
        const auto report = engine.run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->verification.passed()); // init + 2 x 3 rounds
        QCOMPARE(QString::fromStdString(calls).count("launch"), 3);
        QCOMPARE(report->iterations[0].phases[2].bytesToHost, 3 * spec.bytes);
        QCOMPARE(report->iterations[0].phases[2].bytesToDevice, 3 * spec.bytes);
    }

    // The clock warm-up comes once, after the warm-up iterations and before
    // the first measured one, outside every phase; each phase says the
    // clock at its end.
    void warmsTheClockBeforeTheMeasuredIterations()
    {
        std::string calls;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.calls = &calls, .clock = true}));
        ExperimentSpec spec = smallSpec(KernelId::VectorAdd);
        spec.iterations = 2;
        spec.warmup = 1;
        const auto report = engine.run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        const QString sequence = QString::fromStdString(calls);
        QCOMPARE(sequence.count(QStringLiteral("warmClock")), 1);
        // one launch (the warm-up iteration's) before it, two after
        QCOMPARE(sequence.left(sequence.indexOf(QStringLiteral("warmClock"))).count(QStringLiteral("launch")), 1);
        QVERIFY(report->clocks);
        QCOMPARE(report->clocks->maxSmMHz, std::optional<std::uint32_t>(1980));
        QVERIFY(report->clocks->warmup);
        QCOMPARE(report->clocks->warmup->fromMHz, std::optional<std::uint32_t>(1000));
        for (const IterationResult &iteration : report->iterations) {
            for (const PhaseResult &phase : iteration.phases)
                QCOMPARE(phase.smClockMHz, std::optional<std::uint32_t>(iteration.warmup ? 1000 : 1980));
        }
        const auto spread = clockSpread(*report);
        QVERIFY(spread);
        QCOMPARE(spread->minMHz, 1980U); // the warm-up iteration's 1,000 MHz left out
        QVERIFY(!spread->changed());
    }

    void failsWhenTheClockWarmupFails()
    {
        int releases = 0;
        Engine engine(
            std::make_unique<FakeBackend>(FakeBehaviour{.failIn = "warmClock", .releases = &releases, .clock = true}));
        const auto report = engine.run(smallSpec(KernelId::VectorAdd));
        QVERIFY(!report.ok());
        QVERIFY(report.error().message.find("on purpose") != std::string::npos);
        QCOMPARE(releases, 1); // the buffers were freed all the same
    }

    void reportsWrongResults()
    {
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.corruptOneElement = true}));
        const auto report = engine.run(smallSpec());
        QVERIFY(report.ok()); // a wrong result is a report that says so, not an error
        QVERIFY(!report->verification.passed());
        QCOMPARE(report->verification.mismatches, std::uint64_t(5)); // one per iteration
        QCOMPARE(report->verification.first.front().index, smallSpec().elementCount() / 2);
        QCOMPARE(report->verification.first.front().buffer, std::string("out"));
    }

    void failsWithThePhaseAndFreesTheBuffers_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("call");
        QTest::addColumn<QString>("phase");
        QTest::addRow("allocation") << "allocate" << 1 << "alloc";
        QTest::addRow("first copy") << "toDevice" << 1 << "to-device";
        QTest::addRow("third kernel") << "launch" << 3 << "kernel";
        QTest::addRow("a read map") << "acquireRead" << 2 << "to-host";
    }
    void failsWithThePhaseAndFreesTheBuffers()
    {
        QFETCH(QString, method);
        QFETCH(int, call);
        QFETCH(QString, phase);
        int releases = 0;
        Engine engine(
            std::make_unique<FakeBackend>(FakeBehaviour{method.toStdString(), call, false, &releases, nullptr}));
        const auto report = engine.run(smallSpec());
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::Failed);
        // The phase travels beside the message, so that a translated
        // message keeps it too.
        QCOMPARE(report.error().message, std::string("the fake device failed on purpose"));
        QVERIFY(report.error().phase);
        QCOMPARE(QString::fromStdString(std::string(phaseName(*report.error().phase))), phase);
        QCOMPARE(QString::fromStdString(describe(report.error())), phase + ": the fake device failed on purpose");
        QCOMPARE(releases, 1);
    }

    void cancelsBetweenPhases()
    {
        int releases = 0;
        std::atomic<bool> cancel{false};
        RecordingObserver observer;
        observer.cancelAfterFirstKernel = &cancel;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.releases = &releases}));
        const auto report = engine.run(smallSpec(), &observer, &cancel);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::Cancelled);
        QCOMPARE(releases, 1);
        // Stopped right after the first kernel: alloc, host-init, to-device, kernel, then free.
        QCOMPARE(observer.phases.size(), std::size_t(5));
        QCOMPARE(observer.phases.back().second, Phase::Free);
    }

    void keepsBuffersForInspection()
    {
        int releases = 0;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.releases = &releases}));
        const ExperimentSpec spec = smallSpec();
        RecordingObserver observer;
        const auto report = engine.run(spec, &observer, nullptr, true);
        QVERIFY(report.ok());
        QVERIFY(!report->free.has_value()); // not freed, so not measured
        QCOMPARE(observer.lastDone, observer.lastTotal); // progress reaches its end without a free phase
        QVERIFY(engine.hasKeptBuffers());
        QCOMPARE(releases, 0);
        const auto values = engine.readBuffer(2, 100, 4);
        QVERIFY(values.ok());
        QCOMPARE(values->size(), std::size_t(4));
        for (std::size_t i = 0; i < 4; ++i) {
            float value;
            std::memcpy(&value, &(*values)[i], sizeof value);
            QCOMPARE(double(value), engine.expectedValue(2, 100 + i));
        }
        // The last elements, then past the end.
        QCOMPARE(engine.readBuffer(0, spec.elementCount() - 2, 10)->size(), std::size_t(2));
        QVERIFY(!engine.readBuffer(0, spec.elementCount(), 1).ok());
        QVERIFY(!engine.readBuffer(5, 0, 1).ok());
        // The next run frees them first.
        QVERIFY(engine.run(spec).ok());
        QCOMPARE(releases, 2);
        QVERIFY(!engine.hasKeptBuffers());
        QVERIFY(!engine.readBuffer(0, 0, 1).ok());
    }

    void refusesBeforeRunning_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<int>("kind");
        QTest::addRow("unsupported mode") << int(ModeId::ClSvmFine) << quint64(4096) << int(ErrorKind::Unsupported);
        QTest::addRow("cuda mode") << int(ModeId::Pinned) << quint64(4096) << int(ErrorKind::Unsupported);
        QTest::addRow("beyond max allocation")
            << int(ModeId::ClCopy) << quint64(512ULL << 20) << int(ErrorKind::BadArgument);
        QTest::addRow("not whole elements") << int(ModeId::ClCopy) << quint64(4097) << int(ErrorKind::BadArgument);
    }
    void refusesBeforeRunning()
    {
        QFETCH(int, mode);
        QFETCH(quint64, bytes);
        QFETCH(int, kind);
        std::string calls;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.calls = &calls}));
        ExperimentSpec spec = smallSpec();
        spec.mode = static_cast<ModeId>(mode);
        spec.bytes = bytes;
        const auto report = engine.run(spec);
        QVERIFY(!report.ok());
        QCOMPARE(int(report.error().kind), kind);
        QVERIFY(calls.empty()); // nothing was allocated
        if (report.error().kind == ErrorKind::Unsupported) // the reason keeps its template, to be translated
            QVERIFY(!report.error().translatable.args.empty());
    }

    // Counters come from a second, counted pass: the timed run keeps its
    // own times, takes the counted pass's counters, and learns what the
    // instruments cost.
    void mergesTheCountedPass()
    {
        const FakeBehaviour counting{.counters = true};
        Engine engine(std::make_unique<FakeBackend>(counting), countedOnFake(counting));
        RecordingObserver observer;
        const ExperimentSpec spec = smallSpec();
        const auto report = engine.run(spec, &observer);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->counted.enabled);
        QCOMPARE(report->counted.totals, CounterTotals::Driver);
        const PhaseResult &kernel = report->iterations.back().phases[2];
        QVERIFY(kernel.counters);
        QCOMPARE(kernel.counters->bytesHostToDevice, std::optional(spec.bytes)); // the driver's exact count
        QCOMPARE(kernel.counters->recordedHostToDevice, std::optional(spec.bytes / 2)); // what CUPTI recorded
        QCOMPARE(kernel.counters->gpuPageFaults, std::optional<std::uint64_t>(3));
        QVERIFY(kernel.countedNs.has_value()); // the counted pass's time of the same phase
        QCOMPARE(*kernel.countedNs, std::uint64_t(1000)); // the fake's kernel takes 1000 ns of device time
        QVERIFY(report->alloc.counters && report->free && report->free->counters);
        // Only the timed run's phases reach the observer; progress spans both passes.
        QCOMPARE(observer.phases.size(), std::size_t(27));
        QVERIFY(observer.monotonic);
        QCOMPARE(observer.lastDone, observer.lastTotal);
    }

    void timesWithoutCountersWhenTheCountedPassFails()
    {
        const FakeBehaviour failing{.counters = true, .countedPassFails = failed("the instruments could not start")};
        Engine engine(std::make_unique<FakeBackend>(failing), countedOnFake(failing));
        const auto report = engine.run(smallSpec());
        QVERIFY(report.ok()); // the timed run stands on its own
        QVERIFY(!report->counted.enabled);
        QVERIFY2(QString::fromStdString(report->counted.note.english()).contains("the instruments could not start"),
                 report->counted.note.english().c_str());
        QCOMPARE(report->counted.note.text, std::string("the counted pass failed: %1")); // said in the user's language
        QVERIFY(!report->iterations.back().phases[2].counters);
        QVERIFY(!report->iterations.back().phases[2].countedNs);
        // A cancel during the counted pass cancels the run.
        const FakeBehaviour stopping{.counters = true,
                                     .countedPassFails = errorOf(ErrorKind::Cancelled, "cancelled by the user", {})};
        Engine cancelled(std::make_unique<FakeBackend>(stopping), countedOnFake(stopping));
        const auto stopped = cancelled.run(smallSpec());
        QVERIFY(!stopped.ok());
        QCOMPARE(stopped.error().kind, ErrorKind::Cancelled);
        // --no-counters: no counted pass at all.
        ExperimentSpec off = smallSpec();
        off.counters = false;
        const auto uncounted = engine.run(off);
        QVERIFY(uncounted.ok());
        QVERIFY(!uncounted->counted.enabled);
        QCOMPARE(uncounted->counted.note.english(), std::string("turned off with --no-counters"));
    }

    // The one run path: a request planned on a device, then run as a set.
    void plansAComparisonOnTheDevice()
    {
        FakeBackend backend;
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.base = smallSpec();
        request.base.advice = Advice::ReadMostly; // managed-advise is not an OpenCL mode: dropped
        const PlannedRuns plan = planRuns(request, backend.device());
        QVERIFY(!plan.single);
        QVERIFY(!plan.refusal);
        std::vector<ModeId> planned;
        for (const ExperimentSpec &spec : plan.runs) {
            planned.push_back(spec.mode);
            QCOMPARE(spec.deviceId, std::string("opencl:7"));
            QVERIFY(!spec.advice);
        }
        // The fake device has coarse SVM but not fine: that one is skipped, with why.
        QCOMPARE(planned,
                 (std::vector{ModeId::ClCopy, ModeId::ClUseHostPtr, ModeId::ClAllocHostPtr, ModeId::ClSvmCoarse}));
        QCOMPARE(plan.skipped.size(), std::size_t(1));
        QCOMPARE(plan.skipped[0].mode, ModeId::ClSvmFine);
        QCOMPARE(plan.skipped[0].reason.kind, ErrorKind::Unsupported);
        QVERIFY(!plan.skipped[0].reason.translatable.empty());
    }

    void runsASetAndListsWhatFailed()
    {
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.failIn = "launch", .failOnCall = 1}));
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.base = smallSpec();
        request.modes = {ModeId::ClCopy, ModeId::ClUseHostPtr};
        const auto outcome = runSet(engine, planRuns(request, engine.device()), nullptr, nullptr);
        QVERIFY(outcome.ok());
        QVERIFY(outcome->anyFailed);
        // Every session's first launch fails: the first run's failure did
        // not stop the set, the second ran and failed too.
        QVERIFY(outcome->set.runs.empty());
        QCOMPARE(outcome->set.skipped.size(), std::size_t(2));
        QCOMPARE(outcome->set.skipped[1].mode, ModeId::ClUseHostPtr);
        const SkippedRun &skipped = outcome->set.skipped[0];
        QCOMPARE(skipped.mode, ModeId::ClCopy);
        QCOMPARE(skipped.reason.kind, ErrorKind::Failed);
        QCOMPARE(skipped.reason.phase, std::optional(Phase::Kernel));
        QCOMPARE(skippedReasonText(skipped.reason), std::string("failed: kernel: the fake device failed on purpose"));
    }

    void stopsASetWhenTheDeviceIsLost()
    {
        Engine engine(
            std::make_unique<FakeBackend>(FakeBehaviour{.failIn = "launch", .failOnCall = 1, .loseDevice = true}));
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.base = smallSpec();
        request.modes = {ModeId::ClCopy, ModeId::ClUseHostPtr, ModeId::ClAllocHostPtr};
        const auto outcome = runSet(engine, planRuns(request, engine.device()), nullptr, nullptr);
        QVERIFY(outcome.ok());
        QVERIFY(outcome->anyFailed);
        QVERIFY(outcome->deviceLost);
        // The first run lost the device: the others are listed with its
        // error, not run (each session's first launch would fail again).
        QVERIFY(outcome->set.runs.empty());
        QCOMPARE(outcome->set.skipped.size(), std::size_t(3));
        QCOMPARE(outcome->set.skipped[0].reason.phase, std::optional(Phase::Kernel));
        for (std::size_t i = 1; i < 3; ++i) {
            const Error &reason = outcome->set.skipped[i].reason;
            QVERIFY(reason.deviceLost);
            QVERIFY(!reason.phase); // never started
            QVERIFY2(reason.message.starts_with("not run: " + engine.device().id
                                                + " lost its context in an earlier "
                                                  "run (kernel: the fake device failed on purpose)"),
                     reason.message.c_str());
        }
        QCOMPARE(outcome->set.skipped[2].mode, ModeId::ClAllocHostPtr);
    }

    void readsAFaultPlan_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // phase/fault/N, or the error's telling part
        QTest::addRow("kernel") << "kernel:illegal-address"
                                << "kernel/illegal-address/1";
        QTest::addRow("third alloc") << "alloc:out-of-memory:3"
                                     << "alloc/out-of-memory/3";
        QTest::addRow("free") << "free:invalid-value:1"
                              << "free/invalid-value/1";
        QTest::addRow("no colon") << "kernel"
                                  << "no ':'";
        QTest::addRow("ipc-open") << "ipc-open:invalid-value"
                                  << "unknown phase 'ipc-open'";
        QTest::addRow("bad phase") << "kernal:invalid-value"
                                   << "unknown phase 'kernal'";
        QTest::addRow("bad fault") << "kernel:segfault"
                                   << "unknown fault 'segfault'";
        QTest::addRow("zero") << "kernel:invalid-value:0"
                              << "N '0'";
        QTest::addRow("trailing") << "kernel:invalid-value:2x"
                                  << "N '2x'";
        QTest::addRow("empty N") << "kernel:invalid-value:"
                                 << "N ''";
    }
    void readsAFaultPlan()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const auto plan = parseFaultPlan(text.toStdString());
        if (plan) {
            QCOMPARE(QStringLiteral("%1/%2/%3")
                         .arg(QString::fromStdString(std::string(phaseName(plan->phase))),
                              QString::fromStdString(std::string(faultName(plan->fault))))
                         .arg(plan->occurrence),
                     expected);
            return;
        }
        const QString message = QString::fromStdString(plan.error().message);
        QCOMPARE(plan.error().kind, ErrorKind::BadArgument);
        QVERIFY2(message.contains(expected), qPrintable(message));
        // The value and what is accepted, every time.
        QVERIFY2(message.contains("'" + text + "'"), qPrintable(message));
        QVERIFY2(message.contains("accepted: PHASE:FAULT[:N]"), qPrintable(message));
    }

    void injectsTheFaultAtTheNthStartOfItsPhase()
    {
        Engine engine(std::make_unique<FakeBackend>());
        FaultSchedule faults(*parseFaultPlan("to-device:invalid-value:2"));
        engine.setFaultSchedule(&faults);
        RecordingObserver observer;
        const auto report = engine.run(smallSpec(), &observer);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().phase, std::optional(Phase::ToDevice));
        // The fake has no way to make the fault: the engine says so, and
        // says that it was asked for.
        QCOMPARE(report.error().kind, ErrorKind::Unsupported);
        QCOMPARE(report.error().message,
                 std::string("injected invalid-value (SHARESCOPE_INJECT_FAULT): this device "
                             "cannot inject the fault invalid-value"));
        // The first iteration's to-device ran; the second's was the fault.
        const auto toDevice = std::ranges::count(observer.phases, Phase::ToDevice, &std::pair<int, Phase>::second);
        QCOMPARE(toDevice, 1);
        QCOMPARE(observer.phases.back(), std::make_pair(-1, Phase::Free)); // the buffers went all the same
        QCOMPARE(observer.phases.at(observer.phases.size() - 2), std::make_pair(1, Phase::HostInit));
        // Counted over the engine's runs: the next run has no fault left.
        QVERIFY(engine.run(smallSpec()).ok());
    }

    void reportsASingleRunsErrorAsTheCommandsError()
    {
        Engine engine(std::make_unique<FakeBackend>());
        RunRequest request;
        request.base = smallSpec();
        request.mode = ModeId::ClSvmFine;
        const PlannedRuns plan = planRuns(request, engine.device());
        QVERIFY(plan.single);
        QCOMPARE(plan.runs.size(), std::size_t(1));
        const auto outcome = runSet(engine, plan, nullptr, nullptr);
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.error().kind, ErrorKind::Unsupported);
        // Without a mode, the device's plain copy mode.
        request.mode.reset();
        QCOMPARE(planRuns(request, engine.device()).runs.front().mode, ModeId::ClCopy);
    }

    void refusesADemoTheDeviceCannotRun()
    {
        FakeBackend backend;
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.demo = DemoId::Prefetch; // CUDA only
        const PlannedRuns plan = planRuns(request, backend.device());
        QVERIFY(plan.refusal);
        QCOMPARE(plan.refusal->kind, ErrorKind::Unsupported);
        QVERIFY(QString::fromStdString(plan.refusal->message).contains("needs a CUDA device"));
        request.demo = DemoId::PagesMoveWhole;
        const PlannedRuns pages = planRuns(request, backend.device());
        QVERIFY(!pages.refusal);
        QCOMPARE(pages.runs.front().kernel, KernelId::Stride);
        QCOMPARE(pages.runs.front().bytes, 64ULL << 20); // the demo's own size
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
