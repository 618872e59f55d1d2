// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/ipcmemory.h"
#include "ipcprotocol.h"
#include "linereader.h"
#include "preflight.h"
#include "report/bytebudget.h"
#include "run/devices.h"
#include "run/engine.h"
#include "run/experimentset.h"
#include "safetylimits.h"

#include <cuda_runtime_api.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include <map>
#include <optional>

using namespace sharescope;

// Every CUDA mode with every kernel, and checks that would catch faked
// counters. Needs an NVIDIA GPU; skips itself elsewhere.
class TestCuda : public QObject
{
    Q_OBJECT

private:
    // The ipc modes, one row each (the tests of what they share alike).
    static void ipcModes()
    {
        QTest::addColumn<int>("mode");
        for (const ModeInfo &mode : modes()) {
            if (mode.family == ModeFamily::Ipc)
                QTest::addRow("%s", std::string(mode.name).c_str()) << static_cast<int>(mode.id);
        }
    }
    // The row's mode; nothing (the test skipped) where this device cannot run it.
    std::optional<ModeId> fetchIpcMode()
    {
        QFETCH(int, mode);
        const ModeId id = static_cast<ModeId>(mode);
        if (const Support support = supportOf(m_engine->device(), id); !support.supported) {
            QTest::qSkip(support.reason.c_str(), __FILE__, __LINE__);
            return std::nullopt;
        }
        return id;
    }

    std::unique_ptr<Engine> m_engine;
    static constexpr std::uint64_t size = 64ULL << 20;

    // The sharescope binary; SHARESCOPE_BINARY overrides the build's path
    // where the build folder was copied to another machine.
    static QString binary() { return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY)); }

    // ipc-export started (without a terminal): what it printed up to its
    // waiting line.
    static QByteArray waitForExport(QProcess &exporter)
    {
        if (!exporter.waitForStarted())
            return {};
        QByteArray output;
        QElapsedTimer timer;
        timer.start();
        while (!output.contains("Send SIGINT") && timer.elapsed() < 30000) {
            exporter.waitForReadyRead(1000);
            output += exporter.readAllStandardOutput();
        }
        return output;
    }
    // Tells ipc-export the other side is done (SIGTERM, as its waiting line
    // says); what it printed after, or an empty text and a failure where it
    // did not end well.
    static QByteArray finishExport(QProcess &exporter)
    {
        ::kill(static_cast<pid_t>(exporter.processId()), SIGTERM);
        if (!exporter.waitForFinished(30000) || exporter.exitStatus() != QProcess::NormalExit
            || exporter.exitCode() != 0) {
            QTest::qFail(qPrintable("ipc-export did not end with status 0: " + exporter.readAllStandardError()),
                         __FILE__, __LINE__);
            return {};
        }
        return exporter.readAllStandardOutput();
    }

    // The counter checks use a smaller size: under heavy faulting the driver's
    // event queue overflows and drops records (the report says so), and a
    // check of exact byte counts needs all of them.
    static constexpr std::uint64_t countedSize = 16ULL << 20;

    ExperimentSpec spec(ModeId mode, KernelId kernel = KernelId::VectorAdd, std::uint64_t bytes = size) const
    {
        ExperimentSpec s;
        s.kernel = kernel;
        s.bytes = bytes;
        s.iterations = 2;
        s.warmup = 1;
        s.rounds = 2;
        return inMode(s, mode);
    }

    RunReport run(const ExperimentSpec &s)
    {
        auto report = m_engine->run(s);
        if (!report)
            qFatal("%s", report.error().message.c_str()); // a test helper: the test cannot go on
        return std::move(*report);
    }

    // A counted run whose measured iterations' records are complete, as far
    // as the replay can tell. The warm-up's records may not be: the driver
    // drops some of a run's first faults, which shows in the next host-init.
    RunReport countedRun(const ExperimentSpec &s)
    {
        RunReport report = run(s);
        if (!report.counted.enabled)
            qFatal("counters are off: %s", report.counted.note.english().c_str());
        for (const ResidencySnapshot &snapshot : report.counted.residency.snapshots) {
            const bool afterWarmup = snapshot.iteration > s.warmup
                || (snapshot.iteration == s.warmup && snapshot.phase != Phase::HostInit);
            if (afterWarmup && snapshot.unexplainedBytes) {
                qFatal("the driver dropped migration records: %llu bytes unexplained in iteration %d, %s",
                       static_cast<unsigned long long>(snapshot.unexplainedBytes), snapshot.iteration,
                       std::string(phaseName(snapshot.phase)).c_str());
            }
        }
        return report;
    }

    // A child of `parent`, from /proc; 0 when it has none.
    static pid_t childOf(pid_t parent)
    {
        for (const QString &entry : QDir("/proc").entryList(QDir::Dirs)) {
            QFile stat("/proc/" + entry + "/stat");
            if (entry.toInt() <= 0 || !stat.open(QIODevice::ReadOnly))
                continue;
            const QByteArray line = stat.readAll();
            const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
            if (fields.size() > 1 && fields[1].toInt() == parent)
                return entry.toInt();
        }
        return 0;
    }

    // Still running: there, and not a zombie waiting to be reaped.
    static bool isRunning(pid_t pid)
    {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return false;
        const QByteArray line = stat.readAll();
        return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
    }

    static const Counters &counters(const RunReport &report, int iteration, Phase phase)
    {
        for (const PhaseResult &result : report.iterations[static_cast<std::size_t>(iteration)].phases) {
            if (result.phase == phase && result.counters)
                return *result.counters;
        }
        qFatal("phase %s has no counters", std::string(phaseName(phase)).c_str());
    }

