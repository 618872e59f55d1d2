// SPDX-License-Identifier: GPL-3.0-or-later
#include "childprocess.h"
#include "descriptorpassing.h"
#include "linereader.h"

#include <QElapsedTimer>
#include <QTest>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstring>
#include <iostream>

using namespace sharescope;
using namespace std::chrono_literals;

namespace {

// This test binary started again as a child ("echo-descriptors"): for each
// line, answers "LINE: TEXT,TEXT" with what each descriptor that came with
// the line holds, as the ipc peer receives ipc-vmm's descriptors.
int echoDescriptors()
{
    LineReader reader(STDIN_FILENO);
    std::vector<int> descriptors;
    while (const auto line = reader.next(descriptors)) {
        std::string answer = *line + ":";
        for (std::size_t i = 0; i < descriptors.size(); ++i) {
            std::array<char, 64> text{};
            const ssize_t n = ::pread(descriptors[i], text.data(), text.size() - 1, 0);
            answer += (i == 0 ? " " : ",") + std::string(text.data(), n > 0 ? static_cast<std::size_t>(n) : 0);
            ::close(descriptors[i]);
        }
        descriptors.clear();
        std::cout << answer << std::endl;
    }
    return 0;
}

int memoryFile(const char *text)
{
    const int descriptor = ::memfd_create("sharescope-test", MFD_CLOEXEC);
    if (descriptor < 0 || ::write(descriptor, text, std::strlen(text)) < 0)
        qFatal("memfd_create: %s", std::strerror(errno));
    return descriptor;
}

std::string thisBinary()
{
    char path[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
    return length > 0 ? std::string(path, static_cast<std::size_t>(length)) : std::string();
}

} // namespace

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

    // ipc-vmm's and ipc-pool's descriptors travel beside a line (SCM_RIGHTS)
    // and arrive with that line, not another.
    void passesFileDescriptorsWithALine()
    {
        auto child = ChildProcess::spawn(thisBinary(), {"echo-descriptors"});
        QVERIFY2(child.ok(), child.ok() ? "" : child.error().message.c_str());
        const std::array descriptors{memoryFile("alpha"), memoryFile("beta")};
        QVERIFY(child->send("open", descriptors).ok());
        QCOMPARE(*child->receive(5s), std::string("open: alpha,beta"));
        QVERIFY(child->send("run").ok());
        QCOMPARE(*child->receive(5s), std::string("run:"));
        const std::array one{memoryFile("gamma")};
        QVERIFY(child->send("again", one).ok());
        QCOMPARE(*child->receive(5s), std::string("again: gamma"));
        for (const int descriptor : descriptors)
            ::close(descriptor); // the sender's copies stay the sender's
        ::close(one[0]);
        QCOMPARE(QString::fromStdString(child->finish(5s)), QStringLiteral("exited with status 0"));
    }

    // The blocking, single-descriptor pair the watcher's child and the
    // machine check's trial use: the descriptor arrives and reads what was
    // written; without one the bytes still come and no descriptor does;
    // more than one sent with LineReader's sender keeps the first and
    // closes the rest; a peer gone is 0 bytes, not a hang.
    void passesOneDescriptorBesideBytes()
    {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
        const int alpha = memoryFile("alpha");
        const char sent = 'x';
        QCOMPARE(sendDescriptor(pair[0], &sent, 1, alpha), ssize_t(1));
        ::close(alpha);
        char got = 0;
        int received = -2;
        QCOMPARE(receiveDescriptor(pair[1], &got, 1, &received), ssize_t(1));
        QCOMPARE(got, 'x');
        QVERIFY(received >= 0);
        std::array<char, 8> text{};
        QCOMPARE(::pread(received, text.data(), 5, 0), ssize_t(5));
        QCOMPARE(std::string(text.data()), std::string("alpha"));
        QVERIFY(::fcntl(received, F_GETFD) & FD_CLOEXEC);
        ::close(received);

        QCOMPARE(sendDescriptor(pair[0], "y", 1, -1), ssize_t(1));
        QCOMPARE(receiveDescriptor(pair[1], &got, 1, &received), ssize_t(1));
        QCOMPARE(got, 'y');
        QCOMPARE(received, -1);

        const std::array three{memoryFile("one"), memoryFile("two"), memoryFile("three")};
        QCOMPARE(sendWithDescriptors(pair[0], "z", 1, three), ssize_t(1));
        for (const int descriptor : three)
            ::close(descriptor);
        // The three lowest free numbers now, which the received three would take.
        const auto lowestFree = [] {
            std::array<int, 3> numbers{};
            for (int &number : numbers)
                number = ::dup(STDIN_FILENO);
            for (const int number : numbers)
                ::close(number);
            return numbers;
        };
        const auto before = lowestFree();
        QCOMPARE(receiveDescriptor(pair[1], &got, 1, &received), ssize_t(1));
        QCOMPARE(::pread(received, text.data(), 3, 0), ssize_t(3));
        QCOMPARE(std::string(text.data(), 3), std::string("one"));
        ::close(received);
        QCOMPARE(lowestFree(), before); // the other two were closed, not kept

        ::close(pair[0]);
        QCOMPARE(receiveDescriptor(pair[1], &got, 1, &received), ssize_t(0));
        QCOMPARE(received, -1);
        ::close(pair[1]);
    }

    // A reader on a pipe (the peer started by hand) still reads lines.
    void readsLinesFromAPipe()
    {
        int ends[2];
        QCOMPARE(::pipe(ends), 0);
        const std::string text = "open\nrun\nlast";
        QCOMPARE(::write(ends[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
        ::close(ends[1]);
        LineReader reader(ends[0]);
        std::vector<int> descriptors;
        QCOMPARE(reader.next(descriptors), std::optional<std::string>("open"));
        QCOMPARE(reader.next(descriptors), std::optional<std::string>("run"));
        QCOMPARE(reader.next(descriptors), std::optional<std::string>("last"));
        QCOMPARE(reader.next(descriptors), std::optional<std::string>());
        QVERIFY(descriptors.empty());
        ::close(ends[0]);
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

int main(int argc, char **argv)
{
    if (argc == 2 && std::string_view(argv[1]) == "echo-descriptors")
        return echoDescriptors();
    TestChildProcess test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_childprocess.moc"
