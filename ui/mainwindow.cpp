// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "aboutdialog.h"
#include "bufferstab.h"
#include "bytesize.h"
#include "calibrationcache.h"
#include "calibrationdialog.h"
#include "ceilings/calibrationstore.h"
#include "ceilings/ceilings.h"
#include "ceilingtext.h"
#include "comparechart.h"
#include "comparemodel.h"
#include "demolessons.h"
#include "doctordialog.h"
#include "doctortext.h"
#include "examplebanner.h"
#include "examplereports.h"
#include "experimentpanel.h"
#include "explaintab.h"
#include "gettingstarted.h"
#include "language.h"
#include "lessonpath.h"
#include "lessons/demoquestion.h"
#include "lessons/demos.h"
#include "migrationchart.h"
#include "migrationtab.h"
#include "nativename.h"
#include "openprogress.h"
#include "outputfile.h"
#include "plotexport.h"
#include "pythontab.h"
#include "questionpanel.h"
#include "questiontext.h"
#include "report/reportcsv.h"
#include "report/reportjson.h"
#include "report/traceexport.h"
#include "reportloader.h"
#include "reporttables.h"
#include "runcontroller.h"
#include "runtabs.h"
#include "settabs.h"
#include "sweepplot.h"
#include "textconv.h"
#include "timelineplot.h"
#include "trnoop.h"
#include "watchtab.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace sharescope {
namespace {

constexpr int maxRecent = 8;

} // namespace

MainWindow::MainWindow(bool rememberSettings, QWidget *parent)
    : QMainWindow(parent)
    , m_controller(new RunController(this))
    , m_loader(new ReportLoader(this))
    , m_openProgress(new OpenProgress(this))
    , m_panel(new ExperimentPanel(this))
    , m_tabs(new QTabWidget(this))
    , m_timeline(new TimelineTab(this))
    , m_migration(new MigrationTab(this))
    , m_buffers(new BuffersTab(m_controller, this))
    , m_compare(new CompareTab(this))
    , m_sweep(new SweepTab(this))
    , m_explain(new ExplainTab(this))
    , m_python(new PythonTab(this))
    , m_watch(new WatchTab(this))
    , m_log(new QPlainTextEdit(this))
    , m_progress(new QProgressBar(this))
    , m_deviceLabel(new QLabel(this))
    , m_rememberSettings(rememberSettings)
    , m_banner(new ExampleBanner(this))
{
    setWindowTitle(tr("ShareScope"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_migration, tr("Migration"));
    m_tabs->addTab(m_buffers, tr("Buffers"));
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->addTab(m_sweep, tr("Sweep"));
    m_tabs->addTab(m_explain, tr("Explain"));
    m_tabs->addTab(m_python, tr("Python"));
    m_tabs->addTab(m_watch, tr("Watch"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    createDocks();

    m_progress->setMaximumWidth(240);
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_deviceLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_openProgress);
    createMenus();

    connectLoader();
    connectPanel();
    createDemoFlow();
    connect(m_compare, &CompareTab::runChosen, this, [this](int index) {
        if (const RunReport *run = showRunOfSet(index))
            showTab(run->spec.modeInfo().family == ModeFamily::Managed ? Tab::Migration : Tab::Timeline);
    });
    // The row selected is the run on screen: Explain shows its mode.
    connect(m_compare, &CompareTab::runSelected, this, [this](int index) {
        const ReportSet &set = m_compare->model()->reports();
        if (index >= 0 && static_cast<std::size_t>(index) < set.runs.size())
            m_explain->showRun(set.runs[static_cast<std::size_t>(index)]);
    });
    // A lesson's link to the report it ships, measured where its point
    // shows; Explain's to a mode this machine cannot run, measured.
    connect(m_compare, &CompareTab::lessonLinkActivated, this, [this](const QString &link) {
        if (const auto example = exampleFromName(s(link.section(QLatin1Char(':'), 1))))
            openExample(*example);
    });
    connect(m_explain, &ExplainTab::exampleRequested, this, [this](const QString &name) {
        if (const auto example = exampleFromName(s(name)))
            openExample(*example);
    });
    connectController();
    connect(m_python, &PythonTab::compareRequested, this, &MainWindow::compareBesidePython);
    connect(m_watch, &WatchTab::ended, this, [this] {
        if (m_closeAfterWatch)
            QTimer::singleShot(0, this, &QWidget::close);
    });
    connect(m_watch, &WatchTab::explainRequested, this, [this](const QString &mode) {
        m_explain->showPage(mode);
        showTab(Tab::Explain);
    });

    resize(1280, 800);
    if (m_rememberSettings) {
        QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        m_recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    }
    updateRecentMenu();
    m_controller->listDevices();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    auto *experiment = new QDockWidget(tr("Experiment"), this);
    experiment->setObjectName(QStringLiteral("experiment"));
    // The panel scrolls its settings within itself, its buttons below them
    // always in view; it takes the window's whole height, the log only the
    // tabs' width.
    experiment->setWidget(m_panel);
    experiment->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, experiment);
    auto *logDock = new QDockWidget(tr("Log"), this);
    logDock->setObjectName(QStringLiteral("log"));
    m_log->setReadOnly(true);
    m_log->setMinimumHeight(2 * m_log->fontMetrics().lineSpacing() + 12); // two lines where the window is short
    m_log->setMaximumBlockCount(5000);
    logDock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);
    resizeDocks({logDock}, {80}, Qt::Vertical); // four lines: the tabs keep the height
    // As wide as the panel needs, so that only its height scrolls.
    resizeDocks({experiment}, {std::max(300, m_panel->minimumSizeHint().width())}, Qt::Horizontal);
}

