#include "engine.h"
#include "fakebackend.h"

#include <QTest>

#include <cstring>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

ExperimentSpec smallSpec(const char *kernel = "vector-add")
{
    ExperimentSpec spec;
    spec.mode = "cl-copy";
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
        QTest::addColumn<QString>("kernel");
        for (const KernelInfo &kernel : kernels())
            QTest::addRow("%s", std::string(kernel.id).c_str())
                << QString::fromLatin1(kernel.id.data(), kernel.id.size());
    }
    void runsEveryPhaseOfEveryIteration()
    {
        QFETCH(QString, kernel);
        const std::string id = kernel.toStdString();
        Engine engine(std::make_unique<FakeBackend>());
        RecordingObserver observer;
        const auto report = engine.run(smallSpec(id.c_str()), &observer);
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
        QCOMPARE(report->verification.checked, 5 * smallSpec().elementCount());
        QVERIFY(!report->countersEnabled);
        QCOMPARE(report->countersNote, std::string("the fake device has no counters"));
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
        ExperimentSpec spec = smallSpec("ping-pong");
        spec.iterations = 1;
        spec.warmup = 0;
        const auto report = engine.run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->verification.passed()); // init + 2 x 3 rounds
        QCOMPARE(QString::fromStdString(calls).count("launch"), 3);
        QCOMPARE(report->iterations[0].phases[2].bytesToHost, 3 * spec.bytes);
        QCOMPARE(report->iterations[0].phases[2].bytesToDevice, 3 * spec.bytes);
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
        QTest::addRow("allocation") << "allocate" << 1 << "alloc: ";
        QTest::addRow("first copy") << "toDevice" << 1 << "to-device: ";
        QTest::addRow("third kernel") << "launch" << 3 << "kernel: ";
        QTest::addRow("a read map") << "acquireRead" << 2 << "to-host: ";
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
        QCOMPARE(QString::fromStdString(report.error().message), phase + "the fake device failed on purpose");
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
        const auto report = engine.run(spec, nullptr, nullptr, true);
        QVERIFY(report.ok());
        QVERIFY(!report->free.has_value()); // not freed, so not measured
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
        QTest::addColumn<QString>("mode");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<int>("kind");
        QTest::addRow("unsupported mode") << "cl-svm-fine" << quint64(4096) << int(ErrorKind::Unsupported);
        QTest::addRow("cuda mode") << "pinned" << quint64(4096) << int(ErrorKind::Unsupported);
        QTest::addRow("beyond max allocation") << "cl-copy" << quint64(512ULL << 20) << int(ErrorKind::BadArgument);
        QTest::addRow("unknown mode") << "teleport" << quint64(4096) << int(ErrorKind::BadArgument);
    }
    void refusesBeforeRunning()
    {
        QFETCH(QString, mode);
        QFETCH(quint64, bytes);
        QFETCH(int, kind);
        std::string calls;
        Engine engine(std::make_unique<FakeBackend>(FakeBehaviour{.calls = &calls}));
        ExperimentSpec spec = smallSpec();
        spec.mode = mode.toStdString();
        spec.bytes = bytes;
        const auto report = engine.run(spec);
        QVERIFY(!report.ok());
        QCOMPARE(int(report.error().kind), kind);
        QVERIFY(calls.empty()); // nothing was allocated
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
