// SPDX-License-Identifier: GPL-3.0-or-later
#include "guiapp.h"

#include "buildinfo.h"
#include "bytesize.h"
#include "chinesefont.h"
#include "doctordialog.h"
#include "experimentpanel.h"
#include "explaintab.h"
#include "language.h"
#include "lessons/examples.h"
#include "mainwindow.h"
#include "nativename.h"
#include "outputfile.h"
#include "textconv.h"
#include "windowarguments.h"

#include <QApplication>
#include <QBuffer>
#include <QIcon>
#include <QImage>
#include <QImageWriter>
#include <QSettings>
#include <QTimer>

#include <array>
#include <cstdlib>
#include <functional>
#include <memory>

namespace sharescope {
namespace {

QtMessageHandler previousHandler = nullptr;
QString platformLanguage; // the window's language, for refuseWithoutPlatform

// Qt ends the process (qFatal, then abort: exit 134) when no platform plugin
// can start: a bogus QT_QPA_PLATFORM, a display that is not there. Only the
// message handler runs before the abort, so it says so and exits with 3,
// "not supported here", as the command line does.
void refuseWithoutPlatform(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type != QtFatalMsg) {
        if (previousHandler)
            previousHandler(type, context, message);
        return;
    }
    // Qt's own words end with the plugins it found; its advice to reinstall
    // is no help here.
    QString found = message.simplified().section(QStringLiteral("Available platform plugins are: "), 1);
    if (found.endsWith(QLatin1Char('.')))
        found.chop(1);
    // Inside QApplication's constructor: no translator can be installed yet.
    QTextStream(stderr) << "sharescope: "
                        << translatedWithoutApplication(
                               platformLanguage, "main",
                               QT_TRANSLATE_NOOP("main",
                                                 "the window cannot open here: no Qt platform plugin could "
                                                 "start (QT_QPA_PLATFORM=%1, DISPLAY=%2; plugins found: %3). "
                                                 "Set QT_QPA_PLATFORM=offscreen to run it without a display "
                                                 "(for --screenshot)."))
                               .arg(qEnvironmentVariable("QT_QPA_PLATFORM"), qEnvironmentVariable("DISPLAY"),
                                    found.isEmpty() ? message.simplified() : found)
                        << Qt::endl;
    std::_Exit(3);
}

// The offscreen platform (screenshots, tests) says for every dock that it
// cannot pass size hints on: true of it, and of no use to the user, who
// would read it in English beside a Chinese window. Everything else is said.
void withoutPlatformChatter(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message == QLatin1String("This plugin does not support propagateSizeHints()"))
        return;
    if (previousHandler)
        previousHandler(type, context, message);
    else
        qt_message_output(type, context, message);
}

// --lang, else the choice of View -> Language, else the system's; a
// screenshot does not depend on remembered settings. Known before the
// application object exists (QSettings needs only the names).
QString windowLanguage(const CommandLineOptions &options)
{
    QApplication::setApplicationName(QStringLiteral("sharescope"));
    QApplication::setOrganizationName(QStringLiteral("ShareScope"));
    QString language = options.language;
    if (language.isEmpty() && options.screenshotPath.isEmpty())
        language = QSettings().value(QStringLiteral("language")).toString();
    return supportedLanguages().contains(language) ? language : systemLanguage();
}

// Display name, icon, language and font, before the arguments are checked:
// their errors speak the window's language.
void setUpApplication(const QString &language, QTextStream &err)
{
    QApplication::setApplicationDisplayName(QStringLiteral("ShareScope"));
    // The installed desktop entry's id: Wayland compositors and task bars
    // match the window to it, and to its icon, by this name.
    const QString appId = QString::fromStdString(buildInfo().appId);
    QGuiApplication::setDesktopFileName(appId);
    QApplication::setWindowIcon(QIcon::fromTheme(appId, QIcon(QStringLiteral(":/icons/%1.svg").arg(appId))));
    installLanguage(language);
    if (language != QLatin1String("zh_CN"))
        return;
    if (const QString family = chineseFontFamily(); !family.isEmpty()) {
        QFont font = QApplication::font();
        font.setFamilies({family});
        QApplication::setFont(font);
    } else {
        err << QCoreApplication::translate("main",
                                           "sharescope: no font that draws Chinese is installed (scripts/setup.sh "
                                           "installs one: fonts-wqy-microhei)")
            << Qt::endl;
    }
}

Status saveScreenshot(MainWindow &window, const QByteArray &format, OutputFile &file)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QImageWriter writer(&buffer, format);
    // The machine check's dialog where it is open (gui --check-machine), else the window.
    QWidget *shown = window.doctorDialog() && window.doctorDialog()->isVisible()
        ? static_cast<QWidget *>(window.doctorDialog())
        : &window;
    if (buffer.open(QIODevice::WriteOnly) && writer.write(shown->grab().toImage()))
        return file.write(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    return failed(QCoreApplication::translate("main", "cannot make a %1 image of the window: %2")
                      .arg(QString::fromLatin1(format), writer.errorString())
                      .toStdString());
}

