#include "bytesize.h"
#include "demolessons.h"
#include "demos.h"
#include "language.h"

#include <QTest>

using namespace sharescope;

namespace {

DeviceInfo cpuOpenCl()
{
    DeviceInfo device;
    device.id = "opencl:0";
    device.backend = BackendKind::OpenCL;
    device.name = "a CPU";
    device.versionMajor = 3;
    device.cpuDevice = true;
    device.hostUnifiedMemory = true;
    device.svmCoarseBuffer = true;
    device.globalMemoryBytes = 8ULL << 30;
    device.maxAllocationBytes = 2ULL << 30;
    return device;
}

DeviceInfo gpu(bool concurrentManagedAccess)
{
    DeviceInfo device;
    device.id = "cuda:0";
    device.backend = BackendKind::Cuda;
    device.name = "a GPU";
    device.versionMajor = 9;
    device.managedMemory = true;
    device.concurrentManagedAccess = concurrentManagedAccess;
    device.canMapHostMemory = true;
    device.unifiedAddressing = true;
    device.globalMemoryBytes = 80ULL << 30;
    device.maxAllocationBytes = 80ULL << 30;
    return device;
}

// What one phase of a synthetic run measured.
struct PhaseNumbers
{
    Phase phase;
    std::uint64_t hostNs;
    std::uint64_t toDevice = 0;
    std::uint64_t toHost = 0;
    std::optional<Counters> counters = std::nullopt;
};

// A run of `mode` whose three measured iterations all measured `numbers`
// (phases not given took 1 µs and moved nothing).
RunReport runOf(const DeviceInfo &device, const std::string &mode, const std::string &kernel, std::uint64_t bytes,
                const std::vector<PhaseNumbers> &numbers, bool counters)
{
    RunReport report;
    report.device = device;
    report.spec.deviceId = device.id;
    report.spec.mode = mode;
    report.spec.kernel = kernel;
    report.spec.bytes = bytes;
    report.countersEnabled = counters;
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration;
        iteration.index = i;
        for (const Phase phase : iterationPhases) {
            PhaseResult result;
            result.phase = phase;
            result.hostNs = 1000;
            result.bytesAccessed = phase == Phase::Kernel ? 3 * bytes : 0;
            if (counters)
                result.counters = Counters{0, 0, 0, 0, 0, 0, 0, 0};
            for (const PhaseNumbers &n : numbers) {
                if (n.phase != phase)
                    continue;
                result.hostNs = n.hostNs;
                result.bytesToDevice = n.toDevice;
                result.bytesToHost = n.toHost;
                if (n.counters)
                    result.counters = n.counters;
            }
            iteration.phases.push_back(result);
        }
        report.iterations.push_back(iteration);
    }
    return report;
}

QString joined(const Lesson &lesson)
{
    return lesson.paragraphs.join(QLatin1Char('\n'));
}

QString bytes(std::uint64_t value)
{
    return QString::fromStdString(formatBytes(value));
}

constexpr std::uint64_t MiB = 1ULL << 20;

} // namespace

class TestDemos : public QObject
{
    Q_OBJECT

private slots:
    void everyDemoHasModesAndATitle()
    {
        QCOMPARE(demos().size(), std::size_t(5));
        for (const DemoInfo &demo : demos()) {
            QVERIFY(findDemo(demo.id) == &demo);
            QVERIFY(!demo.cudaModes.empty());
            QVERIFY(findKernel(demo.kernel));
            for (const auto modes : {demo.cudaModes, demo.openclModes}) {
                for (const std::string_view mode : modes)
                    QVERIFY2(findMode(mode), mode.data());
            }
            QVERIFY(!demoTitle(demo).isEmpty());
        }
        QVERIFY(!findDemo("nope"));
        QVERIFY(QString::fromStdString(demoIdList()).contains("pages-move-whole"));
    }

