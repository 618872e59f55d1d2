// SPDX-License-Identifier: GPL-3.0-or-later
// Help → Check this machine: the dialog on a crafted machine's report (each
// verdict listed, the first problem shown with what to do and its evidence,
// its section of the docs, the lesson and Explain links), the check as a job
// of the controller's worker thread, and the window's menu.
#include "doctordialog.h"
#include "doctorscenario.h"
#include "doctortext.h"
#include "mainwindow.h"
#include "runcontroller.h"

#include <QAction>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

using namespace doctortest;

class TestDoctorDialog : public QObject
{
    Q_OBJECT

private:
    // A machine with one problem (the open-file limit) and one warning.
    static DoctorReport crafted()
    {
        Scenario scenario;
        scenario.write("/proc/self/limits",
                       "Max open files            256                  524288               files\n");
        scenario.probe.gpu.nvml.persistenceMode = cuda::Answer<unsigned>::of(0);
        auto report = scenario.run();
        return report ? *report : DoctorReport{};
    }

    static QAction *doctorAction(MainWindow &window)
    {
        for (QAction *menu : window.menuBar()->actions()) {
            for (QAction *action : menu->menu() ? menu->menu()->actions() : QList<QAction *>()) {
                if (action->text().startsWith(QStringLiteral("&Check this machine")))
                    return action;
            }
        }
        return nullptr;
    }

private slots:
    // Every check has its section in the docs built into the program.
    void everyCheckHasItsDocs()
    {
        for (const CheckId id : allCheckIds) {
            const QString section = doctorDocsSection(id);
            QVERIFY2(section.startsWith(QStringLiteral("## ")), checkInfo(id).anchor.data());
            QVERIFY2(section.contains(QStringLiteral("The doctor's line")), checkInfo(id).anchor.data());
            QVERIFY(!section.mid(3).contains(QStringLiteral("\n## ")));
        }
    }

    void showsTheVerdicts()
    {
        const DoctorReport report = crafted();
        QCOMPARE(report.checks.size(), allCheckIds.size());
        DoctorDialog dialog;
        dialog.begin(7);
        QVERIFY(dialog.running());
        QVERIFY(dialog.cancelButton()->isVisibleTo(&dialog));
        QSignalSpy cancel(&dialog, &DoctorDialog::cancelRequested);
        dialog.cancelButton()->click();
        QCOMPARE(cancel.count(), 1);
        dialog.setProgress(2, 9);
        QCOMPARE(dialog.progressBar()->maximum(), 9);

        dialog.showReport(report);
        QVERIFY(!dialog.running());
        QCOMPARE(dialog.list()->topLevelItemCount(), static_cast<int>(allCheckIds.size()));
        // The problem first, in full.
        QTreeWidgetItem *current = dialog.list()->currentItem();
        QVERIFY(current);
        QCOMPARE(current->text(0), QStringLiteral("problem"));
        QCOMPARE(current->text(1), checkTitle(CheckId::OpenFiles));
        const QString details = dialog.details()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("ancdata")), qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("What to do:")));
        QVERIFY(details.contains(QStringLiteral("/proc/self/limits")));
        QVERIFY(details.contains(QStringLiteral("docs/doctor.md#open-file-limit")));
        // Another row: its own details.
        dialog.list()->setCurrentItem(dialog.list()->topLevelItem(static_cast<int>(CheckId::Driver)));
        QVERIFY(dialog.details()->toPlainText().contains(QStringLiteral("persistence")));
    }

    void followsItsLinks()
    {
        DoctorDialog dialog;
        dialog.showReport(crafted());
        QSignalSpy demo(&dialog, &DoctorDialog::demoRequested);
        QSignalSpy explain(&dialog, &DoctorDialog::explainRequested);
        dialog.showCheck(CheckId::PinnedMemory);
        QVERIFY(dialog.details()->toHtml().contains(QStringLiteral("sharescope:demo/when-pinning-pays")));
        emit dialog.details()->anchorClicked(QUrl(QStringLiteral("sharescope:demo/when-pinning-pays")));
        QCOMPARE(demo.count(), 1);
        QCOMPARE(demo.at(0).at(0).value<DemoId>(), DemoId::WhenPinningPays);
        emit dialog.details()->anchorClicked(QUrl(QStringLiteral("sharescope:explain/pinned")));
        QCOMPARE(explain.count(), 1);
        QCOMPARE(explain.at(0).at(0).toString(), QStringLiteral("pinned"));
        // The docs' section, then back.
        emit dialog.details()->anchorClicked(QUrl(QStringLiteral("sharescope:docs/pinned-memory")));
        QVERIFY(dialog.details()->toPlainText().contains(QStringLiteral("vm.max_map_count")));
        QVERIFY(dialog.details()->toPlainText().contains(QStringLiteral("Page-locked (pinned) memory")));
        emit dialog.details()->anchorClicked(QUrl(QStringLiteral("sharescope:check/pinned-memory")));
        QVERIFY(dialog.details()->toPlainText().contains(QStringLiteral("Evidence:")));
        // Nothing happens for what is not ours.
        emit dialog.details()->anchorClicked(QUrl(QStringLiteral("https://example.org")));
        QCOMPARE(demo.count() + explain.count(), 2);
    }

    // The check as a job of the worker thread, read only: progress, then
    // every verdict; the GUI thread never waits for it.
    void checksOnTheWorkerThread()
    {
        RunController controller;
        QSignalSpy progress(&controller, &RunController::progress);
        QSignalSpy checked(&controller, &RunController::machineChecked);
        const quint64 job = controller.checkMachine(QString(), true);
        QVERIFY(controller.busy());
        QTRY_COMPARE_WITH_TIMEOUT(checked.count(), 1, 60000);
        QVERIFY(!controller.busy());
        QVERIFY(progress.count() >= 2);
        QCOMPARE(checked.at(0).at(0).toULongLong(), job);
        const auto report = checked.at(0).at(1).value<DoctorReport>();
        QCOMPARE(report.checks.size(), allCheckIds.size());
        QVERIFY(report.quick);
    }

    void cancelEndsTheJob()
    {
        RunController controller;
        QSignalSpy checked(&controller, &RunController::machineChecked);
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        controller.checkMachine(QString(), true);
        controller.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(checked.count() + cancelled.count(), 1, 60000);
        QVERIFY(!controller.busy());
    }

    void theWindowOpensIt()
    {
        MainWindow window(false);
        window.setDialogsAllowed(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        window.show();
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
        QAction *action = doctorAction(window);
        QVERIFY2(action, "Help → Check this machine is missing");
        QSignalSpy ended(&window, &MainWindow::jobEnded);
        action->trigger();
        DoctorDialog *dialog = window.doctorDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 120000);
        QVERIFY(!dialog->running());
        QVERIFY(dialog->report());
        QCOMPARE(dialog->list()->topLevelItemCount(), static_cast<int>(allCheckIds.size()));
        // The Explain link takes the window to that page.
        emit dialog->explainRequested(QStringLiteral("pinned"));
        QCOMPARE(window.currentTab(), MainWindow::Tab::Explain);
    }
};

QTEST_MAIN(TestDoctorDialog)
#include "tst_doctordialog.moc"
