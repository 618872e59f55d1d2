// SPDX-License-Identifier: GPL-3.0-or-later
// The real kernel under `sharescope watch`, without a GPU: a child held at
// the UVM ioctls' numbers (made here on /dev/null, which refuses them), its
// descriptors taken, its exit seen, the backstop answering once the watcher
// lets go. Skipped where the kernel cannot hold (no seccomp user
// notification), with the reason.
#include "watch/watchsystem.h"

#include <QTest>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

using namespace sharescope::watch;

namespace {

// The child: one UVM-numbered ioctl on /dev/null (fd 3 after the open),
// then another, then it exits with how the second went.
const char *childScript = "import fcntl, os, sys\n"
                          "fd = os.open('/dev/null', os.O_RDONLY)\n"
                          "for request in (0x30000001, 37):\n"
                          "    try:\n"
                          "        fcntl.ioctl(fd, request)\n"
                          "    except OSError as e:\n"
                          "        code = e.errno\n"
                          "sys.exit(7 if code == 25 else 1)\n"; // ENOTTY: the call went on to the device

std::string python()
{
    const char *path = std::getenv("PATH");
    const auto found = findProgram("python3", path ? path : "/usr/bin:/bin");
    return std::holds_alternative<std::string>(found) ? std::get<std::string>(found) : std::string();
}

} // namespace

class TestWatchSystem : public QObject
{
    Q_OBJECT

private slots:
    void holdsAChildAtTheUvmCalls()
    {
        const std::string interpreter = python();
        if (interpreter.empty())
            QSKIP("no python3 to be the child");
        const auto system = linuxWatchSystem();
        const auto spawned = system->spawn({interpreter, "-c", childScript}, {"PATH=/usr/bin:/bin"}, true);
        QVERIFY2(spawned.ok(), spawned.ok() ? "" : spawned.error().message.c_str());
        QCOMPARE(spawned->execError, 0);
        if (spawned->listener < 0) {
            system->signal(spawned->pid, SIGKILL);
            system->reap();
            QSKIP(qPrintable(QStringLiteral("this kernel cannot hold a child (seccomp: %1)")
                                 .arg(QString::fromLocal8Bit(std::strerror(spawned->holdError)))));
        }
        const int backstop = system->startBackstop(spawned->listener);
        QVERIFY(backstop > 0);
        std::vector<std::uint32_t> seen;
        int fd = -1;
        for (int round = 0; round < 200 && seen.size() < 2; ++round) {
            if (system->wait({spawned->listener}, 50).empty())
                continue;
            const auto call = system->nextHeld(spawned->listener);
            if (!call)
                continue;
            QCOMPARE(call->pid, spawned->pid);
            seen.push_back(call->request);
            fd = call->fd;
            if (call->request == uvmRegisterGpuRequest) {
                // Held there, its descriptor can be taken: the watch's way in.
                QVERIFY(system->stillHeld(spawned->listener, call->id));
                const int pidfd = system->pidfdOpen(call->pid);
                QVERIFY(pidfd >= 0);
                const int taken = system->takeDescriptor(pidfd, call->fd);
                QVERIFY2(taken >= 0, std::strerror(-taken));
                system->close(taken);
                system->close(pidfd);
            }
            system->resume(spawned->listener, call->id);
        }
        QCOMPARE(seen, (std::vector<std::uint32_t>{uvmInitializeRequest, uvmRegisterGpuRequest}));
        QVERIFY(fd >= 0);
        int status = -1;
        for (int round = 0; round < 400 && status < 0; ++round) {
            for (const auto &reaped : system->reap())
                if (reaped.pid == spawned->pid)
                    status = reaped.status;
            if (status < 0)
                QTest::qWait(10);
        }
        QCOMPARE(status, 7); // both calls went on to /dev/null, which refused them as usual
        system->close(spawned->listener);
        system->signal(backstop, SIGKILL);
        system->reap();
    }

    // A listener nobody answers makes the tree's UVM calls fail; the
    // backstop answers once the watcher has let go.
    void theBackstopAnswersWhenTheWatcherIsGone()
    {
        const std::string interpreter = python();
        if (interpreter.empty())
            QSKIP("no python3 to be the child");
        const auto system = linuxWatchSystem();
        // The watcher here is a child of the test, so that it can end; its
        // orphan comes to the test (a subreaper), which reads how it ended.
        system->becomeSubreaper();
        int pipeFds[2];
        QVERIFY(::pipe(pipeFds) == 0);
        const pid_t watcher = ::fork();
        if (watcher == 0) {
            const auto spawned = system->spawn({interpreter, "-c", childScript}, {"PATH=/usr/bin:/bin"}, true);
            const int child = spawned.ok() ? spawned->pid : -1;
            const bool held = spawned.ok() && spawned->listener >= 0;
            if (held)
                system->startBackstop(spawned->listener);
            const int message[2] = {child, held ? 1 : 0};
            (void)!::write(pipeFds[1], message, sizeof message);
            ::_exit(0); // gone, the listener closed with it
        }
        int message[2] = {-1, 0};
        QCOMPARE(::read(pipeFds[0], message, sizeof message), ssize_t(sizeof message));
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        int ignored;
        ::waitpid(watcher, &ignored, 0);
        if (!message[1])
            QSKIP("this kernel cannot hold a child");
        // Both its calls answered by the backstop: 7. Unanswered, the kernel
        // fails them (ENOSYS), and it exits 1.
        int status = -1;
        for (int round = 0; round < 500 && status < 0; ++round) {
            for (const auto &reaped : system->reap())
                if (reaped.pid == message[0])
                    status = reaped.status;
            if (status < 0)
                QTest::qWait(10);
        }
        const bool ended = status >= 0;
        QVERIFY2(ended, "the held child never ended");
        QCOMPARE(status, 7);
    }
};

QTEST_GUILESS_MAIN(TestWatchSystem)
#include "tst_watchsystem.moc"
