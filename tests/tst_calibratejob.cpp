// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"
#include "calibrationcache.h"
#include "calibrationdialog.h"
#include "calibrationmodel.h"
#include "ceilings/calibrationstore.h"
#include "experimentpanel.h"
#include "mainwindow.h"
#include "run/devices.h"
#include "runcontroller.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace sharescope;

// Calibration as the window runs it: a job of the controller's worker
// thread, on the CPU's OpenCL device (PoCL here).
class TestCalibrateJob : public QObject
{
    Q_OBJECT

private:
    DeviceInfo m_device;

    static QAction *calibrateAction(MainWindow &window)
    {
        for (QAction *menu : window.menuBar()->actions()) {
            for (QAction *action : menu->menu() ? menu->menu()->actions() : QList<QAction *>()) {
                if (action->text().startsWith(QStringLiteral("Ca&librate")))
                    return action;
            }
        }
        return nullptr;
    }

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

    void theWindowsCalibrationCancels()
    {
        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        QVERIFY(ready.wait(30000));
        QAction *calibrate = calibrateAction(window);
        QVERIFY2(calibrate, "Run → Calibrate… is missing");
        QSignalSpy ended(&window, &MainWindow::jobEnded);
        QSignalSpy calibrated(window.controller(), &RunController::calibrated);
        calibrate->trigger();
        // The action returns at once: the controller's worker thread measures.
        QCOMPARE(calibrated.count(), 0);
        QVERIFY(window.controller()->busy());
        QVERIFY(!calibrate->isEnabled()); // one job at a time
        CalibrationDialog *dialog = window.calibrationDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->running());
        QVERIFY(dialog->cancelButton()->isVisible());
        QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
        QVERIFY(ended.wait(120000));
        QCOMPARE(ended.at(0).at(0).toBool(), false);
        QCOMPARE(calibrated.count(), 0);
        QVERIFY(!dialog->running());
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("cancelled")),
                 qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->model()->rowCount(), 0);
        QVERIFY(calibrate->isEnabled());
        const CachedCalibration cached
            = loadCalibration(calibrationCachePath().toStdString(), calibrationKey(*window.panel()->currentDevice()));
        QCOMPARE(cached.state, CachedCalibration::State::Missing); // nothing saved
    }

    void theWindowSavesWhatItCalibrated()
    {
        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        QVERIFY(ready.wait(30000));
        QAction *calibrate = calibrateAction(window);
        QVERIFY2(calibrate, "Run → Calibrate… is missing");
        QSignalSpy ended(&window, &MainWindow::jobEnded);
        // The window keeps handling events while the worker measures.
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start(20);
        calibrate->trigger();
        CalibrationDialog *dialog = window.calibrationDialog();
        QVERIFY(dialog && dialog->isVisible() && dialog->running());
        QVERIFY(ended.wait(300000));
        ticker.stop();
        QVERIFY2(ticks > 0, "the window's event loop stood still while it calibrated");
        QCOMPARE(ended.at(0).at(0).toBool(), true);
        const CachedCalibration cached
            = loadCalibration(calibrationCachePath().toStdString(), calibrationKey(*window.panel()->currentDevice()));
        QCOMPARE(cached.state, CachedCalibration::State::Found);

        // The dialog followed the steps, then shows each path's ceilings:
        // on a CPU device, host memory, measured and without a specification.
        QVERIFY(!dialog->running());
        QVERIFY(!dialog->cancelButton()->isVisible());
        QVERIFY(dialog->progressBar()->maximum() > 0);
        const CalibrationModel *model = dialog->model();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, CalibrationModel::PathColumn).data().toString(), QStringLiteral("host memory"));
        const CalibrationResult *best = bestOn(*cached.calibration, Path::HostMemory);
        QVERIFY(best);
        QCOMPARE(model->index(0, CalibrationModel::MeasuredColumn).data().toString(),
                 QString::fromStdString(formatBandwidth(best->bytesPerSecond)));
        QCOMPARE(model->index(0, CalibrationModel::SpecificationColumn).data().toString(),
                 QStringLiteral("no specification"));

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