void MainWindow::connectLoader()
{
    connect(m_openProgress, &OpenProgress::cancelRequested, m_loader, &ReportLoader::cancel);
    connect(m_loader, &ReportLoader::progress, m_openProgress,
            [this](quint64, int permille) { m_openProgress->setPermille(permille); });
    connect(m_loader, &ReportLoader::loaded, this, [this](quint64 job, const QString &path, const ReportSet &set) {
        m_openProgress->finish();
        if (job == m_exampleJob && m_example)
            showExample(set);
        else
            showOpened(path, set);
    });
    connect(m_loader, &ReportLoader::watchLoaded, this,
            [this](quint64, const QString &path, const watch::WatchReport &report) {
                m_openProgress->finish();
                m_watch->showReport(report);
                showTab(Tab::Watch);
                addRecent(path);
                log(tr("Opened the watch %1").arg(path));
                emit reportOpened(path);
            });
    connect(m_loader, &ReportLoader::failed, this, [this](quint64, const QString &path, const QString &message) {
        m_openProgress->finish();
        m_example.reset();
        if (!showPythonReport(path)) // what `sharescope python --json` saved: for the Python tab
            refuseReport(path, message);
    });
    connect(m_loader, &ReportLoader::cancelled, this, [this](quint64, const QString &path) {
        m_openProgress->finish();
        log(tr("Cancelled opening %1").arg(path));
        emit reportNotOpened(path, tr("cancelled"));
    });
}

void MainWindow::connectPanel()
{
    connect(m_panel, &ExperimentPanel::runRequested, this, &MainWindow::run);
    connect(m_panel, &ExperimentPanel::compareRequested, this, &MainWindow::compare);
    connect(m_panel, &ExperimentPanel::sweepRequested, this, &MainWindow::sweep);
    connect(m_panel, &ExperimentPanel::cancelRequested, this, &MainWindow::cancel);
    connect(m_panel, &ExperimentPanel::deviceChanged, this, [this](const QString &id) { m_deviceLabel->setText(id); });
    // Explain follows the panel where the user changes the experiment, not
    // on every check of it (a run starting or ending): a report on screen
    // keeps its page until then.
    connect(m_panel, &ExperimentPanel::changed, this, [this, last = std::make_shared<std::string>()] {
        m_runAction->setEnabled(m_panel->runButton()->isEnabled());
        if (const auto spec = m_panel->spec(); spec && spec->commandLine() != *last) {
            *last = spec->commandLine();
            m_explain->setExperiment(*spec);
            m_python->setExperiment(*spec);
        }
    });
}

