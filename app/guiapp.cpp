#include "guiapp.h"

#include "buildinfo.h"
#include "bytesize.h"
#include "chinesefont.h"
#include "experimentpanel.h"
#include "language.h"
#include "mainwindow.h"
#include "reportjson.h"
#include "textconv.h"

#include <QApplication>
#include <QFile>
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
    // A report named on the command line is checked before any window: a
    // bad one is a bad argument, not a dialog nobody may be there to close.
    if (!options.openPath.isEmpty()) {
        QFile file(options.openPath);
        if (!file.open(QIODevice::ReadOnly)) {
            err << "sharescope: cannot open '" << options.openPath << "': " << file.errorString() << Qt::endl;
            return 2;
        }
        if (const auto set = readReports(file.readAll().toStdString()); !set) {
            err << "sharescope: '" << options.openPath << "' is not a ShareScope report: " << errorText(set.error())
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
            if (!options.openPath.isEmpty())
                window.openReport(options.openPath);
            if (request.demo) {
                const auto bytes = request.sizeGiven ? std::optional(spec.bytes) : std::nullopt;
                if (!window.startDemo(*request.demo, bytes) && screenshot)
                    takeScreenshot();
            } else if (options.runOnStart)
                window.run();
            else if (options.compareOnStart)
                window.compare();
            else if (screenshot)
                takeScreenshot();
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