    void plansTheModesTheDeviceHas()
    {
        ExperimentSpec base;
        base.iterations = 2;
        const DemoPlan copies = planDemo(*findDemo("copies-vs-zero-copy"), base, false, cpuOpenCl());
        QVERIFY(!copies.unavailable);
        QCOMPARE(copies.runs.runs.size(), std::size_t(3));
        QCOMPARE(copies.runs.runs[0].mode, std::string("cl-copy"));
        QCOMPARE(copies.runs.runs[1].mode, std::string("cl-use-host-ptr"));
        for (const ExperimentSpec &spec : copies.runs.runs) {
            QCOMPARE(spec.kernel, std::string("vector-add"));
            QCOMPARE(spec.bytes, 64 * MiB);
            QCOMPARE(spec.iterations, 2); // the user's choice survives
            QCOMPARE(spec.deviceId, std::string("opencl:0"));
        }

        // A size given by the user wins over the demo's.
        base.bytes = 4 * MiB;
        QCOMPARE(planDemo(*findDemo("copies-vs-zero-copy"), base, true, cpuOpenCl()).runs.runs[0].bytes, 4 * MiB);

        // ping-pong's fine-grained SVM is not on this device: skipped, with the reason.
        const DemoPlan pingPong = planDemo(*findDemo("ping-pong"), base, false, cpuOpenCl());
        QCOMPARE(pingPong.runs.runs.size(), std::size_t(2));
        QCOMPARE(pingPong.runs.skipped.size(), std::size_t(1));
        QCOMPARE(pingPong.runs.skipped[0].mode, std::string("cl-svm-fine"));
        QVERIFY(pingPong.runs.skipped[0].reason.find("fine-grained") != std::string::npos);

        // CUDA: the advised run gets the demo's advice.
        const DemoPlan advised = planDemo(*findDemo("ping-pong"), base, false, gpu(true));
        const auto it = std::ranges::find(advised.runs.runs, std::string("managed-advise"), &ExperimentSpec::mode);
        QVERIFY(it != advised.runs.runs.end());
        QCOMPARE(it->advice, std::string("preferred-host"));
        QCOMPARE(it->kernel, std::string("ping-pong"));
    }

    void saysWhenTheDeviceCannotRunADemo()
    {
        const DemoPlan onOpenCl = planDemo(*findDemo("prefetch"), {}, false, cpuOpenCl());
        QVERIFY(onOpenCl.runs.runs.empty());
        QVERIFY(onOpenCl.unavailable);
        QCOMPARE(onOpenCl.unavailable->kind, ErrorKind::Unsupported);
        QVERIFY(onOpenCl.unavailable->message.find("needs a CUDA device") != std::string::npos);

        // Without concurrent managed access the prefetch half cannot run;
        // the demo runs the part it can.
        const DemoPlan partial = planDemo(*findDemo("prefetch"), {}, false, gpu(false));
        QVERIFY(!partial.unavailable);
        QCOMPARE(partial.runs.runs.size(), std::size_t(1));
        QCOMPARE(partial.runs.skipped.size(), std::size_t(1));
        QCOMPARE(partial.runs.skipped[0].mode, std::string("managed-prefetch"));
    }

    // The lesson quotes the numbers measured: other numbers, another lesson.
    void prefetchLessonQuotesTheMeasuredNumbers_data()
    {
        QTest::addColumn<quint64>("migrated");
        QTest::addColumn<quint64>("faultGroups");
        QTest::newRow("64 MiB") << quint64(64 * MiB) << quint64(1234);
        QTest::newRow("3 MiB") << quint64(3 * MiB) << quint64(77);
    }
    void prefetchLessonQuotesTheMeasuredNumbers()
    {
        QFETCH(quint64, migrated);
        QFETCH(quint64, faultGroups);
        const DeviceInfo device = gpu(true);
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        Counters faulting{migrated, 0, 0, faultGroups, 0, 0, 0, 0};
        set.runs.push_back(
            runOf(device, "managed", "vector-add", 64 * MiB, {{Phase::Kernel, 9'000'000, 0, 0, faulting}}, true));
        set.runs.push_back(runOf(device, "managed-prefetch", "vector-add", 64 * MiB,
                                 {{Phase::ToDevice, 2'000'000, 128 * MiB, 0}, {Phase::Kernel, 1'000'000}}, true));
        const Lesson lesson = lessonFor(*findDemo("prefetch"), set);
        const QString text = joined(lesson);
        QCOMPARE(lesson.title, QStringLiteral("Why prefetch matters"));
        QVERIFY2(text.contains(bytes(migrated) + " migrated host to device"), qPrintable(text));
        QVERIFY2(text.contains(
                     QStringLiteral("(GPU fault groups: %1)").arg(QString::fromStdString(formatCount(faultGroups)))),
                 qPrintable(text));
        QVERIFY2(text.contains("moved 128 MiB to the GPU in the to-device phase"), qPrintable(text));
        QVERIFY2(text.contains("the kernel took 9.00 ms"), qPrintable(text));
        QVERIFY2(text.contains("During the kernel 0 B migrated"), qPrintable(text));
    }