// After a CUDA mode was refused: where to read about it, and to see it
// measured, instead.
void pointToModeElsewhere(QTextStream &err, ModeId mode)
{
    if (modeInfo(mode).backend != BackendKind::Cuda)
        return;
    const QString name = q(modeName(mode));
    const QString read = QStringLiteral("`sharescope gui --mode %1 --tab explain`").arg(name);
    if (const auto example = exampleForMode(mode)) {
        err << QCoreApplication::translate("main",
                                           "note: %1 says what %2 does in memory; %3 shows it measured on an "
                                           "NVIDIA H200.")
                   .arg(read, name, QStringLiteral("`sharescope gui --example %1`").arg(q(exampleInfo(*example).name)))
            << Qt::endl;
    } else {
        err << QCoreApplication::translate("main", "note: %1 says what %2 does in memory.").arg(read, name) << Qt::endl;
    }
}

// The kernel, iterations and size the command line chose, into the panel.
void applyExperiment(ExperimentPanel *panel, const CommandLineOptions &options)
{
    const ExperimentSpec &spec = options.request.base;
    panel->selectKernel(spec.kernel);
    panel->setIterations(spec.iterations, spec.warmup);
    if (spec.bytes != ExperimentSpec().bytes)
        panel->setSize(q(formatSizeArgument(spec.bytes)));
}

// Puts the command line's experiment into the panel. Returns false, having said why, when the window must close with
// `exitCode`: checked before the window opened, a device that went away
// since is still no reason to run on another one.
bool applyArguments(MainWindow &window, const CommandLineOptions &options, QTextStream &err, int &exitCode)
{
    ExperimentPanel *panel = window.panel();
    const RunRequest &request = options.request;
    const ExperimentSpec &spec = request.base;
    if (!spec.deviceId.empty() && !panel->selectDevice(q(spec.deviceId))) {
        err << "sharescope: " << QCoreApplication::translate("main", "no device %1 here").arg(q(spec.deviceId))
            << Qt::endl;
        exitCode = 2;
        return false;
    }
    if (request.mode && !panel->selectMode(*request.mode)) {
        if (readsOnly(options)) { // its page, to read; the panel keeps a mode it can run
            window.explainTab()->showPage(q(modeName(*request.mode)));
            applyExperiment(panel, options);
            return true;
        }
        const QString name = q(modeName(*request.mode));
        err << "sharescope: "
            << QCoreApplication::translate("main", "mode %1 is not available on this device").arg(name) << Qt::endl;
        pointToModeElsewhere(err, *request.mode);
        exitCode = 3;
        return false;
    }
    if (!spec.peerId.empty() && !panel->selectPeer(q(spec.peerId))) {
        err << "sharescope: " << QCoreApplication::translate("main", "no peer %1 here").arg(q(spec.peerId)) << Qt::endl;
        exitCode = 2;
        return false;
    }
    if (spec.peerAccess)
        panel->setPeerAccess(*spec.peerAccess);
    panel->setWriteCombined(spec.writeCombined);
    panel->setHostThreads(spec.hostThreads, spec.defaultStream);
    applyExperiment(panel, options);
    return true;
}

// Starts what the command line asked for; false when nothing started (none
// was asked). Returns false, having said why and set `exitCode`, for a demo
// the device cannot run.
bool startAsked(MainWindow &window, const CommandLineOptions &options, QTextStream &err, int &exitCode)
{
    const RunRequest &request = options.request;
    if (request.demo) {
        const auto bytes = request.sizeGiven ? std::optional(request.base.bytes) : std::nullopt;
        // Its question first (--predict), where no answer was given.
        if (options.predict && !options.answer) {
            window.askDemo(*request.demo, bytes);
            return true;
        }
        const auto answer
            = options.answer ? std::optional(static_cast<std::size_t>(*options.answer - 1)) : std::nullopt;
        // Running, or showing the demo's shipped example: either ends later.
        if (window.startDemo(*request.demo, bytes, answer) != MainWindow::DemoStart::Refused)
            return true;
        err << "sharescope: "
            << QCoreApplication::translate("main", "the %1 demo cannot run on this device")
                   .arg(q(demoInfo(*request.demo).name))
            << Qt::endl;
        exitCode = 3;
        return false;
    }
    if (options.checkMachineOnStart) {
        window.checkMachine();
        return true;
    }
    if (options.runOnStart)
        window.run();
    else if (options.compareOnStart)
        window.compare();
    return options.runOnStart || options.compareOnStart;
}

