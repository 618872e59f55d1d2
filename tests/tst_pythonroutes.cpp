// SPDX-License-Identifier: GPL-3.0-or-later
// The Python routes of `sharescope python`: their lines, read as hostile
// input (a route is the user's interpreter and packages, which may print
// anything), and the runner, against a fake interpreter that hangs, floods,
// crashes or prints garbage, and against the real pyopencl routes on the
// machine's OpenCL device where its python3 has pyopencl.
#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>

using namespace sharescope;
using namespace std::chrono_literals;

namespace {

constexpr std::uint64_t size = 1 << 20;

std::string measuredLine(const std::string &route = "cupy-pinned", const std::string &step = "to-device",
                         const std::string &bytes = "1048576")
{
    return "{\"route\": \"" + route
        + "\", \"state\": \"measured\", \"framework\": \"cupy 14.2\", \"memory\": \"pinned\"," + " \"step\": \"" + step
        + "\", \"bytes\": " + bytes + ", \"medianNs\": 20000, \"samples\": 5, \"shared\": false}";
}

} // namespace

class TestPythonRoutes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // A fake interpreter: a shell script that does what FAKE says.
    std::string fake(const QString &name, const QByteArray &body)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write("#!/bin/sh\n" + body + "\n");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path.toStdString();
    }

    PythonRouteResult runWith(const std::string &interpreter, std::chrono::milliseconds deadline = 5s)
    {
        PythonRunPlan plan;
        plan.interpreter = interpreter;
        plan.bytes = size;
        plan.iterations = 2;
        plan.warmup = 0;
        plan.deadline = deadline;
        return runPythonRoute(plan, PythonRouteId::CupyPinned, "print('never run by the fakes')");
    }

