// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakewatch.h"

#include "watch/procstat.h"
#include "watch/watchjson.h"

#include <QJsonDocument>
#include <QTest>

#include <csignal>

using namespace sharescope;
using namespace sharescope::watch;
using namespace fakewatch;

namespace {

constexpr std::uint64_t MiB = 1u << 20;

WatchOptions options(std::vector<std::string> command = {"python3", "train.py"})
{
    WatchOptions o;
    o.command = std::move(command);
    o.program = "/usr/bin/" + o.command.front();
    o.environment = {"PATH=/usr/bin", "HOME=/home/u"};
    o.intervalNs = 100 * ms;
    return o;
}

// A process that opens CUDA as the runtime does: a VA space, its first GPU.
void startsCuda(World &world, std::uint64_t at, int pid, int fd = 9)
{
    world.at(at, [&world, pid, fd] {
        world.uvmCall(pid, fd, uvmInitializeRequest);
        world.uvmCall(pid, fd, uvmRegisterGpuRequest);
    });
}

const WatchedProcess *find(const WatchReport &report, int pid)
{
    for (const WatchedProcess &p : report.processes)
        if (p.pid == pid)
            return &p;
    return nullptr;
}

} // namespace

class TestWatch : public QObject
{
    Q_OBJECT

private slots:
    // The seed's case: a process held at its first GPU, every byte counted.
    void countsAHeldProcessExactly()
    {
        World world;
        startsCuda(world, 10 * ms, 100);
        world.at(20 * ms, [&] { world.migrate(100, 64 * MiB, 0, 256, 2000); }); // before any sample
        world.at(150 * ms, [&] { world.migrate(100, 64 * MiB, 64 * MiB, 128, 2342); });
        world.at(400 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(world.spawnedHeld);
        QCOMPARE(report->exitStatus, std::optional<int>(0));
        const WatchedProcess *root = find(*report, 100);
        QVERIFY(root);
        QCOMPARE(root->attach, Attach::Held);
        QVERIFY(root->usedGpu);
        QVERIFY(root->totals);
        QCOMPARE(*root->totals, world.process(100).counted); // nothing missed
        QCOMPARE(root->totals->bytesHostToDevice, 128 * MiB);
        QCOMPARE(root->totals->gpuPageFaults, std::uint64_t(4342));
        QVERIFY(root->endedNs);
        QVERIFY(root->samples.size() >= 2); // the first interval's, and the rest
        QCOMPARE(root->samples.back().values, *root->totals);
        // The process's file is let go as soon as it ends: nothing keeps its memory.
        QVERIFY(world.takenOpen.empty());
        QVERIFY(world.driver()->openTools.empty());
        QCOMPARE(world.backstops, 1);
        QVERIFY(world.backstopKilled); // nothing of the tree left for it
    }

    // CUDA started on another thread of the process: the kernel names the
    // thread; the process is counted.
    void countsAProcessWhoseThreadStartedCuda()
    {
        World world;
        world.at(10 * ms, [&] {
            world.uvmCall(100, 9, uvmInitializeRequest, 101);
            world.uvmCall(100, 9, uvmRegisterGpuRequest, 101);
        });
        world.at(50 * ms, [&] { world.migrate(100, 16 * MiB, 0, 0, 3); });
        world.at(200 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QCOMPARE(report->processes.size(), std::size_t(1));
        QCOMPARE(report->processes.front().attach, Attach::Held);
        QCOMPARE(report->processes.front().totals->bytesHostToDevice, 16 * MiB);
    }

    // DataLoader workers, torch.multiprocessing: a line per process.
    void countsEveryProcessOfTheTree()
    {
        World world;
        startsCuda(world, 10 * ms, 100);
        int worker1 = 0, worker2 = 0;
        world.at(50 * ms, [&] {
            worker1 = world.fork(100, "python3");
            worker2 = world.fork(100, "python3");
        });
        world.at(60 * ms, [&] {
            world.uvmCall(worker1, 5, uvmInitializeRequest);
            world.uvmCall(worker1, 5, uvmRegisterGpuRequest);
            world.uvmCall(worker2, 7, uvmInitializeRequest);
            world.uvmCall(worker2, 7, uvmRegisterGpuRequest);
        });
        world.at(200 * ms, [&] {
            world.migrate(worker1, 32 * MiB, 0, 0, 10);
            world.migrate(worker2, 16 * MiB, 16 * MiB, 4, 5);
        });
        world.at(300 * ms, [&] {
            world.exit(worker1, 0);
            world.exit(worker2, 0);
        });
        world.at(320 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QCOMPARE(report->processes.size(), std::size_t(3));
        const WatchedProcess *one = find(*report, worker1);
        const WatchedProcess *two = find(*report, worker2);
        QVERIFY(one && two);
        QCOMPARE(one->parentPid, 100);
        QCOMPARE(one->totals->bytesHostToDevice, 32 * MiB);
        QCOMPARE(two->totals->bytesDeviceToHost, 16 * MiB);
        QCOMPARE(find(*report, 100)->totals->bytesHostToDevice, std::uint64_t(0)); // the parent moved nothing
        const auto totals = watchTotals(*report);
        QVERIFY(totals);
        QCOMPARE(totals->bytesHostToDevice, 48 * MiB);
        QVERIFY(world.takenOpen.empty());
    }

    void followsAHundredChildren()
    {
        World world;
        world.at(10 * ms, [&] {
            for (int i = 0; i < 100; ++i)
                world.fork(100, "worker");
        });
        world.at(500 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options({"sh", "spawn.sh"}), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QCOMPARE(report->processes.size(), std::size_t(101));
        QVERIFY(!anyGpuUse(*report));
        QVERIFY(!watchTotals(*report)); // not reported, never zero
    }

    // A PID used again is another process: the first's counts are its own.
    void tellsAReusedPidFromItsFirstProcess()
    {
        World world;
        world.at(10 * ms, [&] { world.fork(100, "first", 300); });
        world.at(30 * ms, [&] {
            world.uvmCall(300, 4, uvmInitializeRequest);
            world.uvmCall(300, 4, uvmRegisterGpuRequest);
        });
        world.at(40 * ms, [&] { world.migrate(300, 8 * MiB, 0, 0, 1); });
        world.at(300 * ms, [&] { world.exit(300, 0); });
        world.at(700 * ms, [&] { world.fork(100, "second", 300); });
        world.at(800 * ms, [&] {
            world.uvmCall(300, 4, uvmInitializeRequest);
            world.uvmCall(300, 4, uvmRegisterGpuRequest);
        });
        world.at(850 * ms, [&] { world.migrate(300, 0, 2 * MiB, 3, 0); });
        world.at(1200 * ms, [&] { world.exit(300, 0); });
        world.at(1300 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        std::vector<const WatchedProcess *> both;
        for (const WatchedProcess &p : report->processes)
            if (p.pid == 300)
                both.push_back(&p);
        QCOMPARE(both.size(), std::size_t(2));
        QCOMPARE(both[0]->name, std::string("first"));
        QCOMPARE(both[0]->totals->bytesHostToDevice, 8 * MiB);
        QCOMPARE(both[0]->totals->bytesDeviceToHost, std::uint64_t(0));
        QCOMPARE(both[1]->name, std::string("second"));
        QCOMPARE(both[1]->totals->bytesDeviceToHost, 2 * MiB);
    }

    // Each refusal says why, and the process is then not counted (not zero).
    void saysWhyAProcessIsNotCounted_data()
    {
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("yama");
        QTest::addColumn<QString>("expected");
        QTest::addRow("yama scope 2") << EPERM << QStringLiteral("2") << QStringLiteral("ptrace_scope is 2");
        QTest::addRow("old kernel") << ENOSYS << QString() << QStringLiteral("Linux 5.6");
        QTest::addRow("another user") << EPERM << QStringLiteral("0") << QStringLiteral("runs as user");
    }
    void saysWhyAProcessIsNotCounted()
    {
        QFETCH(int, error);
        QFETCH(QString, yama);
        QFETCH(QString, expected);
        World world;
        if (!yama.isEmpty())
            world.writeSystemFile("/proc/sys/kernel/yama/ptrace_scope", yama.toStdString() + "\n");
        if (error == ENOSYS)
            world.writeSystemFile("/proc/sys/kernel/osrelease", "5.4.0-150-generic\n");
        world.takeErrors[100] = error;
        if (QByteArray(QTest::currentDataTag()) == "another user")
            world.uids[100] = 0;
        startsCuda(world, 10 * ms, 100);
        world.at(100 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        const WatchedProcess *root = find(*report, 100);
        QVERIFY(root->usedGpu);
        QCOMPARE(root->attach, Attach::None);
        QVERIFY(!root->totals);
        QVERIFY2(root->note.english().find(expected.toStdString()) != std::string::npos, root->note.english().c_str());
    }

    void runsACommandThatNeverUsesCuda()
    {
        World world;
        world.at(50 * ms, [&] { world.exit(100, 3); });
        const auto report = watchProgram(options({"true"}), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QCOMPARE(report->exitStatus, std::optional<int>(3));
        QVERIFY(!anyGpuUse(*report));
        QVERIFY(report->countersNote.empty());
    }

    // Without the driver the command still runs, unwatched and unheld.
    void runsTheCommandWhereNothingCanBeCounted()
    {
        World world;
        world.driver()->present = false;
        world.at(50 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QVERIFY(!world.spawnedHeld);
        QVERIFY(!report->countersNote.empty());
        QCOMPARE(report->exitStatus, std::optional<int>(0));
    }

    // Where the kernel would not hold the tree: found by polling, and said so.
    void countsByPollingWhereTheTreeCannotBeHeld()
    {
        World world;
        world.canHold = false;
        world.at(10 * ms, [&] { world.uvmCall(100, 9, uvmInitializeRequest); });
        world.at(60 * ms, [&] { world.migrate(100, 4 * MiB, 0, 0, 0); });
        world.at(300 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QVERIFY(!report->countersNote.empty()); // why it was not held
        const WatchedProcess *root = find(*report, 100);
        QCOMPARE(root->attach, Attach::Polled);
        QVERIFY(root->note.english().find("not counted") != std::string::npos);
        QCOMPARE(root->totals->bytesHostToDevice, 4 * MiB); // it was seen before the copy here
        QCOMPARE(world.backstops, 0);
    }

    // SIGINT sent to the watch goes to the command; the report says stopped.
    void passesAStopOnAndWaitsForTheCommand()
    {
        World world;
        StopRequest stop;
        world.onSignal = [&](int pid, int number) {
            if (pid == 100)
                world.at(world.clock() + 30 * ms, [&world, number] { world.exit(100, 128 + number); });
        };
        startsCuda(world, 10 * ms, 100);
        world.at(200 * ms, [&] { stop.signal = SIGINT; });
        const auto report = watchProgram(options(), world.platform(), nullptr, &stop);
        QVERIFY(report.ok());
        QVERIFY(report->stopped);
        QCOMPARE(report->exitStatus, std::optional<int>(130));
        QCOMPARE(world.sent.front(), (std::pair<int, int>(100, SIGINT)));
    }

    // Ctrl+C on a terminal reached the command already: not sent twice;
    // a command that ignores it gets SIGTERM after the grace.
    void escalatesWhenTheCommandIgnoresTheStop()
    {
        World world;
        StopRequest stop;
        stop.forward = false;
        WatchOptions o = options();
        o.stopGraceNs = 200 * ms;
        world.onSignal = [&](int pid, int number) {
            if (pid == 100 && number == SIGTERM)
                world.at(world.clock() + 10 * ms, [&world] { world.exit(100, 143); });
        };
        world.at(100 * ms, [&] { stop.signal = SIGINT; });
        const auto report = watchProgram(o, world.platform(), nullptr, &stop);
        QVERIFY(report.ok());
        QCOMPARE(world.sent.front(), (std::pair<int, int>(100, SIGTERM)));
        QCOMPARE(report->exitStatus, std::optional<int>(143));
    }

    void refusesWhatItCannotWatch()
    {
        World world;
        WatchOptions self;
        self.pid = world.self();
        auto report = watchProgram(self, world.platform(), nullptr, nullptr);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::BadArgument);
        QVERIFY(report.error().message.find("itself") != std::string::npos);

        WatchOptions missing;
        missing.pid = 4242;
        report = watchProgram(missing, world.platform(), nullptr, nullptr);
        QVERIFY(!report.ok());
        QVERIFY(report.error().message.find("no such process") != std::string::npos);

        WatchOptions none;
        report = watchProgram(none, world.platform(), nullptr, nullptr);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::BadArgument);

        // Found and not runnable: what a shell says, with its status.
        world.spawnError = ENOEXEC;
        report = watchProgram(options(), world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        QCOMPARE(report->exitStatus, std::optional<int>(126));
        QVERIFY(report->startError.english().find("cannot run it") != std::string::npos);
        QVERIFY(report->processes.empty());
    }

    // --pid: what it had migrated before is said missing; --wait waits.
    void takesARunningProcess()
    {
        World world;
        world.fork(50, "python3", 400);
        world.uvmCall(400, 11, uvmInitializeRequest);
        WatchOptions o;
        o.pid = 400;
        o.intervalNs = 100 * ms;
        world.at(50 * ms, [&] { world.migrate(400, 2 * MiB, 0, 0, 0); });
        world.at(300 * ms, [&] { world.exit(400, 0); });
        const auto report = watchProgram(o, world.platform(), nullptr, nullptr);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        const WatchedProcess *p = find(*report, 400);
        QCOMPARE(p->attach, Attach::Running);
        QVERIFY(p->note.english().find("before that is not counted") != std::string::npos);
        QCOMPARE(p->totals->bytesHostToDevice, 2 * MiB);

        World idle;
        idle.fork(50, "python3", 401);
        WatchOptions notYet;
        notYet.pid = 401;
        const auto refused = watchProgram(notYet, idle.platform(), nullptr, nullptr);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.find("--wait") != std::string::npos);
    }

    // The injection library's records, as routes in ShareScope's words.
    void groupsMemoryCallsIntoRoutes()
    {
        World world;
        WatchOptions o = options();
        o.api = true;
        startsCuda(world, 10 * ms, 100);
        const auto record
            = [](RouteCall call, std::uint16_t flags, std::uint64_t bytes, std::uint64_t start, std::uint64_t end) {
                  return RouteRecord{
                      routeRecordMagic, 100, static_cast<std::uint16_t>(call), flags, -2, bytes, start, end, 0};
              };
        world.at(20 * ms, [&] {
            world.route(record(RouteCall::Hello, 0, 0, 20 * ms, 20 * ms));
            world.route(record(RouteCall::CopyToDevice, 0, 100 * MiB, 21 * ms, 31 * ms)); // 10 ms
            world.route(record(RouteCall::CopyToDevice, RoutePinned, 100 * MiB, 32 * ms, 34 * ms));
            world.route(record(RouteCall::CopyToHost, RoutePinned | RouteAsync, 50 * MiB, 35 * ms, 35 * ms + 1000));
            world.route(record(RouteCall::AllocManaged, 0, 64 * MiB, 36 * ms, 37 * ms));
            world.route(record(RouteCall::Prefetch, RouteAsync, 64 * MiB, 38 * ms, 38 * ms));
            world.route(record(RouteCall::AllocDevice, 0, 8 * MiB, 39 * ms, 39 * ms)); // not a route
            world.route(RouteRecord{0xBAD, 100, 1, 0, 0, 0, 0, 0, 0}); // not ours: dropped
        });
        world.at(200 * ms, [&] { world.exit(100, 0); });
        const auto report = watchProgram(o, world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        const WatchedProcess *p = find(*report, 100);
        QVERIFY(p->routesSeen);
        const auto use = [&](Route route) { return std::ranges::find(p->routes, route, &RouteUse::route); };
        QCOMPARE(p->routes.size(), std::size_t(4));
        QCOMPARE(use(Route::DeviceCopyPageable)->bytes, 100 * MiB);
        QCOMPARE(use(Route::DeviceCopyPageable)->timedNs, 10 * ms);
        QCOMPARE(use(Route::DeviceCopyPinned)->calls, std::uint64_t(2));
        QCOMPARE(use(Route::DeviceCopyPinned)->timedBytes, 100 * MiB); // the asynchronous one is not timed
        QCOMPARE(use(Route::Managed)->bytes, 64 * MiB);
        QCOMPARE(use(Route::ManagedPrefetch)->calls, std::uint64_t(1));
        QCOMPARE(p->calls.size(), std::size_t(5));
        QVERIFY(std::ranges::any_of(world.spawnedEnvironment, [](const std::string &v) {
            return v.starts_with(std::string(routeSocketVariable) + "=");
        }));
    }

    void roundTripsItsReport()
    {
        World world;
        WatchOptions o = options();
        o.api = true;
        startsCuda(world, 10 * ms, 100);
        world.at(20 * ms, [&] {
            world.route(RouteRecord{routeRecordMagic, 100, static_cast<std::uint16_t>(RouteCall::CopyToHost), 0, -2,
                                    MiB, 21 * ms, 22 * ms, 0});
        });
        world.at(150 * ms, [&] { world.migrate(100, 3 * MiB, MiB, 5, 6); });
        world.at(300 * ms, [&] { world.exit(100, 0); });
        auto report = watchProgram(o, world.platform(), nullptr, nullptr);
        QVERIFY(report.ok());
        report->processes.front().migratedByCause = std::array<std::uint64_t, migrationCauseCount>{1, 2, 3, 4, 5, 6};
        report->processes.front().bytesDeviceToDevice = 7;
        const std::string json = watchToJson(*report);
        QVERIFY(isWatchDocument(json));
        const auto back = readWatch(json);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(*back == *report);
        QCOMPARE(watchToJson(*back), json);

        const std::string csv = watchToCsv(*report);
        QCOMPARE(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')),
                 1 + report->processes.front().samples.size());
        QVERIFY(csv.find("100,python3,3145728,1048576,5,6") != std::string::npos);
        QJsonParseError error;
        const QJsonDocument trace = QJsonDocument::fromJson(QByteArray::fromStdString(watchToTrace(*report)), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(trace.object().value(QStringLiteral("traceEvents")).toArray().size() >= 3);
    }

    void refusesBrokenReports_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("not JSON") << QStringLiteral("{") << QStringLiteral("not valid JSON");
        QTest::addRow("a run report") << QStringLiteral(R"({"format": "sharescope-run"})")
                                      << QStringLiteral("not a ShareScope watch report");
        QTest::addRow("newer") << QStringLiteral(R"({"format": "sharescope-watch", "formatVersion": 9})")
                               << QStringLiteral("newer");
        QTest::addRow("missing field") << QStringLiteral(R"({"format": "sharescope-watch", "formatVersion": 1})")
                                       << QStringLiteral("is missing");
    }
    void refusesBrokenReports()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto read = readWatch(text.toStdString());
        QVERIFY(!read.ok());
        QVERIFY2(read.error().message.find(message.toStdString()) != std::string::npos, read.error().message.c_str());
    }

    // /proc/PID/stat as the kernel writes it, and as it must never break us.
    void readsStatLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("pid");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("parent");
        QTest::addColumn<qulonglong>("start");
        const QString tail = QStringLiteral(" 0 0 0 -1 4194304 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 20");
        QTest::addRow("plain") << QStringLiteral("1234 (python3) S 1200") + tail << 1234 << "python3" << 1200
                               << qulonglong(987654);
        QTest::addRow("spaces and parentheses")
            << QStringLiteral("77 (a (b) c) R 1") + tail << 77 << "a (b) c" << 1 << qulonglong(987654);
        QTest::addRow("cut short") << QStringLiteral("1234 (python3) S 1200 0 0") << -1 << "" << 0 << qulonglong(0);
        QTest::addRow("no name") << QStringLiteral("1234 python3 S 1200") + tail << -1 << "" << 0 << qulonglong(0);
        QTest::addRow("garbage") << QStringLiteral("\x01\x02 )(") << -1 << "" << 0 << qulonglong(0);
        QTest::addRow("empty") << QString() << -1 << "" << 0 << qulonglong(0);
        QTest::addRow("negative pid") << QStringLiteral("-5 (x) S 1") + tail << -1 << "" << 0 << qulonglong(0);
    }
    void readsStatLines()
    {
        QFETCH(QString, line);
        QFETCH(int, pid);
        QFETCH(QString, name);
        QFETCH(int, parent);
        QFETCH(qulonglong, start);
        const auto stat = parseProcStat(line.toStdString());
        if (pid < 0) {
            QVERIFY(!stat);
            return;
        }
        QVERIFY(stat);
        QCOMPARE(stat->pid, pid);
        QCOMPARE(QString::fromStdString(stat->name), name);
        QCOMPARE(stat->parentPid, parent);
        QCOMPARE(stat->startTicks, std::uint64_t(start));
    }

    void readsCommandLinesAndChildren()
    {
        using namespace std::string_literals;
        const auto arguments = parseCommandLine("python3\0-c\0print('a b')\0"s);
        QCOMPARE(arguments, (std::vector<std::string>{"python3", "-c", "print('a b')"}));
        QCOMPARE(commandText(arguments), std::string("python3 -c 'print('\\''a b'\\'')'"));
        QCOMPARE(commandText({std::string(300, 'x')}, 10), std::string(10, 'x') + "…");
        QCOMPARE(parseChildren("12 13 x 14\n"), (std::vector<int>{12, 13, 14}));
        QVERIFY(parseChildren("").empty());
    }

    void findsProgramsAsAShellDoes()
    {
        auto found = findProgram("sh", "/nonexistent:/bin:/usr/bin");
        QVERIFY(std::holds_alternative<std::string>(found));
        QVERIFY(std::get<std::string>(found).ends_with("/sh"));
        found = findProgram("no-such-program-here", "/bin:/usr/bin");
        QCOMPARE(std::get<ProgramProblem>(found).exitStatus, 127);
        found = findProgram("/etc", "/bin");
        QCOMPARE(std::get<ProgramProblem>(found).exitStatus, 126);
        found = findProgram("", "/bin");
        QCOMPARE(std::get<ProgramProblem>(found).exitStatus, 127);
    }
};

QTEST_GUILESS_MAIN(TestWatch)
#include "tst_watch.moc"
