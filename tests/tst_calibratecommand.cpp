// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace sharescope;

// `sharescope calibrate`: its options, then the built binary on the CPU's
// OpenCL device (PoCL here), with the cache in a folder of its own.
class TestCalibrateCommand : public QObject
{
    Q_OBJECT

private:
    struct Outcome
    {
        int exitCode = -1;
        QByteArray out;
        QString err;
    };

    QTemporaryDir m_cache; // XDG_CACHE_HOME
    QTemporaryDir m_data; // XDG_DATA_HOME

    static QString binary() { return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY)); }
    // Kept in the data folder, which cache cleaners leave alone.
    QString cacheFile() const { return m_data.filePath("ShareScope/sharescope/calibration.json"); }
    QString oldCacheFile() const { return m_cache.filePath("ShareScope/sharescope/calibration.json"); }

    void prepare(QProcess &process) const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("LC_ALL", "C.UTF-8");
        environment.remove("LANGUAGE");
        environment.insert("XDG_CACHE_HOME", m_cache.path());
        environment.insert("XDG_DATA_HOME", m_data.path());
        process.setProcessEnvironment(environment);
    }

    Outcome run(const QStringList &arguments) const
    {
        QProcess process;
        prepare(process);
        process.start(binary(), arguments);
        if (!process.waitForFinished(300000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
                QString::fromUtf8(process.readAllStandardError())};
    }

    static CommandLineResult parse(const QString &line)
    {
        return parseCommandLine(QStringList{QStringLiteral("sharescope")} + line.split(QLatin1Char(' ')));
    }

private slots:
    void parsesItsOptions()
    {
        auto result = parse("calibrate");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.command, Command::Calibrate);
        QCOMPARE(result.options.request.base.bytes, 256ULL << 20);
        QVERIFY(result.options.request.base.deviceId.empty());
        result = parse("calibrate --device cuda:1 --size 64MiB --json cal.json");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.base.deviceId, std::string("cuda:1"));
        QCOMPARE(result.options.request.base.bytes, 64ULL << 20);
        QCOMPARE(result.options.jsonPath, QStringLiteral("cal.json"));
    }

    void refusesBadOptions_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("message");
        QTest::addRow("too small") << "calibrate --size 64KiB"
                                   << "invalid --size '64KiB'";
        QTest::addRow("not whole pages") << "calibrate --size 1000004"
                                         << "whole 4KiB pages";
        QTest::addRow("not a size") << "calibrate --size lots"
                                    << "--size";
        QTest::addRow("a run's option") << "calibrate --mode device"
                                        << "mode";
        QTest::addRow("stray argument") << "calibrate now"
                                        << "unexpected argument 'now'";
    }
    void refusesBadOptions()
    {
        QFETCH(QString, line);
        QFETCH(QString, message);
        const auto result = parse(line);
        QCOMPARE(result.status, CommandLineResult::Status::Error);
        QCOMPARE(result.exitCode(), 2);
        QVERIFY2(result.text.contains(message), qPrintable(result.text));
    }

    void offersACalibrationThenUsesIt()
    {
        QVERIFY(m_cache.isValid());
        const QStringList runArguments{"run", "--device", "opencl:0", "--size", "1MiB", "--iterations", "2"};
        Outcome outcome = run(runArguments);
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(outcome.err.contains("sharescope calibrate --device opencl:0"), qPrintable(outcome.err));
        QVERIFY(outcome.out.contains("of measured"));

        outcome = run({"calibrate", "--device", "opencl:0", "--size", "16MiB", "--json", "-"});
        QCOMPARE(outcome.exitCode, 0);
        const QJsonObject calibration = QJsonDocument::fromJson(outcome.out).object();
        QCOMPARE(calibration["format"].toString(), "sharescope-calibration");
        QCOMPARE(calibration["device"].toString(), "opencl:0");
        QVERIFY(calibration["results"].toArray().size() >= 6);
        QVERIFY(QFile::exists(cacheFile()));

        // The run finds it: no note, and percentages of the measured ceiling.
        outcome = run(runArguments + QStringList{"--json", "-"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(!outcome.err.contains("calibrate"), qPrintable(outcome.err));
        const QJsonObject report = QJsonDocument::fromJson(outcome.out).object();
        QVERIFY(!report["ceilings"]["calibrated"].toString().isEmpty());
        bool anyPercent = false;
        for (const QJsonValue &phase : report["summary"].toArray())
            anyPercent = anyPercent || phase["ceiling"]["percentOfMeasured"].isDouble();
        QVERIFY(anyPercent);
    }

    // Issue 43: a calibration kept in the cache folder, where ShareScope
    // kept it before, moves to the data folder on the first start, and the
    // runs find it there.
    void movesACalibrationOutOfTheCache()
    {
        Outcome outcome = run({"calibrate", "--device", "opencl:0", "--size", "16MiB"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(QFile::exists(cacheFile()));
        QVERIFY(!QFile::exists(oldCacheFile()));
        QVERIFY(QDir().mkpath(QFileInfo(oldCacheFile()).path()));
        QVERIFY(QFile::rename(cacheFile(), oldCacheFile())); // as an older ShareScope left it
        outcome = run({"run", "--device", "opencl:0", "--size", "1MiB", "--iterations", "2"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(!outcome.err.contains("no calibration"), qPrintable(outcome.err));
        QVERIFY(QFile::exists(cacheFile()));
        QVERIFY(!QFile::exists(oldCacheFile()));
    }

    void showsATable()
    {
        const Outcome outcome = run({"calibrate", "--device", "opencl:0", "--size", "16MiB"});
        QCOMPARE(outcome.exitCode, 0);
        for (const char *word : {"host-to-device-copy", "device-read", "host-copy-one-thread", "Saved in"})
            QVERIFY2(outcome.out.contains(word), word);
    }

    void refusesAnUnknownDeviceWithoutOutput()
    {
        const QString json = m_cache.filePath("unknown.json");
        const Outcome outcome = run({"calibrate", "--device", "opencl:99", "--json", json});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.out.isEmpty());
        QVERIFY2(outcome.err.contains("opencl:99"), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(json));
    }

    void stopsOnInterruptSavingNothing()
    {
        QFile::remove(cacheFile());
        const QString json = m_cache.filePath("interrupted.json");
        QProcess process;
        prepare(process);
        process.start(binary(), {"calibrate", "--device", "opencl:0", "--json", json});
        QVERIFY(process.waitForStarted());
        QTest::qWait(700);
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(120000)); // between steps
        QCOMPARE(process.exitCode(), 130); // 128 + SIGINT, like every other command
        QVERIFY(QString::fromUtf8(process.readAllStandardError()).contains("cancelled"));
        QVERIFY(process.readAllStandardOutput().isEmpty());
        QVERIFY(!QFile::exists(json));
        QVERIFY(!QFile::exists(cacheFile()));
    }
};

QTEST_GUILESS_MAIN(TestCalibrateCommand)
#include "tst_calibratecommand.moc"