private slots:
    void namesEveryRouteOnceWithItsMode()
    {
        QCOMPARE(pythonRoutes().size(), std::size_t(17));
        for (const PythonRouteInfo &route : pythonRoutes()) {
            QCOMPARE(pythonRouteFromName(route.name), std::optional(route.id));
            QCOMPARE(&pythonRouteInfo(route.id), &route);
            QVERIFY(route.phase == Phase::ToDevice || route.phase == Phase::Kernel || route.phase == Phase::IpcOpen);
            // An opening of another process's memory is beside the mode that does it.
            QCOMPARE(route.phase == Phase::IpcOpen, route.mode == ModeId::Ipc);
            // Each route's script ships.
            QVERIFY2(QFile::exists(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../resources/python/%1.py")
                                       .arg(QString::fromUtf8(route.name.data(), qsizetype(route.name.size())))),
                     route.name.data());
        }
    }

    void parsesRouteLists()
    {
        QCOMPARE(parsePythonRoutes("all")->size(), pythonRoutes().size());
        const auto two = parsePythonRoutes("torch-pinned,cupy-managed,torch-pinned");
        QVERIFY(two);
        QCOMPARE(*two, (std::vector{PythonRouteId::TorchPinned, PythonRouteId::CupyManaged}));
        for (const char *bad : {"", "torch", "cupy-pinned,", ",cupy-pinned", "all,cupy-pinned"}) {
            const auto refused = parsePythonRoutes(bad);
            QVERIFY2(!refused, bad);
            QCOMPARE(refused.error().kind, ErrorKind::BadArgument);
            QVERIFY2(refused.error().message.find("accepted: all, cupy-device") != std::string::npos,
                     refused.error().message.c_str());
        }
    }

    void readsAMeasuredLine()
    {
        const auto r = parsePythonRouteLine(PythonRouteId::CupyPinned, measuredLine(), size);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->state, RouteState::Measured);
        QCOMPARE(r->framework, std::string("cupy 14.2"));
        QCOMPARE(r->medianNs, std::uint64_t(20000));
        QCOMPARE(r->samples, 5);
        QCOMPARE(r->shared, std::optional(false));
        const auto notRun = parsePythonRouteLine(
            PythonRouteId::CupyPinned, "{\"route\": \"cupy-pinned\", \"state\": \"not-run\", \"reason\": \"no cupy\"}",
            size);
        QVERIFY(notRun);
        QCOMPARE(notRun->state, RouteState::NotRun);
        QCOMPARE(notRun->reason, std::string("no cupy"));
    }

    void refusesWhatIsNotAResult_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty") << QByteArray() << "not a JSON object";
        QTest::newRow("text") << QByteArray("Traceback (most recent call last):") << "not a JSON object";
        QTest::newRow("array") << QByteArray("[1, 2]") << "not a JSON object";
        QTest::newRow("cut short") << QByteArray(measuredLine().substr(0, 60).c_str()) << "not a JSON object";
        QTest::newRow("deep") << QByteArray(60000, '[') << "not a JSON object";
        QTest::newRow("no route") << QByteArray("{\"state\": \"measured\"}") << "no \"route\"";
        QTest::newRow("another route") << QByteArray(measuredLine("torch-pinned").c_str()) << "not 'cupy-pinned'";
        QTest::newRow("route a number") << QByteArray("{\"route\": 7}") << "\"route\" is not a string";
        QTest::newRow("unknown state") << QByteArray("{\"route\": \"cupy-pinned\", \"state\": \"great\"}")
                                       << "unknown \"state\" 'great'";
        QTest::newRow("failed, no reason")
            << QByteArray("{\"route\": \"cupy-pinned\", \"state\": \"failed\"}") << "without a \"reason\"";
        QTest::newRow("another step") << QByteArray(measuredLine("cupy-pinned", "kernel").c_str())
                                      << "\"step\" is 'kernel', not 'to-device'";
        QTest::newRow("other bytes") << QByteArray(measuredLine("cupy-pinned", "to-device", "4096").c_str())
                                     << "not the 1048576 asked for";
        QTest::newRow("negative bytes") << QByteArray(measuredLine("cupy-pinned", "to-device", "-1").c_str())
                                        << "\"bytes\" is not a whole number";
        QTest::newRow("fractional bytes") << QByteArray(measuredLine("cupy-pinned", "to-device", "1048576.5").c_str())
                                          << "\"bytes\" is not a whole number";
        QTest::newRow("bytes as text") << QByteArray(measuredLine("cupy-pinned", "to-device", "\"1048576\"").c_str())
                                       << "\"bytes\" is not a whole number";
        QTest::newRow("huge bytes") << QByteArray(measuredLine("cupy-pinned", "to-device", "1e400").c_str())
                                    << "not a JSON object";
        std::string zero = measuredLine();
        zero.replace(zero.find("20000"), 5, "0");
        QTest::newRow("no time") << QByteArray(zero.c_str()) << "\"medianNs\" is 0";
        std::string noSamples = measuredLine();
        noSamples.replace(noSamples.find("\"samples\": 5"), 12, "\"samples\": 0");
        QTest::newRow("no samples") << QByteArray(noSamples.c_str()) << "\"samples\" is 0";
        std::string sharedText = measuredLine();
        sharedText.replace(sharedText.find("false"), 5, "\"yes\"");
        QTest::newRow("shared as text") << QByteArray(sharedText.c_str()) << "\"shared\" is not true, false or null";
        const std::string longReason
            = "{\"route\": \"cupy-pinned\", \"state\": \"failed\", \"reason\": \"" + std::string(5000, 'x') + "\"}";
        QTest::newRow("long reason") << QByteArray(longReason.c_str()) << "longer than 1024 bytes";
    }
    void refusesWhatIsNotAResult()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, says);
        const auto r = parsePythonRouteLine(PythonRouteId::CupyPinned, line.toStdString(), size);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(says), r.error().message.c_str());
    }

    void readsTheHandOffMatrix()
    {
        const std::string line
            = "{\"route\": \"dlpack-matrix\", \"state\": \"measured\", "
              "\"versions\": {\"cupy\": \"14.2.0\", \"torch\": \"2.11.0\"}, \"cells\": ["
              "{\"producer\": \"cupy\", \"memory\": \"managed\", \"consumer\": \"torch\", "
              "\"interface\": \"dlpack\", \"outcome\": \"refused\", \"message\": "
              "\"RuntimeError: Unsupported device_type: 13\", \"producerDevice\": \"kDLCUDAManaged\"},"
              "{\"producer\": \"cupy\", \"memory\": \"device\", \"consumer\": \"numba\", "
              "\"interface\": \"cuda-array-interface\", \"outcome\": \"shared\"}]}";
        const auto matrix = parseDlpackMatrixLine(line);
        QVERIFY2(matrix, matrix ? "" : matrix.error().message.c_str());
        QCOMPARE(matrix->versions.at("torch"), std::string("2.11.0"));
        QCOMPARE(matrix->cells.size(), std::size_t(2));
        QCOMPARE(matrix->cells[0].outcome, HandOff::Refused);
        QCOMPARE(matrix->cells[0].producerDevice, std::string("kDLCUDAManaged"));
        QCOMPARE(matrix->cells[1].outcome, HandOff::Shared);
        QCOMPARE(handOffName(HandOff::Unavailable), std::string_view("unavailable"));
    }
    void refusesAHostileMatrix_data()
    {
        QTest::addColumn<QByteArray>("cells");
        QTest::addColumn<QString>("says");
        const QByteArray good = "\"producer\": \"cupy\", \"memory\": \"device\", \"consumer\": \"jax\", "
                                "\"interface\": \"dlpack\"";
        QTest::newRow("not a list") << QByteArray("{}") << "no \"cells\" list";
        QTest::newRow("a number") << QByteArray("[1]") << "a cell that is not an object";
        QTest::newRow("unknown framework")
            << QByteArray("[{\"producer\": \"tensorflow\", \"memory\": \"device\", \"consumer\": \"jax\", "
                          "\"interface\": \"dlpack\", \"outcome\": \"shared\"}]")
            << "unknown framework or memory";
        QTest::newRow("unknown outcome") << "[{" + good + ", \"outcome\": \"maybe\"}]"
                                         << "unknown outcome 'maybe'";
        QTest::newRow("refused, no message") << "[{" + good + ", \"outcome\": \"refused\"}]"
                                             << "refused cell without a message";
        QTest::newRow("twice") << "[{" + good + ", \"outcome\": \"shared\"}, {" + good + ", \"outcome\": \"copied\"}]"
                               << "a cell given twice";
        QByteArray many = "[";
        for (int i = 0; i < 49; ++i)
            many += QByteArray(i ? "," : "") + "{" + good + ", \"outcome\": \"shared\"}";
        QTest::newRow("too many") << many + "]"
                                  << "more cells than";
    }
    void refusesAHostileMatrix()
    {
        QFETCH(QByteArray, cells);
        QFETCH(QString, says);
        const std::string line = "{\"route\": \"dlpack-matrix\", \"cells\": " + cells.toStdString() + "}";
        const auto matrix = parseDlpackMatrixLine(line);
        QVERIFY(!matrix);
        QVERIFY2(QString::fromStdString(matrix.error().message).contains(says), matrix.error().message.c_str());
        QVERIFY(!parseDlpackMatrixLine("{\"route\": \"cupy-pinned\"}"));
    }

    void blanksControlCharacters()
    {
        const auto r = parsePythonRouteLine(
            PythonRouteId::CupyPinned,
            "{\"route\": \"cupy-pinned\", \"state\": \"failed\", \"reason\": \"a\\nb\\u001b[2Jc\"}", size);
        QVERIFY(r);
        QCOMPARE(r->reason, std::string("a b [2Jc"));
    }

    // The runner against interpreters that misbehave: each ends as a
    // failure that says why, promptly, with no process left behind.
    void stopsARouteThatHangs()
    {
        const auto start = std::chrono::steady_clock::now();
        const PythonRouteResult r = runWith(fake("hang", "exec sleep 60"), 500ms);
        QCOMPARE(r.state, RouteState::Failed);
        QCOMPARE(r.problem, RouteProblem::Deadline);
        QVERIFY(std::chrono::steady_clock::now() - start < 10s);
    }
    void cutsOffARouteThatFloods()
    {
        const PythonRouteResult r = runWith(fake("flood", "exec yes xxxxxxxxxxxxxxxx | tr -d '\\n'"));
        QCOMPARE(r.state, RouteState::Failed);
        QCOMPARE(r.problem, RouteProblem::Flood);
    }
    void saysHowACrashedRouteEnded()
    {
        const PythonRouteResult r = runWith(fake("crash", "kill -SEGV $$"));
        QCOMPARE(r.state, RouteState::Failed);
        QCOMPARE(r.problem, RouteProblem::Ended);
        QVERIFY2(r.detail.find("signal 11") != std::string::npos, r.detail.c_str());
    }
    void refusesGarbage()
    {
        const PythonRouteResult r = runWith(fake("garbage", "echo '{\"route\": \"cupy-pinned\", \"state\": 1}'"));
        QCOMPARE(r.state, RouteState::Failed);
        QCOMPARE(r.problem, RouteProblem::Unreadable);
        QVERIFY2(r.detail.find("\"state\" is not a string") != std::string::npos, r.detail.c_str());
    }
    void takesTheLastLineAfterAFrameworksOwnOutput()
    {
        const std::string line = measuredLine();
        const PythonRouteResult r
            = runWith(fake("chatty", "echo 'loading CUDA...'; echo; echo '" + QByteArray(line.c_str()) + "'"));
        QCOMPARE(r.state, RouteState::Measured);
        QCOMPARE(r.medianNs, std::uint64_t(20000));
    }
    void findsTheInterpreterByPathOrName()
    {
        QVERIFY(findPython("sh").ends_with("/sh"));
        QCOMPARE(findPython("/bin/sh"), std::string("/bin/sh"));
        QVERIFY(findPython("/no/such/python3").empty());
        QVERIFY(findPython("no-such-python-anywhere").empty());
        QVERIFY(findPython("").empty());
        QCOMPARE(findPython(fake("here", "exit 0")), fake("here", "exit 0"));
    }
    void saysWhenThereIsNoInterpreter()
    {
        const PythonRouteResult none = runWith("");
        QCOMPARE(none.state, RouteState::NotRun);
        QCOMPARE(none.problem, RouteProblem::NoInterpreter);
        const PythonRouteResult missing = runWith(m_dir.filePath("no-such-python").toStdString());
        QCOMPARE(missing.state, RouteState::NotRun);
        QCOMPARE(missing.problem, RouteProblem::CannotStart);
        QVERIFY2(missing.detail.find("no-such-python") != std::string::npos, missing.detail.c_str());
    }

    // The real routes, where this machine's system python3 has pyopencl
    // (Debian's python3-pyopencl, which scripts/setup.sh installs): run on
    // the first OpenCL device, measured, and shared in place.
    void runsThePyopenclRoutes()
    {
        const std::string python = "/usr/bin/python3";
        if (!QFile::exists(QString::fromStdString(python)))
            QSKIP("no /usr/bin/python3 here");
        const auto source = [](const char *name) {
            QFile common(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../resources/python/route.py"));
            QFile own(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../resources/python/%1.py").arg(QLatin1String(name)));
            if (!common.open(QIODevice::ReadOnly) || !own.open(QIODevice::ReadOnly))
                qFatal("the route scripts are missing");
            return (common.readAll() + "\n" + own.readAll()).toStdString();
        };
        PythonRunPlan plan;
        plan.interpreter = python;
        plan.bytes = size;
        plan.iterations = 2;
        plan.warmup = 1;
        plan.deadline = 120s;
        for (const auto &[route, name] : {std::pair{PythonRouteId::PyopenclUseHostPtr, "pyopencl-use-host-ptr"},
                                          std::pair{PythonRouteId::PyopenclAllocHostPtr, "pyopencl-alloc-host-ptr"}}) {
            const PythonRouteResult r = runPythonRoute(plan, route, source(name));
            if (r.state == RouteState::NotRun)
                QSKIP(qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(name), QString::fromStdString(r.reason))));
            QVERIFY2(r.state == RouteState::Measured, (r.reason + r.detail).c_str());
            QVERIFY(r.framework.starts_with("pyopencl "));
            QCOMPARE(r.bytes, size);
            QCOMPARE(r.samples, 2);
            QVERIFY(r.medianNs > 0);
            QVERIFY(r.shared.has_value());
        }
    }

    // numba-ipc and torch-multiprocessing start a second process from a
    // script run with python3 -c; tests/python/other-process-route.py does
    // the same with the standard library. What the second process does
    // comes back, its errors and its end are the route's, and nothing of it
    // is left behind: not its folder, and not the process itself when
    // ShareScope stops the route at the deadline.
    void asksAnotherProcess_data()
    {
        QTest::addColumn<QByteArray>("what");
        QTest::addColumn<int>("deadlineSeconds");
        QTest::addColumn<QString>("reason"); // empty: measured
        QTest::newRow("answers") << QByteArray("answer") << 60 << QString();
        QTest::newRow("ends") << QByteArray("exit") << 60 << QStringLiteral("the other process ended with exit code 3");
        QTest::newRow("raises") << QByteArray("raise") << 60
                                << QStringLiteral("in the other process: ValueError: refused by the test");
        QTest::newRow("hangs") << QByteArray("hang") << 4 << QString();
    }

    void asksAnotherProcess()
    {
        QFETCH(QByteArray, what);
        QFETCH(int, deadlineSeconds);
        QFETCH(QString, reason);
        const std::string python = "/usr/bin/python3";
        if (!QFile::exists(QString::fromStdString(python)))
            QSKIP("no /usr/bin/python3 here");
        QFile common(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../resources/python/route.py"));
        QFile own(QStringLiteral(QT_TESTCASE_SOURCEDIR "/python/other-process-route.py"));
        QVERIFY(common.open(QIODevice::ReadOnly) && own.open(QIODevice::ReadOnly));
        QTemporaryDir temporary;
        QVERIFY(temporary.isValid());
        const QByteArray oldTemporary = qgetenv("TMPDIR");
        qputenv("TMPDIR", QFile::encodeName(temporary.path()));
        qputenv("SHARESCOPE_TEST_OTHER", what);
        PythonRunPlan plan;
        plan.interpreter = python;
        plan.bytes = size;
        plan.iterations = 2;
        plan.warmup = 1;
        plan.deadline = std::chrono::seconds(deadlineSeconds);
        const PythonRouteResult r
            = runPythonRoute(plan, PythonRouteId::NumbaIpc, (common.readAll() + "\n" + own.readAll()).toStdString());
        qputenv("TMPDIR", oldTemporary);
        qunsetenv("SHARESCOPE_TEST_OTHER");
        if (what == "hang") {
            QCOMPARE(r.problem, RouteProblem::Deadline);
        } else if (reason.isEmpty()) {
            QVERIFY2(r.state == RouteState::Measured, (r.reason + r.detail).c_str());
            QCOMPARE(r.samples, 2);
            QCOMPARE(r.medianNs, std::uint64_t(2500)); // the other process's 2000 and 3000; 1000 was the warm-up
            QCOMPARE(r.shared, std::optional(true));
        } else {
            QCOMPARE(r.state, RouteState::Failed);
            QVERIFY2(QString::fromStdString(r.reason).contains(reason), r.reason.c_str());
        }
        // The private folder goes; where the route was stopped, the other
        // process removes it when it sees its parent gone, then ends.
        QTRY_VERIFY_WITH_TIMEOUT(QDir(temporary.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                                 10000);
    }

    void initTestCase() { QVERIFY(m_dir.isValid()); }
};

QTEST_GUILESS_MAIN(TestPythonRoutes)
#include "tst_pythonroutes.moc"
