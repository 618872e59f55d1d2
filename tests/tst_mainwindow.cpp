// SPDX-License-Identifier: GPL-3.0-or-later
#include "buffermodel.h"
#include "bufferstab.h"
#include "comparechart.h"
#include "comparemodel.h"
#include "examplebanner.h"
#include "examplereports.h"
#include "experimentpanel.h"
#include "explaintab.h"
#include "explanations.h"
#include "gettingstarted.h"
#include "lesson.h"
#include "lessonpath.h"
#include "mainwindow.h"
#include "migrationtab.h"
#include "openprogress.h"
#include "phasemodel.h"
#include "pythonmodel.h"
#include "pythontab.h"
#include "questionpanel.h"
#include "report/reportjson.h"
#include "reportsamples.h"
#include "run/devices.h"
#include "runcontroller.h"
#include "runtabs.h"
#include "settabs.h"
#include "timelineplot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>

using namespace sharescope;

// The window, driven as a user drives it, offscreen, on the CPU's OpenCL
// device.
class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;
    QString m_device;

    ExperimentPanel *panel() { return m_window->panel(); }

    void typeSize(const QString &size)
    {
        QLineEdit *edit = panel()->sizeEdit();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, size);
    }

    bool waitForJob(int timeoutMs, bool *succeeded = nullptr)
    {
        QSignalSpy ended(m_window.get(), &MainWindow::jobEnded);
        if (!ended.wait(timeoutMs))
            return false;
        if (succeeded)
            *succeeded = ended.at(0).at(0).toBool();
        return true;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>(false);
        QSignalSpy ready(m_window.get(), &MainWindow::devicesReady);
        m_window->show();
        QVERIFY(ready.wait(30000));
        // The CPU's OpenCL device where there is one (PoCL), else the first OpenCL device.
        const DeviceList list = listDevices();
        const auto cpu = std::ranges::find_if(list.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
        const auto any = std::ranges::find(list.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        QVERIFY(any != list.devices.end());
        m_device = QString::fromStdString(cpu != list.devices.end() ? cpu->id : any->id);
        QVERIFY(panel()->selectDevice(m_device));
    }

    void runsAndShowsTheTimelineAndBuffers()
    {
        QVERIFY(panel()->selectMode(ModeId::ClUseHostPtr));
        typeSize(QStringLiteral("16MiB"));
        panel()->setIterations(5, 1);
        QVERIFY(panel()->runButton()->isEnabled());
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        bool succeeded = false;
        QVERIFY(waitForJob(120000, &succeeded));
        QVERIFY(succeeded);
        QCOMPARE(m_window->timelineTab()->plot()->laneCount(), 6); // one lane per iteration, warm-up included
        QCOMPARE(m_window->results().runs.size(), std::size_t(1));
        // One rectangle per iteration phase, drawn live; redrawing from the report draws the same.
        int phases = 0;
        for (const IterationResult &iteration : m_window->results().runs.front().iterations)
            phases += static_cast<int>(iteration.phases.size());
        QVERIFY(phases >= 6 * 3);
        TimelinePlot *timeline = m_window->timelineTab()->plot();
        QCOMPARE(timeline->segmentCount(), phases);
        timeline->setReport(m_window->results().runs.front());
        QCOMPARE(timeline->segmentCount(), phases);
        QCOMPARE(timeline->laneCount(), 6);
        QVERIFY(m_window->results().runs.front().verification.passed());

        // The Buffers tab shows out = x + y, read from the kept buffer.
        m_window->showTab(MainWindow::Tab::Buffers);
        BufferModel *model = m_window->buffersTab()->model();
        QCOMPARE(model->elements(), std::uint64_t(4 << 20));
        const QModelIndex cell = model->index(1000, BufferModel::ValueColumn);
        model->data(cell); // asks for the page
        // x[1000] = 1000, y[1000] = (1000 % 251) / 2 = 123.5
        QTRY_COMPARE_WITH_TIMEOUT(model->data(cell).toString(), QStringLiteral("1123.5"), 10000);
        QVERIFY(!model->data(cell, BufferModel::MismatchRole).toBool());
        QCOMPARE(model->data(model->index(1000, BufferModel::ExpectedColumn)).toString(), QStringLiteral("1123.5"));
    }

    // A device whose context is lost in the middle of a run (a test build's
    // injected illegal address): the window says so, keeps the results it
    // showed, and runs again, on the device opened again.
    void keepsItsResultsWhenTheDeviceIsLost()
    {
        if (!faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        QVERIFY(panel()->selectMode(ModeId::ClCopy));
        typeSize(QStringLiteral("1MiB"));
        panel()->setIterations(1, 0);
        bool succeeded = false;
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        QVERIFY(waitForJob(120000, &succeeded));
        QVERIFY(succeeded);
        const auto firstKernelNs
            = [this] { return m_window->results().runs.front().iterations.front().phases.at(2).hostNs; };
        const std::uint64_t shown = firstKernelNs();

        m_window->controller()->setFaultPlan(parseFaultPlan("kernel:illegal-address").value());
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        QVERIFY(waitForJob(120000, &succeeded));
        QVERIFY(!succeeded);
        const QString said = m_window->statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("kernel: injected illegal-address")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("lost its context; ShareScope closed it and opened it again")),
                 qPrintable(said));
        QVERIFY(!m_window->restartAction()->isEnabled()); // opened again: nothing to restart for
        QCOMPARE(m_window->results().runs.size(), std::size_t(1));
        QCOMPARE(firstKernelNs(), shown); // the results shown are still the first run's
        QVERIFY(panel()->runButton()->isEnabled());

        m_window->controller()->setFaultPlan(std::nullopt);
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        QVERIFY(waitForJob(120000, &succeeded));
        QVERIFY(succeeded);
        QVERIFY(m_window->results().runs.front().verification.passed());
    }

    // Where a device cannot be opened again in this process (CUDA keeps a
    // context with a sticky error until the process ends), File ▸ Restart
    // starts the window again with the results shown, written to a report.
    void restartsWithTheResultsShown()
    {
        QVERIFY(!m_window->results().runs.empty());
        QVERIFY(!m_window->restartAction()->isEnabled());
        emit m_window->controller()->deviceUnusable(m_device);
        QVERIFY(m_window->restartAction()->isEnabled());
        const auto command = m_window->restartCommand();
        QVERIFY2(command.ok(), command.ok() ? "" : command.error().message.c_str());
        QCOMPARE(command->program, QCoreApplication::applicationFilePath());
        QCOMPARE(command->arguments.size(), 3);
        QCOMPARE(command->arguments.mid(0, 2), (QStringList{"gui", "--open"}));
        QFile saved(command->arguments.at(2));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const auto reopened = readReports(saved.readAll().toStdString());
        QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().message.c_str());
        QCOMPARE(reopened->runs.size(), m_window->results().runs.size());
        saved.remove();
    }

    void disablesRunForAnInvalidSize()
    {
        typeSize(QStringLiteral("12.5B"));
        QVERIFY(!panel()->runButton()->isEnabled());
        QVERIFY(!panel()->compareButton()->isEnabled());
        QVERIFY2(panel()->validationMessage().contains(QStringLiteral("not a whole number of bytes")),
                 qPrintable(panel()->validationMessage()));
        typeSize(QStringLiteral("1MiB"));
        QVERIFY(panel()->runButton()->isEnabled());
        QVERIFY(panel()->validationMessage().isEmpty());
    }

    void comparesEveryMode()
    {
        typeSize(QStringLiteral("1MiB"));
        panel()->setIterations(2, 1);
        QTest::mouseClick(panel()->compareButton(), Qt::LeftButton);
        bool succeeded = false;
        QVERIFY(waitForJob(180000, &succeeded));
        QVERIFY(succeeded);
        int supported = 0;
        for (int row = 0; row < panel()->modeList()->count(); ++row)
            supported += (panel()->modeList()->item(row)->flags() & Qt::ItemIsEnabled) ? 1 : 0;
        QCOMPARE(m_window->compareTab()->model()->rowCount(), supported);
        // One bar group per supported mode: every phase's bars have a bar per mode.
        CompareChart *chart = m_window->compareTab()->chart();
        int bars = 0;
        for (int i = 0; i < chart->plottableCount(); ++i) {
            if (auto *b = qobject_cast<QCPBars *>(chart->plottable(i))) {
                QCOMPARE(b->dataCount(), supported);
                ++bars;
            }
        }
        QCOMPARE(bars, 5);
    }

    // File → Export trace… writes the results on screen as Trace Event
    // Format: one process per run, every phase once.
    void exportsATraceFromTheFileMenu()
    {
        typeSize(QStringLiteral("1MiB"));
        panel()->setIterations(2, 1);
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        bool succeeded = false;
        QVERIFY(waitForJob(120000, &succeeded));
        QVERIFY(succeeded);

        QMenu *file = nullptr;
        for (QAction *action : m_window->menuBar()->actions()) {
            if (action->text() == QStringLiteral("&File"))
                file = action->menu();
        }
        QVERIFY(file);
        QAction *exportTrace = nullptr;
        for (QAction *action : file->actions()) {
            if (action->text() == QStringLiteral("Export &trace…"))
                exportTrace = action;
        }
        QVERIFY(exportTrace);
        const ReportSet &results = m_window->results();
        QCOMPARE(results.runs.size(), std::size_t(1));
        QVERIFY(exportTrace->isEnabled());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.trace.json"));
        // The save dialog is modal: answer it from a timer once it is up.
        bool answered = false;
        QTimer answer;
        connect(&answer, &QTimer::timeout, this, [&] {
            if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                answer.stop();
                answered = true;
                // selectFile() leaves the name alone while the name field has the focus.
                if (QWidget *focused = dialog->focusWidget())
                    focused->clearFocus();
                dialog->selectFile(path);
                static_cast<QDialog *>(dialog)->accept(); // QFileDialog's own accept() is protected
            }
        });
        answer.start(50);
        exportTrace->trigger();
        QVERIFY(answered);

        QFile trace(path);
        QVERIFY(trace.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject document = QJsonDocument::fromJson(trace.readAll(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        int processes = 0;
        int phases = 0;
        for (const QJsonValue &event : document["traceEvents"].toArray()) {
            processes += event["ph"].toString() == "M" && event["name"].toString() == "process_name";
            phases += event["ph"].toString() == "X" && event["cat"].toString() == "phase";
        }
        int expectedPhases = 0;
        for (const RunReport &run : results.runs)
            expectedPhases += 1 + (run.free ? 1 : 0) + 5 * static_cast<int>(run.iterations.size());
        QCOMPARE(processes, static_cast<int>(results.runs.size()));
        QCOMPARE(phases, expectedPhases);
    }

    void runsADemoAndShowsItsLesson()
    {
        QMenu *demos = nullptr;
        for (QAction *action : m_window->menuBar()->actions()) {
            if (action->text() == QStringLiteral("&Demos"))
                demos = action->menu();
        }
        QVERIFY(demos);
        // Next lesson, a separator, the path's demos, a separator, Start again.
        QCOMPARE(demos->actions().size(), static_cast<int>(sharescope::demos().size()) + 4);
        for (const DemoInfo &demo : sharescope::demos())
            QVERIFY(demos->actions().contains(m_window->lessonPath()->demoAction(demo.id)));

        panel()->setIterations(1, 0);
        QCOMPARE(m_window->startDemo(DemoId::PagesMoveWhole), MainWindow::DemoStart::Running);
        bool succeeded = false;
        QVERIFY(waitForJob(180000, &succeeded));
        QVERIFY(succeeded);
        QLabel *lesson = m_window->compareTab()->lessonLabel();
        QVERIFY(lesson->isVisible());
        QVERIFY2(lesson->text().contains(QStringLiteral("Pages move whole")), qPrintable(lesson->text()));
        // 64 MiB with a 64 KiB stride: the numbers of this run.
        QVERIFY2(lesson->text().contains(QStringLiteral("1,024 elements, 4 KiB of each 64 MiB buffer")),
                 qPrintable(lesson->text()));
        QCOMPARE(m_window->compareTab()->model()->rowCount(), 2);
        QCOMPARE(m_window->results().runs.front().spec.kernel, KernelId::Stride);
        // Saved, as File > Save writes it, for the end of this test.
        QTemporaryDir saved;
        const QString demoReport = saved.filePath(QStringLiteral("demo.json"));
        {
            QFile file(demoReport);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(toJson(m_window->results())));
        }
        // Issue 43: its point needs CUDA; the lesson says so and links the
        // H200's run, which opens here, labelled.
        QVERIFY2(lesson->text().contains(QStringLiteral("needs CUDA"))
                     && lesson->text().contains(QStringLiteral("href=\"example:pages-move-whole\"")),
                 qPrintable(lesson->text()));

        // A demo this device cannot run, with no shipped example (two GPUs),
        // says why and starts nothing.
        QSignalSpy started(m_window->controller(), &RunController::started);
        QCOMPARE(m_window->startDemo(DemoId::PeerAccess), MainWindow::DemoStart::Refused);
        QVERIFY2(lesson->text().contains(QStringLiteral("needs")), qPrintable(lesson->text()));
        QCOMPARE(started.count(), 0);
        QCOMPARE(m_window->compareTab()->model()->rowCount(), 2); // the results on screen stay
        QVERIFY(!m_window->exampleBanner()->isVisible());

        // One with an example shows the one measured on a real GPU: why
        // first, then where it was measured, then the lesson; a banner says
        // it is not this machine's.
        QSignalSpy shown(m_window.get(), &MainWindow::demoExampleShown);
        QCOMPARE(m_window->startDemo(DemoId::Prefetch), MainWindow::DemoStart::ShowingExample);
        QVERIFY(shown.wait(10000));
        QCOMPARE(started.count(), 0);
        const auto example = sharescope::readExample(sharescope::ExampleId::Prefetch);
        QVERIFY(example);
        const QString text = lesson->text();
        QVERIFY2(
            text.contains(QStringLiteral("This device cannot run the demo (the prefetch demo needs a CUDA device")),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("needs a CUDA device")), qPrintable(text));
        // Up to the command, which the lesson shows as code.
        const QString provenance
            = sharescope::exampleProvenance(*example, &sharescope::exampleInfo(sharescope::ExampleId::Prefetch))
                  .section(QLatin1Char('`'), 0, 0);
        QVERIFY2(provenance.startsWith(QStringLiteral("Measured on ")), qPrintable(provenance));
        QVERIFY2(text.contains(provenance), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Why prefetch matters")), qPrintable(text));
        QVERIFY(m_window->exampleBanner()->isVisible());
        QVERIFY2(m_window->exampleBanner()->text().contains(QStringLiteral("not on this machine")),
                 qPrintable(m_window->exampleBanner()->text()));
        QCOMPARE(m_window->compareTab()->model()->rowCount(), static_cast<int>(example->runs.size()));
        QCOMPARE(m_window->results().runs.front().device.name, example->runs.front().device.name);

        // A run of this machine's own takes the banner away.
        panel()->setIterations(1, 0);
        QCOMPARE(m_window->startDemo(DemoId::PagesMoveWhole), MainWindow::DemoStart::Running);
        QVERIFY(!m_window->exampleBanner()->isVisible());
        QVERIFY(waitForJob(180000, &succeeded));
        // The lesson's link to the H200's run opens it here, labelled.
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        emit lesson->linkActivated(QStringLiteral("example:pages-move-whole"));
        QVERIFY(opened.wait(10000));
        QVERIFY(m_window->exampleBanner()->isVisible());
        QCOMPARE(m_window->results().runs.front().device.backend, BackendKind::Cuda);
        // Issue 43: the saved demo report, opened again, tells its lesson.
        m_window->openReport(demoReport);
        QVERIFY(opened.wait(10000));
        QVERIFY(!m_window->exampleBanner()->isVisible());
        QVERIFY2(lesson->text().contains(QStringLiteral("Pages move whole"))
                     && lesson->text().contains(QStringLiteral("1,024 elements")),
                 qPrintable(lesson->text()));
    }

    // The Demos menu asks first: nothing starts until the question is
    // answered or skipped, and the lesson then sets the measured answer
    // beside the student's (here from the shipped examples: this device
    // cannot run the CUDA demos).
    void demosAskBeforeTheyRun()
    {
        QAction *prefetch = m_window->lessonPath()->demoAction(DemoId::Prefetch);
        QAction *discard = m_window->lessonPath()->demoAction(DemoId::Discard);
        QVERIFY(prefetch->text().endsWith(QStringLiteral("Why prefetch matters")));
        QuestionPanel *question = m_window->compareTab()->questionPanel();
        QSignalSpy asked(m_window.get(), &MainWindow::questionShown);
        QSignalSpy shown(m_window.get(), &MainWindow::demoExampleShown);
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        prefetch->trigger();
        QCOMPARE(asked.count(), 1);
        QVERIFY(question->isVisible());
        QCOMPARE(shown.count() + opened.count(), 0); // nothing started yet
        QVERIFY(!question->runButton()->isEnabled()); // not before a choice
        const auto buttons = question->findChildren<QAbstractButton *>();
        QStringList choices;
        for (QAbstractButton *button : buttons) {
            if (button != question->runButton() && button != question->skipButton())
                choices << button->text();
        }
        QCOMPARE(choices.size(), 4);
        QVERIFY2(choices.contains(QStringLiteral("192 MiB: 3 × 64 MiB")), qPrintable(choices.join(" | ")));
        question->choose(0); // "nothing: the memory is shared"
        QVERIFY(question->runButton()->isEnabled());
        QTest::mouseClick(question->runButton(), Qt::LeftButton);
        QVERIFY(shown.wait(10000));
        QVERIFY(!question->isVisible());
        QString text = m_window->compareTab()->lessonLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("Your prediction: nothing: the memory is shared. The answer: 192 MiB: 3 "
                                              "× 64 MiB.")),
                 qPrintable(text));

        // Skipped: the measured answer all the same, no prediction.
        discard->trigger();
        QVERIFY(question->isVisible());
        QTest::mouseClick(question->skipButton(), Qt::LeftButton);
        QVERIFY(shown.wait(10000));
        text = m_window->compareTab()->lessonLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("The answer: 4× as long or more.")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("Your prediction")));

        // Opened from File → Examples, nobody was asked.
        m_window->openExample(ExampleId::Discard);
        QVERIFY(opened.wait(10000));
        QVERIFY(!m_window->compareTab()->lessonLabel()->text().contains(QStringLiteral("You were asked")));
    }

    // The Demos menu is a lesson path: Next lesson starts the first demo
    // not seen yet, a demo is checked once its lesson was shown, and the
    // progress outlives the window where settings are remembered.
    void lessonPathRemembersProgress()
    {
        QSettings().remove(QStringLiteral("demos/seen"));
        {
            QMenu menu;
            LessonPath path(&menu, true);
            QCOMPARE(path.next(), std::optional(DemoId::CopiesVsZeroCopy));
            QVERIFY2(path.nextAction()->text().endsWith(QStringLiteral("Copies vs zero-copy")),
                     qPrintable(path.nextAction()->text()));
            std::vector<DemoId> chosen;
            connect(&path, &LessonPath::demoChosen, this, [&chosen](DemoId demo) { chosen.push_back(demo); });
            path.nextAction()->trigger();
            path.markSeen(DemoId::CopiesVsZeroCopy);
            QVERIFY(path.demoAction(DemoId::CopiesVsZeroCopy)->isChecked());
            QCOMPARE(path.next(), std::optional(DemoId::WhenPinningPays));
            // Choosing a demo is not seeing its lesson: no check yet.
            path.demoAction(DemoId::Discard)->trigger();
            QVERIFY(!path.demoAction(DemoId::Discard)->isChecked());
            QCOMPARE(chosen, (std::vector{DemoId::CopiesVsZeroCopy, DemoId::Discard}));
        }
        {
            QMenu menu;
            LessonPath again(&menu, true);
            QVERIFY(again.seen(DemoId::CopiesVsZeroCopy));
            QVERIFY(again.demoAction(DemoId::CopiesVsZeroCopy)->isChecked());
            QCOMPARE(again.next(), std::optional(DemoId::WhenPinningPays));
            for (const DemoInfo &demo : sharescope::demos())
                again.markSeen(demo.id);
            QVERIFY(!again.next());
            QVERIFY(!again.nextAction()->isEnabled());
            again.restartAction()->trigger();
            QVERIFY(!again.seen(DemoId::CopiesVsZeroCopy));
        }
        {
            QMenu menu;
            LessonPath forgetful(&menu, false); // a window that remembers nothing
            forgetful.markSeen(DemoId::CopiesVsZeroCopy);
            QMenu other;
            QCOMPARE(LessonPath(&other, true).next(), std::optional(DemoId::CopiesVsZeroCopy));
        }
    }

    // File → Examples lists every shipped example; one opens with the
    // Migration tab showing the GPU's exact totals and the banner.
    void opensAnExampleFromTheFileMenu()
    {
        QMenu *examples = nullptr;
        for (QAction *action : m_window->menuBar()->actions()) {
            if (action->text() == QStringLiteral("&File")) {
                for (QAction *item : action->menu()->actions()) {
                    if (item->text() == QStringLiteral("E&xamples"))
                        examples = item->menu();
                }
            }
        }
        QVERIFY(examples);
        QCOMPARE(examples->actions().size(), static_cast<int>(sharescope::examples().size()));
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        examples->actions().at(static_cast<int>(sharescope::ExampleId::ManagedRun))->trigger();
        QVERIFY(opened.wait(10000));
        QVERIFY(m_window->exampleBanner()->isVisible());
        const sharescope::RunReport &report = m_window->results().runs.front();
        QCOMPARE(report.spec.mode, sharescope::ModeId::Managed);
        QCOMPARE(report.counted.totals, sharescope::CounterTotals::Driver);
    }

    // A counter no phase reports (GPU fault groups, which only CUPTI's
    // records give) has no column in the Migration tab; one that some phase
    // reports keeps it.
    void theMigrationTabLeavesOutCountersNoPhaseReports()
    {
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        m_window->openExample(sharescope::ExampleId::ManagedRun);
        QVERIFY(opened.wait(10000));
        sharescope::RunReport report = m_window->results().runs.front();
        // The column's place in the table: the model's header that names it.
        sharescope::MigrationTab *tab = m_window->migrationTab();
        int column = -1;
        for (int c = 0; c < tab->table()->model()->columnCount(); ++c) {
            if (tab->table()->model()->headerData(c, Qt::Horizontal).toString().contains(QStringLiteral("groups")))
                column = c;
        }
        QVERIFY(column > 0);
        tab->setReport(report);
        QVERIFY(!tab->table()->isColumnHidden(column));
        const auto clear = [](sharescope::PhaseResult &p) {
            if (p.counters)
                p.counters->gpuPageFaultGroups.reset();
        };
        clear(report.alloc);
        for (auto &iteration : report.iterations) {
            for (auto &p : iteration.phases)
                clear(p);
        }
        if (report.free)
            clear(*report.free);
        tab->setReport(report);
        QVERIFY(tab->table()->isColumnHidden(column));
        QVERIFY(!tab->table()->isColumnHidden(column + 1)); // the next counter stays
    }

    // A comparison's runs open in Timeline, Migration and Buffers: a row
    // activated in the Compare table (double-click, Enter), whatever the
    // sort order; a comparison of one mode (first-touch's demo) at once.
    void comparisonRowsOpenTheirRun()
    {
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        m_window->openExample(sharescope::ExampleId::FirstTouch);
        QVERIFY(opened.wait(10000));
        QCOMPARE(m_window->results().runs.size(), std::size_t(1));
        const sharescope::RunReport &only = m_window->results().runs.front();
        QVERIFY(only.counted.residency.snapshots.size() > 1);
        QCOMPARE(m_window->shownRun(), QStringLiteral("managed"));
        QCOMPARE(m_window->migrationTab()->slider()->maximum() + 1,
                 static_cast<int>(only.counted.residency.snapshots.size()));
        QCOMPARE(m_window->timelineTab()->model()->rowCount(), static_cast<int>(summarize(only).size()));

        m_window->openExample(sharescope::ExampleId::CompareModes);
        QVERIFY(opened.wait(10000));
        const sharescope::ReportSet set = m_window->results();
        QVERIFY(set.runs.size() > 3);
        QTableView *table = m_window->compareTab()->table();
        table->sortByColumn(sharescope::CompareModel::IterationColumn,
                            Qt::DescendingOrder); // rows no longer in run order
        const auto managed = std::ranges::find(set.runs, sharescope::ModeId::Managed,
                                               [](const sharescope::RunReport &r) { return r.spec.mode; });
        QVERIFY(managed != set.runs.end());
        int row = -1;
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            if (table->model()->index(r, sharescope::CompareModel::ModeColumn).data().toString() == "managed")
                row = r;
        }
        QVERIFY(row >= 0);
        QVERIFY(row != static_cast<int>(managed - set.runs.begin())); // the sort moved it
        emit table->activated(table->model()->index(row, 0));
        QCOMPARE(m_window->currentTab(), MainWindow::Tab::Migration);
        QCOMPARE(m_window->shownRun(), QStringLiteral("managed"));
        QCOMPARE(m_window->migrationTab()->slider()->maximum() + 1,
                 static_cast<int>(managed->counted.residency.snapshots.size()));
        // Another row: that mode, on the Timeline where it has no pages to show.
        int device = -1;
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            if (table->model()->index(r, sharescope::CompareModel::ModeColumn).data().toString() == "device")
                device = r;
        }
        QVERIFY(device >= 0);
        emit table->activated(table->model()->index(device, 0));
        QCOMPARE(m_window->currentTab(), MainWindow::Tab::Timeline);
        QCOMPARE(m_window->shownRun(), QStringLiteral("device"));
        table->sortByColumn(-1, Qt::AscendingOrder); // back to run order for the tests after
    }

    void cancelsACompareWithinASecond()
    {
        typeSize(QStringLiteral("16MiB"));
        panel()->setIterations(200, 1);
        QSignalSpy progress(m_window->controller(), &RunController::progress);
        QTest::mouseClick(panel()->compareButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 60000);
        QVERIFY(panel()->cancelButton()->isEnabled());
        QSignalSpy ended(m_window.get(), &MainWindow::jobEnded);
        QElapsedTimer timer;
        timer.start();
        QTest::mouseClick(panel()->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 5000);
        qInfo("stopped %lld ms after Cancel", static_cast<long long>(timer.elapsed()));
        QVERIFY(timer.elapsed() < 1000);
        QCOMPARE(ended.at(0).at(0).toBool(), false);
        QVERIFY(panel()->runButton()->isEnabled());
        panel()->setIterations(2, 1);
    }

    void keepsItsStateWhenAReportIsMalformed_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QString>("message");
        QTest::addRow("truncated") << QByteArray(
            "{\"format\": \"sharescope-report\", \"formatVersion\": 1, \"iterations\": ")
                                   << "not valid JSON";
        // Well-formed, and a three-buffer kernel with no buffers.
        QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(toJson(sampleRun()))).object();
        report[QStringLiteral("buffers")] = QJsonArray();
        QTest::addRow("no buffers") << QJsonDocument(report).toJson()
                                    << "the field 'buffers' has 0 entries; it must list the 3 buffers of gather";
    }
    void keepsItsStateWhenAReportIsMalformed()
    {
        QFETCH(QByteArray, contents);
        QFETCH(QString, message);
        const int rowsBefore = m_window->compareTab()->model()->rowCount();
        const std::size_t runsBefore = m_window->results().runs.size();
        const QString titleBefore = m_window->windowTitle();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(contents);
        file.close();
        QSignalSpy refused(m_window.get(), &MainWindow::reportNotOpened);
        m_window->openReport(path);
        QVERIFY(refused.wait(10000));
        QVERIFY2(refused.at(0).at(1).toString().contains(message), qPrintable(refused.at(0).at(1).toString()));
        // Shown in a dialog that does not hold the event loop.
        auto *box = m_window->findChild<QMessageBox *>();
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QVERIFY2(box->text().contains(message), qPrintable(box->text()));
        box->accept();
        delete box;
        QCOMPARE(m_window->windowTitle(), titleBefore);
        QVERIFY(!m_window->openProgress()->isVisible());
        QCOMPARE(m_window->compareTab()->model()->rowCount(), rowsBefore);
        QCOMPARE(m_window->results().runs.size(), runsBefore);
    }

    void opensAReportWithProgress()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(toJson(sampleRun(200, 1))));
        file.close();
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        m_window->openReport(path);
        QVERIFY(m_window->openProgress()->isVisible()); // until the thread answers
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.at(0).at(0).toString(), path);
        QVERIFY(!m_window->openProgress()->isVisible());
        QCOMPARE(m_window->results().runs.size(), std::size_t(1));
        QCOMPARE(m_window->results().runs.front().iterations.size(), std::size_t(201));
        QCOMPARE(m_window->timelineTab()->plot()->laneCount(), 201);
    }

    // --host-threads: a lane per thread under each iteration's, with a
    // rectangle per split phase where that thread worked on its slice.
    void drawsALanePerHostThread()
    {
        TimelinePlot plot;
        plot.resize(900, 400);
        RunReport report = sampleRun(2, 1);
        report.spec.hostThreads = 3;
        int split = 0;
        for (IterationResult &iteration : report.iterations) {
            for (PhaseResult &p : iteration.phases) {
                if (p.phase == Phase::Kernel || p.phase == Phase::ToDevice) {
                    p.threads = {{0, p.hostNs / 2}, {p.hostNs / 4, p.hostNs}, {0, p.hostNs}};
                    ++split;
                }
            }
        }
        plot.setReport(report);
        plot.replot(QCustomPlot::rpImmediateRefresh); // lays the axes out
        plot.replot(QCustomPlot::rpImmediateRefresh); // ticks for that layout
        QCOMPARE(plot.laneCount(), 3 * 4); // three iterations, each with its three threads
        QCOMPARE(plot.segmentCount(), 3 * static_cast<int>(iterationPhases.size()) + 3 * split);
        QCOMPARE(plot.yAxis->tickVectorLabels(),
                 (QVector<QString>{"warm-up 0", "thread 1", "thread 2", "thread 3", "1", "thread 1", "thread 2",
                                   "thread 3", "2", "thread 1", "thread 2", "thread 3"}));
        // Phase by phase, as a live run adds them: the same lanes.
        plot.clear();
        for (const IterationResult &iteration : report.iterations) {
            for (const PhaseResult &p : iteration.phases)
                plot.addPhase(iteration.index, iteration.warmup, p);
        }
        QCOMPARE(plot.laneCount(), 3 * 4);
        QCOMPARE(plot.segmentCount(), 3 * static_cast<int>(iterationPhases.size()) + 3 * split);
    }

    // The most iterations a run takes, 10,000, in one timeline: every phase
    // drawn (one plottable, not 50,000 items), and lane labels that fit the
    // axis instead of 10,000 drawn over each other.
    void drawsTenThousandIterationsWithLabelsThatFit()
    {
        TimelinePlot plot;
        plot.resize(900, 300);
        const RunReport report = sampleRun(maxIterations, 1);
        plot.setReport(report);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(plot.laneCount(), maxIterations + 1);
        QCOMPARE(plot.segmentCount(), (maxIterations + 1) * static_cast<int>(iterationPhases.size()));
        QCOMPARE(plot.itemCount(), 1); // the empty-plot message only
        const QVector<QString> labels = plot.yAxis->tickVectorLabels();
        const int axisPixels = plot.yAxis->axisRect()->height();
        QVERIFY2(labels.size() >= 2 && labels.size() <= axisPixels / 16 + 2,
                 qPrintable(QStringLiteral("%1 labels on %2 pixels").arg(labels.size()).arg(axisPixels)));
        QCOMPARE(labels.front(), QStringLiteral("warm-up 0"));
        for (const QString &label : labels)
            QVERIFY(!label.isEmpty());
        // A short run still labels every lane, numbered as its report, CSV
        // and trace number them (issue 43): the warm-up 0, then 1 to 5.
        plot.setReport(sampleRun(5, 1));
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(plot.yAxis->tickVectorLabels(), (QVector<QString>{"warm-up 0", "1", "2", "3", "4", "5"}));
        const RunReport five = sampleRun(5, 1);
        QCOMPARE(five.iterations.front().index, 0);
        QCOMPARE(five.iterations.back().index, 5);
    }

    void cancelsOpeningAReport()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(toJson(sampleRun(4000, 1))));
        file.close();
        const std::size_t runsBefore = m_window->results().runs.front().iterations.size();
        QSignalSpy refused(m_window.get(), &MainWindow::reportNotOpened);
        m_window->openReport(path);
        QVERIFY(m_window->openProgress()->cancelButton()->isVisible());
        QTest::mouseClick(m_window->openProgress()->cancelButton(), Qt::LeftButton);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.at(0).at(1).toString(), QStringLiteral("cancelled"));
        QVERIFY(!m_window->openProgress()->isVisible());
        QTest::qWait(1000);
        QCOMPARE(m_window->results().runs.front().iterations.size(), runsBefore);
    }

    // On a machine without CUDA, the Explain tab still lists every mode of
    // both backends, and a CUDA mode's page and examples can be read, marked
    // with why it cannot run here; the panel still refuses to run it.
    void explainsEveryModeOnAnyMachine()
    {
        const DeviceList list = listDevices();
        ExplainTab *explain = m_window->explainTab();
        QStringList listed;
        for (int row = 0; row < explain->pageList()->count(); ++row) {
            const QString page = explain->pageList()->item(row)->data(Qt::UserRole).toString();
            if (!page.isEmpty())
                listed << page;
        }
        QCOMPARE(listed, allExplanationPages());
        for (const ModeInfo &mode : modes())
            QVERIFY2(listed.contains(QString::fromLatin1(mode.name.data(), mode.name.size())), mode.name.data());

        const bool cuda
            = std::ranges::any_of(list.devices, [](const DeviceInfo &d) { return d.backend == BackendKind::Cuda; });
        m_window->showTab(MainWindow::Tab::Explain);
        // A click on managed in the list shows its page.
        QListWidget *pages = explain->pageList();
        QListWidgetItem *managed = nullptr;
        for (int row = 0; row < pages->count() && !managed; ++row) {
            if (pages->item(row)->data(Qt::UserRole).toString() == QLatin1String("managed"))
                managed = pages->item(row);
        }
        QVERIFY(managed);
        pages->scrollToItem(managed);
        QTRY_VERIFY(pages->isVisible() && !pages->visualItemRect(managed).isEmpty());
        QTest::mouseClick(pages->viewport(), Qt::LeftButton, {}, pages->visualItemRect(managed).center());
        QCOMPARE(explain->page(), QStringLiteral("managed"));
        QVERIFY(explain->text()->toPlainText().contains(QStringLiteral("cudaMallocManaged")));
        QStringList labels;
        for (int i = 0; i < explain->examples()->count(); ++i)
            labels << explain->examples()->tabText(i);
        QVERIFY2(labels.contains(QStringLiteral("CuPy")) && labels.contains(QStringLiteral("numba")),
                 qPrintable(labels.join(", ")));
        if (cuda)
            QSKIP("a CUDA device is here: managed may run, so nothing is marked");
        QVERIFY2(explain->cannotRunReason(QStringLiteral("managed"))
                     .contains(QStringLiteral("needs an NVIDIA GPU with CUDA")),
                 qPrintable(explain->cannotRunReason(QStringLiteral("managed"))));
        QVERIFY(managed->font().italic()); // marked in the list
        QVERIFY2(managed->toolTip().contains(QStringLiteral("needs an NVIDIA GPU with CUDA")),
                 qPrintable(managed->toolTip()));
        QVERIFY(explain->notice()->isVisible());
        QVERIFY(explain->notice()->text().contains(QStringLiteral("needs an NVIDIA GPU with CUDA")));
        QVERIFY(explain->cannotRunReason(QStringLiteral("cl-copy")).isEmpty());
        // Reading is all: the panel cannot be made to run it.
        QVERIFY(!panel()->selectMode(ModeId::Managed));
        QVERIFY(panel()->mode() != std::optional(ModeId::Managed));
    }

    // Issue 43: Explain shows the page of the mode on screen: the report's
    // mode, the Compare row selected, each with its run's reproduce line;
    // another page gives the same experiment in that page's mode.
    void explainFollowsTheRunOnScreen()
    {
        ExplainTab *explain = m_window->explainTab();
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        m_window->openExample(ExampleId::ManagedRun);
        QVERIFY(opened.wait(10000));
        const RunReport &managed = m_window->results().runs.front();
        QCOMPARE(explain->page(), QStringLiteral("managed"));
        QCOMPARE(explain->command(), QString::fromStdString(managed.commandLine));

        m_window->openExample(ExampleId::CompareModes);
        QVERIFY(opened.wait(10000));
        const ReportSet &set = m_window->results();
        QCOMPARE(explain->page(), QString::fromStdString(std::string(modeName(set.runs.front().spec.mode))));
        QTableView *table = m_window->compareTab()->table();
        const QModelIndex third = table->model()->index(2, 0);
        table->setCurrentIndex(third);
        const RunReport &run = set.runs[2];
        QCOMPARE(explain->page(), QString::fromStdString(std::string(modeName(run.spec.mode))));
        QCOMPARE(explain->command(), QString::fromStdString(run.commandLine));

        // Another mode's page: the same experiment in that mode.
        explain->showPage(QStringLiteral("managed-prefetch"));
        QVERIFY2(explain->command().contains(QStringLiteral("--mode managed-prefetch"))
                     && explain->command().contains(QStringLiteral("--size 64MiB")),
                 qPrintable(explain->command()));
        // An OpenCL page: without the CUDA device the run named.
        explain->showPage(QStringLiteral("cl-copy"));
        QVERIFY2(explain->command().contains(QStringLiteral("--mode cl-copy"))
                     && !explain->command().contains(QStringLiteral("cuda:0")),
                 qPrintable(explain->command()));

        // The panel says plainly that it holds the next run here, not the
        // H200's, and keeps a mode this device runs.
        QVERIFY2(panel()->shownNote().contains(QStringLiteral("measured on cuda:0")), qPrintable(panel()->shownNote()));
        QVERIFY2(panel()->shownNote().contains(QStringLiteral("next run, here")), qPrintable(panel()->shownNote()));
        QVERIFY(!panel()->matchesShown());
        QVERIFY(panel()->mode() && modeInfo(*panel()->mode()).backend == BackendKind::OpenCL);
    }

    // Issue 43: a report this machine can run sets the panel to its
    // experiment, and Run measures it again.
    void aReportFromHereSetsThePanel()
    {
        QTemporaryDir dir;
        panel()->setIterations(2, 0);
        typeSize(QStringLiteral("1MiB"));
        QVERIFY(panel()->selectMode(ModeId::ClUseHostPtr));
        m_window->run();
        bool succeeded = false;
        QVERIFY(waitForJob(60000, &succeeded));
        QVERIFY(succeeded);
        QVERIFY(panel()->shownNote().isEmpty()); // the panel's own run
        const QString path = dir.filePath(QStringLiteral("run.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(toJson(m_window->results())));
        file.close();

        QVERIFY(panel()->selectMode(ModeId::ClCopy));
        panel()->setIterations(3, 1);
        typeSize(QStringLiteral("2MiB"));
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        m_window->openReport(path);
        QVERIFY(opened.wait(10000));
        QCOMPARE(panel()->mode(), std::optional(ModeId::ClUseHostPtr));
        QCOMPARE(panel()->sizeText(), QStringLiteral("1MiB"));
        QCOMPARE(panel()->spec()->iterations, 2);
        QVERIFY(panel()->matchesShown());
        QVERIFY2(panel()->shownNote().contains(QStringLiteral("Run measures it again")),
                 qPrintable(panel()->shownNote()));
        QCOMPARE(QString::fromStdString(panel()->spec()->commandLine()),
                 QString::fromStdString(m_window->results().runs.front().spec.commandLine()));
        // Changed, the panel says it holds the next run's.
        panel()->setIterations(4, 1);
        QVERIFY(!panel()->matchesShown());
        QVERIFY2(panel()->shownNote().contains(QStringLiteral("next run")), qPrintable(panel()->shownNote()));
    }

    // Issue 43: what `sharescope python --json` saved opens in the Python
    // tab, each route beside ShareScope's time as measured then.
    void opensAPythonReportInThePythonTab()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("python.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "sharescope-python", "formatVersion": 1, "bytes": 268435456, "iterations": 5,
            "warmup": 1, "interpreter": "/usr/bin/python3", "routes": [
            {"route": "cupy-pinned", "state": "measured", "mode": "pinned", "step": "to-device",
             "framework": "cupy 14.2.0", "memory": "cupyx.empty_pinned", "bytes": 268435456,
             "medianNs": 5343764, "samples": 5, "shared": false, "modeMedianNs": 5117616, "ratio": 1.04},
            {"route": "torch-device", "state": "not-run", "mode": "device", "step": "to-device",
             "reason": "cannot import torch: No module named 'torch'"}]})");
        file.close();
        QSignalSpy opened(m_window.get(), &MainWindow::reportOpened);
        QSignalSpy refused(m_window.get(), &MainWindow::reportNotOpened);
        m_window->openReport(path);
        QVERIFY(opened.wait(10000));
        QCOMPARE(refused.count(), 0);
        QCOMPARE(m_window->currentTab(), MainWindow::Tab::Python);
        PythonModel *model = m_window->pythonTab()->model();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, PythonModel::ModeTime).data().toString(), QStringLiteral("5.12 ms"));
        QVERIFY2(m_window->pythonTab()->status()->text().contains(QStringLiteral("1 of 2 routes measured")),
                 qPrintable(m_window->pythonTab()->status()->text()));
    }

    // Issue 43: Help holds Getting started (the lesson path) and where the
    // documentation is on disk, besides About.
    void helpSaysWhereToStart()
    {
        QStringList items;
        for (QAction *action : m_window->menuBar()->actions()) {
            if (action->text() == QStringLiteral("&Help")) {
                for (QAction *item : action->menu()->actions())
                    items << item->text();
            }
        }
        QVERIFY2(items.contains(QStringLiteral("&Getting started")) && items.contains(QStringLiteral("&Documentation"))
                     && items.contains(QStringLiteral("&About ShareScope")),
                 qPrintable(items.join(QStringLiteral(", "))));
        const QString text = gettingStartedText();
        for (const DemoInfo &demo : demos())
            QVERIFY2(text.contains(demoTitle(demo).toHtmlEscaped()), demo.name.data());
        // A build runs from the source tree, whose docs it finds.
        const QString folder = documentationFolder();
        QVERIFY2(QFileInfo::exists(folder + QStringLiteral("/docs/window.md")), qPrintable(folder));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
