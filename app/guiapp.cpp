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

namespace sharescope {

bool canShowWindow()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int runGui(int &argc, char **argv, const CommandLineOptions &options)
{
    QTextStream err(stderr);
    // A report named on the command line that cannot be one (missing, a
    // folder, a device, too large) is a bad argument before any window; its
    // contents are read by the window, off its GUI thread.
    if (!options.openPath.isEmpty()) {
        if (const Status file = checkReportFile(QFile::encodeName(options.openPath).toStdString()); !file) {
            err << "sharescope: " << errorText(file.error()) << Qt::endl;
            return 2;
        }
    }
    // Checked before any window, as --json is: a screenshot that cannot be
    // written is a bad argument, not a failure after the run.
    if (const QFileInfo target(options.screenshotPath); !options.screenshotPath.isEmpty()) {
        const QString folder = target.absolutePath();
        if (target.isDir() || !QFileInfo(folder).isDir()) {
            err << QCoreApplication::translate("main", "sharescope: cannot write the screenshot to '%1': %2")
                       .arg(options.screenshotPath,
                            target.isDir() ? QCoreApplication::translate("main", "it is a folder")
                                           : QCoreApplication::translate("main", "there is no folder '%1'").arg(folder))
                << Qt::endl;
            return 2;
        }
    }
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

    QMetaObject::Connection opened, refused; // the --open report's answers, until one comes
    const auto startRequested = [&] {
        const RunRequest &request = options.request;
        if (request.demo) {
            const auto bytes = request.sizeGiven ? std::optional(request.base.bytes) : std::nullopt;
            if (!window.startDemo(*request.demo, bytes) && screenshot)
                takeScreenshot();
        } else if (options.runOnStart)
            window.run();
        else if (options.compareOnStart)
            window.compare();
        else if (screenshot)
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
            if (options.openPath.isEmpty()) {
                startRequested();
                return;
            }
            // What was asked starts once the report is shown; a headless
            // screenshot of a report that cannot be read ends with exit code 2.
            opened = QObject::connect(&window, &MainWindow::reportOpened, &window, [&] {
                QObject::disconnect(opened);
                QObject::disconnect(refused);
                startRequested();
            });
            refused = QObject::connect(
                &window, &MainWindow::reportNotOpened, &window, [&](const QString &path, const QString &message) {
                    QObject::disconnect(opened);
                    QObject::disconnect(refused);
                    if (!screenshot)
                        return startRequested();
                    err << QCoreApplication::translate("main", "sharescope: '%1' is not a ShareScope report: %2")
                               .arg(path, message)
                        << Qt::endl;
                    app.exit(2);
                });
            window.openReport(options.openPath);
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