    void countersNotReportedAreSaidSo()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        set.runs.push_back(runOf(device, "managed", "vector-add", 16 * MiB, {{Phase::Kernel, 5'000'000}}, false));
        const QString text = joined(lessonFor(*findDemo("prefetch"), set));
        QVERIFY2(text.contains("the kernel took 5.00 ms; the migrations during it were not reported"),
                 qPrintable(text));
        QVERIFY2(!text.contains(" 0 B migrated"), qPrintable(text));
        QVERIFY2(text.contains("counters were off"), qPrintable(text));
    }

    void pagesLessonComparesTouchedWithMigrated()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        // 64 MiB buffer, 64 KiB stride: 1,024 elements, 4 KiB touched.
        Counters kernel{16 * MiB, 0, 0, 100, 0, 0, 0, 0};
        set.runs.push_back(
            runOf(device, "managed", "stride", 64 * MiB, {{Phase::Kernel, 3'000'000, 0, 0, kernel}}, true));
        set.runs.push_back(runOf(device, "device", "stride", 64 * MiB,
                                 {{Phase::ToDevice, 1'000'000, 64 * MiB, 0}, {Phase::ToHost, 1'000'000, 0, 64 * MiB}},
                                 true));
        set.skipped.push_back({"zero-copy", 64 * MiB, "not supported: device cannot map host memory"});
        const QString text = joined(lessonFor(*findDemo("pages-move-whole"), set));
        QVERIFY2(text.contains("1,024 elements, 4 KiB of each 64 MiB buffer"), qPrintable(text));
        QVERIFY2(text.contains("16 MiB migrated host to device during the kernel, 4096×"), qPrintable(text));
        QVERIFY2(text.contains("`device` copied whole buffers, 128 MiB per iteration"), qPrintable(text));
        QVERIFY2(text.contains("`zero-copy` did not run here: not supported: device cannot map host memory."),
                 qPrintable(text));
    }

    void lowerBoundsAreSaidToBeLowerBounds()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        Counters kernel{64 * MiB, 64 * MiB, 500, 40, std::nullopt, 0, 0, 0};
        RunReport managed
            = runOf(device, "managed", "ping-pong", 16 * MiB, {{Phase::Kernel, 20'000'000, 0, 0, kernel}}, true);
        managed.residency.unexplainedBytes = 4096; // the driver dropped records
        set.runs.push_back(managed);
        const QString text = joined(lessonFor(*findDemo("ping-pong"), set));
        QVERIFY2(text.contains("at least 128 MiB migrated during the kernel phase (8.0× the buffer)"),
                 qPrintable(text));
        QVERIFY2(text.contains(
                     "CPU page faults: at least 500; GPU fault groups: at least 40; thrashing events: not reported."),
                 qPrintable(text));
        QVERIFY2(text.contains("so the migrations and faults quoted as \"at least\" are lower bounds"),
                 qPrintable(text));
        QVERIFY2(!text.contains("Fastest"), qPrintable(text)); // one run: nothing to compare
    }

    void copiesLessonSaysWhetherUseHostPtrWasZeroCopy()
    {
        const DeviceInfo device = cpuOpenCl();
        ReportSet set;
        set.runs.push_back(runOf(device, "cl-copy", "vector-add", 8 * MiB,
                                 {{Phase::ToDevice, 2'000'000, 16 * MiB, 0}, {Phase::ToHost, 1'000'000, 0, 8 * MiB}},
                                 false));
        RunReport useHost = runOf(device, "cl-use-host-ptr", "vector-add", 8 * MiB, {}, false);
        useHost.buffers = {{"x", ElementType::Float32, BufferRole::Input, 8 * MiB, "", true},
                           {"y", ElementType::Float32, BufferRole::Input, 8 * MiB, "", false}};
        set.runs.push_back(useHost);
        QString text = joined(lessonFor(*findDemo("copies-vs-zero-copy"), set));
        QVERIFY2(text.contains("copied 24 MiB explicitly: 16 MiB to the device in 2.00 ms"), qPrintable(text));
        QVERIFY2(text.contains("was not zero-copy"), qPrintable(text));
        QVERIFY2(!text.contains("without:"), qPrintable(text)); // no copies-against-none verdict then
        QVERIFY2(text.contains("the CPU itself"), qPrintable(text));
        set.runs[1].buffers[1].zeroCopy = true;
        text = joined(lessonFor(*findDemo("copies-vs-zero-copy"), set));
        QVERIFY2(text.contains("was zero-copy: mapping each buffer returned the host array itself"), qPrintable(text));
    }

    // In Chinese: the lesson, and the reasons the core gives, translated.
    void lessonsSpeakChinese()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        Counters kernel{16 * MiB, 0, 0, 100, 0, 0, 0, 0};
        set.runs.push_back(
            runOf(device, "managed", "stride", 64 * MiB, {{Phase::Kernel, 3'000'000, 0, 0, kernel}}, true));
        set.skipped.push_back(
            {"zero-copy", 64 * MiB, "not supported: device cannot map host memory (cudaDevAttrCanMapHostMemory is 0)"});
        installLanguage(QStringLiteral("zh_CN"));
        const Lesson lesson = lessonFor(*findDemo("pages-move-whole"), set);
        installLanguage(QStringLiteral("en"));
        const QString text = joined(lesson);
        QCOMPARE(lesson.title, QStringLiteral("页面整页迁移（stride）"));
        QVERIFY2(text.contains(QStringLiteral("16 MiB")) && text.contains(QStringLiteral("4096×")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("not supported")) && !text.contains(QStringLiteral("cannot map")),
                 qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestDemos)
#include "tst_demos.moc"
