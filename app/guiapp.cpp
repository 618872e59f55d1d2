#include "guiapp.h"

#include "buildinfo.h"
#include "bytesize.h"
#include "chinesefont.h"
#include "experimentpanel.h"
#include "language.h"
#include "mainwindow.h"
#include "reportfile.h"
#include "textconv.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QSettings>
#include <QTimer>

#include <array>
#include <functional>
#include <memory>

namespace sharescope {

bool canShowWindow()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

namespace {

// What the command line names and the window could only fail on later,
// refused before any window, as --json is: a report that cannot be one
// (missing, a folder, a device, too large; its contents are read by the
// window, off its GUI thread) and a screenshot that cannot be written.
bool checkFiles(const CommandLineOptions &options, QTextStream &err)
{
    if (!options.openPath.isEmpty()) {
        if (const Status file = checkReportFile(QFile::encodeName(options.openPath).toStdString()); !file) {
            err << "sharescope: " << errorText(file.error()) << Qt::endl;
            return false;
        }
    }
    if (const QFileInfo target(options.screenshotPath); !options.screenshotPath.isEmpty()) {
        const QString folder = target.absolutePath();
        if (target.isDir() || !QFileInfo(folder).isDir()) {
            err << QCoreApplication::translate("main", "sharescope: cannot write the screenshot to '%1': %2")
                       .arg(options.screenshotPath,
                            target.isDir() ? QCoreApplication::translate("main", "it is a folder")
                                           : QCoreApplication::translate("main", "there is no folder '%1'").arg(folder))
                << Qt::endl;
            return false;
        }
    }
    return true;
}

// Starts what the command line asked for; false when nothing started (none
// was asked, or a demo the device cannot run).
bool startAsked(MainWindow &window, const CommandLineOptions &options)
{
    const RunRequest &request = options.request;
    if (request.demo)
        return window.startDemo(*request.demo, request.sizeGiven ? std::optional(request.base.bytes) : std::nullopt);
    if (options.runOnStart)
        window.run();
    else if (options.compareOnStart)
        window.compare();
    return options.runOnStart || options.compareOnStart;
}

// Opens a report, then calls `shown`, or `refused` with the reason: one of
// them, once.
void openReportThen(MainWindow &window, const QString &path, std::function<void()> shown,
                    std::function<void(const QString &message)> refused)
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
    window.openReport(path);
}

} // namespace

int runGui(int &argc, char **argv, const CommandLineOptions &options)
{
    QTextStream err(stderr);
    if (!checkFiles(options, err))
        return 2;
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("sharescope"));
    QApplication::setOrganizationName(QStringLiteral("ShareScope"));
    QApplication::setApplicationDisplayName(QStringLiteral("ShareScope"));
    // The installed desktop entry's id: Wayland compositors and task bars
    // match the window to it, and to its icon, by this name.
    const QString appId = QString::fromStdString(buildInfo().appId);
    QGuiApplication::setDesktopFileName(appId);
    QApplication::setWindowIcon(QIcon::fromTheme(appId, QIcon(QStringLiteral(":/icons/%1.svg").arg(appId))));
    const bool screenshot = !options.screenshotPath.isEmpty();
    // --lang, else the choice of View -> Language, else the system's; a
    // screenshot does not depend on remembered settings.
    QString language = options.language;
    if (language.isEmpty() && !screenshot)
        language = QSettings().value(QStringLiteral("language")).toString();
    if (!supportedLanguages().contains(language))
        language = systemLanguage();
    installLanguage(language);
    if (language == QLatin1String("zh_CN")) {
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
    MainWindow window(!screenshot); // screenshots do not depend on remembered settings
    window.setDialogsAllowed(!screenshot);
    int exitCode = 0;

    const auto takeScreenshot = [&] {
        if (options.tab)
            window.showTab(*options.tab);
        // Let the plots lay out and replot before the grab.
        QTimer::singleShot(300, &window, [&] {
            const QImage image = window.grab().toImage();
            if (!image.save(options.screenshotPath)) {
                err << "sharescope: cannot write the screenshot to '" << options.screenshotPath << "'" << Qt::endl;
                exitCode = 1;
            }
            app.exit(exitCode);
        });
    };

    const auto startRequested = [&] {
        if (!startAsked(window, options) && screenshot)
            takeScreenshot();
    };

    QObject::connect(
        &window, &MainWindow::devicesReady, &window,
        [&] {
            ExperimentPanel *panel = window.panel();
            const RunRequest &request = options.request;
            const ExperimentSpec &spec = request.base;
            if (!spec.deviceId.empty() && !panel->selectDevice(q(spec.deviceId)))
                err << "sharescope: no device " << q(spec.deviceId) << " here" << Qt::endl;
            if (request.mode && !panel->selectMode(*request.mode))
                err << "sharescope: mode " << q(modeName(*request.mode)) << " is not available on this device"
                    << Qt::endl;
            panel->selectKernel(spec.kernel);
            panel->setIterations(spec.iterations, spec.warmup);
            if (spec.bytes != ExperimentSpec().bytes)
                panel->setSize(q(formatSizeArgument(spec.bytes)));
            if (options.openPath.isEmpty())
                return startRequested();
            // What was asked starts once the report is shown; a headless
            // screenshot of a report that cannot be read ends with exit code 2.
            openReportThen(window, options.openPath, startRequested, [&](const QString &message) {
                if (!screenshot)
                    return startRequested();
                err << QCoreApplication::translate("main", "sharescope: '%1' is not a ShareScope report: %2")
                           .arg(options.openPath, message)
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
    }
    window.show();
    return app.exec();
}

} // namespace sharescope
