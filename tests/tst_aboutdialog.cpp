// SPDX-License-Identifier: GPL-3.0-or-later
#include "aboutdialog.h"
#include "buildinfo.h"
#include "mainwindow.h"

#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace sharescope;

namespace {

// Everything the dialog says, label by label.
QString shownText(const QWidget &dialog)
{
    QStringList texts;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        texts << label->text();
    return texts.join(QLatin1Char('\n'));
}

DeviceList machineWithBoth()
{
    DeviceList list;
    DeviceInfo gpu;
    gpu.id = "cuda:0";
    gpu.backend = BackendKind::Cuda;
    gpu.name = "Test GPU";
    gpu.platform = "CUDA";
    gpu.driverVersion = "13.1";
    gpu.runtimeVersion = "13.0";
    DeviceInfo cpu;
    cpu.id = "opencl:0";
    cpu.name = "cpu-test";
    cpu.platform = "Portable Computing Language";
    cpu.runtimeVersion = "OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, RELOC, SPIR";
    cpu.driverVersion = "3.1+debian";
    list.devices = {gpu, cpu};
    return list;
}

} // namespace

class TestAboutDialog : public QObject
{
    Q_OBJECT

private slots:
    void namesTheVersionAndTheLicence()
    {
        const AboutDialog dialog(machineWithBoth());
        const QString text = shownText(dialog);
        const BuildInfo build = buildInfo();
        QVERIFY2(text.contains(QStringLiteral("ShareScope ") + QString::fromStdString(build.version)),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPL-3.0-or-later")), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(build.commit)), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String(qVersion())), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Portable Computing Language 3.1+debian: opencl:0 cpu-test")),
                 qPrintable(text));
        // No web address: the project has none of its own yet.
        QVERIFY2(!text.contains(QStringLiteral("://")), qPrintable(text));
        // The driver comes from the device list, and only a build with CUDA asks.
        if (build.cudaRuntime) {
            QVERIFY2(text.contains(QStringLiteral("13.1 (Test GPU)")), qPrintable(text));
            QVERIFY2(text.contains(QString::fromStdString(*build.cudaRuntime) + QStringLiteral(", linked in")),
                     qPrintable(text));
        } else {
            QVERIFY2(text.contains(QStringLiteral("not built in")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("Test GPU")), qPrintable(text));
        }
    }

    void saysWhatItDidNotFind()
    {
        const AboutDialog dialog(DeviceList{});
        const QString text = shownText(dialog);
        QVERIFY2(text.contains(QStringLiteral("none found")), qPrintable(text));
        if (buildInfo().cudaRuntime)
            QVERIFY2(text.contains(QStringLiteral("no NVIDIA GPU with a driver found")), qPrintable(text));
    }

    // Help -> About ShareScope in the window opens it, without blocking.
    void opensFromTheHelpMenu()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        window.show();
        QVERIFY(ready.wait(30000));
        QAction *about = nullptr;
        for (QAction *menu : window.menuBar()->actions()) {
            if (menu->text() != QStringLiteral("&Help"))
                continue;
            for (QAction *action : menu->menu()->actions()) {
                if (action->text() == QStringLiteral("&About ShareScope"))
                    about = action;
            }
        }
        QVERIFY(about);
        about->trigger();
        AboutDialog *dialog = window.findChild<AboutDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        // The window's own device list: the OpenCL device it found (PoCL here).
        QVERIFY(shownText(*dialog).contains(QStringLiteral("opencl:0")));
        dialog->close();
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAboutDialog test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_aboutdialog.moc"