void MainWindow::connectController()
{
    connect(m_controller, &RunController::devicesListed, this, [this](const DeviceList &list) {
        m_panel->setDevices(list);
        m_explain->setDevices(list);
        for (const MessageTemplate &problem : list.problems)
            log(messageText(problem));
        if (m_rememberSettings)
            restoreSettings();
        emit devicesReady();
    });
    connect(m_controller, &RunController::logMessage, this, &MainWindow::log);
    connect(m_controller, &RunController::deviceUnusable, this, [this] { m_restartAction->setEnabled(true); });
    connect(m_controller, &RunController::started, this, [this](quint64, const QString &what) {
        log(tr("Started: %1").arg(what));
        setBusy(true);
    });
    connect(m_controller, &RunController::phaseFinished, this,
            [this](quint64, int iteration, bool warmup, const PhaseResult &result) {
                m_timeline->addPhase(iteration, warmup, result);
            });
    connect(m_controller, &RunController::progress, this, [this](quint64 job, int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
        if (m_calibration && job == m_calibration->job())
            m_calibration->setProgress(done, total);
        if (m_doctor && job == m_doctor->job())
            m_doctor->setProgress(done, total);
    });
    connect(m_controller, &RunController::finished, this, [this](quint64 job, const ReportSet &set) {
        setBusy(false);
        showResults(job, set);
        emit jobEnded(true);
    });
    connect(m_controller, &RunController::calibrated, this, [this](quint64, const Calibration &calibration) {
        setBusy(false);
        saveCalibration(calibration);
        emit jobEnded(true);
    });
    connect(m_controller, &RunController::machineChecked, this,
            [this](quint64 job, const doctor::DoctorReport &report) {
                setBusy(false);
                if (m_doctor && job == m_doctor->job())
                    m_doctor->showReport(report);
                log(doctorSummary(report));
                emit jobEnded(true);
            });
    connect(m_controller, &RunController::failed, this, [this](quint64 job, const QString &message) {
        setBusy(false);
        if (m_doctor && job == m_doctor->job())
            m_doctor->showEnd(tr("The check failed: %1").arg(message));
        m_demos->failed(job, message);
        if (m_calibration && job == m_calibration->job())
            m_calibration->showEnd(tr("The calibration failed: %1").arg(message));
        log(tr("Failed: %1").arg(message));
        statusBar()->showMessage(tr("Failed: %1").arg(message), 10000);
        emit jobEnded(false);
    });
    connect(m_controller, &RunController::cancelled, this, [this](quint64 job) {
        setBusy(false);
        m_demos->cancelled(job);
        if (m_calibration && job == m_calibration->job())
            m_calibration->showEnd(tr("The calibration was cancelled; the cache keeps what it held before."));
        if (m_doctor && job == m_doctor->job())
            m_doctor->showEnd(tr("The check was cancelled."));
        log(tr("Cancelled"));
        statusBar()->showMessage(tr("Cancelled"), 5000);
        emit jobEnded(false);
    });
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open report…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a ShareScope report"), {},
                                                          tr("ShareScope reports and watches (*.json);;All files (*)"));
        if (!path.isEmpty())
            openReport(path);
    });
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    QMenu *examples = file->addMenu(tr("E&xamples"));
    examples->setToolTipsVisible(true);
    for (const ExampleInfo &example : sharescope::examples()) {
        QAction *action
            = examples->addAction(exampleTitle(example), this, [this, id = example.id] { openExample(id); });
        action->setStatusTip(tr("Open a report measured on a real GPU and shipped with ShareScope."));
    }
    m_saveAction = file->addAction(tr("&Save report as…"), this, &MainWindow::saveReport);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setEnabled(false);
    m_traceAction = file->addAction(tr("Export &trace…"), this, &MainWindow::exportTrace);
    m_traceAction->setStatusTip(tr("Write the results as a trace to open in ui.perfetto.dev or chrome://tracing."));
    m_traceAction->setEnabled(false);
    file->addAction(tr("&Export plot…"), this, &MainWindow::exportPlot);
    file->addSeparator();
    m_restartAction = file->addAction(tr("Restart ShareScope"), this, &MainWindow::restart);
    m_restartAction->setStatusTip(
        tr("Start ShareScope again, with the results shown, to use a device whose context was lost."));
    m_restartAction->setEnabled(false);
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_cancelAction = runMenu->addAction(tr("&Cancel"), this, &MainWindow::cancel);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setEnabled(false);
    runMenu->addAction(tr("Compare &all modes"), this, &MainWindow::compare);
    runMenu->addAction(tr("Size &sweep"), this, &MainWindow::sweep);
    runMenu->addSeparator();
    m_calibrateAction = runMenu->addAction(tr("Ca&librate…"), this, &MainWindow::calibrate);
    m_calibrateAction->setStatusTip(tr("Measure the ceilings of the device's paths, which runs then compare against."));

    m_lessonPath = new LessonPath(menuBar()->addMenu(tr("&Demos")), m_rememberSettings, this);
    connect(m_lessonPath, &LessonPath::demoChosen, this, [this](DemoId demo) { askDemo(demo); });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QMenu *languageMenu = view->addMenu(tr("&Language"));
    auto *languages = new QActionGroup(this);
    // Tests and screenshots (no remembered settings) show the system's choice.
    const QString chosen = m_rememberSettings ? QSettings().value(QStringLiteral("language")).toString() : QString();
    const auto addLanguage = [&](const QString &text, const QString &language) {
        QAction *action = languageMenu->addAction(text, this, [this, language] { chooseLanguage(language); });
        action->setCheckable(true);
        action->setChecked(chosen == language);
        languages->addAction(action);
    };
    addLanguage(tr("System (%1)").arg(languageName(systemLanguage())), QString());
    for (const QString &language : supportedLanguages())
        addLanguage(languageName(language), language);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    m_doctorAction = help->addAction(tr("&Check this machine…"), this, &MainWindow::checkMachine);
    m_doctorAction->setStatusTip(tr("Find what makes sharing GPU memory fail or slow here, and measure it."));
    help->addAction(tr("&Getting started"), this, &MainWindow::showGettingStarted);
    help->addAction(tr("&Documentation"), this, &MainWindow::showDocumentation);
    help->addAction(tr("&About ShareScope"), this, [this] { showAboutDialog(m_panel->devices(), this); })
        ->setMenuRole(QAction::AboutRole);
}

