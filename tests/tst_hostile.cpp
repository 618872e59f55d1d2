// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostilecases.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <sys/stat.h>
#include <unistd.h>

// Several hundred hostile command lines, special files and malformed
// reports, run against the built binary as a user would: no crash (no exit
// by a signal), no hang (each has a deadline), the exit code the README
// documents, a message on stderr and nothing on stdout for a refusal, and no
// output file left by a command that failed.
class TestHostile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    HostileFixtures m_fixtures;
    std::vector<HostileCase> m_cases;
    int m_known = 0;

    static QString binary() { return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY)); }

    QProcessEnvironment environment(HostileCase::Display display) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "LANGUAGE"})
            e.remove(QString::fromLatin1(name));
        e.insert("LC_ALL", "C.UTF-8");
        e.insert("HOME", m_dir.filePath("home")); // the window's remembered settings stay here
        e.insert("XDG_RUNTIME_DIR", m_dir.filePath("runtime"));
        if (display == HostileCase::Display::Offscreen)
            e.insert("QT_QPA_PLATFORM", "offscreen");
        else if (display == HostileCase::Display::Bogus)
            e.insert("QT_QPA_PLATFORM", "no-such-platform");
        return e;
    }

    void write(const QString &path, const QByteArray &bytes)
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes), bytes.size());
    }

    // What went wrong with a case, or nothing.
    QString run(const HostileCase &c)
    {
        QProcess process;
        process.setProcessEnvironment(environment(c.display));
        process.start(binary(), c.arguments);
        if (!process.waitForStarted(10000))
            return QStringLiteral("did not start: %1").arg(process.errorString());
        if (c.signal) {
            QTest::qWait(1500);
            ::kill(static_cast<pid_t>(process.processId()), c.signal);
        }
        // Runs here are 4 KiB on the CPU: a minute is a hang.
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            return QStringLiteral("hang: still running after 60 s");
        }
        const QByteArray out = process.readAllStandardOutput();
        const QString err = QString::fromUtf8(process.readAllStandardError());
        if (process.exitStatus() != QProcess::NormalExit)
            return QStringLiteral("crashed (killed by a signal); stderr: %1").arg(err.right(400));
        const int code = process.exitCode();
        if (code != c.exitCode)
            return QStringLiteral("exit code %1, expected %2; stderr: %3")
                .arg(code)
                .arg(c.exitCode)
                .arg(err.right(400));
        if (code == 2 || code == 3) {
            if (!err.contains(QLatin1String("sharescope")))
                return QStringLiteral("refused without saying why; stderr: %1").arg(err.right(400));
            if (!out.isEmpty())
                return QStringLiteral("a refusal wrote to stdout: %1").arg(QString::fromUtf8(out.left(200)));
        }
        if (!c.mentions.isEmpty() && !err.contains(c.mentions))
            return QStringLiteral("the message does not name '%1': %2").arg(c.mentions.left(60), err.right(400));
        if (!c.mustNotExist.isEmpty() && QFile::exists(c.mustNotExist))
            return QStringLiteral("left %1 behind").arg(c.mustNotExist);
        return {};
    }

    void makeReports(const QByteArray &valid)
    {
        QDir(m_dir.path()).mkpath("reports");
        for (const auto &[name, bytes] : malformedReports(valid)) {
            const QString path = m_dir.filePath("reports/" + name + ".json");
            write(path, bytes);
            m_fixtures.malformedReports << path;
        }
        for (const auto &[name, bytes] : acceptedReports(valid)) {
            const QString path = m_dir.filePath("reports/" + name + ".json");
            write(path, bytes);
            m_fixtures.acceptedReports << path;
        }
    }

    // A report of this build, from the binary itself.
    QByteArray produce(const QStringList &arguments)
    {
        QProcess process;
        process.setProcessEnvironment(environment(HostileCase::Display::None));
        process.start(binary(), arguments + QStringList{"--json", "-"});
        if (!process.waitForFinished(120000) || process.exitCode() != 0)
            return {};
        return process.readAllStandardOutput();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath("home");
        QDir(m_dir.path()).mkpath("runtime");
        QFile::setPermissions(m_dir.filePath("runtime"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        HostileFixtures &f = m_fixtures;
        f.dir = m_dir.path();
        const QByteArray valid
            = produce({"run", "--device", "opencl:0", "--mode", "cl-copy", "--size", "4KiB", "--iterations", "1"});
        QVERIFY2(!valid.isEmpty(), "the binary did not write a report to start from");
        f.validReport = m_dir.filePath("valid.json");
        write(f.validReport, valid);
        f.unicodeReport = m_dir.filePath("报告 ✓.json");
        write(f.unicodeReport, valid);
        f.validCompare = m_dir.filePath("compare.json");
        write(f.validCompare, produce({"compare", "--device", "opencl:0", "--size", "4KiB", "--iterations", "1"}));
        f.fifo = m_dir.filePath("fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(f.fifo).constData(), 0600), 0);
        f.unreadable = m_dir.filePath("unreadable.json");
        write(f.unreadable, valid);
        QVERIFY(QFile::setPermissions(f.unreadable, {}));
        f.loop = m_dir.filePath("loop.json");
        QVERIFY(QFile::link(f.loop, f.loop));
        f.longName = m_dir.filePath(QString(300, QLatin1Char('n')) + ".json");
        makeReports(valid);
        m_cases = hostileCases(f);
        qInfo("%zu cases", m_cases.size());
        QVERIFY(m_cases.size() >= 300);
    }

    void behavesAsDocumented_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_cases.size(); ++i)
            QTest::addRow("%s", qPrintable(m_cases[i].name)) << static_cast<int>(i);
    }
    void behavesAsDocumented()
    {
        QFETCH(int, index);
        const HostileCase &c = m_cases[static_cast<std::size_t>(index)];
        if (c.skipAsRoot && ::geteuid() == 0)
            QSKIP("root reads a file whatever its mode");
        const QString problem = run(c);
        if (!c.knownProblem.isEmpty()) {
            ++m_known;
            QEXPECT_FAIL("", qPrintable(c.knownProblem), Continue);
        }
        QVERIFY2(
            problem.isEmpty(),
            qPrintable(QStringLiteral("sharescope %1: %2").arg(c.arguments.join(QLatin1Char(' ')).left(300), problem)));
    }

    void cleanupTestCase() { qInfo("%zu cases, %d of them known problems of other changes", m_cases.size(), m_known); }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
