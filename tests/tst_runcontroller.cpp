// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontroller.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstring>

using namespace sharescope;

// The facade the window uses, driven as the window drives it, on the CPU's
// OpenCL device (or the first OpenCL device of the machine).
class TestRunController : public QObject
{
    Q_OBJECT

private:
    DeviceInfo m_device;

    ExperimentSpec spec(std::uint64_t bytes = 1 << 20, int iterations = 2) const
    {
        ExperimentSpec s;
        s.deviceId = m_device.id;
        s.mode = ModeId::ClUseHostPtr;
        s.bytes = bytes;
        s.iterations = iterations;
        s.warmup = 1;
        return s;
    }

    // As the window starts a run and a comparison: planned on the device,
    // then handed to the controller.
    quint64 startRun(RunController &controller, const ExperimentSpec &s) const
    {
        RunRequest request;
        request.base = s;
        request.mode = s.mode;
        return controller.start(planRuns(request, m_device), QStringLiteral("run"));
    }
    quint64 startCompare(RunController &controller, const ExperimentSpec &s) const
    {
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.base = s;
        return controller.start(planRuns(request, m_device), QStringLiteral("compare"));
    }

private slots:
    void initTestCase()
    {
        RunController controller;
        QSignalSpy listed(&controller, &RunController::devicesListed);
        controller.listDevices();
        QVERIFY(listed.wait(30000));
        const auto list = listed.takeFirst().at(0).value<DeviceList>();
        const auto it = std::ranges::find(list.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        QVERIFY2(it != list.devices.end(), "no OpenCL device; scripts/setup.sh installs PoCL");
        m_device = *it;
    }

    void runsAndReportsEveryPhase()
    {
        RunController controller;
        QSignalSpy started(&controller, &RunController::started);
        QSignalSpy phases(&controller, &RunController::phaseFinished);
        QSignalSpy finished(&controller, &RunController::finished);
        const quint64 job = startRun(controller, spec());
        QVERIFY(controller.busy());
        QCOMPARE(started.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(!controller.busy());
        QCOMPARE(finished.at(0).at(0).toULongLong(), job);
        const auto set = finished.at(0).at(1).value<ReportSet>();
        QCOMPARE(set.runs.size(), std::size_t(1));
        QVERIFY(set.runs.front().verification.passed());
        QVERIFY(!set.runs.front().free.has_value()); // kept for the buffer view
        QCOMPARE(phases.count(), 1 + 3 * 5); // alloc and three iterations; free comes later
    }

    void readsTheKeptBuffers()
    {
        RunController controller;
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy read(&controller, &RunController::bufferRead);
        const quint64 job = startRun(controller, spec());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        controller.readBuffer(job, 2, 1000, 16);
        QVERIFY(read.wait(10000));
        const auto chunk = read.at(0).at(0).value<BufferChunk>();
        QCOMPARE(chunk.first, quint64(1000));
        QCOMPARE(chunk.values.size(), std::size_t(16));
        for (std::size_t i = 0; i < 16; ++i) {
            float value;
            std::memcpy(&value, &chunk.values[i], sizeof value);
            QCOMPARE(double(value), chunk.expected[i]);
        }
    }

    void dropsTheResultsOfAReplacedJob()
    {
        RunController controller;
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        startRun(controller, spec(16 << 20, 200)); // long
        const quint64 second = startRun(controller, spec());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.at(0).at(0).toULongLong(), second);
        QTest::qWait(200);
        QCOMPARE(finished.count(), 1); // nothing late from the first job
        QCOMPARE(cancelled.count(), 0); // its cancellation is not news either
    }

    void cancelsACompareWithinASecond()
    {
        RunController controller;
        QSignalSpy progress(&controller, &RunController::progress);
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        QSignalSpy finished(&controller, &RunController::finished);
        ExperimentSpec s = spec(16 << 20, 100);
        const quint64 job = startCompare(controller, s);
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 60000);
        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 5000);
        qInfo("cancel took %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY(timer.elapsed() < 1000);
        QCOMPARE(cancelled.at(0).at(0).toULongLong(), job);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!controller.busy());
    }

    void keepsTheEventLoopResponsive()
    {
        // The longest gap between ticks of a 5 ms timer while a compare runs:
        // reported here; the 50 ms target is checked by a benchmark, since
        // these machines are noisy. A run on the GUI thread would show
        // gaps of seconds.
        RunController controller;
        QSignalSpy finished(&controller, &RunController::finished);
        QElapsedTimer sinceTick;
        qint64 longest = 0;
        QTimer ticker;
        ticker.setInterval(5);
        connect(&ticker, &QTimer::timeout, this, [&] { longest = std::max(longest, sinceTick.restart()); });
        startCompare(controller, spec(4 << 20, 3));
        sinceTick.start();
        ticker.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        ticker.stop();
        qInfo("longest event-loop gap during a compare: %lld ms", static_cast<long long>(longest));
        QVERIFY(longest < 1000);
        const auto set = finished.at(0).at(1).value<ReportSet>();
        QCOMPARE(set.kind, ReportSet::Kind::Compare);
        QCOMPARE(set.runs.size() + set.skipped.size(), std::size_t(5));
    }

    // A lost device (a test build's injected illegal address in the second
    // run's kernel) is closed and opened again, and the third run runs.
    void reopensADeviceThatLostItsContext()
    {
        if (!faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        RunController controller;
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy failed(&controller, &RunController::failed);
        QSignalSpy log(&controller, &RunController::logMessage);
        controller.setFaultPlan(parseFaultPlan("kernel:illegal-address:2").value());
        ExperimentSpec once = spec(1 << 20, 1);
        once.warmup = 0;
        startRun(controller, once);
        QVERIFY(finished.wait(60000));
        startRun(controller, once);
        QVERIFY(failed.wait(60000));
        const QString message = failed.at(0).at(1).toString();
        QVERIFY2(message.startsWith(QStringLiteral("kernel: injected illegal-address")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("%1 lost its context; ShareScope closed it and opened it again")
                                      .arg(QString::fromStdString(m_device.id))),
                 qPrintable(message));
        startRun(controller, once);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.size(), 2);
        QVERIFY(finished.at(1).at(1).value<ReportSet>().runs.front().verification.passed());
        const auto opened = std::ranges::count_if(log, [](const QList<QVariant> &args) {
            return args.at(0).toString().startsWith(QStringLiteral("Opened"));
        });
        QCOMPARE(opened, 2);
    }

    void reportsFailures()
    {
        RunController controller;
        QSignalSpy failed(&controller, &RunController::failed);
        DeviceInfo gone = m_device;
        gone.id = "opencl:99";
        RunRequest request;
        request.base = spec();
        controller.start(planRuns(request, gone), QStringLiteral("run"));
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(1).toString().contains("unknown device 'opencl:99'"));
        QVERIFY(!controller.busy());
    }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "tst_runcontroller.moc"
