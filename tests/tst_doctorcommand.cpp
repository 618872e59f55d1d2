// SPDX-License-Identifier: GPL-3.0-or-later
// `sharescope doctor`: its options, then the built binary on this machine:
// the exit code (4 when a check found a problem), the list that fits 80
// columns, the JSON read back.
#include "clirun.h"
#include "commandline.h"
#include "doctor/doctorjson.h"
#include "textwrap.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sharescope;

class TestDoctorCommand : public QObject
{
    Q_OBJECT

private:
    static CommandLineResult parse(const QString &line)
    {
        return parseCommandLine(QStringList{QStringLiteral("sharescope")} + line.split(QLatin1Char(' ')));
    }

private slots:
    void parsesItsOptions()
    {
        const auto parsed
            = parse("doctor --device cuda:1 --workers 12 --batch 256MiB --peer-pid 77 --quick --json d.json");
        QCOMPARE(parsed.status, CommandLineResult::Status::Ok);
        const doctor::DoctorOptions &d = parsed.options.doctor;
        QCOMPARE(parsed.options.command, Command::Doctor);
        QCOMPARE(d.deviceId, std::string("cuda:1"));
        QCOMPARE(d.workers, std::optional<int>(12));
        QCOMPARE(d.batchBytes, std::optional<std::uint64_t>(256ULL << 20));
        QCOMPARE(d.peerPid, std::optional<int>(77));
        QVERIFY(d.quick);
        QCOMPARE(parsed.options.jsonPath, QStringLiteral("d.json"));
        const auto plain = parse("doctor");
        QCOMPARE(plain.status, CommandLineResult::Status::Ok);
        QVERIFY(!plain.options.doctor.workers && !plain.options.doctor.batchBytes && !plain.options.doctor.quick);
    }

    void refusesBadOptions_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("words");
        QTest::addRow("workers zero") << "doctor --workers 0"
                                      << "--workers '0'";
        QTest::addRow("workers word") << "doctor --workers many"
                                      << "--workers 'many'";
        QTest::addRow("batch unit") << "doctor --batch 64 parsecs"
                                    << "unexpected argument";
        QTest::addRow("batch words") << "doctor --batch lots"
                                     << "--batch";
        QTest::addRow("batch too big") << "doctor --batch 2TiB"
                                       << "--batch";
        QTest::addRow("pid") << "doctor --peer-pid -3"
                             << "--peer-pid";
        QTest::addRow("twice") << "doctor --workers 2 --workers 3"
                               << "given 2 times";
        QTest::addRow("a mode") << "doctor --mode pinned"
                                << "mode";
    }
    void refusesBadOptions()
    {
        QFETCH(QString, line);
        QFETCH(QString, words);
        const auto parsed = parse(line);
        QCOMPARE(parsed.status, CommandLineResult::Status::Error);
        QCOMPARE(parsed.exitCode(), 2);
        QVERIFY2(parsed.text.contains(words), qPrintable(parsed.text));
    }

    void helpNamesTheExitCode()
    {
        QVERIFY(usageText().contains(QStringLiteral("4 doctor found a problem")));
        const auto help = parse("doctor --help");
        QCOMPARE(help.status, CommandLineResult::Status::Help);
        for (const char *option : {"--workers", "--batch", "--peer-pid", "--quick", "--json", "--device"})
            QVERIFY2(help.text.contains(QLatin1String(option)), option);
    }

    // On this machine, as a user runs it: the exit code follows the checks.
    void runsHere()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("doctor.json");
        const CliOutcome outcome = runSharescope({"doctor", "--quick", "--json", json});
        QVERIFY2(outcome.exitCode == 0 || outcome.exitCode == 4, qPrintable(outcome.err));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto report = doctor::doctorFromJson(file.readAll().toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->checks.size(), doctor::allCheckIds.size());
        QCOMPARE(outcome.exitCode, report->problemFound() ? 4 : 0);
        QVERIFY(report->quick);
        QVERIFY(report->commandLine.find("sharescope doctor --quick --json") == 0);
        // The list: every check's title, in 80 columns.
        const QString text = QString::fromUtf8(outcome.out);
        QVERIFY(text.contains("shared memory for worker processes"));
        QVERIFY(text.contains("driver, runtime and clocks"));
        for (const QString &line : text.split('\n'))
            QVERIFY2(displayWidth(line) <= 80 || !line.contains(' '), qPrintable(line));
    }

    // A plan no machine's shared memory holds is a problem: exit code 4,
    // the list still printed, the JSON on stdout alone with --json -.
    void aProblemExitsWithFour()
    {
        const CliOutcome outcome = runSharescope({"doctor", "--quick", "--workers", "1024", "--batch", "1TiB"});
        QCOMPARE(outcome.exitCode, 4);
        QVERIFY(outcome.out.contains("problem"));
        const CliOutcome json
            = runSharescope({"doctor", "--quick", "--workers", "1024", "--batch", "1TiB", "--json", "-"});
        QCOMPARE(json.exitCode, 4);
        const auto report = doctor::doctorFromJson(json.out.toStdString());
        QVERIFY(report);
        QVERIFY(report->problemFound());
        QCOMPARE(report->plan.workers, 1024);
    }

    void badArgumentsPrintNothing()
    {
        QTemporaryDir dir;
        const CliOutcome outcome = runSharescope({"doctor", "--workers", "0", "--json", dir.filePath("d.json")});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.out.isEmpty());
        QVERIFY(outcome.err.contains("--workers"));
        QVERIFY(!QFile::exists(dir.filePath("d.json")));
        const CliOutcome device = runSharescope({"doctor", "--device", "cuda:9"});
        QCOMPARE(device.exitCode, 2);
        QVERIFY(device.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDoctorCommand)
#include "tst_doctorcommand.moc"
