// SPDX-License-Identifier: GPL-3.0-or-later
#include "buffermodel.h"
#include "calibrationmodel.h"
#include "ceilingreports.h"
#include "comparemodel.h"
#include "countersmodel.h"
#include "phasemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <bit>

using namespace sharescope;

namespace {

RunReport report(ModeId mode, bool counters)
{
    RunReport r;
    r.device.id = "cuda:0";
    r.spec.mode = mode;
    r.spec.kernel = KernelId::VectorAdd;
    r.spec.bytes = 1 << 20;
    r.spec.iterations = 2;
    r.spec.warmup = 1;
    r.alloc.phase = Phase::Alloc;
    r.alloc.hostNs = 5000;
    if (counters)
        r.alloc.counters = Counters{0, 0, 0, 0, {}, {}, {}, {}};
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration{i, i == 0, {}};
        for (const Phase phase : iterationPhases) {
            PhaseResult p;
            p.phase = phase;
            p.hostNs = 1000 * (static_cast<int>(phase) + 1) + i;
            p.bytesToDevice = phase == Phase::ToDevice ? 2 << 20 : 0;
            p.bytesAccessed = p.bytesToDevice;
            if (counters) {
                Counters c;
                c.bytesHostToDevice = phase == Phase::Kernel ? 3 << 20 : 0;
                c.bytesDeviceToHost = 0;
                c.cpuPageFaults = phase == Phase::HostRead ? 48 : 0;
                c.gpuPageFaultGroups = 7;
                p.counters = c; // thrashing and the rest: not reported
            }
            iteration.phases.push_back(p);
        }
        r.iterations.push_back(iteration);
    }
    r.verification = {3 << 18, 0, {}};
    r.counted.enabled = counters;
    r.counted.note = MessageTemplate(counters ? "" : "OpenCL reports no page-migration counters");
    return r;
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT

private slots:
    void phaseModel()
    {
        PhaseModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(report(ModeId::Device, false));
        QCOMPARE(model.rowCount(), 6); // alloc and the five phases; no free (the buffers were kept)
        QCOMPARE(model.index(0, PhaseModel::PhaseColumn).data().toString(), QStringLiteral("alloc"));
        QCOMPARE(model.index(0, PhaseModel::MinColumn).data().toString(), QStringLiteral("—")); // once per run
        QCOMPARE(model.index(2, PhaseModel::CopiedColumn).data().toString(), QStringLiteral("2 MiB"));
        // Nothing copied: a dash and why, never "0 B" beside a migration.
        QCOMPARE(model.index(3, PhaseModel::CopiedColumn).data().toString(), QStringLiteral("—"));
        QVERIFY(model.index(3, PhaseModel::CopiedColumn).data(Qt::ToolTipRole).toString().contains("Migrated"));
        QCOMPARE(model.headerData(PhaseModel::CopiedColumn, Qt::Horizontal).toString(), QStringLiteral("Copied"));
        QVERIFY(model.index(3, PhaseModel::PhaseColumn).data(Qt::DecorationRole).canConvert<QColor>());
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void countersModelSaysNotReported()
    {
        CountersModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(report(ModeId::Managed, true));
        QCOMPARE(model.rowCount(), 6);
        const int kernel = 3;
        const int hostToDevice = CountersModel::columnOf(&Counters::bytesHostToDevice);
        const int deviceToHost = CountersModel::columnOf(&Counters::bytesDeviceToHost);
        const int thrashing = CountersModel::columnOf(&Counters::thrashing);
        // The phase, every counter the table gives a column, and the coverage.
        const auto columns = std::ranges::count_if(counterFields(), &CounterField::column);
        QCOMPARE(model.columnCount(), 2 + static_cast<int>(columns));
        QCOMPARE(CountersModel::columnOf(&Counters::recordedHostToDevice), -1); // shown as coverage instead
        // Two lines each, so that the eleven columns fit the window.
        QCOMPARE(model.headerData(CountersModel::coverageColumn(), Qt::Horizontal).toString(),
                 QStringLiteral("Recorded"));
        QCOMPARE(model.headerData(hostToDevice, Qt::Horizontal).toString(), QStringLiteral("host→\ndevice"));
        QCOMPARE(model.headerData(CountersModel::columnOf(&Counters::gpuPageFaultGroups), Qt::Horizontal).toString(),
                 QStringLiteral("GPU fault\ngroups"));
        QCOMPARE(model.headerData(thrashing, Qt::Horizontal).toString(), QStringLiteral("thrashing"));
        QCOMPARE(model.index(kernel, CountersModel::PhaseColumn).data().toString(), QStringLiteral("kernel"));
        QCOMPARE(model.index(kernel, hostToDevice).data().toString(), QStringLiteral("3 MiB"));
        QCOMPARE(model.index(kernel, hostToDevice).data(CountersModel::ValueRole).toULongLong(), 3ULL << 20);
        // Reported and zero, against not reported at all.
        QCOMPARE(model.index(kernel, deviceToHost).data().toString(), QStringLiteral("0 B"));
        QCOMPARE(model.index(kernel, thrashing).data().toString(), QStringLiteral("not reported"));
        QVERIFY(!model.index(kernel, thrashing).data(CountersModel::ValueRole).isValid());
        model.setReport(report(ModeId::ClCopy, false));
        QCOMPARE(model.rowCount(), 0);
    }

    void compareModelSortsByValue()
    {
        CompareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {report(ModeId::Device, false), report(ModeId::Managed, true)};
        set.runs[1].iterations[1].phases[2].hostNs = 99'000'000; // a slow kernel
        set.runs[1].iterations[2].phases[2].hostNs = 99'000'000;
        for (IterationResult &iteration : set.runs[1].iterations)
            iteration.phases[1].bytesToDevice = 0; // managed: no copy to the device
        model.setReports(set);
        const auto tip
            = [&](int column) { return model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(); };
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, CompareModel::MigratedColumn).data().toString(), QStringLiteral("not reported"));
        QCOMPARE(model.index(1, CompareModel::MigratedColumn).data().toString(), QStringLiteral("3 MiB"));
        QCOMPARE(model.index(1, CompareModel::FaultsColumn).data().toString(), QStringLiteral("83")); // 5 x 7 + 48
        // Copied by the program, migrated by the driver: managed copies nothing.
        // The byte budget's mark on the bytes it holds: device's copies are
        // within it; managed's migrations, CUPTI's records only, cannot be
        // confirmed, so they carry no mark.
        QCOMPARE(model.index(0, CompareModel::CopiedColumn).data().toString(), QStringLiteral("2 MiB ✓"));
        QVERIFY2(model.index(0, CompareModel::CopiedColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .startsWith("Byte budget: within"),
                 qPrintable(model.index(0, CompareModel::CopiedColumn).data(Qt::ToolTipRole).toString()));
        QCOMPARE(model.index(1, CompareModel::CopiedColumn).data().toString(), QStringLiteral("—"));
        QVERIFY(model.index(1, CompareModel::CopiedColumn).data(Qt::ToolTipRole).toString().contains("Migrated"));
        QVERIFY(
            model.index(1, CompareModel::MigratedColumn).data(Qt::ToolTipRole).toString().contains("not confirmed"));
        QVERIFY(tip(CompareModel::CopiedColumn).contains("✕: over it"));
        // The headers say where these runs' figures came from: CUPTI's records.
        QVERIFY2(tip(CompareModel::CopiedColumn).startsWith("Copied: bytes the program itself copied"),
                 qPrintable(tip(CompareModel::CopiedColumn)));
        QVERIFY2(tip(CompareModel::MigratedColumn).contains("(the sums of CUPTI's records)"),
                 qPrintable(tip(CompareModel::MigratedColumn)));
        QVERIFY2(
            tip(CompareModel::FaultsColumn).contains("GPU fault groups, per iteration (the sums of CUPTI's records)"),
            qPrintable(tip(CompareModel::FaultsColumn)));
        set.runs[1].counted.totals = CounterTotals::Driver;
        for (IterationResult &iteration : set.runs[1].iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.counters->gpuPageFaults = 9;
        }
        model.setReports(set);
        QVERIFY2(tip(CompareModel::MigratedColumn).contains("(the driver's own counts)"),
                 qPrintable(tip(CompareModel::MigratedColumn)));
        QVERIFY2(tip(CompareModel::FaultsColumn).contains("GPU page faults, per iteration (the driver's own counts)")
                     && !tip(CompareModel::FaultsColumn).contains("fault groups"),
                 qPrintable(tip(CompareModel::FaultsColumn)));
        set.runs[1] = report(ModeId::Managed, true);
        set.runs[1].iterations[1].phases[2].hostNs = 99'000'000;
        set.runs[1].iterations[2].phases[2].hostNs = 99'000'000;
        model.setReports(set);
        QVERIFY(model.index(1, CompareModel::KernelColumn).data(CompareModel::SortRole).toULongLong()
                > model.index(0, CompareModel::KernelColumn).data(CompareModel::SortRole).toULongLong());
        QCOMPARE(model.index(0, CompareModel::VerifiedColumn).data().toString(), QStringLiteral("yes"));
        // A copy mode that copied more than its design: marked, in red, by how much.
        ReportSet over = set;
        for (IterationResult &iteration : over.runs[0].iterations)
            iteration.phases[1].bytesToDevice += 4ULL << 20;
        model.setReports(over);
        QCOMPARE(model.index(0, CompareModel::CopiedColumn).data().toString(), QStringLiteral("6 MiB ✕"));
        QVERIFY2(model.index(0, CompareModel::CopiedColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains("OVER in to-device by 4 MiB"),
                 qPrintable(model.index(0, CompareModel::CopiedColumn).data(Qt::ToolTipRole).toString()));
        QVERIFY(model.index(0, CompareModel::CopiedColumn).data(Qt::ForegroundRole).isValid());
        set.runs[1].counted.residency.unexplainedBytes = 4096; // the driver dropped records
        model.setReports(set);
        QVERIFY(model.index(1, CompareModel::MigratedColumn).data().toString().startsWith(QStringLiteral("≥ ")));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void phaseModelHoldsPhasesAgainstCeilings()
    {
        PhaseModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(testing::gpuReport(ModeId::Pinned, true));
        QCOMPARE(model.rowCount(), 6);
        const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(text(2, PhaseModel::PhaseColumn), QStringLiteral("to-device"));
        QCOMPARE(text(2, PhaseModel::OfMeasuredColumn), QStringLiteral("91%"));
        QCOMPARE(text(2, PhaseModel::OfSpecificationColumn), QStringLiteral("79%"));
        QCOMPARE(text(3, PhaseModel::OfMeasuredColumn), QStringLiteral("80%"));
        QCOMPARE(text(3, PhaseModel::OfSpecificationColumn), QStringLiteral("70%"));
        QVERIFY(model.index(3, PhaseModel::OfMeasuredColumn).data(PhaseModel::SortRole).toDouble() > 79.9);
        // host memory has a measured ceiling, and no specification
        QCOMPARE(text(1, PhaseModel::OfMeasuredColumn), QStringLiteral("10%"));
        QCOMPARE(text(1, PhaseModel::OfSpecificationColumn), QStringLiteral("no ceiling"));
        QVERIFY(model.index(1, PhaseModel::OfSpecificationColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("No specification for host memory")));
        QVERIFY(model.index(2, PhaseModel::OfMeasuredColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("55.0 GB/s")));
        // alloc moves nothing: no share, and not a zero
        QCOMPARE(text(0, PhaseModel::OfMeasuredColumn), QStringLiteral("—"));
        QCOMPARE(model.headerData(PhaseModel::OfMeasuredColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Of measured"));
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(!model.index(row, 0).data(PhaseModel::ProblemRole).toBool());
    }

    void phaseModelSaysNoCeilingForAnOldReport()
    {
        PhaseModel model;
        model.setReport(testing::gpuReport(ModeId::Pinned, false));
        for (int row = 1; row < model.rowCount(); ++row) { // every phase that moved data
            QCOMPARE(model.index(row, PhaseModel::OfMeasuredColumn).data().toString(), QStringLiteral("no ceiling"));
            QCOMPARE(model.index(row, PhaseModel::OfSpecificationColumn).data().toString(),
                     QStringLiteral("no ceiling"));
            QVERIFY(model.index(row, PhaseModel::OfMeasuredColumn).data(PhaseModel::SortRole).toDouble() < 0);
        }
        QVERIFY(model.index(2, PhaseModel::OfMeasuredColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("before ShareScope held phases against ceilings")));
        QCOMPARE(model.index(2, PhaseModel::BandwidthColumn).data().toString(), QStringLiteral("50.0 GB/s"));
    }

    void phaseModelFlagsAMeasurementProblem()
    {
        PhaseModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(testing::gpuReport(ModeId::Pinned, true, testing::impossibleKernelRate));
        const QModelIndex kernel = model.index(3, PhaseModel::BandwidthColumn);
        QCOMPARE(model.index(3, PhaseModel::PhaseColumn).data().toString(), QStringLiteral("kernel"));
        QVERIFY(kernel.data(PhaseModel::ProblemRole).toBool());
        // words, not colour alone, and never the figure as a result
        QCOMPARE(kernel.data().toString(), QStringLiteral("⚠ measurement problem"));
        QCOMPARE(model.index(3, PhaseModel::OfMeasuredColumn).data().toString(), QStringLiteral("⚠ problem"));
        QCOMPARE(model.index(3, PhaseModel::OfSpecificationColumn).data().toString(), QStringLiteral("⚠ problem"));
        QVERIFY(kernel.data(Qt::ForegroundRole).canConvert<QBrush>());
        const QString tip = kernel.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("measurement problem")) && tip.contains(QStringLiteral("25%")),
                 qPrintable(tip));
        // the other phases are still results
        QCOMPARE(model.index(2, PhaseModel::OfMeasuredColumn).data().toString(), QStringLiteral("91%"));
        QVERIFY(!model.index(2, PhaseModel::BandwidthColumn).data(PhaseModel::ProblemRole).toBool());
        QVERIFY(!model.index(2, PhaseModel::BandwidthColumn).data(Qt::ForegroundRole).isValid());
    }

    void compareModelCarriesTheKernelsShares()
    {
        CompareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {testing::gpuReport(ModeId::Pinned, true),
                    testing::gpuReport(ModeId::Device, true, testing::impossibleKernelRate),
                    testing::gpuReport(ModeId::Managed, false)};
        model.setReports(set);
        const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(text(0, CompareModel::KernelOfMeasuredColumn), QStringLiteral("80%"));
        QCOMPARE(text(0, CompareModel::KernelOfSpecificationColumn), QStringLiteral("70%"));
        QCOMPARE(text(1, CompareModel::KernelBandwidthColumn), QStringLiteral("⚠ measurement problem"));
        QCOMPARE(text(1, CompareModel::KernelOfSpecificationColumn), QStringLiteral("⚠ problem"));
        QVERIFY(model.index(1, CompareModel::KernelOfMeasuredColumn).data(CompareModel::ProblemRole).toBool());
        QCOMPARE(text(2, CompareModel::KernelOfMeasuredColumn), QStringLiteral("no ceiling"));
        QCOMPARE(text(2, CompareModel::KernelOfSpecificationColumn), QStringLiteral("no ceiling"));
        QVERIFY(model.index(0, CompareModel::KernelOfMeasuredColumn).data(CompareModel::SortRole).toDouble()
                > model.index(2, CompareModel::KernelOfMeasuredColumn).data(CompareModel::SortRole).toDouble());
    }

    // Each phase's cell says how it stands against its path: pinned's
    // to-device against PCIe, peer-copy's against the link between the GPUs.
    void compareModelGivesEachPhaseItsShares()
    {
        CompareModel model;
        RunReport peer = testing::gpuReport(ModeId::PeerCopy, true);
        peer.spec.peerId = "cuda:1";
        peer.device.peers.push_back(PeerLink{.peerId = "cuda:1", .peerIndex = 1, .peerName = "test GPU"});
        const auto at = [](Path p) { return static_cast<std::size_t>(p); };
        peer.ceilings->specification[at(Path::DeviceToPeer)].bytesPerSecond = 450e9;
        peer.ceilings->measured[at(Path::DeviceToPeer)].bytesPerSecond = 375e9;
        for (IterationResult &iteration : peer.iterations) { // 512 MiB to the peer at 337.5 GB/s
            for (PhaseResult &phase : iteration.phases) {
                if (phase.phase != Phase::ToDevice)
                    continue;
                phase.bytesToDevice = 0;
                phase.bytesBetweenDevices = 512 * testing::mib;
                phase.deviceNs = phase.hostNs = testing::nsFor(512 * testing::mib, 337.5e9);
            }
        }
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {testing::gpuReport(ModeId::Pinned, true), peer, testing::gpuReport(ModeId::Managed, false)};
        model.setReports(set);
        const int toDevice = CompareModel::HostInitColumn + 1;
        const auto tip = [&](int row, int column) { return model.index(row, column).data(Qt::ToolTipRole).toString(); };
        QVERIFY2(tip(0, toDevice).startsWith(QStringLiteral("to-device: "))
                     && tip(0, toDevice).contains("PCIe host→device") && tip(0, toDevice).contains(" 79% ")
                     && tip(0, toDevice).contains(" 91% "),
                 qPrintable(tip(0, toDevice)));
        QVERIFY2(tip(1, toDevice).contains("GPU link device→peer") && tip(1, toDevice).contains(" 75% ")
                     && tip(1, toDevice).contains(" 90% "),
                 qPrintable(tip(1, toDevice)));
        QVERIFY(tip(2, toDevice).isEmpty()); // a report from before ceilings
    }

    void calibrationModelListsEachPathsCeilings()
    {
        CalibrationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCeilings(testing::gpuCeilings());
        QCOMPARE(model.rowCount(), 4);
        const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(text(0, CalibrationModel::PathColumn), QStringLiteral("host memory"));
        QCOMPARE(text(0, CalibrationModel::MeasuredColumn), QStringLiteral("80.0 GB/s"));
        QCOMPARE(text(0, CalibrationModel::SpecificationColumn), QStringLiteral("no specification"));
        QCOMPARE(text(0, CalibrationModel::OfSpecificationColumn), QStringLiteral("no ceiling"));
        QCOMPARE(text(1, CalibrationModel::PathColumn), QStringLiteral("PCIe host→device"));
        QCOMPARE(text(1, CalibrationModel::MeasuredColumn), QStringLiteral("55.0 GB/s"));
        QCOMPARE(text(1, CalibrationModel::SpecificationColumn), QStringLiteral("63.0 GB/s"));
        QCOMPARE(text(1, CalibrationModel::OfSpecificationColumn), QStringLiteral("87%"));
        // A CPU device: only host memory has a ceiling; the other paths are not listed.
        Ceilings cpu;
        cpu.measured[static_cast<std::size_t>(Path::HostMemory)].bytesPerSecond = 20e9;
        model.setCeilings(cpu);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(text(0, CalibrationModel::MeasuredColumn), QStringLiteral("20.0 GB/s"));
    }

    void bufferModelReadsPagesOnDemand()
    {
        BufferModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy fetch(&model, &BufferModel::fetchRequested);
        model.setBuffer(7, 2, 1000, ElementType::Float32);
        QCOMPARE(model.rowCount(), 1000);
        QCOMPARE(model.index(300, BufferModel::ValueColumn).data().toString(), QStringLiteral("…"));
        QCOMPARE(model.index(301, BufferModel::ValueColumn).data().toString(), QStringLiteral("…"));
        QTRY_COMPARE(fetch.count(), 1); // one request for the page, however many cells ask
        QCOMPARE(fetch.at(0).at(0).toULongLong(), 7ULL);
        QCOMPARE(fetch.at(0).at(2).toULongLong(), 256ULL); // page 1 starts at row 256
        BufferChunk chunk{7, 2, 256, {}, {}};
        for (int i = 0; i < 256; ++i) {
            chunk.values.push_back(std::bit_cast<std::uint32_t>(float(i) * 0.5f));
            chunk.expected.push_back(i == 45 ? -1.0 : i * 0.5);
        }
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.addChunk(chunk);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(300, BufferModel::ValueColumn).data().toString(), QStringLiteral("22"));
        QCOMPARE(model.index(300, BufferModel::ExpectedColumn).data().toString(), QStringLiteral("22"));
        QVERIFY(!model.index(300, BufferModel::ValueColumn).data(BufferModel::MismatchRole).toBool());
        QVERIFY(model.index(301, BufferModel::ValueColumn).data(BufferModel::MismatchRole).toBool()); // planted
        model.setFormat(BufferModel::Format::Hex);
        QCOMPARE(model.index(300, BufferModel::ValueColumn).data().toString(), QStringLiteral("0x41b00000"));
        // An answer for another run's buffer is ignored.
        model.addChunk(BufferChunk{6, 2, 512, chunk.values, chunk.expected});
        QCOMPARE(model.index(600, BufferModel::ValueColumn).data().toString(), QStringLiteral("…"));
    }

    void bufferModelStaysSmallForAGibibyte()
    {
        // A 1 GiB buffer of 268,435,456 elements, scrolled end to end: the
        // model keeps at most maxPages pages, a few hundred KiB.
        BufferModel model;
        QSignalSpy fetch(&model, &BufferModel::fetchRequested);
        const std::uint64_t elements = (1ULL << 30) / 4;
        model.setBuffer(1, 0, elements, ElementType::UInt32);
        QCOMPARE(model.rowCount(), int(elements));
        for (std::uint64_t row = 0; row < elements; row += elements / 500) {
            model.index(static_cast<int>(row), BufferModel::ValueColumn).data();
            const std::uint64_t first = row / BufferModel::pageRows * BufferModel::pageRows;
            BufferChunk chunk{1, 0, first, std::vector<std::uint32_t>(BufferModel::pageRows, 7),
                              std::vector<double>(BufferModel::pageRows, 7.0)};
            model.addChunk(chunk);
        }
        QVERIFY(model.cachedRows() <= BufferModel::maxPages * BufferModel::pageRows);
        const std::size_t bytes = model.cachedRows() * (sizeof(std::uint32_t) + sizeof(double));
        qInfo("cached %zu rows, about %zu KiB, for a 1 GiB buffer", model.cachedRows(), bytes / 1024);
        QVERIFY(bytes < (32u << 20));
        QCOMPARE(model.index(static_cast<int>(elements - 1), BufferModel::ValueColumn).data().toString(),
                 QStringLiteral("…")); // long since dropped, and asked for again
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