void MainWindow::showGettingStarted()
{
    // Window-modal and not waited on, as every box here.
    auto *box
        = new QMessageBox(QMessageBox::Information, tr("Getting started"), gettingStartedText(), QMessageBox::Ok, this);
    box->setTextFormat(Qt::RichText);
    QPushButton *first = box->addButton(tr("Start the next lesson"), QMessageBox::AcceptRole);
    connect(first, &QPushButton::clicked, this, [this] { m_lessonPath->nextAction()->trigger(); });
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showDocumentation()
{
    const QString folder = documentationFolder();
    auto *box = new QMessageBox(QMessageBox::Information, tr("Documentation"),
                                folder.isEmpty()
                                    ? tr("The documentation is not installed here. `sharescope COMMAND --help` and "
                                         "`man sharescope` describe the command line; the Explain tab, each mode.")
                                    : tr("The documentation is on this computer, in %1: README.md first, then "
                                         "docs/window.md (this window), docs/demos.md (the lesson path) and "
                                         "docs/cli.md (the command line).")
                                          .arg(QDir::toNativeSeparators(folder)),
                                QMessageBox::Ok, this);
    if (!folder.isEmpty()) {
        QPushButton *open = box->addButton(tr("Open the folder"), QMessageBox::ActionRole);
        connect(open, &QPushButton::clicked, this,
                [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); });
    }
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(static_cast<int>(tab));
}

MainWindow::Tab MainWindow::currentTab() const
{
    return static_cast<Tab>(m_tabs->currentIndex());
}

quint64 MainWindow::start(RunRequest request, const QString &what, std::optional<Error> *refusal)
{
    m_demos->dropQuestion(); // whatever starts, the question waiting is not answered by it
    if (m_python->busy()) {
        statusBar()->showMessage(tr("The Python routes are running: wait for them, or stop them on the Python tab."),
                                 8000);
        if (refusal)
            *refusal = unsupported(SHARESCOPE_TR_NOOP("Core", "the Python routes are running"), {});
        return 0;
    }
    const auto device = m_panel->currentDevice();
    if (!device) {
        statusBar()->showMessage(tr("No device to run on."), 8000);
        if (refusal)
            *refusal = unsupported(SHARESCOPE_TR_NOOP("Core", "no device found"), {});
        return 0;
    }
    request.base.deviceId = device->id;
    request.commandLine = reproduceCommand(request);
    PlannedRuns plan = planRuns(request, *device);
    if (plan.refusal) {
        QString why = errorText(*plan.refusal);
        why[0] = why[0].toUpper(); // a sentence of its own here, not after "sharescope: "
        if (refusal)
            *refusal = *plan.refusal;
        statusBar()->showMessage(why, 8000);
        log(why);
        return 0;
    }
    m_banner->hide(); // what is shown next is this machine's
    m_panel->showReport({}); // and the panel's own experiment
    return m_controller->start(std::move(plan), what);
}

void MainWindow::run()
{
    const auto spec = m_panel->spec();
    if (!spec) {
        statusBar()->showMessage(errorText(spec.error()), 8000);
        return;
    }
    m_timeline->clear();
    m_buffers->clear();
    showTab(Tab::Timeline);
    RunRequest request;
    request.base = *spec;
    request.mode = spec->mode;
    start(request, tr("%1 · %2").arg(q(modeName(spec->mode)), q(kernelName(spec->kernel))));
}