private slots:
    void initTestCase()
    {
        const DeviceList list = listDevices();
        const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        if (cuda == list.devices.end()) {
            std::string why = "no CUDA device";
            for (const MessageTemplate &problem : list.problems)
                why += "; " + problem.english();
            QSKIP(why.c_str());
        }
        // The ipc mode's peer is the sharescope binary in its ipc-peer role,
        // not this test program.
        if (qEnvironmentVariableIsEmpty("SHARESCOPE_SELF_BINARY"))
            qputenv("SHARESCOPE_SELF_BINARY", binary().toUtf8());
        auto backend = openBackend(*cuda);
        QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
        m_engine = std::make_unique<Engine>(std::move(*backend));
        qInfo("device %s: %s, %s, driver %s", cuda->id.c_str(), cuda->name.c_str(), cuda->deviceVersion.c_str(),
              cuda->driverVersion.c_str());
    }

    void runsEveryModeAndKernel_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        for (const ModeInfo &mode : modes()) {
            if (mode.backend != BackendKind::Cuda)
                continue;
            for (const KernelInfo &kernel : kernels()) {
                QTest::addRow("%s %s", std::string(mode.name).c_str(), std::string(kernel.name).c_str())
                    << static_cast<int>(mode.id) << static_cast<int>(kernel.id);
            }
        }
    }
    void runsEveryModeAndKernel()
    {
        QFETCH(int, mode);
        QFETCH(int, kernel);
        const ModeId modeId = static_cast<ModeId>(mode);
        const Support support = supportOf(m_engine->device(), modeId);
        if (!support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(spec(modeId, static_cast<KernelId>(kernel)));
        QVERIFY2(report.verification.passed(), "the GPU's results differ from the CPU reference");
        const std::uint64_t readBack = buffersFor(kernelInfo(static_cast<KernelId>(kernel)), HostAccess::Read).size();
        QCOMPARE(report.verification.checked, 3 * readBack * (size / 4));
        for (const IterationResult &iteration : report.iterations) {
            QCOMPARE(iteration.phases.size(), std::size_t(5));
            QVERIFY(iteration.phases[2].deviceNs.has_value()); // the kernel, timed with CUDA events
            QVERIFY(*iteration.phases[2].deviceNs > 0);
        }
        const bool managed = modeInfo(modeId).family == ModeFamily::Managed;
        for (const BufferReport &buffer : report.buffers) {
            QCOMPARE(buffer.managed, managed);
            QVERIFY(!buffer.placement.empty());
        }
        if (managed && report.counted.enabled) {
            QVERIFY(!report.counted.residency.snapshots.empty());
            QCOMPARE(report.counted.residency.buffers.size(), report.buffers.size());
        }
    }

    void managedMigratesInputsDuringTheKernel()
    {
        const RunReport report = countedRun(spec(ModeId::Managed, KernelId::VectorAdd, countedSize));
        for (int i = 1; i < 3; ++i) { // the measured iterations
            const Counters &kernel = counters(report, i, Phase::Kernel);
            QVERIFY(kernel.bytesHostToDevice.has_value());
            // The CPU wrote x and y; the kernel's faults bring both over.
            QVERIFY2(*kernel.bytesHostToDevice >= 2 * countedSize,
                     qPrintable(QString::number(*kernel.bytesHostToDevice)));
            // The GPU faulted: the driver's own count, else CUPTI's fault
            // groups (reported only with its records).
            QVERIFY(kernel.gpuPageFaults ? *kernel.gpuPageFaults > 0 : kernel.gpuPageFaultGroups.value_or(0) > 0);
        }
        // The CPU reading the result faults it back.
        const Counters &read = counters(report, 2, Phase::HostRead);
        QVERIFY(*read.bytesDeviceToHost >= countedSize);
        QVERIFY(read.cpuPageFaults.value_or(0) > 0);
        // The residency map follows: x on the GPU after the kernel.
        const auto afterKernel
            = std::ranges::find_if(report.counted.residency.snapshots, [](const ResidencySnapshot &s) {
                  return s.iteration == 2 && s.phase == Phase::Kernel;
              });
        QVERIFY(afterKernel != report.counted.residency.snapshots.end());
        QVERIFY(std::ranges::count(afterKernel->chunks[0], 'd')
                > static_cast<std::ptrdiff_t>(afterKernel->chunks[0].size() * 9 / 10));
    }

    // The driver's own counters are exact: in steady state (iteration 1 on)
    // the kernel must bring x, y and out over (out came back to the host in
    // the previous host-read), host-init must bring x and y back (the CPU
    // writes them, and they are on the GPU), and host-read brings out back.
    void countsExactlyWhatMustMove_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("16 MiB") << quint64(16ULL << 20);
        QTest::addRow("256 MiB") << quint64(256ULL << 20);
        QTest::addRow("1 GiB") << quint64(1ULL << 30); // 3 GiB of managed memory: far below the safety limit
    }
    void countsExactlyWhatMustMove()
    {
        QFETCH(quint64, bytes);
        ExperimentSpec s = spec(ModeId::Managed, KernelId::VectorAdd, bytes);
        s.iterations = 2;
        QVERIFY(m_engine->check(s).ok()); // within the limit on free memory
        const RunReport report = run(s);
        QVERIFY2(report.counted.enabled, report.counted.note.english().c_str());
        if (report.counted.totals != CounterTotals::Driver)
            QSKIP(qPrintable("the driver's counters are not reported here: "
                             + QString::fromStdString(report.counted.exactNote.english())));
        const auto within = [](std::optional<std::uint64_t> value, std::uint64_t expected) {
            return value
                && std::llabs(static_cast<long long>(*value) - static_cast<long long>(expected))
                <= static_cast<long long>(expected / 100);
        };
        for (int i = 1; i <= 2; ++i) {
            const Counters &kernel = counters(report, i, Phase::Kernel);
            const Counters &init = counters(report, i, Phase::HostInit);
            const Counters &read = counters(report, i, Phase::HostRead);
            QVERIFY2(within(kernel.bytesHostToDevice, 3 * bytes),
                     qPrintable(QStringLiteral("kernel H->D %1 for %2").arg(*kernel.bytesHostToDevice).arg(3 * bytes)));
            QVERIFY2(
                within(init.bytesDeviceToHost, 2 * bytes),
                qPrintable(QStringLiteral("host-init D->H %1 for %2").arg(*init.bytesDeviceToHost).arg(2 * bytes)));
            QVERIFY2(within(read.bytesDeviceToHost, bytes),
                     qPrintable(QStringLiteral("host-read D->H %1 for %2").arg(*read.bytesDeviceToHost).arg(bytes)));
            qInfo("%s: iteration %d: kernel H->D %llu, CUPTI recorded %s", qPrintable(QTest::currentDataTag()), i,
                  static_cast<unsigned long long>(*kernel.bytesHostToDevice),
                  kernel.recordedHostToDevice ? std::to_string(*kernel.recordedHostToDevice).c_str() : "not reported");
            QVERIFY(kernel.gpuPageFaults.value_or(0) > 0);
            // Beside it, what CUPTI recorded (the coverage), never more than happened.
            if (report.counted.recordsNote.empty())
                QVERIFY(kernel.recordedHostToDevice && *kernel.recordedHostToDevice <= *kernel.bytesHostToDevice);
        }
        // The timed run is not the counted one: each phase knows both times.
        QVERIFY(report.iterations[1].phases[2].countedNs.has_value());
    }

    // The driver's own event queue records every migration its counters
    // count: per phase, the records' bytes are the counters' bytes exactly,
    // unless the driver says it dropped some (then never more).
    void theDriversRecordsHoldEveryByte_data()
    {
        QTest::addColumn<int>("modeValue");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("managed 16 MiB") << int(ModeId::Managed) << quint64(16ULL << 20);
        QTest::addRow("managed 256 MiB") << int(ModeId::Managed) << quint64(256ULL << 20);
        QTest::addRow("managed 1 GiB") << int(ModeId::Managed) << quint64(1ULL << 30);
        QTest::addRow("managed-prefetch 256 MiB") << int(ModeId::ManagedPrefetch) << quint64(256ULL << 20);
    }
    void theDriversRecordsHoldEveryByte()
    {
        QFETCH(int, modeValue);
        const auto mode = static_cast<ModeId>(modeValue);
        QFETCH(quint64, bytes);
        ExperimentSpec s = spec(mode, KernelId::VectorAdd, bytes);
        s.iterations = 2;
        QVERIFY(m_engine->check(s).ok());
        const RunReport report = run(s);
        QVERIFY2(report.counted.enabled, report.counted.note.english().c_str());
        if (report.counted.recordsSource != RecordsSource::DriverEvents)
            QSKIP(qPrintable("the driver's event queue is not used here: "
                             + QString::fromStdString(report.counted.driverEventsNote.english())));
        QCOMPARE(report.counted.totals, CounterTotals::Driver);
        std::vector<const PhaseResult *> phases{&report.alloc};
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &phase : iteration.phases)
                phases.push_back(&phase);
        }
        std::uint64_t moved = 0;
        for (const PhaseResult *phase : phases) {
            const Counters &c = *phase->counters;
            QVERIFY(c.recordedHostToDevice && c.recordedDeviceToHost && c.bytesHostToDevice && c.bytesDeviceToHost);
            qInfo("%s: %s: exact %llu / %llu, recorded %llu / %llu, dropped %llu", qPrintable(QTest::currentDataTag()),
                  std::string(phaseName(phase->phase)).c_str(), static_cast<unsigned long long>(*c.bytesHostToDevice),
                  static_cast<unsigned long long>(*c.bytesDeviceToHost),
                  static_cast<unsigned long long>(*c.recordedHostToDevice),
                  static_cast<unsigned long long>(*c.recordedDeviceToHost),
                  static_cast<unsigned long long>(report.counted.lost));
            if (report.counted.lost == 0) {
                QCOMPARE(*c.recordedHostToDevice, *c.bytesHostToDevice);
                QCOMPARE(*c.recordedDeviceToHost, *c.bytesDeviceToHost);
            } else {
                QVERIFY(*c.recordedHostToDevice <= *c.bytesHostToDevice);
                QVERIFY(*c.recordedDeviceToHost <= *c.bytesDeviceToHost);
            }
            QCOMPARE(c.bytesDeviceToDevice, std::optional<std::uint64_t>(0)); // one GPU
            moved += *c.bytesHostToDevice;
        }
        QVERIFY(moved >= 3 * bytes);
        // Each record names this GPU by its CUDA index.
        for (const MigrationEvent &event : report.counted.migrations) {
            if (event.kind == CounterKind::BytesHostToDevice)
                QCOMPARE(event.destinationDevice, report.device.index);
            else if (event.kind == CounterKind::BytesDeviceToHost)
                QCOMPARE(event.sourceDevice, report.device.index);
        }
        if (mode == ModeId::ManagedPrefetch) {
            const auto prefetched = std::ranges::count_if(report.counted.migrations, [](const MigrationEvent &e) {
                return e.phase == Phase::ToDevice && e.kind == CounterKind::BytesHostToDevice;
            });
            QVERIFY(prefetched > 0);
        }
    }

    // --records cupti: CUPTI's, as a profiler sees them, with why not the
    // driver's.
    void cuptiRecordsWhenAskedFor()
    {
        ExperimentSpec s = spec(ModeId::Managed, KernelId::VectorAdd, 16ULL << 20);
        s.records = RecordsSource::Cupti;
        const RunReport report = run(s);
        QVERIFY2(report.counted.enabled, report.counted.note.english().c_str());
        QCOMPARE(report.counted.recordsSource, RecordsSource::Cupti);
        QVERIFY(!report.counted.driverEventsNote.empty());
        QVERIFY(report.spec.commandLine().find("--records cupti") != std::string::npos);
    }

    // The CUDA course's four page-fault experiments, from the driver's exact
    // counts (first-touch: cpu-then-gpu, gpu-then-cpu, gpu-only, cpu-only).
    // The warm-up touches every page for the first time: host-init moves
    // nothing, the kernel brings cpu-then-gpu over and makes the GPU's two
    // buffers where it is, host-read takes gpu-then-cpu back. After it,
    // only the buffers both sides touch move; the pages show gpu-only on the
    // GPU and cpu-only on the host all along.
    void firstTouchMovesWhatTheOtherSideMade()
    {
        constexpr std::uint64_t bytes = 64ULL << 20;
        const RunReport report = run(spec(ModeId::Managed, KernelId::FirstTouch, bytes));
        QVERIFY(report.verification.passed());
        if (report.counted.totals != CounterTotals::Driver)
            QSKIP(qPrintable("the driver's counters are not reported here: "
                             + QString::fromStdString(report.counted.exactNote.english())));
        const auto near = [](std::optional<std::uint64_t> value, std::uint64_t expected) {
            // Whole 2 MiB blocks: a neighbour's pages may come along.
            return value && *value + (2ULL << 20) >= expected && *value <= expected + (2ULL << 20);
        };
        const auto say = [](const char *what, std::optional<std::uint64_t> value, std::uint64_t expected) {
            return QStringLiteral("%1: %2, expected %3")
                .arg(what)
                .arg(value ? QString::number(*value) : QStringLiteral("not reported"))
                .arg(expected)
                .toUtf8();
        };
        const Counters &init0 = counters(report, 0, Phase::HostInit);
        const Counters &kernel0 = counters(report, 0, Phase::Kernel);
        const Counters &read0 = counters(report, 0, Phase::HostRead);
        QVERIFY2(near(init0.bytesHostToDevice, 0) && near(init0.bytesDeviceToHost, 0),
                 say("first host-init, both ways", init0.bytesDeviceToHost, 0).constData());
        QVERIFY(init0.cpuPageFaults.value_or(0) > 0);
        QVERIFY2(near(kernel0.bytesHostToDevice, bytes),
                 say("first kernel H->D", kernel0.bytesHostToDevice, bytes).constData());
        QVERIFY2(near(kernel0.bytesDeviceToHost, 0),
                 say("first kernel D->H", kernel0.bytesDeviceToHost, 0).constData());
        QVERIFY(kernel0.gpuPageFaults.value_or(0) > 0);
        QVERIFY2(near(read0.bytesDeviceToHost, bytes),
                 say("first host-read D->H", read0.bytesDeviceToHost, bytes).constData());
        for (int i = 1; i <= 2; ++i) {
            const Counters &init = counters(report, i, Phase::HostInit);
            const Counters &kernel = counters(report, i, Phase::Kernel);
            const Counters &read = counters(report, i, Phase::HostRead);
            QVERIFY2(near(init.bytesDeviceToHost, bytes),
                     say("host-init D->H", init.bytesDeviceToHost, bytes).constData());
            QVERIFY2(near(kernel.bytesHostToDevice, 2 * bytes),
                     say("kernel H->D", kernel.bytesHostToDevice, 2 * bytes).constData());
            QVERIFY2(near(read.bytesDeviceToHost, bytes),
                     say("host-read D->H", read.bytesDeviceToHost, bytes).constData());
        }
        for (const PhaseBudgetCheck &check : checkBudget(report))
            QVERIFY2(check.verdict == BudgetVerdict::Within || check.verdict == BudgetVerdict::WithinAllowance,
                     std::string(phaseName(check.budget.phase)).c_str());
        // Where the pages are, from the pagemap: gpu-only never on the host,
        // cpu-only never anywhere else.
        QCOMPARE(report.counted.residency.buffers.size(), std::size_t(4));
        QCOMPARE(report.counted.residency.source, ResidencySource::Pages);
        QVERIFY(report.counted.residency.snapshots.size() >= 15); // after each phase of three iterations
        for (const ResidencySnapshot &snapshot : report.counted.residency.snapshots) {
            if (std::ranges::find(iterationPhases, snapshot.phase) == iterationPhases.end())
                continue; // alloc: nothing touched yet
            QVERIFY2(std::ranges::count(snapshot.chunks[2], 'h') == 0,
                     qPrintable(QString::fromStdString(snapshot.chunks[2])));
            QVERIFY2(std::ranges::count(snapshot.chunks[3], 'h')
                         == static_cast<std::ptrdiff_t>(snapshot.chunks[3].size()),
                     qPrintable(QString::fromStdString(snapshot.chunks[3])));
        }
    }

    // Discard's physics, from the driver's exact counts: the data a phase
    // overwrites is not migrated to its writer. managed-discard: host-init
    // brings nothing back (x and y were discarded), the kernel brings x and y
    // only; each page the CPU writes after the discard faults on its own.
    // managed-discard-prefetch: no fault at all; to-device carries x and y,
    // to-host out alone.
    void discardSkipsTheCopiesOfOverwrittenData()
    {
        constexpr std::uint64_t bytes = 64ULL << 20;
        const ExperimentSpec dropped = spec(ModeId::ManagedDiscard, KernelId::VectorAdd, bytes);
        if (const Support support = supportOf(m_engine->device(), dropped); !support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(dropped);
        QVERIFY(report.verification.passed());
        if (report.counted.totals != CounterTotals::Driver)
            QSKIP(qPrintable("the driver's counters are not reported here: "
                             + QString::fromStdString(report.counted.exactNote.english())));
        for (int i = 1; i <= 2; ++i) {
            const Counters &init = counters(report, i, Phase::HostInit);
            const Counters &kernel = counters(report, i, Phase::Kernel);
            QCOMPARE(init.bytesDeviceToHost, std::optional<std::uint64_t>(0));
            QCOMPARE(kernel.bytesHostToDevice, std::optional<std::uint64_t>(2 * bytes));
            QVERIFY2(init.cpuPageFaults.value_or(0) >= 2 * bytes / 4096 * 9 / 10,
                     qPrintable(QString::number(init.cpuPageFaults.value_or(0))));
        }
        const RunReport placed = run(spec(ModeId::ManagedDiscardPrefetch, KernelId::VectorAdd, bytes));
        QVERIFY(placed.verification.passed());
        for (int i = 1; i <= 2; ++i) {
            for (const Phase phase : iterationPhases) {
                const Counters &c = counters(placed, i, phase);
                QCOMPARE(c.cpuPageFaults.value_or(1) + c.gpuPageFaults.value_or(1), std::uint64_t(0));
            }
            QCOMPARE(counters(placed, i, Phase::ToDevice).bytesHostToDevice, std::optional<std::uint64_t>(2 * bytes));
            QCOMPARE(counters(placed, i, Phase::ToHost).bytesDeviceToHost, std::optional<std::uint64_t>(bytes));
            QCOMPARE(counters(placed, i, Phase::HostInit).bytesDeviceToHost, std::optional<std::uint64_t>(0));
        }
    }

    // The CPU's writes after a discard reach the kernel. Timed with an event
    // ahead of it, the discard had not taken effect when the host's wait
    // returned, and scale at 1 MiB read stale or zeroed pages in 4 of 4 runs
    // on the H200 (docs/measurements/discard-order-2026-12-02).
    void theHostsWritesAfterADiscardReachTheKernel()
    {
        ExperimentSpec s = spec(ModeId::ManagedDiscard, KernelId::Scale, 1ULL << 20);
        if (const Support support = supportOf(m_engine->device(), s); !support.supported)
            QSKIP(support.reason.c_str());
        s.iterations = 3;
        s.warmup = 0;
        for (int attempt = 0; attempt < 4; ++attempt) {
            const RunReport report = run(s);
            QVERIFY2(report.verification.passed(),
                     qPrintable(
                         QStringLiteral("run %1: %2 wrong elements").arg(attempt).arg(report.verification.mismatches)));
        }
    }

    // --host-threads on every CUDA mode that splits, on both streams:
    // 10,007 elements over 7 threads (uneven slices), verified (scale
    // doubles in place, so an element covered twice or never is wrong), a
    // span per thread in each split phase, and the copies' bytes adding up
    // to whole buffers.
    void splitsEveryModeOverHostThreads_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("stream");
        for (const ModeInfo &mode : modes()) {
            if (mode.backend != BackendKind::Cuda || hostThreadsRefusal(mode))
                continue;
            for (const DefaultStream stream : {DefaultStream::Legacy, DefaultStream::PerThread}) {
                QTest::addRow("%s %s", std::string(mode.name).c_str(), std::string(defaultStreamName(stream)).c_str())
                    << static_cast<int>(mode.id) << static_cast<int>(stream);
            }
        }
    }

    void splitsEveryModeOverHostThreads()
    {
        QFETCH(int, mode);
        QFETCH(int, stream);
        ExperimentSpec s = spec(static_cast<ModeId>(mode), KernelId::Scale, 10007 * elementBytes);
        if (const Support support = supportOf(m_engine->device(), s); !support.supported)
            QSKIP(support.reason.c_str());
        s.hostThreads = 7;
        s.defaultStream = static_cast<DefaultStream>(stream);
        s.counters = false;
        const RunReport report = run(s);
        QVERIFY2(report.verification.passed(),
                 qPrintable(QStringLiteral("%1 wrong elements").arg(report.verification.mismatches)));
        QCOMPARE(report.verification.checked, 3 * s.elementCount());
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &phase : iteration.phases) {
                // Every phase of the iteration splits: host-init and host-read
                // fill and check a range of every buffer per thread.
                QCOMPARE(phase.threads.size(), std::size_t(7));
            }
            if (s.modeInfo().family == ModeFamily::Copy) {
                QCOMPARE(iteration.phases[1].bytesToDevice, s.bytes);
                QCOMPARE(iteration.phases[3].bytesToHost, s.bytes);
            }
        }
    }

    // Every kernel splits too, in every mode that does: stride's slices
    // start on an element it touches, gather reads all of x from each slice,
    // ping-pong's rounds go slice by slice on the GPU and on the CPU. An
    // element covered twice or never is wrong (stride and ping-pong add 1).
    void splitsEveryKernelOverHostThreads_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        for (const ModeInfo &mode : modes()) {
            if (mode.backend != BackendKind::Cuda || hostThreadsRefusal(mode))
                continue;
            for (const KernelInfo &kernel : kernels()) {
                QTest::addRow("%s %s", std::string(mode.name).c_str(), std::string(kernel.name).c_str())
                    << static_cast<int>(mode.id) << static_cast<int>(kernel.id);
            }
        }
    }

    void splitsEveryKernelOverHostThreads()
    {
        QFETCH(int, mode);
        QFETCH(int, kernel);
        ExperimentSpec s = spec(static_cast<ModeId>(mode), static_cast<KernelId>(kernel), 10007 * elementBytes);
        s.strideBytes = 16 * elementBytes; // 626 touched elements: every thread has some
        if (const Support support = supportOf(m_engine->device(), s); !support.supported)
            QSKIP(support.reason.c_str());
        s.hostThreads = 7;
        s.defaultStream = DefaultStream::PerThread;
        s.counters = false;
        QVERIFY2(validate(s).ok(), validate(s).ok() ? "" : validate(s).error().message.c_str());
        const RunReport report = run(s);
        QVERIFY2(report.verification.passed(),
                 qPrintable(QStringLiteral("%1 wrong elements").arg(report.verification.mismatches)));
        QVERIFY(report.verification.checked > 0);
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &phase : iteration.phases)
                QCOMPARE(phase.threads.size(), std::size_t(7));
        }
    }

    // The map from the pages themselves.
    void mapsTheManagedBuffersFromThePages()
    {
        const auto snapshot = [](const RunReport &report, int iteration, Phase phase) -> const ResidencySnapshot & {
            const auto at = std::ranges::find_if(report.counted.residency.snapshots, [&](const ResidencySnapshot &s) {
                return s.iteration == iteration && s.phase == phase;
            });
            if (at == report.counted.residency.snapshots.end())
                qFatal("no snapshot after %s", std::string(phaseName(phase)).c_str());
            return *at;
        };
        const auto all = [](const std::string &chunks, char location) {
            return !chunks.empty() && std::ranges::all_of(chunks, [location](char c) { return c == location; });
        };
        const RunReport managed = run(spec(ModeId::Managed, KernelId::VectorAdd, 64ULL << 20));
        if (managed.counted.residency.source != ResidencySource::Pages)
            QSKIP("/proc/self/pagemap cannot be read here");
        const ResidencySnapshot &init = snapshot(managed, 1, Phase::HostInit);
        QVERIFY(all(init.chunks[0], 'h') && all(init.chunks[1], 'h')); // the CPU wrote x and y
        const ResidencySnapshot &kernel = snapshot(managed, 1, Phase::Kernel);
        for (const std::string &chunks : kernel.chunks)
            QVERIFY2(all(chunks, 'd'), chunks.substr(0, 64).c_str()); // faulted over: none on the host
        const RunReport prefetched = run(spec(ModeId::ManagedPrefetch, KernelId::VectorAdd, 64ULL << 20));
        for (const std::string &chunks : snapshot(prefetched, 1, Phase::ToDevice).chunks)
            QVERIFY2(all(chunks, 'd'), chunks.substr(0, 64).c_str());
        ExperimentSpec mostly = spec(ModeId::ManagedAdvise, KernelId::VectorAdd, 64ULL << 20);
        mostly.advice = Advice::ReadMostly;
        const RunReport duplicated = run(mostly);
        const ResidencySnapshot &read = snapshot(duplicated, 1, Phase::Kernel);
        QVERIFY2(all(read.chunks[0], 'b') && all(read.chunks[1], 'b'), read.chunks[0].substr(0, 64).c_str());
    }

    // The same kernel over the same bytes on the same GPU takes the same
    // time whichever process launches it (the ipc peer's once took a third
    // of device mode's: the events there measured the launch too).
    void theSameKernelTakesTheSameTimeInTwoProcesses_data() { ipcModes(); }
    void theSameKernelTakesTheSameTimeInTwoProcesses()
    {
        const auto fetched = fetchIpcMode();
        if (!fetched)
            return;
        const ModeId ipcMode = *fetched;
        ExperimentSpec s = spec(ModeId::Device, KernelId::VectorAdd, 16ULL << 20);
        s.iterations = 20;
        s.counters = false;
        const RunReport local = run(s);
        const RunReport peer = run(inMode(s, ipcMode));
        const auto kernelNs = [](const RunReport &report) {
            const auto summaries = summarize(report);
            return *std::ranges::find(summaries, Phase::Kernel, &PhaseSummary::phase)->deviceNs;
        };
        const double ratio = static_cast<double>(kernelNs(local).median) / static_cast<double>(kernelNs(peer).median);
        qInfo("kernel: device mode %llu ns, %s peer %llu ns, ratio %.2f",
              static_cast<unsigned long long>(kernelNs(local).median), std::string(modeName(ipcMode)).c_str(),
              static_cast<unsigned long long>(kernelNs(peer).median), ratio);
        QVERIFY2(ratio > 0.8 && ratio < 1.25, qPrintable(QString::number(ratio)));
    }

    void prefetchMovesDataBeforeTheKernel()
    {
        const RunReport report = countedRun(spec(ModeId::ManagedPrefetch, KernelId::VectorAdd, countedSize));
        for (int i = 1; i < 3; ++i) {
            const Counters &toDevice = counters(report, i, Phase::ToDevice);
            const Counters &kernel = counters(report, i, Phase::Kernel);
            QVERIFY2(*toDevice.bytesHostToDevice >= 2 * countedSize,
                     qPrintable(QString::number(*toDevice.bytesHostToDevice)));
            QVERIFY2(*kernel.bytesHostToDevice <= countedSize / 100,
                     qPrintable(QString::number(*kernel.bytesHostToDevice)));
        }
    }

    void strideMovesWholePages()
    {
        ExperimentSpec s = spec(ModeId::Managed, KernelId::Stride, countedSize);
        s.strideBytes = 64 << 10;
        const RunReport report = countedRun(s);
        const std::uint64_t touched = s.strideTouched() * elementBytes;
        for (int i = 1; i < 3; ++i) {
            const Counters &kernel = counters(report, i, Phase::Kernel);
            QVERIFY2(
                *kernel.bytesHostToDevice >= 16 * touched,
                qPrintable(
                    QStringLiteral("%1 bytes migrated for %2 touched").arg(*kernel.bytesHostToDevice).arg(touched)));
        }
    }

    void copiesAndZeroCopyMigrateNothing_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addRow("device") << int(ModeId::Device);
        QTest::addRow("zero-copy") << int(ModeId::ZeroCopy);
    }
    void copiesAndZeroCopyMigrateNothing()
    {
        QFETCH(int, mode);
        const RunReport report = run(spec(static_cast<ModeId>(mode)));
        QVERIFY2(report.counted.enabled, report.counted.note.english().c_str());
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &phase : iteration.phases) {
                QVERIFY(phase.counters && phase.counters->bytesHostToDevice && phase.counters->bytesDeviceToHost);
                QCOMPARE(*phase.counters->bytesHostToDevice, std::uint64_t(0));
                QCOMPARE(*phase.counters->bytesDeviceToHost, std::uint64_t(0));
            }
        }
        QVERIFY(report.counted.residency.buffers.empty());
    }

    void everyAdviceRuns_data()
    {
        QTest::addColumn<int>("advice");
        for (const Advice advice : adviceValues())
            QTest::addRow("%s", std::string(adviceName(advice)).c_str()) << static_cast<int>(advice);
    }
    void everyAdviceRuns()
    {
        QFETCH(int, advice);
        ExperimentSpec s = spec(ModeId::ManagedAdvise);
        s.advice = static_cast<Advice>(advice);
        const RunReport report = run(s);
        QVERIFY(report.verification.passed());
        QVERIFY(QString::fromStdString(report.buffers[0].placement)
                    .contains(QString::fromStdString(std::string(adviceName(*s.advice)))));
    }

    // NVML's SM clock at every phase's end, the warm-up before the measured
    // iterations (which moves no page: managed's counted kernel still moves
    // exactly what it must), and none with --no-clock-warmup.
    void readsTheClockAndWarmsItUp()
    {
        ExperimentSpec s = spec(ModeId::Managed, KernelId::VectorAdd, countedSize);
        const RunReport report = countedRun(s);
        QVERIFY(report.clocks);
        if (!report.clocks->note.empty())
            QSKIP(
                qPrintable("the clock is not reported here: " + QString::fromStdString(report.clocks->note.english())));
        QVERIFY(report.clocks->maxSmMHz && *report.clocks->maxSmMHz > 0);
        const std::uint32_t maximum = *report.clocks->maxSmMHz;
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &phase : iteration.phases) {
                QVERIFY(phase.smClockMHz);
                QVERIFY2(
                    *phase.smClockMHz > 0 && *phase.smClockMHz <= maximum,
                    qPrintable(QStringLiteral("%1 MHz against a maximum of %2").arg(*phase.smClockMHz).arg(maximum)));
            }
        }
        QVERIFY(report.clocks->warmup);
        const ClockWarmup &warmup = *report.clocks->warmup;
        qInfo("clock warm-up: %d rounds, %.1f ms, %u -> %u MHz, settled %d, maximum %u MHz", warmup.rounds,
              static_cast<double>(warmup.ns) / 1e6, warmup.fromMHz.value_or(0), warmup.toMHz.value_or(0),
              int(warmup.settled), maximum);
        QVERIFY(warmup.rounds >= ClockWarmupPlan{}.minRounds);
        QVERIFY(warmup.ns > 0);
        QVERIFY(warmup.fromMHz && warmup.toMHz);
        for (int i = 1; i < 3; ++i) {
            const Counters &kernel = counters(report, i, Phase::Kernel);
            const auto moved = static_cast<long long>(kernel.bytesHostToDevice.value_or(0));
            QVERIFY2(std::llabs(moved - static_cast<long long>(3 * countedSize))
                         <= static_cast<long long>(countedSize / 100),
                     qPrintable(QString::number(moved)));
        }

        s.clockWarmup = false;
        s.counters = false;
        const RunReport cold = run(s);
        QVERIFY(cold.clocks);
        QVERIFY(!cold.clocks->warmup);
        QVERIFY(cold.iterations.back().phases[2].smClockMHz);
    }

    void turnsCountersOff()
    {
        ExperimentSpec s = spec(ModeId::Managed);
        s.counters = false;
        const RunReport report = run(s);
        QVERIFY(!report.counted.enabled);
        QCOMPARE(report.counted.note.english(), std::string("turned off with --no-counters"));
        QVERIFY(!report.iterations[1].phases[2].counters); // not reported, not zero
        QVERIFY(report.counted.migrations.empty());
        // And back on for the next run.
        QVERIFY(run(spec(ModeId::Managed)).counted.enabled);
    }

    void ipcPeerFaultsFailCleanly_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("message");
        for (const ModeInfo &mode : modes()) {
            if (mode.family != ModeFamily::Ipc)
                continue;
            const std::string name(mode.name);
            const int id = static_cast<int>(mode.id);
            QTest::addRow("%s aborts after opening", name.c_str()) << id << "abort-after-open"
                                                                   << "ended unexpectedly: it was killed by signal 6";
            // It may be gone before or after ShareScope writes to it: either way, the exit status.
            QTest::addRow("%s exits before opening", name.c_str()) << id << "exit-before-open"
                                                                   << "it exited with status 3";
            QTest::addRow("%s hangs after opening", name.c_str()) << id << "hang-after-open"
                                                                  << "did not answer within 2.00 s; it was stopped";
            QTest::addRow("%s stopped after opening", name.c_str()) << id << "stop-after-open"
                                                                    << "did not answer within 2.00 s; it was stopped";
        }
    }
    void ipcPeerFaultsFailCleanly()
    {
        QFETCH(int, mode);
        QFETCH(QString, fault);
        QFETCH(QString, message);
        const ModeId ipcMode = static_cast<ModeId>(mode);
        if (const Support support = supportOf(m_engine->device(), ipcMode); !support.supported)
            QSKIP(support.reason.c_str());
        // Without the counted pass (a third process per run): twelve rows of
        // three runs each stay well inside QTest's five minutes per function.
        ExperimentSpec uncounted = spec(ipcMode);
        uncounted.counters = false;
        std::size_t freeBefore = 0, freeAfter = 0, total = 0;
        run(uncounted); // a first run settles the context's own allocations
        QCOMPARE(cudaMemGetInfo(&freeBefore, &total), cudaSuccess);
        qputenv("SHARESCOPE_TEST_PEER_FAULT", fault.toUtf8());
        qputenv("SHARESCOPE_IPC_TIMEOUT_MS", "2000");
        QElapsedTimer timer;
        timer.start();
        const auto report = m_engine->run(uncounted);
        qunsetenv("SHARESCOPE_TEST_PEER_FAULT");
        qunsetenv("SHARESCOPE_IPC_TIMEOUT_MS");
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::Failed);
        QVERIFY2(QString::fromStdString(report.error().message).contains(message), report.error().message.c_str());
        QVERIFY(timer.elapsed() < 20000);
        // The buffers were freed once the peer was gone: no device memory leaked.
        QCOMPARE(cudaMemGetInfo(&freeAfter, &total), cudaSuccess);
        QVERIFY2(freeAfter + (2 << 20) >= freeBefore,
                 qPrintable(QStringLiteral("free before %1, after %2").arg(freeBefore).arg(freeAfter)));
        // And the device still works.
        QVERIFY(run(uncounted).verification.passed());
    }

    // What a user does to the peer of a long run from outside: stop it
    // (SIGSTOP), kill it, or kill ShareScope itself.
    void survivesWhatIsDoneToThePeer_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("signal");
        QTest::addColumn<bool>("toThePeer");
        QTest::addColumn<QString>("message");
        for (const ModeInfo &mode : modes()) {
            if (mode.family != ModeFamily::Ipc)
                continue;
            const std::string name(mode.name);
            const int id = static_cast<int>(mode.id);
            QTest::addRow("%s: peer stopped", name.c_str())
                << id << int(SIGSTOP) << true << "within 3.00 s; it was stopped";
            QTest::addRow("%s: peer killed", name.c_str()) << id << int(SIGKILL) << true << "was killed by signal 9";
            QTest::addRow("%s: ShareScope killed", name.c_str()) << id << int(SIGKILL) << false << QString();
        }
    }
    void survivesWhatIsDoneToThePeer()
    {
        QFETCH(int, mode);
        QFETCH(int, signal);
        QFETCH(bool, toThePeer);
        QFETCH(QString, message);
        const ModeId ipcMode = static_cast<ModeId>(mode);
        if (const Support support = supportOf(m_engine->device(), ipcMode); !support.supported)
            QSKIP(support.reason.c_str());
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("SHARESCOPE_IPC_TIMEOUT_MS", "3000");
        process.setProcessEnvironment(environment);
        // No counted pass: the peer is then ShareScope's own child.
        // The most iterations a run takes: minutes at 64 MiB, far longer than the test.
        process.start(binary(),
                      {"run", "--mode", QString::fromUtf8(modeName(ipcMode)), "--size", "64MiB", "--iterations",
                       QString::number(maxIterations), "--no-counters"});
        QVERIFY(process.waitForStarted());
        const pid_t parent = static_cast<pid_t>(process.processId());
        pid_t peer = 0;
        QElapsedTimer timer;
        timer.start();
        while (!(peer = childOf(parent)) && process.state() == QProcess::Running && timer.elapsed() < 60000)
            QTest::qWait(20);
        QVERIFY2(peer > 0,
                 qPrintable("the ipc peer did not start: " + QString::fromUtf8(process.readAllStandardError())));
        QTest::qWait(500); // well into the iterations
        ::kill(toThePeer ? peer : parent, signal);
        timer.restart();
        QVERIFY(process.waitForFinished(60000));
        if (toThePeer) {
            QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
            QCOMPARE(process.exitStatus(), QProcess::NormalExit);
            QCOMPARE(process.exitCode(), 1);
            const QString err = QString::fromUtf8(process.readAllStandardError());
            QVERIFY2(err.contains(QStringLiteral("the ipc peer (pid %1)").arg(peer)), qPrintable(err));
            QVERIFY2(err.contains(message), qPrintable(err));
        }
        // The peer is gone (a zombie of ShareScope's is reaped by ShareScope,
        // an orphan's by init) within 3 s.
        timer.restart();
        while (isRunning(peer) && timer.elapsed() < 3000)
            QTest::qWait(20);
        QVERIFY2(!isRunning(peer), qPrintable(QStringLiteral("peer %1 is still there").arg(peer)));
    }

    void reportsThePeerAndItsHandles_data() { ipcModes(); }
    void reportsThePeerAndItsHandles()
    {
        const auto fetched = fetchIpcMode();
        if (!fetched)
            return;
        const ModeId ipcMode = *fetched;
        const RunReport report = run(spec(ipcMode, KernelId::Gather));
        QVERIFY(report.ipc.has_value());
        QVERIFY(report.ipc->peerPid > 0);
        QCOMPARE(report.ipc->memoryHandles.size(), std::size_t(3));
        if (modeInfo(ipcMode).ipcMemory == IpcMemory::VmmDescriptor) {
            // "fd 12, 67108864 bytes": the buffer, rounded up to whole granules.
            const QString shown = QString::fromStdString(report.ipc->memoryHandles[0]);
            QVERIFY2(shown.startsWith("fd "), qPrintable(shown));
            const qulonglong mapped = shown.section(", ", 1).section(' ', 0, 0).toULongLong();
            QVERIFY2(mapped >= report.spec.bytes && mapped % 4096 == 0, qPrintable(shown));
        } else {
            QVERIFY(fromHex(report.ipc->memoryHandles[0], ipcHandleBytes).ok());
        }
        QVERIFY(report.ipc->openNs > 0);
        // Each step timed where it happens; only the legacy handle maps as it opens.
        QVERIFY(report.ipc->steps);
        const IpcSetupSteps &steps = *report.ipc->steps;
        QVERIFY(steps.exportNs > 0);
        QVERIFY(steps.importNs > 0);
        QCOMPARE(steps.mapNs.has_value(), modeInfo(ipcMode).ipcMemory != IpcMemory::LegacyHandle);
        QVERIFY(steps.importNs + steps.mapNs.value_or(0) <= report.ipc->openNs);
        QVERIFY2(steps.passNs < 1'000'000'000, qPrintable(QString::number(steps.passNs))); // a socket, not a second
        QVERIFY(
            std::ranges::any_of(summarize(report), [](const PhaseSummary &s) { return s.phase == Phase::IpcOpen; }));
        QVERIFY(report.iterations[1].phases[2].deviceNs.value_or(0) > 0); // the peer's kernel time
    }

    void ipcExportShowsWhatAnotherProcessDid()
    {
        // This test plays the other process: it opens the printed handle,
        // doubles every value, and ShareScope's checksum must show it.
        QProcess exporter;
        exporter.start(binary(), {"ipc-export", "--size", "1MiB"});
        QByteArray output = waitForExport(exporter);
        QVERIFY2(output.contains("before   checksum 34359607296.0"), output.constData()); // 0 + 1 + ... + 262143
        const auto start = output.indexOf("handle   ") + 9;
        const std::string hex = output.mid(start, 2 * ipcHandleBytes).toStdString();
        const auto bytes = fromHex(hex, ipcHandleBytes);
        QVERIFY2(bytes.ok(), hex.c_str());
        cudaIpcMemHandle_t handle{};
        std::memcpy(&handle, bytes->data(), sizeof handle);
        void *pointer = nullptr;
        QCOMPARE(cudaIpcOpenMemHandle(&pointer, handle, cudaIpcMemLazyEnablePeerAccess), cudaSuccess);
        std::vector<float> values(1 << 18);
        QCOMPARE(cudaMemcpy(values.data(), pointer, 1 << 20, cudaMemcpyDeviceToHost), cudaSuccess);
        for (float &value : values)
            value *= 2;
        QCOMPARE(cudaMemcpy(pointer, values.data(), 1 << 20, cudaMemcpyHostToDevice), cudaSuccess);
        QCOMPARE(cudaIpcCloseMemHandle(pointer), cudaSuccess);
        output += finishExport(exporter);
        QVERIFY2(output.contains("after    checksum 68719214592.0 · first elements 0 2 4 6 8 10 12 14"),
                 output.constData());
        QVERIFY2(output.contains("changed  262,143 of 262,144 elements"), output.constData()); // 0 * 2 is still 0
    }

    // --memory vmm and pool: this test connects to the socket, receives the
    // descriptor and the line, imports (as the ipc peer does), doubles every
    // value, and ShareScope's checksum must show it.
    void ipcExportHandsOverDescriptors_data()
    {
        QTest::addColumn<QString>("memory");
        QTest::addRow("vmm") << "vmm";
        QTest::addRow("pool") << "pool";
    }
    void ipcExportHandsOverDescriptors()
    {
        QFETCH(QString, memory);
        QTemporaryDir folder;
        const QString socketPath = folder.filePath("export.sock");
        QProcess exporter;
        exporter.start(binary(), {"ipc-export", "--size", "1MiB", "--memory", memory, "--socket", socketPath});
        QByteArray output = waitForExport(exporter);
        QVERIFY2(output.contains("socket   " + socketPath.toUtf8()), output.constData());
        QVERIFY2(output.contains("socket.recv_fds"), output.constData());

        const int client = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray path = socketPath.toUtf8();
        std::memcpy(address.sun_path, path.constData(), static_cast<std::size_t>(path.size()));
        QCOMPARE(::connect(client, reinterpret_cast<const sockaddr *>(&address), sizeof address), 0);
        LineReader reader(client);
        std::vector<int> descriptors;
        const auto line = reader.next(descriptors);
        ::close(client);
        QVERIFY(line);
        QCOMPARE(descriptors.size(), std::size_t(1));
        const QStringList words = QString::fromStdString(*line).split(' ');
        QCOMPARE(words.size(), 4);
        QCOMPARE(words[0], QStringLiteral("sharescope-ipc"));
        QCOMPARE(words[1], memory);
        QCOMPARE(words[2], QStringLiteral("1048576"));

        PeerOpen open;
        open.device = 0;
        open.memory = memory == "vmm" ? IpcMemory::VmmDescriptor : IpcMemory::PoolDescriptor;
        if (open.memory == IpcMemory::VmmDescriptor)
            open.mappedBytes = {words[3].toULongLong()};
        else
            open.memoryHandles = {words[3].toStdString()};
        auto imported = cuda::makeImportedBuffers(open.memory);
        const std::string problem = imported->open(open, descriptors);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(descriptors.empty());
        void *pointer = imported->pointers().front();
        std::vector<float> values(1 << 18);
        QCOMPARE(cudaMemcpy(values.data(), pointer, 1 << 20, cudaMemcpyDeviceToHost), cudaSuccess);
        QCOMPARE(values[5], 5.0f);
        for (float &value : values)
            value *= 2;
        QCOMPARE(cudaMemcpy(pointer, values.data(), 1 << 20, cudaMemcpyHostToDevice), cudaSuccess);
        imported->close();

        output += finishExport(exporter);
        QVERIFY2(output.contains("gave the descriptor to process " + QByteArray::number(::getpid())),
                 output.constData());
        QVERIFY2(output.contains("after    checksum 68719214592.0 · first elements 0 2 4 6 8 10 12 14"),
                 output.constData());
        QVERIFY2(output.contains("changed  262,143 of 262,144 elements"), output.constData());
        QVERIFY(!QFile::exists(socketPath)); // removed on the way out
    }

    void ipcExportRefusesManagedMemory()
    {
        QProcess exporter;
        exporter.start(binary(), {"ipc-export", "--memory", "managed"});
        QVERIFY(exporter.waitForFinished(30000));
        QCOMPARE(exporter.exitCode(), 3);
        QVERIFY(exporter.readAllStandardError().contains("cannot be shared with another process"));
        QVERIFY(exporter.readAllStandardOutput().isEmpty());
    }

    // 80% of what is free when the run starts, on this device: another
    // allocation (this process's, standing for another program's) makes a
    // run that fits the whole memory too large.
    void refusesMoreThanTheFreeMemory()
    {
        std::size_t free = 0, total = 0;
        QCOMPARE(cudaMemGetInfo(&free, &total), cudaSuccess);
        ExperimentSpec s = spec(ModeId::Device);
        // Three buffers within 80% of what is free, and their host copies
        // within half of the host's available memory (checkLimits): this
        // machine's memory may be far smaller than the GPU's.
        const std::uint64_t hostRoom = availableHostMemory().value_or(0) / 2 / 2;
        s.bytes = std::min<std::uint64_t>(free / 10 * 8 / 2, hostRoom) / 3 / 4 * 4;
        QVERIFY2(s.bytes >= (64ULL << 20), "the GPU or the host is too busy for this test");
        const Status fits = m_engine->check(s);
        QVERIFY2(fits.ok(), fits.ok() ? "" : fits.error().message.c_str());
        void *held = nullptr;
        // Leave free a little more than the run's buffers: less than they need
        // within 80% of it.
        QCOMPARE(cudaMalloc(&held, free - s.totalBytes() * 11 / 10), cudaSuccess);
        const Status checked = m_engine->check(s);
        cudaFree(held);
        QVERIFY(!checked.ok());
        QCOMPARE(checked.error().kind, ErrorKind::BadArgument);
        const QString message = QString::fromStdString(checked.error().message);
        QVERIFY2(message.contains("80% of the") && message.contains("it has free of its"), qPrintable(message));
        QVERIFY(m_engine->check(s).ok()); // and fits again once it is freed
        // Zero-copy keeps its buffers on the host: no device limit at all.
        s = spec(ModeId::ZeroCopy);
        s.bytes = total / 3 / 4 * 4;
        const Status mapped = m_engine->check(s);
        QVERIFY2(mapped.ok() || !QString::fromStdString(mapped.error().message).contains("80%"),
                 mapped.error().message.c_str());
    }

    // --write-combined: pinned and zero-copy allocate write-combined host
    // memory, verified, and say so where the buffers are described.
    void writeCombinedHostMemoryIsVerifiedAndNamed_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addRow("pinned") << int(ModeId::Pinned);
        QTest::addRow("zero-copy") << int(ModeId::ZeroCopy);
    }
    void writeCombinedHostMemoryIsVerifiedAndNamed()
    {
        QFETCH(int, mode);
        ExperimentSpec s = spec(static_cast<ModeId>(mode), KernelId::VectorAdd, 16ULL << 20);
        s.writeCombined = true;
        s.counters = false;
        const RunReport report = run(s);
        QVERIFY(report.verification.passed());
        QVERIFY(report.spec.writeCombined);
        for (const BufferReport &buffer : report.buffers)
            QVERIFY2(QString::fromStdString(buffer.placement).contains("write-combined"), buffer.placement.c_str());
    }

    // Memory taken while a sweep runs (a plain allocation, as another
    // program's, once the third size starts): that size and the next are
    // refused with the free memory and the need named, and the sweep keeps
    // the sizes it finished.
    void aSweepKeepsWhatItFinishedWhenOthersTakeTheMemory()
    {
        struct TakeMemory final : SetObserver
        {
            void *held = nullptr;
            cudaError_t taken = cudaSuccess;
            void runStarting(std::size_t index, std::size_t, const ExperimentSpec &) override
            {
                if (index != 2)
                    return;
                std::size_t free = 0, total = 0;
                cudaMemGetInfo(&free, &total);
                taken = cudaMalloc(&held, free - (512ULL << 20)); // 512 MiB left: 409 MiB within 80%
            }
        } others;
        RunRequest request;
        request.kind = ReportSet::Kind::Sweep;
        request.base = spec(ModeId::Device);
        request.base.iterations = 1;
        request.base.warmup = 0;
        request.modes = {ModeId::Device};
        request.sizes = {16ULL << 20, 32ULL << 20, 256ULL << 20, 512ULL << 20};
        auto outcome = runSet(*m_engine, planRuns(request, m_engine->device()), &others, nullptr);
        if (others.held)
            cudaFree(others.held);
        QCOMPARE(others.taken, cudaSuccess);
        QVERIFY(outcome.ok());
        QCOMPARE(outcome->set.runs.size(), std::size_t(2));
        QCOMPARE(outcome->set.runs[0].spec.bytes, 16ULL << 20);
        QCOMPARE(outcome->set.runs[1].spec.bytes, 32ULL << 20);
        QCOMPARE(outcome->set.skipped.size(), std::size_t(2));
        for (const SkippedRun &skipped : outcome->set.skipped) {
            const QString message = QString::fromStdString(skipped.reason.message);
            QCOMPARE(skipped.reason.kind, ErrorKind::BadArgument);
            QVERIFY2(
                message.contains("in all) is too large for " + QString::fromStdString(m_engine->device().id) + " now")
                    && message.contains("it has free of its") && message.contains("other programs hold the rest"),
                qPrintable(message));
        }
        QVERIFY(!outcome->anyFailed);
        // Freed again, the largest size runs.
        QVERIFY(m_engine->run(spec(ModeId::Device, KernelId::VectorAdd, 512ULL << 20)).ok());
    }

    // Test builds: each fault through CUDA's own API in the phase asked for.
    // An ordinary error leaves the device usable (the next run of the same
    // engine is verified); the illegal address loses the context: the next
    // run fails at once, and after the device is closed (reset) either this
    // process opens it again and runs, or, as NVIDIA documents for sticky
    // errors, only a new process can: the sharescope binary then runs.
    // Last: the reset takes every context of this process on the device.
    void injectedFaultsFailTheirPhaseAndTheDeviceRecovers_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<QString>("error");
        QTest::addColumn<bool>("lost");
        QTest::addRow("alloc out-of-memory") << "alloc:out-of-memory"
                                             << "cudaErrorMemoryAllocation" << false;
        QTest::addRow("to-host invalid-value") << "to-host:invalid-value"
                                               << "cudaErrorInvalidMemcpyDirection" << false;
        QTest::addRow("kernel illegal-address") << "kernel:illegal-address:2"
                                                << "cudaErrorIllegalAddress" << true;
    }
    void injectedFaultsFailTheirPhaseAndTheDeviceRecovers()
    {
        if (!faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        QFETCH(QString, plan);
        QFETCH(QString, error);
        QFETCH(bool, lost);
        const DeviceInfo device = m_engine->device();
        for (const ModeId mode : {ModeId::Pinned, ModeId::Managed}) {
            FaultSchedule faults(parseFaultPlan(plan.toStdString()).value());
            m_engine->setFaultSchedule(&faults);
            ExperimentSpec s = spec(mode, KernelId::VectorAdd, 16ULL << 20);
            s.warmup = 0;
            s.counters = false;
            const auto failedRun = m_engine->run(s);
            m_engine->setFaultSchedule(nullptr);
            QVERIFY(!failedRun.ok());
            const QString message = QString::fromStdString(describe(failedRun.error()));
            QCOMPARE(failedRun.error().phase, parseFaultPlan(plan.toStdString())->phase);
            QVERIFY2(message.contains("injected") && message.contains(error), qPrintable(message));
            QCOMPARE(failedRun.error().deviceLost, lost);
            if (error == "cudaErrorMemoryAllocation")
                QVERIFY2(message.contains("free now"), qPrintable(message));
            auto next = m_engine->run(s);
            if (lost) {
                QVERIFY(!next.ok());
                QVERIFY(next.error().deviceLost);
                m_engine.reset(); // the backend resets the device as it goes
                auto reopened = openBackend(device);
                if (!reopened) {
                    qInfo("%s: not opened again in this process: %s", device.id.c_str(),
                          reopened.error().message.c_str());
                    QProcess again;
                    again.start(binary(),
                                {"run", "--device", QString::fromStdString(device.id), "--mode",
                                 QString::fromUtf8(modeName(mode).data(), qsizetype(modeName(mode).size())), "--size",
                                 "16MiB", "--iterations", "2", "--no-counters"});
                    QVERIFY(again.waitForFinished(120000));
                    QVERIFY2(again.exitStatus() == QProcess::NormalExit && again.exitCode() == 0,
                             again.readAllStandardError().constData());
                    return; // nothing in this process can use the device any more
                }
                qInfo("%s: opened again in this process", device.id.c_str());
                m_engine = std::make_unique<Engine>(std::move(*reopened));
                next = m_engine->run(s);
            }
            QVERIFY2(next.ok(), next.ok() ? "" : next.error().message.c_str());
            QVERIFY(next->verification.passed());
        }
    }
};

QTEST_APPLESS_MAIN(TestCuda)
#include "tst_cuda.moc"
