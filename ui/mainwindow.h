// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"
#include "windowtab.h"

#include "demoflow.h"
#include "lessons/examples.h"
#include "run/experimentset.h"

#include <QMainWindow>

class QAction;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QTabWidget;

namespace sharescope {

class BuffersTab;
class CalibrationDialog;
class DoctorDialog;
class CompareTab;
class LessonPath;
class ExampleBanner;
class ExperimentPanel;
class ExplainTab;
class PythonTab;
class WatchTab;
class MigrationTab;
class OpenProgress;
class ReportLoader;
class RunController;
class SweepTab;
class TimelineTab;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    using Tab = WindowTab;

    // rememberSettings: restore and save the experiment and the window's
    // layout across starts (off for reproducible screenshots and tests).
    explicit MainWindow(bool rememberSettings = true, QWidget *parent = nullptr);
    ~MainWindow() override;

    ExperimentPanel *panel() const { return m_panel; }
    RunController *controller() const { return m_controller; }
    TimelineTab *timelineTab() const { return m_timeline; }
    MigrationTab *migrationTab() const { return m_migration; }
    BuffersTab *buffersTab() const { return m_buffers; }
    CompareTab *compareTab() const { return m_compare; }
    SweepTab *sweepTab() const { return m_sweep; }
    ExplainTab *explainTab() const { return m_explain; }
    PythonTab *pythonTab() const { return m_python; }
    WatchTab *watchTab() const { return m_watch; }
    // The last Run → Calibrate…'s dialog; null before the first.
    CalibrationDialog *calibrationDialog() const { return m_calibration; }
    // The last Help → Check this machine's dialog; null before the first.
    DoctorDialog *doctorDialog() const { return m_doctor; }
    void showTab(Tab tab);
    Tab currentTab() const;

    // The window's current results, as a report set (what Save writes).
    const ReportSet &results() const { return m_results; }
    // The comparison's run Timeline, Migration and Buffers show, by name;
    // empty when they show a run of their own.
    const QString &shownRun() const { return m_shownRun; }
    // Opens a report, read and parsed on another thread with progress and
    // Cancel in the status bar; returns the load's job at once. A malformed
    // file gets an error (in a dialog where dialogs are allowed) and keeps
    // what was shown.
    quint64 openReport(const QString &path);
    ReportLoader *reportLoader() const { return m_loader; }
    OpenProgress *openProgress() const { return m_openProgress; }
    // Whether an error may open a dialog: a headless screenshot has nobody
    // to close one.
    void setDialogsAllowed(bool allowed) { m_dialogsAllowed = allowed; }

    // The guided demos (DemoFlow): a demo run with its lesson, its
    // question asked first, its shipped example where the device cannot.
    DemoFlow *demos() const { return m_demos; }
    using DemoStart = DemoFlow::Start;
    DemoStart startDemo(DemoId demo, std::optional<std::uint64_t> bytes = std::nullopt,
                        std::optional<std::size_t> predicted = std::nullopt)
    {
        return m_demos->start(demo, bytes, predicted);
    }
    void askDemo(DemoId demo, std::optional<std::uint64_t> bytes = std::nullopt) { m_demos->ask(demo, bytes); }
    // Opens a report shipped with the program, measured on a real GPU, as
    // openReport does, with a banner saying where and when it was measured
    // and that it was not here; a demo's example shows its lesson. `why`:
    // said first in the lesson (why the demo did not run here).
    quint64 openExample(ExampleId example, const QString &why = {});
    ExampleBanner *exampleBanner() const { return m_banner; }
    LessonPath *lessonPath() const { return m_lessonPath; }