void MainWindow::compare()
{
    const auto spec = m_panel->spec();
    if (!spec) {
        statusBar()->showMessage(errorText(spec.error()), 8000);
        return;
    }
    showTab(Tab::Compare);
    m_demos->otherJobStarted();
    RunRequest request;
    request.kind = ReportSet::Kind::Compare;
    request.base = *spec;
    // Every mode, those that need a second GPU with the peer chosen (where
    // the device has one; elsewhere they are listed as skipped, with why).
    request.base.peerId = m_panel->peerId().toStdString();
    request.allModes = true;
    start(request, tr("compare · %1").arg(q(kernelName(spec->kernel))));
}

void MainWindow::compareBesidePython(const std::vector<ModeId> &modes, quint64 bytes)
{
    const auto spec = m_panel->spec();
    const auto device = m_panel->currentDevice();
    if (!spec || !device)
        return;
    // The modes the device chosen can run: the pyopencl routes' need an
    // OpenCL device, the others a CUDA one.
    std::vector<ModeId> runnable;
    for (const ModeId mode : modes) {
        if (modeInfo(mode).backend == device->backend)
            runnable.push_back(mode);
    }
    if (runnable.size() < modes.size()) {
        statusBar()->showMessage(tr("Only the modes %1 can run are compared; choose a device of the other kind for "
                                    "the rest.")
                                     .arg(q(device->id)),
                                 10000);
    }
    if (runnable.empty())
        return;
    m_demos->otherJobStarted();
    RunRequest request;
    request.kind = ReportSet::Kind::Compare;
    request.base = *spec;
    request.base.kernel = KernelId::Scale; // one buffer, the bytes each route moves
    request.base.bytes = bytes;
    request.modes = runnable;
    start(request, tr("compare · beside the Python routes"));
}

void MainWindow::sweep()
{
    const auto spec = m_panel->spec();
    const auto sizes = m_panel->sweepSizes();
    if (!spec || !sizes) {
        statusBar()->showMessage(errorText(!spec ? spec.error() : sizes.error()), 8000);
        return;
    }
    showTab(Tab::Sweep);
    RunRequest request;
    request.kind = ReportSet::Kind::Sweep;
    request.base = *spec;
    request.modes = {spec->mode};
    request.sizes = *sizes;
    start(request, tr("sweep · %1").arg(q(kernelName(spec->kernel))));
}

void MainWindow::createDemoFlow()
{
    DemoFlow::WindowCalls calls;
    calls.start = [this](RunRequest request, const QString &what, std::optional<Error> *refusal) {
        return start(std::move(request), what, refusal);
    };
    calls.openExample = [this](ExampleId example, const QString &why) { return openExample(example, why); };
    calls.showCompare = [this] { showTab(Tab::Compare); };
    calls.busy = [this] { return m_cancelAction->isEnabled(); };
    calls.tellUser = [this](const QString &message) { statusBar()->showMessage(message, 8000); };
    m_demos = new DemoFlow(m_panel, m_compare, m_lessonPath, std::move(calls), this);
    connect(m_demos, &DemoFlow::questionShown, this, &MainWindow::questionShown);
}

quint64 MainWindow::openExample(ExampleId example, const QString &why)
{
    const QString path = exampleResourcePath(example);
    m_demos->exampleOpening(why);
    m_openProgress->start(exampleTitle(exampleInfo(example)));
    m_example = example;
    m_exampleWhy = why;
    m_exampleJob = m_loader->open(path);
    return m_exampleJob;
}

void MainWindow::showExample(const ReportSet &set)
{
    const ExampleInfo &info = exampleInfo(*m_example);
    const QString why = m_exampleWhy;
    m_example.reset();
    m_exampleJob = 0;
    showResults(0, set);
    showTab(set.kind == ReportSet::Kind::Run           ? Tab::Timeline
                : set.kind == ReportSet::Kind::Compare ? Tab::Compare
                                                       : Tab::Sweep);
    const QString provenance = exampleProvenance(set, &info);
    m_banner->showExample(exampleTitle(info), provenance);
    m_demos->exampleShown(info, set, provenance, why);
    log(tr("Opened the example %1: %2").arg(q(info.name), provenance));
    emit reportOpened(exampleResourcePath(info.id));
    if (!why.isEmpty())
        emit demoExampleShown();
}

