// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"
#include "catalogue.h"
#include "examplereports.h"
#include "report/reportjson.h"
#include "report/runreport.h"
#include "textconv.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <QElapsedTimer>

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

// The built binary, run as a user runs it.
class TestCli : public QObject
{
    Q_OBJECT

private:
    struct Outcome
    {
        int exitCode = -1;
        QByteArray out;
        QString err;
    };

    // Messages follow the system's language: English unless `locale` says otherwise.
    Outcome run(const QStringList &arguments, int timeoutMs = 300000, const QString &locale = "C.UTF-8")
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("LC_ALL", locale);
        environment.remove("LANGUAGE");
        process.setProcessEnvironment(environment);
        process.start(binary(), arguments);
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
                QString::fromUtf8(process.readAllStandardError())};
    }

    QTemporaryDir m_dir;

    // The binary this build made; SHARESCOPE_BINARY overrides it where the
    // build folder has moved (a copy on another machine).
    static QString binary() { return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY)); }

private slots:
    // sharescope python as a user runs it: an interpreter that does not
    // exist is a bad argument; one without the frameworks says "not run
    // here" for each route and exits 0; the JSON names every route.
    void runsThePythonRoutesAsTheyCan()
    {
        const Outcome missing = run({"python", "--python", "/no/such/python3"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("--python '/no/such/python3': no such executable"), qPrintable(missing.err));
        QVERIFY(missing.out.isEmpty());
        // `true`, found on PATH by name, stands in for an interpreter that
        // ends without printing a result.
        const Outcome shell = run(
            {"python", "--python", "true", "--routes", "cupy-pinned,torch-device", "--size", "1MiB", "--json", "-"});
        QCOMPARE(shell.exitCode, 1); // each route failed: nothing was printed
        const QJsonDocument document = QJsonDocument::fromJson(shell.out);
        QCOMPARE(document["format"].toString(), QStringLiteral("sharescope-python"));
        const QJsonArray routes = document["routes"].toArray();
        QCOMPARE(routes.size(), 2);
        QCOMPARE(routes[0]["route"].toString(), QStringLiteral("cupy-pinned"));
        QCOMPARE(routes[0]["state"].toString(), QStringLiteral("failed"));
        QVERIFY2(routes[0]["reason"].toString().startsWith("it ended without a result"),
                 qPrintable(routes[0]["reason"].toString()));
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            return;
        const Outcome real = run({"python", "--python", "/usr/bin/python3", "--routes",
                                  "cupy-managed,pyopencl-use-host-ptr", "--size", "1MiB", "--iterations", "2"});
        QVERIFY2(real.exitCode == 0, qPrintable(real.err));
        // Issue 43: the routes whose package is missing, on one line per
        // package; one summary line; where the H200's figures are.
        QVERIFY2(real.out.contains("not run here, cupy is not installed: cupy-managed"), real.out.constData());
        QVERIFY2(real.out.contains("of 2 routes measured, 0 failed,"), real.out.constData());
        QVERIFY2(real.out.contains("Every route measured on an NVIDIA H200") && real.out.contains("measurements.md"),
                 real.out.constData());
    }

    void listsDevicesAsJson()
    {
        const Outcome outcome = run({"devices", "--json"});
        QCOMPARE(outcome.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(outcome.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonArray devices = document.object()["devices"].toArray();
        QVERIFY(!devices.isEmpty());
        bool cpuDevice = false;
        for (const QJsonValue &device : devices) {
            QVERIFY(device["id"].toString().contains(':'));
            QVERIFY(device["globalMemoryBytes"].toDouble() > 0);
            cpuDevice = cpuDevice || (device["backend"].toString() == "opencl" && device["cpuDevice"].toBool());
        }
        if (!qEnvironmentVariableIsSet("SHARESCOPE_NO_POCL"))
            QVERIFY2(cpuDevice, "PoCL's CPU device is missing; scripts/setup.sh installs pocl-opencl-icd");
    }

    void listsDevicesAndModesAsTables()
    {
        Outcome outcome = run({"devices"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains("opencl:0"));
        outcome = run({"modes", "--device", "opencl:0"});
        QCOMPARE(outcome.exitCode, 0);
        for (const char *mode :
             {"cl-copy", "cl-use-host-ptr", "cl-alloc-host-ptr", "cl-svm-coarse", "cl-svm-fine", "managed"})
            QVERIFY(outcome.out.contains(mode));
        QVERIFY(outcome.out.contains("managed is a CUDA mode"));
        outcome = run({"modes", "--json"});
        QCOMPARE(outcome.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(outcome.out).object()["modes"].toArray().size(),
                 static_cast<qsizetype>(sharescope::modes().size()));
    }

    void runsAndWritesJsonToStdout()
    {
        const Outcome outcome
            = run({"run", "--device", "opencl:0", "--mode", "cl-use-host-ptr", "--size", "1MiB", "--json", "-"});
        QCOMPARE(outcome.exitCode, 0);
        QJsonParseError error;
        const QJsonObject report = QJsonDocument::fromJson(outcome.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + outcome.out.left(200)));
        QCOMPARE(report["format"].toString(), QStringLiteral("sharescope-report"));
        QVERIFY(report["verification"]["passed"].toBool());
        QCOMPARE(report["spec"]["mode"].toString(), QStringLiteral("cl-use-host-ptr"));
        QCOMPARE(report["summary"].toArray().size(), 7);
        QVERIFY(report["command"].toString().startsWith("sharescope run --device opencl:0 --mode cl-use-host-ptr"));
    }

    void printsARunTable()
    {
        const QString csv = m_dir.filePath("run.csv");
        const Outcome outcome = run({"run", "--device", "opencl:0", "--mode", "cl-copy", "--kernel", "scale", "--size",
                                     "256KiB", "--iterations", "3", "--csv", csv});
        QCOMPARE(outcome.exitCode, 0);
        for (const char *phase : {"alloc", "host-init", "to-device", "kernel", "to-host", "host-read", "free",
                                  "verified    yes", "reproduce"})
            QVERIFY2(outcome.out.contains(phase), phase);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 1 + 4 * 5 + 1); // header, alloc, (warm-up + 3) x 5 phases, free
        QVERIFY(lines[0].startsWith("device,mode,kernel,bytes,iteration"));
    }

    // --trace writes the run as Trace Event Format: every phase of every
    // iteration exactly once, alloc and free once, beside the JSON report.
    void writesATrace()
    {
        const QString trace = m_dir.filePath("run.trace.json");
        const QString json = m_dir.filePath("traced.json");
        const Outcome outcome = run({"run", "--device", "opencl:0", "--mode", "cl-copy", "--size", "256KiB",
                                     "--iterations", "3", "--warmup", "1", "--trace", trace, "--json", json});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(outcome.out.contains("verified    yes")); // the table still goes to stdout
        QFile traceFile(trace);
        QVERIFY(traceFile.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject document = QJsonDocument::fromJson(traceFile.readAll(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QMap<QPair<int, QString>, int> seen; // (iteration, phase) -> events
        for (const QJsonValue &event : document["traceEvents"].toArray()) {
            if (event["ph"].toString() != "X" || event["cat"].toString() != "phase")
                continue;
            QVERIFY(event["dur"].toDouble() >= 0);
            ++seen[{event["args"]["iteration"].toInt(), event["name"].toString()}];
        }
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QJsonArray iterations = QJsonDocument::fromJson(jsonFile.readAll()).object()["iterations"].toArray();
        QCOMPARE(iterations.size(), 4); // warm-up + 3
        QMap<QPair<int, QString>, int> expected{{{-1, "alloc"}, 1}, {{-1, "free"}, 1}};
        for (const QJsonValue &iteration : iterations) {
            for (const char *phase : {"host-init", "to-device", "kernel", "to-host", "host-read"})
                expected[{iteration["index"].toInt(), QString::fromLatin1(phase)}] = 1;
        }
        QCOMPARE(seen, expected);
    }

    // Only one output can take stdout, and nothing is written when one is refused.
    void refusesTwoTracesOnStdout()
    {
        const QString json = m_dir.filePath("not-written.json");
        Outcome outcome = run({"run", "--device", "opencl:0", "--size", "4KiB", "--trace", "-", "--csv", "-"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--trace - and --csv - cannot both write to stdout"), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        outcome = run({"demo", "copies-vs-zero-copy", "--device", "opencl:0", "--json", "-", "--trace", "-"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.out.isEmpty());
        outcome = run({"compare", "--device", "opencl:0", "--size", "4KiB", "--json", json, "--trace",
                       m_dir.filePath("no/such/dir/out.trace.json")});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("cannot write"), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(json));
    }

    void comparesTheOpenClModes()
    {
        const QString json = m_dir.filePath("compare.json");
        const Outcome outcome
            = run({"compare", "--device", "opencl:0", "--size", "1MiB", "--iterations", "2", "--json", json});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        for (const char *mode : {"cl-copy", "cl-use-host-ptr", "cl-alloc-host-ptr", "cl-svm-coarse", "cl-svm-fine"})
            QVERIFY2(outcome.out.contains(mode), mode);
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject set = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(set["format"].toString(), QStringLiteral("sharescope-compare"));
        QCOMPARE(set["runs"].toArray().size() + set["skipped"].toArray().size(), 5);
    }

    void rejectsBadInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addRow("size 0") << QStringList{"--size", "0"} << 2 << "invalid size '0'";
        QTest::addRow("size -5M") << QStringList{"--size", "-5M"} << 2 << "invalid size '-5M'";
        QTest::addRow("size 12.5B") << QStringList{"--size", "12.5B"} << 2 << "invalid size '12.5B'";
        QTest::addRow("huge size") << QStringList{"--size", "99999999999999999999GiB"} << 2 << "larger than 16 EiB";
        QTest::addRow("size 64Q") << QStringList{"--size", "64Q"} << 2 << "unknown unit 'Q'";
        QTest::addRow("device opencl:99")
            << QStringList{"--device", "opencl:99"} << 2 << "unknown device 'opencl:99'; available: ";
        QTest::addRow("mode managd") << QStringList{"--mode", "managd"} << 2 << "unknown mode 'managd'; accepted: ";
        QTest::addRow("too large") << QStringList{"--device", "opencl:0", "--size", "1TiB"} << 2
                                   << "is too large for opencl:0";
        QTest::addRow("cuda mode") << QStringList{"--device", "opencl:0", "--mode", "pinned"} << 3
                                   << "pinned is a CUDA mode";
        QTest::addRow("peer mode") << QStringList{"--device", "opencl:0", "--mode", "peer-copy", "--peer", "cuda:1"}
                                   << 3 << "peer-copy is a CUDA mode";
        QTest::addRow("peer itself") << QStringList{"--device",    "opencl:0", "--mode",
                                                    "peer-access", "--peer",   "opencl:0"}
                                     << 2 << "invalid --peer 'opencl:0'; accepted: cuda:N";
        QTest::addRow("peer access maybe") << QStringList{"--mode", "peer-copy", "--peer-access", "maybe"} << 2
                                           << "invalid --peer-access 'maybe'; accepted: on, off";
    }
    void rejectsBadInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString json = m_dir.filePath("bad.json");
        const Outcome outcome = run(QStringList{"run"} + arguments + QStringList{"--json", json});
        QCOMPARE(outcome.exitCode, exitCode);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY(outcome.err.startsWith("sharescope: "));
        QVERIFY2(outcome.out.isEmpty(), outcome.out.constData()); // stdout carries results only
        QVERIFY(!QFile::exists(json)); // no partial output
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).filter("bad").size(), 0);
    }

    void listsTheDemos()
    {
        const Outcome outcome = run({"demo"});
        QCOMPARE(outcome.exitCode, 0);
        for (const char *demo : {"copies-vs-zero-copy", "prefetch", "pages-move-whole", "ping-pong", "other-process"})
            QVERIFY2(outcome.out.contains(demo), demo);
    }

    // The lesson quotes the numbers of the run it follows, as the report has them.
    void runsADemoAndQuotesItsNumbers()
    {
        const QString json = m_dir.filePath("demo.json");
        const Outcome outcome = run({"demo", "copies-vs-zero-copy", "--device", "opencl:0", "--size", "1MiB",
                                     "--iterations", "2", "--json", json});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto set = sharescope::readReports(file.readAll().toStdString());
        QVERIFY(set);
        QCOMPARE(set->runs.size(), std::size_t(3));
        const sharescope::RunReport &copies = set->runs.front();
        QCOMPARE(copies.spec.mode, sharescope::ModeId::ClCopy);
        QCOMPARE(copies.spec.kernel, sharescope::KernelId::VectorAdd);
        const auto summaries = sharescope::summarize(copies);
        const auto toDevice
            = std::ranges::find(summaries, sharescope::Phase::ToDevice, &sharescope::PhaseSummary::phase);
        QVERIFY(toDevice != summaries.end());
        const QString text = QString::fromUtf8(outcome.out).simplified();
        const QString expected = QStringLiteral("copied 3 MiB explicitly: 2 MiB to the device in %1")
                                     .arg(QString::fromStdString(sharescope::formatDuration(toDevice->hostNs.median)));
        QVERIFY2(text.contains(expected), qPrintable(expected + "\n" + text));
        QVERIFY2(text.contains("Copies vs zero-copy"), qPrintable(text));
    }

    void refusesADemoTheDeviceCannotRun()
    {
        const QString json = m_dir.filePath("prefetch.json");
        const Outcome outcome = run({"demo", "prefetch", "--device", "opencl:0", "--json", json});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("the prefetch demo needs a CUDA device"), qPrintable(outcome.err));
        // Files hold this machine's measurements: the shipped lesson is offered instead.
        QVERIFY2(outcome.err.contains("without --json, --csv and --trace"), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        QVERIFY(!QFile::exists(json));
        const Outcome twoGpus = run({"demo", "peer-access", "--device", "opencl:0"});
        QCOMPARE(twoGpus.exitCode, 3); // no example: two GPUs were not there to measure it
        QVERIFY(twoGpus.out.isEmpty());
    }

    // On a device that cannot run it, a demo tells its lesson from the
    // report shipped with the program, said to be measured elsewhere.
    void tellsTheShippedLessonOfADemoTheDeviceCannotRun()
    {
        const Outcome outcome = run({"demo", "prefetch", "--device", "opencl:0"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("cannot run the demo: the prefetch demo needs a CUDA device"),
                 qPrintable(outcome.err));
        const QString text = QString::fromUtf8(outcome.out);
        const auto set = sharescope::readExample(sharescope::ExampleId::Prefetch);
        QVERIFY(set);
        QVERIFY2(text.startsWith("Measured on " + sharescope::q(set->runs.front().device.name)), qPrintable(text));
        QVERIFY2(text.contains("not on this machine"), qPrintable(text));
        QVERIFY2(text.contains("Why prefetch matters"), qPrintable(text));
        for (const char *mode : {"managed", "managed-prefetch"})
            QVERIFY2(text.contains(mode), mode);
    }

    // Issue 43: `show EXAMPLE` prints a shipped report's tables and lesson,
    // labelled as measured on its GPU; without one, the list; an unknown
    // one is a bad argument with nothing on standard output.
    void showsAShippedExample_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("title"); // in the output: the lesson's, or the table's first column
        QTest::addRow("a demo's") << "pages-move-whole"
                                  << "Pages move whole (stride)";
        QTest::addRow("a run") << "managed"
                               << "phase";
        QTest::addRow("a sweep") << "sweep"
                                 << "size";
    }
    void showsAShippedExample()
    {
        QFETCH(QString, example);
        QFETCH(QString, title);
        const Outcome outcome = run({"show", example});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QString text = QString::fromUtf8(outcome.out);
        QVERIFY2(text.startsWith("Measured on NVIDIA H200"), qPrintable(text));
        QVERIFY2(text.contains(title), qPrintable(text));
        QVERIFY2(text.contains("reproduce") || text.contains("verified"), qPrintable(text));
        const Outcome list = run({"show"});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(example.toUtf8()), list.out.constData());
        const Outcome unknown = run({"show", "no-such-example"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("unknown example 'no-such-example'; accepted:"), qPrintable(unknown.err));
        QVERIFY(unknown.out.isEmpty());
    }

    // Issue 43: a demo whose point needs CUDA says so on OpenCL and points
    // to its shipped H200 run; a CUDA mode refused points to its page and
    // its example.
    void pointsToTheH200WhereThePointNeedsCuda()
    {
        const Outcome demo = run({"demo", "pages-move-whole", "--device", "opencl:0", "--size", "1MiB", "--iterations",
                                  "1", "--warmup", "0"});
        QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
        const QString text = QString::fromUtf8(demo.out).simplified();
        QVERIFY2(text.contains("needs CUDA: OpenCL reports no page migrations"), qPrintable(text));
        QVERIFY2(text.contains("`sharescope show pages-move-whole`"), qPrintable(text));
        const Outcome list = run({"demo", "--list"});
        QVERIFY2(QString::fromUtf8(list.out).contains("what it shows needs CUDA"), list.out.constData());

        const Outcome mode = run({"run", "--mode", "managed", "--device", "opencl:0"});
        QCOMPARE(mode.exitCode, 3);
        QVERIFY(mode.out.isEmpty());
        QVERIFY2(mode.err.contains("`sharescope explain managed`") && mode.err.contains("`sharescope show managed`"),
                 qPrintable(mode.err));
        const Outcome peer = run({"run", "--mode", "peer-access", "--device", "opencl:0"});
        QCOMPARE(peer.exitCode, 3);
        QVERIFY2(peer.err.contains("`sharescope explain peer-access`") && !peer.err.contains("sharescope show"),
                 qPrintable(peer.err));
    }

    // --predict without a terminal: the question first, the measured
    // answer beside the one given (--answer) in the lesson.
    void asksTheDemosQuestionFirst()
    {
        Outcome outcome = run({"demo", "prefetch", "--device", "opencl:0", "--answer", "1"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QString text = QString::fromUtf8(outcome.out).simplified();
        QVERIFY2(text.startsWith("Before it runs: Each buffer holds 64 MiB. How many bytes will `managed` move"),
                 qPrintable(text));
        QVERIFY2(text.contains("1. nothing: the memory is shared 2. 64 MiB: one buffer 3. 192 MiB: 3 × 64 MiB"),
                 qPrintable(text));
        QVERIFY2(text.indexOf("Your answer: 1") < text.indexOf("Measured on NVIDIA H200"), qPrintable(text));
        QVERIFY2(text.contains("Measured: `managed` moved 192 MiB across the bus in the `kernel` phase. Your "
                               "prediction: nothing: the memory is shared. The answer: 192 MiB: 3 × 64 MiB."),
                 qPrintable(text));

        // Measured here, on the CPU's OpenCL device: asked, not answered
        // (no terminal), then the answer this run measured.
        outcome = run(
            {"demo", "pages-move-whole", "--device", "opencl:0", "--size", "1MiB", "--iterations", "1", "--predict"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        text = QString::fromUtf8(outcome.out).simplified();
        QVERIFY2(text.contains("How many bytes will `cl-copy` move across the bus in the `to-device` phase?"),
                 qPrintable(text));
        QVERIFY2(text.contains("Measured: `cl-copy` moved 1 MiB across the bus in the `to-device` phase. The answer: "
                               "1 MiB: the whole buffer."),
                 qPrintable(text));
        QVERIFY(!text.contains("Your prediction"));
    }

    void refusesBadDemoArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown demo") << QStringList{"demo", "teleport"} << "unknown demo 'teleport'; accepted: ";
        QTest::addRow("two names") << QStringList{"demo", "prefetch", "ping-pong"} << "unexpected argument 'ping-pong'";
        QTest::addRow("list and name") << QStringList{"demo", "--list", "prefetch"} << "--list takes no demo name";
        QTest::addRow("demo kernel") << QStringList{"demo", "prefetch", "--kernel", "scale"}
                                     << "Unknown option 'kernel'";
        QTest::addRow("bad language") << QStringList{"run", "--lang", "fr"}
                                      << "invalid --lang 'fr'; accepted: en, zh_CN";
        QTest::addRow("leading bad language") << QStringList{"--lang", "fr", "devices"} << "invalid --lang 'fr'";
        QTest::addRow("window demo") << QStringList{"gui", "--demo", "nope"} << "unknown demo 'nope'";
        QTest::addRow("window demo and mode") << QStringList{"gui", "--demo", "prefetch", "--mode", "managed"}
                                              << "--demo chooses the kernel and the modes";
        QTest::addRow("language without value") << QStringList{"--lang"} << "--lang needs a value; accepted: en, zh_CN";
        QTest::addRow("window demo and run")
            << QStringList{"gui", "--demo", "prefetch", "--run"} << "only one of --run, --compare and --demo can start";
        QTest::addRow("answer zero") << QStringList{"demo", "prefetch", "--answer", "0"}
                                     << "--answer '0' is not the number of a choice; accepted: 1 to 4";
        QTest::addRow("answer text") << QStringList{"demo", "prefetch", "--answer", "three"}
                                     << "--answer 'three' is not the number of a choice";
        QTest::addRow("answer huge") << QStringList{"demo", "prefetch", "--answer", "99999999999999"}
                                     << "--answer '99999999999999' is not the number of a choice";
        QTest::addRow("predict and json on stdout")
            << QStringList{"demo", "prefetch", "--predict", "--json", "-"} << "give --json a file";
        QTest::addRow("answer and csv on stdout")
            << QStringList{"demo", "prefetch", "--answer", "2", "--csv", "-"} << "give --csv a file";
        QTest::addRow("predict and trace on stdout")
            << QStringList{"demo", "prefetch", "--predict", "--trace", "-"} << "give --trace a file";
        QTest::addRow("window predict without demo")
            << QStringList{"gui", "--predict"} << "--predict and --answer ask a demo's question";
    }
    void refusesBadDemoArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Outcome outcome = run(arguments);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
    }

    // --lang, or the system's language, chooses the language of people's
    // messages; JSON stays English.
    void speaksChinese()
    {
        Outcome outcome = run({"--lang", "zh_CN", "--help"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(QString::fromUtf8(outcome.out).contains("用法：sharescope"), outcome.out.constData());
        outcome = run({"run", "--kernel", "nope"}, 30000, "zh_CN.UTF-8");
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("未知内核"), qPrintable(outcome.err));
        outcome = run({"run", "--kernel", "nope", "--lang", "en"}, 30000, "zh_CN.UTF-8");
        QVERIFY2(outcome.err.contains("unknown kernel 'nope'"), qPrintable(outcome.err));
        outcome = run({"demo", "pages-move-whole", "--device", "opencl:0", "--size", "1MiB", "--iterations", "1",
                       "--lang", "zh_CN"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QString text = QString::fromUtf8(outcome.out);
        QVERIFY2(text.contains("页面整页迁移") && text.contains("模式"), qPrintable(text));
        outcome = run({"modes", "--json", "--lang", "zh_CN"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains("\"supported\""));
        QVERIFY(outcome.out.contains("cudaMalloc buffers; cudaMemcpy")); // JSON keeps the English summaries
    }

    void refusesAnUnwritableOutputBeforeRunning()
    {
        const Outcome outcome
            = run({"run", "--device", "opencl:0", "--size", "4KiB", "--json", m_dir.filePath("no/such/dir/out.json")});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("cannot write"), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
    }

    // Stopped between phases: buffers freed, no output, and the exit code a
    // shell expects of a signal (128 + it). stderr is a terminal, so that the
    // run's progress says when it has started.
    void cancelsOnASignalWithoutPartialOutput_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QStringList>("command");
        const QStringList run{"run", "--mode", "cl-copy", "--size", "64MiB", "--iterations", "10000"};
        const QStringList compare{"compare", "--size", "64MiB", "--iterations", "200"};
        QTest::addRow("run, SIGINT") << SIGINT << run;
        QTest::addRow("run, SIGTERM") << SIGTERM << run;
        QTest::addRow("compare, SIGINT") << SIGINT << compare;
    }
    void cancelsOnASignalWithoutPartialOutput()
    {
        QFETCH(int, signal);
        QFETCH(QStringList, command);
        const QString json = m_dir.filePath("cancelled.json");
        const int terminal = ::posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        QVERIFY(terminal >= 0 && ::grantpt(terminal) == 0 && ::unlockpt(terminal) == 0);
        const QByteArray terminalName = ::ptsname(terminal);
        QProcess process;
        process.setChildProcessModifier([terminalName] {
            const int fd = ::open(terminalName.constData(), O_RDWR | O_NOCTTY);
            ::dup2(fd, STDERR_FILENO);
            ::close(fd);
        });
        process.start(binary(), command + QStringList{"--device", "opencl:0", "--json", json});
        QVERIFY(process.waitForStarted());
        QByteArray err;
        QElapsedTimer timer;
        timer.start();
        while (!err.contains('%') && process.state() == QProcess::Running && timer.elapsed() < 120000) {
            char chunk[256];
            const ssize_t n = ::read(terminal, chunk, sizeof chunk);
            if (n > 0)
                err.append(chunk, n);
            else
                QTest::qWait(10);
        }
        QVERIFY2(err.contains('%'), err.constData()); // the first progress: the run has begun
        ::kill(static_cast<pid_t>(process.processId()), signal);
        QVERIFY(process.waitForFinished(30000)); // stops between phases, well within the timeout
        char chunk[256];
        for (ssize_t n; (n = ::read(terminal, chunk, sizeof chunk)) > 0;)
            err.append(chunk, n);
        ::close(terminal);
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QVERIFY2(process.exitCode() == 128 + signal, err.constData());
        QVERIFY2(err.contains("cancelled by the user"), err.constData());
        QVERIFY(!QFile::exists(json));
        QVERIFY(process.readAllStandardOutput().isEmpty());
    }

    void answersHelpForEveryCommand_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *command : {"devices", "modes", "run", "compare", "sweep", "demo", "show"})
            QTest::addRow("%s", command) << command;
    }
    void answersHelpForEveryCommand()
    {
        QFETCH(QString, command);
        const Outcome outcome = run({command, "--help"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains(("Usage: sharescope " + command).toUtf8()));
    }

    void savesAScreenshotOfTheWindow()
    {
        const QString png = m_dir.filePath("timeline.png");
        const Outcome outcome = run({"gui", "--device", "opencl:0", "--mode", "cl-copy", "--size", "1MiB", "--run",
                                     "--screenshot", png, "--tab", "timeline"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 600);
        // Issue 43: the hidden tabs' plots draw nothing into empty pixmaps.
        QVERIFY2(!outcome.err.contains("QPainter"), qPrintable(outcome.err));
        // --window-size: the size asked for.
        const QString small = m_dir.filePath("small.png");
        const Outcome sized = run({"gui", "--device", "opencl:0", "--window-size", "1024x700", "--screenshot", small});
        QVERIFY2(sized.exitCode == 0, qPrintable(sized.err));
        QCOMPARE(QImage(small).size(), QSize(1024, 700));
    }

    void refusesBadWindowArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown tab") << QStringList{"gui", "--tab", "graphs"} << "unknown tab 'graphs'";
        QTest::addRow("missing report") << QStringList{"gui", "--open", "/nonexistent/report.json"} << "cannot open";
        QTest::addRow("both starts") << QStringList{"gui", "--run", "--compare"}
                                     << "only one of --run, --compare and --demo can start";
    }
    void refusesBadWindowArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Outcome outcome = run(arguments);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    }

    void refusesAMalformedReportBeforeOpeningTheWindow()
    {
        const QString path = m_dir.filePath("foreign.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"name\": \"package\"}");
        file.close();
        const Outcome outcome = run({"gui", "--open", path, "--screenshot", m_dir.filePath("never.png")});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("not a ShareScope report"), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(m_dir.filePath("never.png")));
    }

    void printsTheVersionAndUsage()
    {
        Outcome outcome = run({"--version"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.startsWith("sharescope 0."));
        QVERIFY2(outcome.out.contains("\ncommit    "), outcome.out.constData());
        QVERIFY2(outcome.out.contains("\nQt        " + QByteArray(qVersion())), outcome.out.constData());
        outcome = run({"nonsense"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.err.contains("unknown command 'nonsense'"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
