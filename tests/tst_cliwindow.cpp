// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

// The window started from the command line without a display: the exit
// codes and messages the command line gives, and no screenshot left behind
// by a run that failed or never started.
class TestCliWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static std::function<void(QProcess &)> platform(const QString &name, const QString &display = QString())
    {
        return [name, display](QProcess &process) {
            QProcessEnvironment environment = process.processEnvironment();
            environment.insert("QT_QPA_PLATFORM", name);
            if (!display.isEmpty())
                environment.insert("DISPLAY", display);
            process.setProcessEnvironment(environment);
        };
    }

private slots:
    void refusesAPlatformThatCannotStart_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<QString>("display");
        QTest::addRow("no such plugin") << "bogus" << QString();
        QTest::addRow("no such display") << "xcb"
                                         << ":97";
    }
    void refusesAPlatformThatCannotStart()
    {
        QFETCH(QString, platform);
        QFETCH(QString, display);
        const QString png = m_dir.filePath("platform.png");
        const CliOutcome outcome = runSharescope({"gui", "--screenshot", png}, this->platform(platform, display));
        QCOMPARE(outcome.exitCode, 3); // not 134, an abort
        QVERIFY2(outcome.err.contains("the window cannot open here"), qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("QT_QPA_PLATFORM=offscreen"), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(png));
    }

    // Not an image format: refused before anything, the file untouched, even
    // the report the window was to open.
    void refusesAScreenshotThatIsNoImage()
    {
        const QString report = m_dir.filePath("kept.json");
        const CliOutcome made
            = runSharescope({"run", "--device", "opencl:0", "--mode", "cl-copy", "--size", "64KiB", "--json", report});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray content = file.readAll();
        file.close();
        const CliOutcome outcome = runSharescope({"gui", "--open", report, "--screenshot", report});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("cannot save a screenshot as '" + report + "'"), qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("accepted: ") && outcome.err.contains("png"), qPrintable(outcome.err));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
    }

    void refusesWhatTheCommandLineRefuses_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        // A CUDA demo with a shipped example opens that instead (tst_mainwindow).
        QTest::addRow("a two-GPU demo") << QStringList{"--device", "opencl:0", "--demo", "peer-access"} << 3
                                        << "peer-access";
        QTest::addRow("a CUDA mode") << QStringList{"--device", "opencl:0", "--mode", "managed", "--run"} << 3
                                     << "mode managed is not supported on opencl:0";
        QTest::addRow("no such device") << QStringList{"--device", "cuda:99", "--run"} << 2
                                        << "unknown device 'cuda:99'";
        QTest::addRow("too large") << QStringList{"--device", "opencl:0", "--size", "1TiB", "--run"} << 2
                                   << "is too large for opencl:0";
    }
    void refusesWhatTheCommandLineRefuses()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString png = m_dir.filePath("refused.png");
        const CliOutcome outcome = runSharescope(QStringList{"gui"} + arguments + QStringList{"--screenshot", png});
        QCOMPARE(outcome.exitCode, exitCode);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(png)); // nothing ran, nothing was shown
    }

    // A mode this machine cannot run opens on its page, to read; asked to
    // run as well, it is refused as before (refusesWhatTheCommandLineRefuses).
    void opensTheExplanationOfAModeItCannotRun()
    {
        const QString png = m_dir.filePath("explain-managed.png");
        const CliOutcome outcome = runSharescope({"gui", "--mode", "managed", "--tab", "explain", "--screenshot", png});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(!QImage(png).isNull());
        const CliOutcome run = runSharescope(
            {"gui", "--device", "opencl:0", "--mode", "managed", "--tab", "explain", "--run", "--screenshot", png});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("mode managed is not supported on opencl:0"), qPrintable(run.err));
    }

    // Written atomically: what was there stays until the new image is whole.
    void replacesAScreenshotWhole()
    {
        const QString png = m_dir.filePath("window.png");
        QFile file(png);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("old");
        file.close();
        const CliOutcome outcome
            = runSharescope({"gui", "--device", "opencl:0", "--tab", "explain", "--screenshot", png});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).filter("window").size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliWindow)
#include "tst_cliwindow.moc"