void MainWindow::calibrate()
{
    const auto device = m_panel->currentDevice();
    if (!device) {
        statusBar()->showMessage(tr("No device to run on."), 8000);
        return;
    }
    if (!m_calibration) {
        m_calibration = new CalibrationDialog(this);
        connect(m_calibration, &CalibrationDialog::cancelRequested, this, &MainWindow::cancel);
    }
    const quint64 job = m_controller->calibrate(q(device->id));
    m_calibration->begin(job, q(device->id));
    m_calibration->show();
    m_calibration->raise();
}

void MainWindow::checkMachine()
{
    // Check again from the dialog while a run goes on: the run is not
    // stopped for it.
    if (m_controller->busy()) {
        statusBar()->showMessage(tr("A job is running: wait for it, or cancel it, then check this machine."), 8000);
        return;
    }
    if (!m_doctor) {
        m_doctor = new DoctorDialog(this);
        connect(m_doctor, &DoctorDialog::cancelRequested, this, &MainWindow::cancel);
        connect(m_doctor, &DoctorDialog::checkRequested, this, &MainWindow::checkMachine);
        connect(m_doctor, &DoctorDialog::demoRequested, this, [this](DemoId demo) { askDemo(demo); });
        connect(m_doctor, &DoctorDialog::explainRequested, this, [this](const QString &page) {
            m_explain->showPage(page);
            showTab(Tab::Explain);
        });
    }
    // The device on screen where it is a CUDA device; else the first one.
    const auto device = m_panel->currentDevice();
    const QString id = device && device->backend == BackendKind::Cuda ? q(device->id) : QString();
    const quint64 job = m_controller->checkMachine(id);
    m_doctor->begin(job);
    m_doctor->show();
    m_doctor->raise();
}

