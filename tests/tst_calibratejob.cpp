#include "calibrationcache.h"
#include "experimentpanel.h"
#include "mainwindow.h"
#include "runcontroller.h"

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace sharescope;

// Calibration as the window runs it: a job of the controller's worker
// thread, on the CPU's OpenCL device (PoCL here).
class TestCalibrateJob : public QObject
{
    Q_OBJECT

private:
    DeviceInfo m_device;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the cache goes to a test folder
        QFile::remove(calibrationCachePath());
        const DeviceList list = listDevices();
        const auto it = std::ranges::find(list.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        if (it == list.devices.end())
            QSKIP("no OpenCL device; scripts/setup.sh installs PoCL");
        m_device = *it;
    }

    void calibratesWithProgress()
    {
        RunController controller;
        QSignalSpy progress(&controller, &RunController::progress);
        QSignalSpy calibrated(&controller, &RunController::calibrated);
        const quint64 job = controller.calibrate(QString::fromStdString(m_device.id), 16 << 20);
        QVERIFY(controller.busy());
        QTRY_COMPARE_WITH_TIMEOUT(calibrated.count(), 1, 120000);
        QVERIFY(!controller.busy());
        QCOMPARE(calibrated.at(0).at(0).toULongLong(), job);
        const auto calibration = calibrated.at(0).at(1).value<Calibration>();
        QCOMPARE(calibration.key.deviceId, m_device.id);
        QVERIFY(resultOf(calibration, CalibrationStep::HostToDeviceCopy));
        QVERIFY(resultOf(calibration, CalibrationStep::HostCopy));
        QVERIFY(progress.count() >= 6); // one per step
    }

    void cancelsBetweenSteps()
    {
        RunController controller;
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        QSignalSpy calibrated(&controller, &RunController::calibrated);
        controller.calibrate(QString::fromStdString(m_device.id), 16 << 20);
        controller.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 60000);
        QCOMPARE(calibrated.count(), 0);
    }

    void theWindowSavesWhatItCalibrated()
    {
        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        QVERIFY(ready.wait(30000));
        QAction *calibrate = nullptr;
        for (QAction *menu : window.menuBar()->actions()) {
            for (QAction *action : menu->menu() ? menu->menu()->actions() : QList<QAction *>()) {
                if (action->text().startsWith(QStringLiteral("Ca&librate")))
                    calibrate = action;
            }
        }
        QVERIFY2(calibrate, "Run → Calibrate… is missing");
        QSignalSpy ended(&window, &MainWindow::jobEnded);
        calibrate->trigger();
        QVERIFY(ended.wait(300000));
        QCOMPARE(ended.at(0).at(0).toBool(), true);
        const CachedCalibration cached
            = loadCalibration(calibrationCachePath().toStdString(), calibrationKey(*window.panel()->currentDevice()));
        QCOMPARE(cached.state, CachedCalibration::State::Found);

        // Runs from now on carry the ceilings, with the calibration's figures.
        window.panel()->setSize(QStringLiteral("1MiB"));
        window.run();
        ended.clear();
        QVERIFY(ended.wait(120000));
        const RunReport &report = window.results().runs.front();
        QVERIFY(report.ceilings);
        QVERIFY(!report.ceilings->calibratedUtc.empty());
    }

    void cleanupTestCase() { QFile::remove(calibrationCachePath()); }
};

QTEST_MAIN(TestCalibrateJob)
#include "tst_calibratejob.moc"