    // What File ▸ Restart ShareScope starts (after a device's context was
    // lost for good): this program's window, opening the results shown,
    // written first to a report in the cache folder; or why it cannot.
    struct Command
    {
        QString program;
        QStringList arguments;
    };
    Result<Command> restartCommand() const;
    QAction *restartAction() const { return m_restartAction; }

public slots:
    void run();
    void compare();
    // A comparison of the modes beside the Python routes (PythonTab).
    void compareBesidePython(const std::vector<ModeId> &modes, quint64 bytes);
    void sweep();
    // Measures the ceilings of the device on screen on the worker thread,
    // with its progress and Cancel in a dialog that then shows the result,
    // and keeps them in the calibration cache, where later runs find them.
    void calibrate();
    // Help → Check this machine: the machine check (doctor/) on the worker
    // thread, its progress, then its verdicts, in a dialog; the GPU's
    // measurements on the device on screen when it is a CUDA device.
    void checkMachine();
    void cancel();

signals:
    // After a run, compare, sweep or calibration ends, however it ends.
    void jobEnded(bool succeeded);
    void devicesReady();
    void reportOpened(const QString &path);
    // message: why not, "cancelled" included.
    void reportNotOpened(const QString &path, const QString &message);
    // A demo the device could not run has shown its shipped example.
    void demoExampleShown();
    // A demo's question is on screen, waiting for the answer.
    void questionShown();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void showGettingStarted(); // Help ▸ Getting started: the lesson path
    void showDocumentation(); // Help ▸ Documentation: where it is on disk
    void createDemoFlow();
    void restoreSettings();
    void saveSettings() const;
    void showResults(quint64 job, const ReportSet &set);
    // One run of the comparison on the Compare tab in Timeline, Migration
    // and Buffers; null where there is no such run.
    const RunReport *showRunOfSet(int index);
    // Plans a request on the device on screen and starts it; the job, or 0
    // with the reason shown when nothing can run.
    quint64 start(RunRequest request, const QString &what, std::optional<Error> *refusal = nullptr);
    void saveReport();
    void exportTrace();
    void exportPlot();
    // File ▸ Restart ShareScope: a new process, opening the results shown.
    void restart();
    void addRecent(const QString &path);
    void updateRecentMenu();
    void createDocks();
    void connectLoader();
    void connectPanel();
    void connectController();
    void log(const QString &message);
    void setBusy(bool busy);
    void chooseLanguage(const QString &language);
    void saveCalibration(const Calibration &calibration);
    void showOpened(const QString &path, const ReportSet &set);
    void showExample(const ReportSet &set);
    void refuseReport(const QString &path, const QString &message);
    // A report of `sharescope python` shown on the Python tab; false where
    // the file is none.
    bool showPythonReport(const QString &path);

    RunController *m_controller;
    ReportLoader *m_loader;
    OpenProgress *m_openProgress;
    bool m_dialogsAllowed = true;
    bool m_closeAfterWatch = false; // the window closes once the watch ends
    ExperimentPanel *m_panel;
    QTabWidget *m_tabs;
    TimelineTab *m_timeline;
    MigrationTab *m_migration;
    BuffersTab *m_buffers;
    CompareTab *m_compare;
    SweepTab *m_sweep;
    ExplainTab *m_explain;
    PythonTab *m_python;
    WatchTab *m_watch;
    QPlainTextEdit *m_log;
    QProgressBar *m_progress;
    QLabel *m_deviceLabel;
    QMenu *m_recentMenu = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_traceAction = nullptr;
    QAction *m_restartAction = nullptr; // enabled once a device cannot be opened again
    QAction *m_calibrateAction = nullptr;
    QAction *m_doctorAction = nullptr;
    CalibrationDialog *m_calibration = nullptr;
    DoctorDialog *m_doctor = nullptr;
    LessonPath *m_lessonPath = nullptr; // the Demos menu
    const bool m_rememberSettings;
    ReportSet m_results;
    QString m_shownRun;
    QStringList m_recent;
    DemoFlow *m_demos = nullptr;
    ExampleBanner *m_banner;
    // The example being opened: its load's job, and why its demo did not run.
    std::optional<ExampleId> m_example;
    quint64 m_exampleJob = 0;
    QString m_exampleWhy;
};

} // namespace sharescope