void MainWindow::saveCalibration(const Calibration &calibration)
{
    const auto device = m_panel->devices().resolve(calibration.key.deviceId);
    const Ceilings ceilings = device ? ceilingsFor(*device, &calibration) : Ceilings{};
    for (const QString &line : calibrationTable(calibration, ceilings).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        log(line);
    const QString path = calibrationCachePath();
    if (Status stored = storeCalibration(path.toStdString(), calibration); !stored) {
        const QString message = tr("Failed: %1").arg(errorText(stored.error()));
        log(message);
        statusBar()->showMessage(message, 10000);
        if (m_calibration)
            m_calibration->showResult(calibration, ceilings, tr("Not saved: %1").arg(errorText(stored.error())));
        return;
    }
    const QString message = tr("Calibrated %1; runs now show each phase as a share of its ceilings (saved in %2)")
                                .arg(q(calibration.key.deviceId), path);
    log(message);
    statusBar()->showMessage(message, 10000);
    if (m_calibration)
        m_calibration->showResult(calibration, ceilings,
                                  tr("Saved in %1, where `sharescope calibrate` keeps it too.").arg(path));
}

void MainWindow::chooseLanguage(const QString &language)
{
    if (m_rememberSettings)
        QSettings().setValue(QStringLiteral("language"), language);
    const QString next = language.isEmpty() ? systemLanguage() : language;
    const QString message = next == currentLanguage()
        ? tr("ShareScope is in %1.").arg(languageName(next))
        : tr("ShareScope will be in %1 the next time it starts.").arg(languageName(next));
    statusBar()->showMessage(message, 10000);
    log(message);
}

void MainWindow::cancel()
{
    m_controller->cancel();
}

void MainWindow::setBusy(bool busy)
{
    m_panel->setBusy(busy);
    m_python->setBlocked(busy);
    m_cancelAction->setEnabled(busy);
    m_calibrateAction->setEnabled(!busy);
    m_doctorAction->setEnabled(!busy);
    m_progress->setVisible(busy);
    m_progress->setValue(0);
    if (busy)
        statusBar()->showMessage(tr("Running…"));
    else
        statusBar()->clearMessage();
}

void MainWindow::showResults(quint64 job, const ReportSet &set)
{
    m_results = set;
    if (job == 0) // a report or an example: the panel takes its experiment, or says it holds the next run's
        m_panel->showReport(set);
    m_saveAction->setEnabled(!set.runs.empty());
    m_traceAction->setEnabled(!set.runs.empty());
    if (set.kind == ReportSet::Kind::Run && !set.runs.empty()) {
        m_shownRun.clear();
        const RunReport &report = set.runs.front();
        m_timeline->setReport(report);
        m_migration->setReport(report);
        if (job)
            m_buffers->setRun(job, report);
        else
            m_buffers->setReportFromFile(report);
        log(tr("Done: %1, verified %2")
                .arg(q(report.commandLine), report.verification.passed() ? tr("yes") : tr("NO")));
    } else if (set.kind == ReportSet::Kind::Compare) {
        m_compare->setReports(set);
        m_python->setShareScopeRuns(set);
        log(set.runs.size() == 1 ? tr("Compared one mode") : tr("Compared %1 modes").arg(set.runs.size()));
        // A comparison of one mode (a demo such as first-touch) is that run:
        // its Timeline, Migration and Buffers without a double-click.
        if (set.runs.size() == 1)
            showRunOfSet(0);
        for (const QString &paragraph : m_demos->finished(job, set))
            log(QString(paragraph).remove(QLatin1Char('`')));
    } else {
        m_sweep->setReports(set);
        log(tr("Sweep: %1 runs").arg(set.runs.size()));
    }
    if (!set.runs.empty()) // the first run is on screen, its page in Explain
        m_explain->showRun(set.runs.front());
}

const RunReport *MainWindow::showRunOfSet(int index)
{
    // The comparison on the Compare tab, which a run or a sweep since has
    // not replaced there.
    const ReportSet &set = m_compare->model()->reports();
    if (index < 0 || static_cast<std::size_t>(index) >= set.runs.size())
        return nullptr;
    const RunReport &report = set.runs[static_cast<std::size_t>(index)];
    m_timeline->setReport(report);
    m_migration->setReport(report);
    m_buffers->setComparedRun(report);
    m_explain->showRun(report);
    m_shownRun = runName(set, report);
    log(tr("Timeline and Migration show %1 of the comparison").arg(m_shownRun));
    return &report;
}

quint64 MainWindow::openReport(const QString &path)
{
    m_demos->dropQuestion();
    m_openProgress->start(path);
    return m_loader->open(path);
}

void MainWindow::showOpened(const QString &path, const ReportSet &set)
{
    m_banner->hide();
    showResults(0, set);
    m_demos->reportOpened(set); // a saved demo's report keeps its lesson
    showTab(set.kind == ReportSet::Kind::Run           ? Tab::Timeline
                : set.kind == ReportSet::Kind::Compare ? Tab::Compare
                                                       : Tab::Sweep);
    addRecent(path);
    log(tr("Opened %1").arg(path));
    emit reportOpened(path);
}

bool MainWindow::showPythonReport(const QString &path)
{
    // Such a report is a few KiB: read here, beyond a few MiB it is not one.
    QFile file(path);
    if (file.size() > (4 << 20) || !file.open(QIODevice::ReadOnly))
        return false;
    const std::string text = file.readAll().toStdString();
    if (!isPythonReport(text))
        return false;
    const auto report = readPythonReport(text);
    if (!report) {
        refuseReport(path, errorText(report.error()));
        return true;
    }
    m_python->showSaved(*report, path);
    showTab(Tab::Python);
    addRecent(path);
    log(tr("Opened %1").arg(path));
    emit reportOpened(path);
    return true;
}

void MainWindow::refuseReport(const QString &path, const QString &message)
{
    const QString text = tr("%1 is not a report ShareScope can read:\n%2").arg(QFileInfo(path).fileName(), message);
    log(QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')));
    if (m_dialogsAllowed) {
        // Window-modal and not waited on: the event loop goes on.
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Open report"), text, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    emit reportNotOpened(path, message);
}

void MainWindow::saveReport()
{
    if (m_results.runs.empty())
        return;
    QString filter;
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save report"), QStringLiteral("sharescope-report.json"),
                                       tr("JSON report (*.json);;CSV, one row per phase (*.csv)"), &filter);
    if (path.isEmpty())
        return;
    const bool csv = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) || filter.contains(QLatin1String("csv"));
    const std::string content = csv ? toCsv(m_results.runs) : toJson(m_results);
    if (Status saved = writeOutput(nativeName(path), content); !saved) {
        QMessageBox::warning(this, tr("Save report"), errorText(saved.error()));
        return;
    }
    addRecent(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
}

void MainWindow::exportTrace()
{
    if (m_results.runs.empty())
        return;
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export trace"), QStringLiteral("sharescope-trace.json"),
                                       tr("Trace Event Format, for ui.perfetto.dev or chrome://tracing (*.json)"));
    if (path.isEmpty())
        return;
    // As Save writes: a failed write leaves no half trace behind.
    if (Status written = writeOutput(nativeName(path), toTraceJson(m_results)); !written) {
        QMessageBox::warning(this, tr("Export trace"), errorText(written.error()));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void MainWindow::exportPlot()
{
    QCustomPlot *plot = nullptr;
    switch (static_cast<Tab>(m_tabs->currentIndex())) {
    case Tab::Timeline:
        plot = m_timeline->plot();
        break;
    case Tab::Migration:
        plot = m_migration->chart();
        break;
    case Tab::Compare:
        plot = m_compare->chart();
        break;
    case Tab::Sweep:
        plot = m_sweep->plot();
        break;
    case Tab::Watch:
        plot = m_watch->plot();
        break;
    case Tab::Buffers:
    case Tab::Explain:
    case Tab::Python:
        break;
    }
    if (!plot) {
        statusBar()->showMessage(tr("This tab has no plot to export"), 5000);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export plot"), QStringLiteral("sharescope-plot.png"),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    const bool pdf = path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    const QByteArray image = plotImage(plot, pdf);
    const Status written = image.isEmpty()
        ? Status(failed(tr("the plot could not be drawn").toStdString()))
        : writeOutput(nativeName(path), std::string_view(image.constData(), static_cast<std::size_t>(image.size())));
    if (!written) {
        QMessageBox::warning(this, tr("Export plot"), errorText(written.error()));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void MainWindow::addRecent(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > maxRecent)
        m_recent.removeLast();
    if (m_rememberSettings)
        QSettings().setValue(QStringLiteral("recentFiles"), m_recent);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (const QString &path : std::as_const(m_recent)) {
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openReport(path); })
                ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

void MainWindow::log(const QString &message)
{
    m_log->appendPlainText(
        QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), message));
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_panel->selectDevice(settings.value(QStringLiteral("experiment/device")).toString());
    if (const auto mode = modeFromName(s(settings.value(QStringLiteral("experiment/mode")).toString())))
        m_panel->selectMode(*mode);
    if (const auto kernel = kernelFromName(s(settings.value(QStringLiteral("experiment/kernel")).toString())))
        m_panel->selectKernel(*kernel);
    const QString size = settings.value(QStringLiteral("experiment/size")).toString();
    if (!size.isEmpty())
        m_panel->setSize(size);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("experiment/device"), m_panel->deviceId());
    if (const auto mode = m_panel->mode())
        settings.setValue(QStringLiteral("experiment/mode"), q(modeName(*mode)));
    settings.setValue(QStringLiteral("experiment/kernel"), q(kernelName(m_panel->kernel())));
    settings.setValue(QStringLiteral("experiment/size"), m_panel->sizeText());
}

Result<MainWindow::Command> MainWindow::restartCommand() const
{
    Command command{QCoreApplication::applicationFilePath(), {QStringLiteral("gui")}};
    if (m_results.runs.empty())
        return command;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (!QDir().mkpath(folder))
        return failed(tr("cannot create the folder '%1'").arg(folder).toStdString());
    const QString path
        = QDir(folder).filePath(QStringLiteral("before-restart-%1.json").arg(QCoreApplication::applicationPid()));
    if (Status written = writeOutput(nativeName(path), toJson(m_results)); !written)
        return written.error();
    command.arguments << QStringLiteral("--open") << path;
    return command;
}

void MainWindow::restart()
{
    const auto command = restartCommand();
    if (!command) {
        log(tr("Could not restart: %1").arg(errorText(command.error())));
        return;
    }
    if (m_rememberSettings)
        saveSettings(); // before the new window reads them
    if (!QProcess::startDetached(command->program, command->arguments)) {
        log(tr("Could not start %1").arg(command->program));
        return;
    }
    close(); // settings saved, as on any close: the new window has the same panel
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_watch->busy()) {
        // The watched program is the user's: it is asked to end, and the
        // window closes once the watch has written its report.
        const auto answer = m_dialogsAllowed
            ? QMessageBox::question(this, tr("Quit"),
                                    tr("A program is being watched. Stop it (SIGINT, then SIGTERM) and quit "
                                       "when it has ended?"),
                                    QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
            : QMessageBox::Yes;
        if (answer == QMessageBox::Yes) {
            m_closeAfterWatch = true;
            m_watch->stop();
            log(tr("Waiting for the watched program to end before quitting…"));
        }
        event->ignore();
        return;
    }
    if (m_rememberSettings)
        saveSettings();
    m_controller->cancel();
    event->accept();
}

} // namespace sharescope
