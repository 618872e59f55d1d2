// SPDX-License-Identifier: GPL-3.0-or-later
#include "childprocess.h"

#include <QElapsedTimer>
#include <QTest>

#include <sys/wait.h>

#include <cerrno>

using namespace sharescope;
using namespace std::chrono_literals;

// The helper-process plumbing of the ipc mode, with /bin/sh as the peer.
class TestChildProcess : public QObject
{
    Q_OBJECT

private:
    static ChildProcess shell(const char *script)
    {
        auto child = ChildProcess::spawn("/bin/sh", {"-c", script});
        if (!child)
            qFatal("%s", child.error().message.c_str());
        child->setDescription("the test peer");
        return std::move(*child);
    }

    static bool reaped(pid_t pid)
    {
        // Reaped means gone from the process table: waitpid knows no such child.
        return ::waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD;
    }

private slots:
    void talksLineByLine()
    {
        ChildProcess child = shell("read a; echo \"got $a\"; read b; echo \"got $b\"; exit 0");
        QVERIFY(child.send("open").ok());
        QCOMPARE(*child.receive(5s), std::string("got open"));
        QVERIFY(child.send("run").ok());
        QCOMPARE(*child.receive(5s), std::string("got run"));
        const pid_t pid = child.pid();
        QCOMPARE(QString::fromStdString(child.finish(5s)), QStringLiteral("exited with status 0"));
        QVERIFY(!child.running());
        QVERIFY(reaped(pid));
    }

    void stopsAChildThatDoesNotAnswer()
    {
        ChildProcess child = shell("read a; exec sleep 60");
        const pid_t pid = child.pid();
        QVERIFY(child.send("run").ok());
        QElapsedTimer timer;
        timer.start();
        const auto reply = child.receive(300ms);
        QVERIFY(!reply.ok());
        QVERIFY(timer.elapsed() < 5000);
        const QString message = QString::fromStdString(reply.error().message);
        QVERIFY2(message.contains("the test peer did not answer within 300 ms; it was stopped"), qPrintable(message));
        QVERIFY2(message.contains("killed by signal 9"), qPrintable(message));
        QVERIFY(reaped(pid));
    }

    // A stopped child takes nothing once its socket is full: the send has
    // the same deadline as a reply, and the child is stopped for good.
    void stopsAChildThatTakesNoCommand()
    {
        ChildProcess child = shell("kill -STOP $$; read a");
        const pid_t pid = child.pid();
        QElapsedTimer timer;
        timer.start();
        const Status sent = child.send(std::string(16 << 20, 'x'), 300ms); // more than any socket buffer
        QVERIFY(!sent.ok());
        QVERIFY(timer.elapsed() < 5000);
        const QString message = QString::fromStdString(sent.error().message);
        QVERIFY2(message.contains("the test peer took no command within 300 ms; it was stopped"), qPrintable(message));
        QVERIFY2(message.contains("killed by signal 9"), qPrintable(message));
        QVERIFY(reaped(pid));
    }

    // A long job: waiting a while without an answer leaves the child be.
    void waitsWithoutStoppingTheChild()
    {
        ChildProcess child = shell("read a; sleep 0.3; echo \"done $a\"; exec sleep 60");
        QVERIFY(child.send("job").ok());
        const auto early = child.receiveWithin(20ms);
        QVERIFY(early.ok());
        QVERIFY(!early->has_value());
        QVERIFY(child.running());
        std::optional<std::string> line;
        for (int i = 0; i < 100 && !line; ++i) {
            auto next = child.receiveWithin(50ms);
            QVERIFY(next.ok());
            line = *next;
        }
        QCOMPARE(line, std::optional<std::string>("done job"));
        const pid_t pid = child.pid();
        child.kill();
        QVERIFY(reaped(pid));
        QVERIFY(!child.receiveWithin(10ms).ok()); // ended: an error, not silence
    }

    void reportsACrash()
    {
        ChildProcess child = shell("read a; kill -ABRT $$");
        const pid_t pid = child.pid();
        QVERIFY(child.send("run").ok());
        const auto reply = child.receive(5s);
        QVERIFY(!reply.ok());
        const QString message = QString::fromStdString(reply.error().message);
        QVERIFY2(message.contains("the test peer ended unexpectedly: it was killed by signal 6"), qPrintable(message));
        QVERIFY(reaped(pid));
    }

    void reportsAnEarlyExit()
    {
        ChildProcess child = shell("exit 3");
        const auto reply = child.receive(5s);
        QVERIFY(!reply.ok());
        QVERIFY2(QString::fromStdString(reply.error().message).contains("exited with status 3"),
                 reply.error().message.c_str());
        // Writing to it now fails as an error, not as a SIGPIPE that kills us.
        QVERIFY(!child.send("run").ok());
    }

    void failsToStartAMissingProgram()
    {
        const auto child = ChildProcess::spawn("/nonexistent/peer", {});
        QVERIFY(!child.ok());
        QVERIFY2(QString::fromStdString(child.error().message).contains("could not start '/nonexistent/peer'"),
                 child.error().message.c_str());
    }

    void leavesNoZombieBehind()
    {
        pid_t pid = 0;
        {
            ChildProcess child = shell("exec sleep 60");
            pid = child.pid();
        } // destroyed while running: killed and reaped
        QVERIFY(reaped(pid));
    }
};

QTEST_APPLESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
