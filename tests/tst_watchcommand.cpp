// SPDX-License-Identifier: GPL-3.0-or-later
// `sharescope watch` as a user runs it, on a machine with or without the
// NVIDIA driver (CI has none: the command runs, nothing is counted, and
// the watch says so).
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

class TestWatchCommand : public QObject
{
    Q_OBJECT

private slots:
    void returnsTheCommandsStatus_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::addRow("success") << QStringList{"true"} << 0 << QString();
        QTest::addRow("an exit status") << QStringList{"sh", "-c", "exit 3"} << 3 << QString();
        QTest::addRow("killed by a signal") << QStringList{"sh", "-c", "kill -TERM $$"} << 143 << QString();
        QTest::addRow("not found") << QStringList{"no-such-command-anywhere"} << 127
                                   << QStringLiteral("no-such-command-anywhere: command not found");
        QTest::addRow("not executable") << QStringList{"/etc/hostname"} << 126 << QStringLiteral("cannot run it");
    }
    void returnsTheCommandsStatus()
    {
        QFETCH(QStringList, command);
        QFETCH(int, status);
        QFETCH(QString, message);
        const CliOutcome outcome = runSharescope(QStringList{"watch", "--quiet", "--"} + command);
        QCOMPARE(outcome.exitCode, status);
        if (!message.isEmpty())
            QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    }

    // The command's own output, untouched; its options its own.
    void passesTheCommandThrough()
    {
        const CliOutcome outcome = runSharescope({"watch", "--quiet", "--", "sh", "-c",
                                                  "printf 'line %s\\n' $(seq 1 5000); echo args: \"$@\"", "sh",
                                                  "--json", "-", "--lang", "zh_CN"});
        QCOMPARE(outcome.exitCode, 0);
        const QList<QByteArray> lines = outcome.out.split('\n');
        QCOMPARE(lines.value(0), QByteArray("line 1"));
        QCOMPARE(lines.value(4999), QByteArray("line 5000"));
        QCOMPARE(lines.value(5000), QByteArray("args: --json - --lang zh_CN"));
        QVERIFY2(outcome.err.contains(QLatin1String("No GPU memory was used")), qPrintable(outcome.err));
    }

    void writesItsReports()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("watch.json");
        const QString csv = dir.filePath("watch.csv");
        const QString trace = dir.filePath("watch.trace.json");
        const CliOutcome outcome = runSharescope(
            {"watch", "--quiet", "--json", json, "--csv", csv, "--trace", trace, "--", "sh", "-c", "sleep 0.2"});
        QCOMPARE(outcome.exitCode, 0);
        const QJsonObject report = readJson(json);
        QCOMPARE(report.value("format").toString(), QStringLiteral("sharescope-watch"));
        QCOMPARE(report.value("exitStatus").toInt(-1), 0);
        QCOMPARE(report.value("watched").toArray().size(), 3);
        QVERIFY(!report.value("processes").toArray().isEmpty());
        QVERIFY(report.value("totals").isNull()); // nothing counted: not zero
        QFile table(csv);
        QVERIFY(table.open(QIODevice::ReadOnly));
        QVERIFY(table.readLine().startsWith("seconds,pid,name,host_to_device_bytes"));
        QVERIFY(!readJson(trace).value("traceEvents").toArray().isEmpty());
    }

    void refusesBadArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addRow("no command") << QStringList{"watch"} << QStringLiteral("needs a command after --");
        QTest::addRow("empty command") << QStringList{"watch", "--"} << QStringLiteral("needs a command after --");
        QTest::addRow("json to stdout") << QStringList{"watch", "--json", "-", "--", "true"}
                                        << QStringLiteral("writes to standard output");
        QTest::addRow("interval too short")
            << QStringList{"watch", "--interval", "5ms", "--", "true"} << QStringLiteral("10ms to 60s");
        QTest::addRow("interval not a time")
            << QStringList{"watch", "--interval", "soon", "--", "true"} << QStringLiteral("invalid --interval 'soon'");
        QTest::addRow("pid and command") << QStringList{"watch", "--pid", "1", "--", "true"}
                                         << QStringLiteral("not both");
        QTest::addRow("pid not a number") << QStringList{"watch", "--pid", "x"} << QStringLiteral("invalid --pid");
        QTest::addRow("wait without pid")
            << QStringList{"watch", "--wait", "--", "true"} << QStringLiteral("--wait waits");
        QTest::addRow("a folder for the report")
            << QStringList{"watch", "--json", "/tmp/", "--", "true"} << QStringLiteral("names a folder");
    }
    void refusesBadArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliOutcome outcome = runSharescope(arguments);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
    }

    // SIGINT sent to the watch (not from a terminal) goes to the command;
    // what was seen is written, marked stopped, with the command's status.
    void passesSigintOnAndWritesTheReport()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("stopped.json");
        QProcess process;
        process.start(sharescopeBinary(), {"watch", "--quiet", "--json", json, "--", "sleep", "30"});
        QVERIFY(process.waitForStarted());
        QTest::qWait(500);
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 130);
        const QJsonObject report = readJson(json);
        QVERIFY(report.value("stopped").toBool());
        QCOMPARE(report.value("exitStatus").toInt(), 130);
    }

    void refusesToWatchWhatItCannot()
    {
        // PID 1 without the driver, or with it and another user's: refused
        // with a reason, never a crash.
        const CliOutcome init = runSharescope({"watch", "--pid", "1"});
        QVERIFY2(init.exitCode == 2 || init.exitCode == 3, qPrintable(init.err));
        QVERIFY(init.err.startsWith(QLatin1String("sharescope: ")));
        const CliOutcome gone = runSharescope({"watch", "--pid", "999999999"});
        QVERIFY(gone.exitCode == 2 || gone.exitCode == 3);
    }
};

QTEST_GUILESS_MAIN(TestWatchCommand)
#include "tst_watchcommand.moc"
