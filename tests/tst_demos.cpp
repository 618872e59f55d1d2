// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"
#include "demolessons.h"
#include "demoruns.h"
#include "language.h"
#include "lessons/demos.h"
#include "preflight.h"
#include "reporttables.h"
#include "run/experimentset.h"

#include <QRegularExpression>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

// A demo planned on a device, as the command line and the window plan it.
PlannedRuns planDemo(DemoId demo, const ExperimentSpec &base, bool sizeGiven, const DeviceInfo &device)
{
    RunRequest request;
    request.kind = ReportSet::Kind::Compare;
    request.base = base;
    request.demo = demo;
    request.sizeGiven = sizeGiven;
    return planRuns(request, device);
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
    // What profilers miss counts with CUPTI's records, its subject; every
    // other demo with the driver's own.
    void eachDemoSaysWhereItsRecordsComeFrom()
    {
        for (const DemoInfo &demo : demos()) {
            const ExperimentSpec spec = demoSpec(demo, ExperimentSpec{}, false);
            QCOMPARE(spec.records,
                     demo.id == DemoId::WhatProfilersMiss ? RecordsSource::Cupti : RecordsSource::DriverEvents);
        }
    }

    void everyDemoHasModesAndATitle()
    {
        QCOMPARE(demos().size(), std::size_t(11));
        for (const DemoInfo &demo : demos()) {
            QCOMPARE(&demoInfo(demo.id), &demo); // the table is in DemoId order
            QCOMPARE(demoFromName(demo.name), std::optional(demo.id));
            QVERIFY(!demo.cudaModes.empty());
            for (const ModeId mode : demo.cudaModes)
                QCOMPARE(modeInfo(mode).backend, BackendKind::Cuda);
            for (const ModeId mode : demo.openclModes)
                QCOMPARE(modeInfo(mode).backend, BackendKind::OpenCL);
            QVERIFY(!demoTitle(demo).isEmpty());
        }
        QVERIFY(!demoFromName("nope"));
        QVERIFY(QString::fromStdString(parseDemo("nope").error().message).contains("pages-move-whole"));
    }

    void plansTheModesTheDeviceHas()
    {
        ExperimentSpec base;
        base.iterations = 2;
        const PlannedRuns copies = planDemo(DemoId::CopiesVsZeroCopy, base, false, cpuOpenCl());
        QVERIFY(!copies.refusal);
        QCOMPARE(copies.runs.size(), std::size_t(3));
        QCOMPARE(copies.runs[0].mode, ModeId::ClCopy);
        QCOMPARE(copies.runs[1].mode, ModeId::ClUseHostPtr);
        for (const ExperimentSpec &spec : copies.runs) {
            QCOMPARE(spec.kernel, KernelId::VectorAdd);
            QCOMPARE(spec.bytes, 64 * MiB);
            QCOMPARE(spec.iterations, 2); // the user's choice survives
            QCOMPARE(spec.deviceId, std::string("opencl:0"));
        }

        // A size given by the user wins over the demo's.
        base.bytes = 4 * MiB;
        QCOMPARE(planDemo(DemoId::CopiesVsZeroCopy, base, true, cpuOpenCl()).runs[0].bytes, 4 * MiB);

        // ping-pong's fine-grained SVM is not on this device: skipped, with the reason.
        const PlannedRuns pingPong = planDemo(DemoId::PingPong, base, false, cpuOpenCl());
        QCOMPARE(pingPong.runs.size(), std::size_t(2));
        QCOMPARE(pingPong.skipped.size(), std::size_t(1));
        QCOMPARE(pingPong.skipped[0].mode, ModeId::ClSvmFine);
        QVERIFY(pingPong.skipped[0].reason.message.find("fine-grained") != std::string::npos);

        // CUDA: the advised run gets the demo's advice.
        const PlannedRuns advised = planDemo(DemoId::PingPong, base, false, gpu(true));
        const auto it = std::ranges::find(advised.runs, ModeId::ManagedAdvise, &ExperimentSpec::mode);
        QVERIFY(it != advised.runs.end());
        QCOMPARE(it->advice, std::optional(Advice::PreferredHost));
        QCOMPARE(it->kernel, KernelId::PingPong);
    }

    void saysWhenTheDeviceCannotRunADemo()
    {
        const PlannedRuns onOpenCl = planDemo(DemoId::Prefetch, {}, false, cpuOpenCl());
        QVERIFY(onOpenCl.runs.empty());
        QVERIFY(onOpenCl.refusal);
        QCOMPARE(onOpenCl.refusal->kind, ErrorKind::Unsupported);
        QVERIFY(onOpenCl.refusal->message.find("needs a CUDA device") != std::string::npos);

        // Without concurrent managed access the prefetch half cannot run;
        // the demo runs the part it can.
        const PlannedRuns partial = planDemo(DemoId::Prefetch, {}, false, gpu(false));
        QVERIFY(!partial.refusal);
        QCOMPARE(partial.runs.size(), std::size_t(1));
        QCOMPARE(partial.skipped.size(), std::size_t(1));
        QCOMPARE(partial.skipped[0].mode, ModeId::ManagedPrefetch);
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
        set.runs.push_back(runOf(device, ModeId::Managed, KernelId::VectorAdd, 64 * MiB,
                                 {{Phase::Kernel, 9'000'000, 0, 0, faulting}}, true));
        set.runs.push_back(runOf(device, ModeId::ManagedPrefetch, KernelId::VectorAdd, 64 * MiB,
                                 {{Phase::ToDevice, 2'000'000, 128 * MiB, 0}, {Phase::Kernel, 1'000'000}}, true));
        const Lesson lesson = lessonFor(demoInfo(DemoId::Prefetch), set);
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
        set.runs.push_back(
            runOf(device, ModeId::Managed, KernelId::VectorAdd, 16 * MiB, {{Phase::Kernel, 5'000'000}}, false));
        const QString text = joined(lessonFor(demoInfo(DemoId::Prefetch), set));
        QVERIFY2(text.contains("the kernel took 5.00 ms; the migrations during it were not reported"),
                 qPrintable(text));
        QVERIFY2(!text.contains(" 0 B migrated"), qPrintable(text));
        QVERIFY2(text.contains("counters were off"), qPrintable(text));
    }

    // Threads: each mode at each size on one thread, on the legacy stream and
    // on per-thread streams, quoted; the serialisation named only where the
    // legacy stream was clearly slower; "never beat one thread" only where
    // no split kernel did.
    void threadsLessonSetsTheStreamsBesideOneThread()
    {
        const DeviceInfo device = gpu(true);
        const auto run = [&](std::uint64_t bytes, int threads, DefaultStream stream, std::uint64_t kernelNs,
                             std::uint64_t toDeviceNs) {
            RunReport report = runOf(device, ModeId::Pinned, KernelId::VectorAdd, bytes,
                                     {{Phase::Kernel, kernelNs}, {Phase::ToDevice, toDeviceNs}}, false);
            report.spec.hostThreads = threads;
            report.spec.defaultStream = stream;
            return report;
        };
        ReportSet set;
        set.runs.push_back(run(MiB, 1, DefaultStream::Legacy, 20'000, 58'000));
        set.runs.push_back(run(MiB, 8, DefaultStream::Legacy, 230'000, 200'000));
        set.runs.push_back(run(MiB, 8, DefaultStream::PerThread, 60'000, 90'000));
        set.runs.push_back(run(64 * MiB, 1, DefaultStream::Legacy, 80'000, 2'500'000));
        set.runs.push_back(run(64 * MiB, 8, DefaultStream::Legacy, 150'000, 2'500'000));
        set.runs.push_back(run(64 * MiB, 8, DefaultStream::PerThread, 90'000, 2'500'000));
        QString text = joined(lessonFor(demoInfo(DemoId::ThreadsShareOneGpu), set));
        QVERIFY2(text.contains("At 1 MiB per buffer, `pinned`'s kernel phase took 20.0 µs on one thread, 230 µs on 8 "
                               "threads sharing the legacy default stream, and 60.0 µs on 8 threads each on its own "
                               "per-thread stream; its to-device phase 58.0 µs, 200 µs and 90.0 µs."),
                 qPrintable(text));
        QVERIFY2(text.contains("`pinned`'s kernel phase at 1 MiB per buffer took 3.8× as long there as on "
                               "per-thread streams"),
                 qPrintable(text));
        QVERIFY2(text.contains("Splitting the kernel never beat one thread"), qPrintable(text));
        QVERIFY(!text.contains("The copies were another matter"));
        // A split kernel that won, and streams that made no difference: no
        // claim of either.
        set.runs[2] = run(MiB, 8, DefaultStream::PerThread, 15'000, 90'000);
        set.runs[1] = run(MiB, 8, DefaultStream::Legacy, 16'000, 200'000);
        set.runs[4] = run(64 * MiB, 8, DefaultStream::Legacy, 90'000, 2'500'000);
        text = joined(lessonFor(demoInfo(DemoId::ThreadsShareOneGpu), set));
        QVERIFY2(!text.contains("never beat one thread"), qPrintable(text));
        QVERIFY2(!text.contains("waits for each other"), qPrintable(text));
        QVERIFY2(text.contains("cost little against per-thread streams"), qPrintable(text));
    }

    // Discard: the bytes it saved against the faults that followed, quoted
    // per phase; the page-by-page explanation only where the faults show it.
    void discardLessonWeighsSavedCopiesAgainstFaults()
    {
        const DeviceInfo device = gpu(true);
        const auto counters = [](std::uint64_t toDevice, std::uint64_t toHost, std::uint64_t cpu, std::uint64_t gpu) {
            Counters c{toDevice, toHost, cpu, 0, 0, 0, 0, 0};
            c.gpuPageFaults = gpu;
            return c;
        };
        const auto run = [&](ModeId mode, const std::vector<PhaseNumbers> &numbers) {
            RunReport report = runOf(device, mode, KernelId::VectorAdd, 256 * MiB, numbers, true);
            report.counted.totals = CounterTotals::Driver;
            for (IterationResult &iteration : report.iterations) {
                for (PhaseResult &phase : iteration.phases)
                    phase.counters->gpuPageFaults = phase.counters->gpuPageFaults.value_or(0);
            }
            return report;
        };
        ReportSet set;
        set.runs.push_back(run(ModeId::Managed,
                               {{Phase::HostInit, 137'000'000, 0, 0, counters(0, 512 * MiB, 1536, 0)},
                                {Phase::Kernel, 81'000'000, 0, 0, counters(768 * MiB, 0, 0, 25644)}}));
        set.runs.push_back(run(ModeId::ManagedDiscard,
                               {{Phase::HostInit, 796'000'000, 0, 0, counters(0, 0, 131072, 0)},
                                {Phase::Kernel, 340'000'000, 0, 0, counters(512 * MiB, 0, 0, 81663)}}));
        set.runs.push_back(run(ModeId::ManagedDiscardPrefetch,
                               {{Phase::HostInit, 167'000'000, 0, 0, counters(0, 0, 0, 0)},
                                {Phase::Kernel, 200'000, 0, 0, counters(0, 0, 0, 0)}}));
        const QString text = joined(lessonFor(demoInfo(DemoId::Discard), set));
        QVERIFY2(text.contains("In `host-init`, `managed-discard` migrated 0 B where `managed` migrated 512 MiB, but "
                               "the CPU faulted 131,072 times instead of 1,536, and the phase took 796 ms instead of "
                               "137 ms."),
                 qPrintable(text));
        QVERIFY2(text.contains("In `kernel`, `managed-discard` migrated 512 MiB where `managed` migrated 768 MiB, but "
                               "the GPU faulted 81,663 times instead of 25,644"),
                 qPrintable(text));
        QVERIFY2(text.contains("about one fault for every 4 KiB page the CPU wrote (131,072 pages)"), qPrintable(text));
        QVERIFY2(text.contains("slower"), qPrintable(text));
        QVERIFY2(text.contains("`managed-discard-prefetch` discards and places the pages in one call before each "
                               "writer: 0 faults in an iteration (27,180 with `managed`)"),
                 qPrintable(text));
        // Few faults: no claim that each page faulted.
        set.runs[1] = run(ModeId::ManagedDiscard, {{Phase::HostInit, 100'000'000, 0, 0, counters(0, 0, 2000, 0)}});
        QVERIFY(!joined(lessonFor(demoInfo(DemoId::Discard), set)).contains("one fault for every 4 KiB page"));
    }

    // When pinning pays: cudaHostAlloc against ordinary arrays, and
    // cudaHostRegister of the ordinary arrays, whose extra setup is the
    // registration alone.
    void pinningLessonSetsRegisteringBesideAllocating()
    {
        const DeviceInfo device = gpu(true);
        const auto run = [&](ModeId mode, std::uint64_t setupNs, std::uint64_t copyNs) {
            RunReport report = runOf(device, mode, KernelId::VectorAdd, 64 * MiB,
                                     {{Phase::ToDevice, copyNs}, {Phase::ToHost, copyNs}}, false);
            report.alloc.phase = Phase::Alloc;
            report.alloc.hostNs = setupNs - 1'000'000;
            report.free = PhaseResult{};
            report.free->phase = Phase::Free;
            report.free->hostNs = 1'000'000;
            return report;
        };
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs.push_back(run(ModeId::Device, 10'000'000, 20'000'000)); // 40 ms of copies an iteration
        set.runs.push_back(run(ModeId::Pinned, 30'000'000, 5'000'000)); // 20 ms more, 30 ms saved: 0.7
        set.runs.push_back(run(ModeId::PinnedRegistered, 100'000'000, 5'000'000)); // 90 ms more: 3.0
        const QString text = joined(lessonFor(demoInfo(DemoId::WhenPinningPays), set));
        QVERIFY2(text.contains("Pinning paid for itself after 0.7 iterations."), qPrintable(text));
        QVERIFY2(text.contains("Page-locking ordinary arrays in place instead (cudaHostRegister, then "
                               "cudaHostUnregister before freeing them) took 100 ms with their allocation and first "
                               "touch, 90.0 ms more than the ordinary arrays alone; its copies took 10.0 ms. "
                               "Registering paid for itself after 3.0 iterations."),
                 qPrintable(text));
        // Registered copies no faster: never.
        set.runs[2] = run(ModeId::PinnedRegistered, 100'000'000, 20'000'000);
        QVERIFY2(joined(lessonFor(demoInfo(DemoId::WhenPinningPays), set))
                     .contains("Its copies were no faster: registering never paid."),
                 qPrintable(text));
        // Without the registered run, no sentence about it.
        set.runs.pop_back();
        QVERIFY(!joined(lessonFor(demoInfo(DemoId::WhenPinningPays), set)).contains("cudaHostRegister"));
    }

    void pagesLessonComparesTouchedWithMigrated()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        // 64 MiB buffer, 64 KiB stride: 1,024 elements, 4 KiB touched.
        Counters kernel{16 * MiB, 0, 0, 100, 0, 0, 0, 0};
        set.runs.push_back(runOf(device, ModeId::Managed, KernelId::Stride, 64 * MiB,
                                 {{Phase::Kernel, 3'000'000, 0, 0, kernel}}, true));
        set.runs.push_back(runOf(device, ModeId::Device, KernelId::Stride, 64 * MiB,
                                 {{Phase::ToDevice, 1'000'000, 64 * MiB, 0}, {Phase::ToHost, 1'000'000, 0, 64 * MiB}},
                                 true));
        set.skipped.push_back({ModeId::ZeroCopy, 64 * MiB, unsupported("device cannot map host memory")});
        const QString text = joined(lessonFor(demoInfo(DemoId::PagesMoveWhole), set));
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
        RunReport managed = runOf(device, ModeId::Managed, KernelId::PingPong, 16 * MiB,
                                  {{Phase::Kernel, 20'000'000, 0, 0, kernel}}, true);
        managed.counted.residency.unexplainedBytes = 4096; // the driver dropped records
        set.runs.push_back(managed);
        const QString text = joined(lessonFor(demoInfo(DemoId::PingPong), set));
        QVERIFY2(text.contains("at least 128 MiB migrated during the kernel phase (8.0× the buffer)"),
                 qPrintable(text));
        QVERIFY2(text.contains(
                     "CPU page faults: at least 500; GPU fault groups: at least 40; thrashing events: not reported."),
                 qPrintable(text));
        QVERIFY2(text.contains("so the migrations and faults quoted as \"at least\" are lower bounds"),
                 qPrintable(text));
        QVERIFY2(!text.contains("Fastest"), qPrintable(text)); // one run: nothing to compare
    }

    // What profilers miss: the driver's count against what CUPTI recorded,
    // and the cost of counting, quoted from the runs; the verdict about
    // lost records only where the numbers show it.
    void profilersLessonComparesExactAndRecorded()
    {
        const DeviceInfo device = gpu(true);
        const auto run = [&](std::uint64_t bytes, std::uint64_t recorded) {
            Counters kernel{};
            kernel.bytesHostToDevice = 3 * bytes;
            kernel.recordedHostToDevice = recorded;
            RunReport report = runOf(device, ModeId::Managed, KernelId::VectorAdd, bytes,
                                     {{Phase::Kernel, 2'000'000, 0, 0, kernel}}, true);
            report.counted.totals = CounterTotals::Driver;
            for (IterationResult &iteration : report.iterations) {
                for (PhaseResult &phase : iteration.phases)
                    phase.countedNs = phase.timeNs() * 3 / 2;
            }
            return report;
        };
        ReportSet set;
        set.runs = {run(16 * MiB, 48 * MiB), run(512 * MiB, 1000 * MiB)};
        const QString text = joined(lessonFor(demoInfo(DemoId::WhatProfilersMiss), set));
        QVERIFY2(text.contains("At 16 MiB per buffer the kernel phase moved 48 MiB host to device")
                     && text.contains("(100%)"),
                 qPrintable(text));
        QVERIFY2(text.contains("At 512 MiB per buffer the kernel phase moved 1.50 GiB") && text.contains("(65%)"),
                 qPrintable(text));
        QVERIFY2(text.contains("1.5×"), qPrintable(text)); // counting cost half as much again
        QVERIFY2(text.contains("loses"), qPrintable(text));
        // Complete records at both sizes: no claim that records are lost.
        set.runs = {run(16 * MiB, 48 * MiB), run(512 * MiB, 1536 * MiB)};
        QVERIFY(!joined(lessonFor(demoInfo(DemoId::WhatProfilersMiss), set)).contains("loses"));
        // Without the driver's counters: the records only, said to be incomplete.
        set.runs[1].counted.totals = CounterTotals::Records;
        set.runs[1].counted.exactNote
            = MessageTemplate(std::string("driver 999.1 not supported by this version of ShareScope"));
        const QString recordsOnly = joined(lessonFor(demoInfo(DemoId::WhatProfilersMiss), set));
        QVERIFY2(recordsOnly.contains("nothing says how much is missing"), qPrintable(recordsOnly));
    }

    // Issue 26: the demo's table legend says what its columns hold, from
    // where the figures came from: the driver's exact counts left no "GPU
    // fault groups (CUPTI)" and no "≥" to explain; CUPTI's records with
    // some lost do. "copied" is the program's own copies, a dash where it
    // made none; "migrated" the driver's.
    void profilersTableLegendSaysWhereItsFiguresCameFrom()
    {
        const DeviceInfo device = gpu(true);
        Counters kernel{0, 0, 0, 0, 0, 0, 0, 0};
        kernel.bytesHostToDevice = 48 * MiB;
        kernel.gpuPageFaultGroups = 97;
        kernel.gpuPageFaults = 1740;
        RunReport managed = runOf(device, ModeId::Managed, KernelId::VectorAdd, 16 * MiB,
                                  {{Phase::Kernel, 2'000'000, 0, 0, kernel}}, true);
        managed.counted.totals = CounterTotals::Driver;
        for (IterationResult &iteration : managed.iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.counters->gpuPageFaults = phase.counters->gpuPageFaults.value_or(0);
        }
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {managed};
        QString table = compareTable(set);
        const QString row = table.split('\n').filter(QRegularExpression("^managed ")).value(0);
        QVERIFY2(row.contains(" — ") && !row.contains(" 0 B "), qPrintable(table)); // copied nothing
        QVERIFY2(row.contains("48.0 MiB") || row.contains("48 MiB"), qPrintable(table)); // migrated
        QVERIFY2(table.contains("\ncopied = bytes the program itself copied or prefetched per iteration"),
                 qPrintable(table));
        QVERIFY2(table.contains("\nmigrated = bytes the driver migrated as pages, both ways, per iteration (the "
                                "driver's own counts)"),
                 qPrintable(table));
        QVERIFY2(
            table.contains("\nfaults = CPU page faults + GPU page faults, per iteration (the driver's own counts)"),
            qPrintable(table));
        QVERIFY2(!table.contains("fault groups") && !table.contains("≥") && !table.contains("moved ="),
                 qPrintable(table));

        set.runs[0].counted.totals = CounterTotals::Records;
        set.runs[0].counted.lost = 12;
        for (IterationResult &iteration : set.runs[0].iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.counters->gpuPageFaults.reset();
        }
        table = compareTable(set);
        QVERIFY2(table.contains("per iteration (the sums of CUPTI's records)"), qPrintable(table));
        QVERIFY2(table.contains("\nfaults = CPU page faults + GPU fault groups, per iteration (the sums of CUPTI's "
                                "records)"),
                 qPrintable(table));
        QVERIFY2(table.contains("≥ 48") && table.contains("\n≥ = a lower bound"), qPrintable(table));
    }

    void copiesLessonSaysWhetherUseHostPtrWasZeroCopy()
    {
        const DeviceInfo device = cpuOpenCl();
        ReportSet set;
        set.runs.push_back(runOf(device, ModeId::ClCopy, KernelId::VectorAdd, 8 * MiB,
                                 {{Phase::ToDevice, 2'000'000, 16 * MiB, 0}, {Phase::ToHost, 1'000'000, 0, 8 * MiB}},
                                 false));
        RunReport useHost = runOf(device, ModeId::ClUseHostPtr, KernelId::VectorAdd, 8 * MiB, {}, false);
        useHost.buffers = {{"x", ElementType::Float32, BufferRole::Input, 8 * MiB, "", true},
                           {"y", ElementType::Float32, BufferRole::Input, 8 * MiB, "", false}};
        set.runs.push_back(useHost);
        QString text = joined(lessonFor(demoInfo(DemoId::CopiesVsZeroCopy), set));
        QVERIFY2(text.contains("copied 24 MiB explicitly: 16 MiB to the device in 2.00 ms"), qPrintable(text));
        QVERIFY2(text.contains("was not zero-copy"), qPrintable(text));
        QVERIFY2(!text.contains("without:"), qPrintable(text)); // no copies-against-none verdict then
        QVERIFY2(text.contains("the CPU itself"), qPrintable(text));
        set.runs[1].buffers[1].zeroCopy = true;
        text = joined(lessonFor(demoInfo(DemoId::CopiesVsZeroCopy), set));
        QVERIFY2(text.contains("was zero-copy: mapping each buffer returned the host array itself"), qPrintable(text));
    }

    // Two GPUs: the copy without and with peer access, the kernel reaching
    // across, and managed pages moving, each with the numbers measured.
    void peerLessonQuotesTheMeasuredNumbers()
    {
        DeviceInfo device = gpu(true);
        PeerLink link;
        link.peerId = "cuda:1";
        link.peerIndex = 1;
        device.peers.push_back(link);
        const auto peerRun = [&](ModeId mode, std::optional<bool> access, const std::vector<PhaseNumbers> &numbers,
                                 std::uint64_t between) {
            RunReport run = runOf(device, mode, KernelId::VectorAdd, 256 * MiB, numbers, true);
            run.spec.peerId = "cuda:1";
            run.spec.peerAccess = access;
            for (IterationResult &iteration : run.iterations) {
                for (PhaseResult &phase : iteration.phases) {
                    if (phase.phase == Phase::ToDevice || phase.phase == Phase::ToHost)
                        phase.bytesBetweenDevices = phase.phase == Phase::ToDevice ? 2 * between : between;
                }
            }
            return run;
        };
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs.push_back(peerRun(ModeId::PeerCopy, false, {{Phase::ToDevice, 14'000'000}}, 256 * MiB));
        set.runs.push_back(peerRun(ModeId::PeerCopy, true, {{Phase::ToDevice, 1'400'000}}, 256 * MiB));
        set.runs.push_back(peerRun(ModeId::PeerAccess, std::nullopt, {{Phase::Kernel, 4'000'000}}, 0));
        Counters moved{0, 0, 0, 4321, 0, 0, 0, 768 * MiB};
        set.runs.push_back(peerRun(ModeId::ManagedPeer, std::nullopt, {{Phase::Kernel, 140'000'000, 0, 0, moved}}, 0));
        set.runs.push_back(peerRun(ModeId::ManagedPeerPrefetch, std::nullopt,
                                   {{Phase::ToDevice, 5'000'000}, {Phase::ToHost, 2'500'000}}, 256 * MiB));
        const Lesson lesson = lessonFor(demoInfo(DemoId::PeerAccess), set);
        const QString text = joined(lesson);
        QCOMPARE(lesson.title, QStringLiteral("Two GPUs: copies, peer access and managed pages"));
        QVERIFY2(text.contains("Without peer access (`peer-copy`, cuda:0 → cuda:1), cudaMemcpyPeerAsync copied "
                               "512 MiB to the peer in 14.0 ms"),
                 qPrintable(text));
        QVERIFY2(text.contains("the same 512 MiB went straight from one GPU's memory to the other's in 1.40 ms"),
                 qPrintable(text));
        QVERIFY2(text.contains("One call made the copy 10" + QString(QChar(0x00D7)) + " faster"), qPrintable(text));
        QVERIFY2(text.contains("With `peer-access` nothing was copied between the GPUs (0 B)"), qPrintable(text));
        QVERIFY2(text.contains("in 4.00 ms"), qPrintable(text));
        QVERIFY2(text.contains("the kernel took 140 ms, and the records show 768 MiB moving device to device "
                               "(GPU fault groups: 4,321)"),
                 qPrintable(text));
        QVERIFY2(text.contains("`managed-peer-prefetch` prefetched them instead: 512 MiB to the peer in 5.00 ms"),
                 qPrintable(text));
        QVERIFY2(text.contains("and back in 2.50 ms"), qPrintable(text));
        QVERIFY2(text.contains("reaching across the link it was 4000" + QString(QChar(0x00D7)) + " slower"),
                 qPrintable(text));
        QVERIFY2(text.contains("Fastest whole iteration here: `peer-copy (peer access on)`"), qPrintable(text));
        // Without the run with peer access, the lesson says only what ran.
        set.runs.erase(set.runs.begin() + 1);
        set.skipped.push_back({ModeId::PeerCopy, 256 * MiB, unsupported("no peer access here")});
        const QString partial = joined(lessonFor(demoInfo(DemoId::PeerAccess), set));
        QVERIFY2(!partial.contains("One call made"), qPrintable(partial));
        QVERIFY2(partial.contains("`peer-copy` did not run here: not supported: no peer access here."),
                 qPrintable(partial));
    }

    // In Chinese: the lesson, and the reasons the core gives, translated.
    // Each lesson ends with the next demo on the lesson path.
    void lessonsSayWhatComesNext()
    {
        const Lesson prefetch = lessonFor(demoInfo(DemoId::Prefetch), {});
        QVERIFY(!prefetch.paragraphs.isEmpty());
        QCOMPARE(prefetch.paragraphs.back(),
                 QStringLiteral("Next on the lesson path: Ping-pong and thrashing (in the Demos menu, or "
                                "`sharescope demo ping-pong`)."));
        QVERIFY(lessonFor(demoInfo(DemoId::WhatProfilersMiss), {}).paragraphs.back().startsWith("That was the last"));
        QCOMPARE(nextDemo(DemoId::CopiesVsZeroCopy), std::optional(DemoId::WhenPinningPays));
        QCOMPARE(nextDemo(DemoId::WhenPinningPays), std::optional(DemoId::FirstTouch));
        QCOMPARE(nextDemo(DemoId::FirstTouch), std::optional(DemoId::PagesMoveWhole));
        QVERIFY(!nextDemo(DemoId::WhatProfilersMiss));
    }

    void lessonsSpeakChinese()
    {
        const DeviceInfo device = gpu(true);
        ReportSet set;
        Counters kernel{16 * MiB, 0, 0, 100, 0, 0, 0, 0};
        set.runs.push_back(runOf(device, ModeId::Managed, KernelId::Stride, 64 * MiB,
                                 {{Phase::Kernel, 3'000'000, 0, 0, kernel}}, true));
        // The reason as the core gives it, a template, and as a report read
        // back gives it, plain text: both come out in Chinese.
        DeviceInfo cannotMap = device;
        cannotMap.canMapHostMemory = false;
        set.skipped.push_back({ModeId::ZeroCopy, 64 * MiB, supportError(supportOf(cannotMap, ModeId::ZeroCopy))});
        set.skipped.push_back({ModeId::Ipc, 64 * MiB,
                               skippedReasonFromText("not supported: device cannot map host memory "
                                                     "(cudaDevAttrCanMapHostMemory is 0)")});
        set.skipped.push_back(
            {ModeId::ManagedAdvise, 64 * MiB, supportError(supportOf(cpuOpenCl(), ModeId::ManagedAdvise))});
        installLanguage(QStringLiteral("zh_CN"));
        const Lesson lesson = lessonFor(demoInfo(DemoId::PagesMoveWhole), set);
        installLanguage(QStringLiteral("en"));
        const QString text = joined(lesson);
        QCOMPARE(lesson.title, QStringLiteral("页面整页迁移（stride）"));
        QVERIFY2(text.contains(QStringLiteral("16 MiB")) && text.contains(QStringLiteral("4096 倍")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("not supported")) && !text.contains(QStringLiteral("cannot map"))
                     && !text.contains(QStringLiteral("is a CUDA mode")),
                 qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestDemos)
#include "tst_demos.moc"