// Opens a report (`open` starts it), then calls `shown`, or `refused` with
// the reason: one of them, once.
void openReportThen(MainWindow &window, const std::function<void()> &open, const std::function<void()> &shown,
                    const std::function<void(const QString &message)> &refused)
{
    auto connections = std::make_shared<std::array<QMetaObject::Connection, 2>>();
    const auto done = [connections] {
        for (const QMetaObject::Connection &connection : *connections)
            QObject::disconnect(connection);
    };
    (*connections)[0] = QObject::connect(&window, &MainWindow::reportOpened, &window, [done, shown] {
        done();
        shown();
    });
    (*connections)[1] = QObject::connect(&window, &MainWindow::reportNotOpened, &window,
                                         [done, refused](const QString &, const QString &message) {
                                             done();
                                             refused(message);
                                         });
    open();
}

} // namespace

bool canShowWindow()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int runGui(int &argc, char **argv, const CommandLineOptions &options)
{
    QTextStream err(stderr);
    platformLanguage = windowLanguage(options);
    previousHandler = qInstallMessageHandler(refuseWithoutPlatform);
    QApplication app(argc, argv);
    qInstallMessageHandler(withoutPlatformChatter);
    setUpApplication(platformLanguage, err);
    QByteArray format;
    if (Status checked = checkWindowArguments(options, &format); !checked) {
        err << "sharescope: " << errorText(checked.error()) << Qt::endl;
        if (checked.error().kind == ErrorKind::Unsupported && options.request.mode && !options.request.demo)
            pointToModeElsewhere(err, *options.request.mode);
        return exitCodeFor(checked.error().kind);
    }
    // Opened once the platform cannot abort on the way: nothing is left
    // behind unless the screenshot is written whole.
    const bool screenshot = !options.screenshotPath.isEmpty();
    OutputFile screenshotFile(nativeName(options.screenshotPath));
    if (Status opened = screenshot ? screenshotFile.open() : okStatus(); !opened) {
        err << "sharescope: " << errorText(opened.error()) << Qt::endl;
        return 2;
    }
    MainWindow window(!screenshot); // screenshots do not depend on remembered settings
    window.setDialogsAllowed(!screenshot);
    if (options.windowSize)
        window.resize(options.windowSize->first, options.windowSize->second);
    int exitCode = 0;

    const auto takeScreenshot = [&] {
        if (options.tab)
            window.showTab(*options.tab);
        // Let the plots lay out and replot before the grab.
        QTimer::singleShot(300, &window, [&] {
            if (Status saved = saveScreenshot(window, format, screenshotFile); !saved) {
                err << "sharescope: " << errorText(saved.error()) << Qt::endl;
                exitCode = 1;
            }
            app.exit(exitCode);
        });
    };
    // What was asked starts once the report, if any, is shown; nothing asked
    // and a screenshot to take: the window as it is.
    const auto startRequested = [&] {
        if (startAsked(window, options, err, exitCode))
            return;
        if (exitCode != 0)
            app.exit(exitCode);
        else if (screenshot)
            takeScreenshot();
    };
    QObject::connect(
        &window, &MainWindow::devicesReady, &window,
        [&] {
            if (!applyArguments(window, options, err, exitCode))
                return app.exit(exitCode);
            if (options.tab)
                window.showTab(*options.tab);
            if (options.openPath.isEmpty() && !options.example)
                return startRequested();
            const auto open = [&] {
                if (options.example)
                    window.openExample(*options.example);
                else
                    window.openReport(options.openPath);
            };
            // A headless screenshot of a report that cannot be read ends with
            // exit code 2; a window shows why and carries on.
            openReportThen(window, open, startRequested, [&](const QString &message) {
                if (!screenshot)
                    return startRequested();
                const QString name
                    = options.example ? q(exampleInfo(*options.example).name) : shownFileName(options.openPath);
                err << "sharescope: "
                    << QCoreApplication::translate("main", "'%1' is not a ShareScope report: %2").arg(name, message)
                    << Qt::endl;
                app.exit(2);
            });
        },
        Qt::SingleShotConnection);
    if (screenshot) {
        QObject::connect(&window, &MainWindow::jobEnded, &window, [&](bool succeeded) {
            exitCode = succeeded ? 0 : 1;
            takeScreenshot();
        });
        // A demo this device cannot run, told from its shipped example.
        QObject::connect(&window, &MainWindow::demoExampleShown, &window, takeScreenshot);
        // A demo's question, asked (--predict without --answer).
        QObject::connect(&window, &MainWindow::questionShown, &window, takeScreenshot);
    }
    window.show();
    return app.exec();
}

} // namespace sharescope
