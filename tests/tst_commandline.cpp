// SPDX-License-Identifier: GPL-3.0-or-later
#include "answerprompt.h"
#include "commandline.h"
#include "helptext.h"
#include "language.h"
#include "nativename.h"
#include "textwrap.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringDecoder>
#include <QTest>

#include <unistd.h>

using namespace sharescope;

namespace {

CommandLineResult parse(const QString &line)
{
    QStringList arguments{QStringLiteral("sharescope")};
    if (!line.isEmpty())
        arguments += line.split(QLatin1Char(' '));
    return parseCommandLine(arguments);
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void parsesRun()
    {
        const auto result = parse("run --device opencl:0 --mode cl-use-host-ptr --kernel stride --size 256MiB "
                                  "--iterations 7 --warmup 0 --stride 4KiB --json - --no-counters");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        const CommandLineOptions &o = result.options;
        QCOMPARE(o.command, Command::Run);
        const ExperimentSpec &spec = o.request.base;
        QCOMPARE(o.request.kind, ReportSet::Kind::Run);
        QCOMPARE(spec.deviceId, std::string("opencl:0"));
        QCOMPARE(o.request.mode, std::optional(ModeId::ClUseHostPtr));
        QCOMPARE(spec.kernel, KernelId::Stride);
        QCOMPARE(spec.bytes, 256ULL << 20);
        QCOMPARE(spec.iterations, 7);
        QCOMPARE(spec.warmup, 0);
        QCOMPARE(spec.strideBytes, std::uint64_t(4096));
        QVERIFY(!spec.counters);
        QCOMPARE(o.jsonPath, QStringLiteral("-"));
        QVERIFY(o.csvPath.isEmpty());
        QVERIFY(QString::fromStdString(o.request.commandLine).startsWith("sharescope run --device opencl:0"));
    }

    void parsesPredictions()
    {
        auto result = parse("demo prefetch --predict");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QVERIFY(result.options.predict);
        QVERIFY(!result.options.answer);
        result = parse("demo prefetch --answer 3");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QVERIFY(result.options.predict); // an answer is a prediction
        QCOMPARE(result.options.answer, std::optional(3));
        result = parse("gui --demo discard --answer 4");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.answer, std::optional(4));
        QVERIFY(!parse("demo prefetch").options.predict);
    }

    // A terminal's answer: a choice's number or Enter; anything else asks
    // again; the end of the input and a cancel are no answer.
    void readsTheAnswerOnATerminal()
    {
        const auto answerTo = [](const QByteArray &typed, const std::atomic<bool> *cancel = nullptr) {
            int fds[2];
            if (::pipe(fds) != 0)
                return std::pair<std::optional<std::size_t>, QString>{};
            if (!typed.isEmpty() && ::write(fds[1], typed.constData(), static_cast<size_t>(typed.size())) < 0)
                return std::pair<std::optional<std::size_t>, QString>{};
            ::close(fds[1]);
            QString prompts;
            QTextStream out(&prompts);
            const auto answer = readAnswer(fds[0], 4, out, cancel);
            ::close(fds[0]);
            out.flush();
            return std::pair{answer, prompts};
        };
        auto [answer, prompts] = answerTo("3\n");
        QCOMPARE(answer, std::optional<std::size_t>(2));
        std::tie(answer, prompts) = answerTo("7\nthree\n 2 \n");
        QCOMPARE(answer, std::optional<std::size_t>(1));
        QCOMPARE(prompts.count(QStringLiteral("is not one of the choices")), 2);
        QVERIFY2(prompts.contains(QStringLiteral("'7' is not one of the choices")), qPrintable(prompts));
        QCOMPARE(answerTo("\n").first, std::nullopt); // Enter: run without answering
        QCOMPARE(answerTo("").first, std::nullopt); // the end of the input
        QCOMPARE(answerTo("4").first, std::optional<std::size_t>(3)); // a last line without its newline
        const std::atomic<bool> cancelled{true};
        QCOMPARE(answerTo("2\n", &cancelled).first, std::nullopt);
    }

    // --peer and --peer-access: the syntax here, which devices there are
    // where the run meets them.
    void parsesPeerOptions()
    {
        auto result = parse("run --device cuda:0 --mode peer-copy --peer cuda:1 --peer-access off --size 256MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        const ExperimentSpec &spec = result.options.request.base;
        QCOMPARE(result.options.request.mode, std::optional(ModeId::PeerCopy));
        QCOMPARE(spec.peerId, std::string("cuda:1"));
        QCOMPARE(spec.peerAccess, std::optional(false));
        QCOMPARE(inMode(spec, ModeId::PeerCopy).commandLine(),
                 std::string("sharescope run --device cuda:0 --mode peer-copy --kernel vector-add --size 256MiB "
                             "--iterations 5 --warmup 1 --peer cuda:1 --peer-access off"));
        result = parse("run --mode peer-copy --peer-access on");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.base.peerAccess, std::optional(true));
        QVERIFY(result.options.request.base.peerId.empty()); // the device's first peer, once it is known
        result = parse("run --mode managed-peer-prefetch --peer cuda:12");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.base.peerId, std::string("cuda:12"));
        QVERIFY(!result.options.request.base.peerAccess);
        result = parse("compare --modes all --peer cuda:1");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        result = parse("compare --modes device,peer-access --peer cuda:3");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        result = parse("demo peer-access --peer cuda:1 --size 64MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.demo, std::optional(DemoId::PeerAccess));
        QCOMPARE(result.options.request.base.peerId, std::string("cuda:1"));
        QCOMPARE(reproduceCommand(result.options.request),
                 std::string("sharescope demo peer-access --peer cuda:1 --size 64MiB --iterations 5 --warmup 1"));
        result = parse("run --mode zero-copy --write-combined --size 1MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QVERIFY(result.options.request.base.writeCombined);
        QCOMPARE(inMode(result.options.request.base, ModeId::ZeroCopy).commandLine(),
                 std::string("sharescope run --mode zero-copy --kernel vector-add --size 1MiB --iterations 5 "
                             "--warmup 1 --write-combined"));
        QVERIFY(!inMode(result.options.request.base, ModeId::Device).writeCombined); // a compare's other modes
        result = parse("compare --modes device,pinned --write-combined");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        result = parse("run --mode managed --records cupti --size 1MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.base.records, RecordsSource::Cupti);
        QCOMPARE(inMode(result.options.request.base, ModeId::Managed).commandLine(),
                 std::string("sharescope run --mode managed --kernel vector-add --size 1MiB --iterations 5 "
                             "--warmup 1 --records cupti"));
        result = parse("run --mode managed --records none");
        QCOMPARE(result.options.request.base.records, RecordsSource::None);
        result = parse("run --mode managed --records driver-events");
        QCOMPARE(result.options.request.base.records, RecordsSource::DriverEvents);
        QVERIFY(inMode(result.options.request.base, ModeId::Managed).commandLine().find("--records")
                == std::string::npos); // the default goes unsaid
        result = parse("run --mode managed --no-clock-warmup");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QVERIFY(!result.options.request.base.clockWarmup);
        QCOMPARE(inMode(result.options.request.base, ModeId::Managed).commandLine(),
                 std::string("sharescope run --mode managed --kernel vector-add --size 64MiB --iterations 5 "
                             "--warmup 1 --no-clock-warmup"));
        const Status openclRefused = validate(inMode(result.options.request.base, ModeId::ClCopy));
        QVERIFY(!openclRefused);
        QCOMPARE(openclRefused.error().kind, ErrorKind::BadArgument);
        QVERIFY2(openclRefused.error().message.find("--no-clock-warmup applies only to CUDA modes, not to cl-copy")
                     != std::string::npos,
                 openclRefused.error().message.c_str());
        result = parse("run --mode managed");
        QVERIFY(result.options.request.base.clockWarmup); // the default: warmed
        result = parse("gui --mode peer-copy --peer cuda:1 --peer-access off --run");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.base.peerAccess, std::optional(false));
    }

    void parsesPython()
    {
        auto result = parse("python");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.command, Command::Python);
        QCOMPARE(result.options.pythonRoutes.size(), pythonRoutes().size());
        QVERIFY(result.options.pythonInterpreter.isEmpty());
        QCOMPARE(result.options.pythonTimeoutSeconds, 120);
        result = parse("python --python /opt/py/bin/python3 --routes torch-pinned,cupy-managed --size 16MiB "
                       "--iterations 3 --warmup 0 --timeout 30 --json out.json --device cuda:1");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.pythonInterpreter, QStringLiteral("/opt/py/bin/python3"));
        QCOMPARE(result.options.pythonRoutes, (std::vector{PythonRouteId::TorchPinned, PythonRouteId::CupyManaged}));
        QCOMPARE(result.options.request.base.bytes, std::uint64_t(16) << 20);
        QCOMPARE(result.options.request.base.iterations, 3);
        QCOMPARE(result.options.request.base.warmup, 0);
        QCOMPARE(result.options.pythonTimeoutSeconds, 30);
        QCOMPARE(result.options.jsonPath, QStringLiteral("out.json"));
        QCOMPARE(result.options.request.base.deviceId, std::string("cuda:1"));
    }
    void refusesBadPythonOptions_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("route") << "python --routes cupy,torch-pinned"
                               << "unknown route 'cupy'; accepted: all, cupy-device";
        QTest::newRow("timeout") << "python --timeout 0"
                                 << "invalid --timeout '0': a whole number of seconds, 1 to 3600";
        QTest::newRow("timeout text") << "python --timeout soon"
                                      << "invalid --timeout 'soon'";
        QTest::newRow("size") << "python --size 1KiB"
                              << "invalid --size '1KiB': python takes 4KiB to 16GiB";
        QTest::newRow("iterations") << "python --iterations 0"
                                    << "invalid --iterations '0': python takes 1 to 1000";
        QTest::newRow("matrix and routes") << "python --matrix --routes cupy-device"
                                           << "--matrix runs the hand-offs alone; leave out --routes";
        QTest::newRow("interpreter") << "python --python="
                                     << "--python needs a value; it was given an empty one";
    }
    void refusesBadPythonOptions()
    {
        QFETCH(QString, line);
        QFETCH(QString, says);
        const auto result = parse(line);
        QCOMPARE(result.exitCode(), 2);
        QVERIFY2(result.text.contains(says), qPrintable(result.text));
    }

    void usesDefaults()
    {
        const auto result = parse("run");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        const ExperimentSpec &spec = result.options.request.base;
        QCOMPARE(spec.kernel, KernelId::VectorAdd);
        QCOMPARE(spec.bytes, 64ULL << 20);
        QCOMPARE(spec.iterations, 5);
        QCOMPARE(spec.warmup, 1);
        QVERIFY(!result.options.request.mode); // the device's plain copy mode, decided once the device is known
        QVERIFY(!spec.advice);
        QVERIFY(spec.counters);
    }

    void parsesCompareAndSweep()
    {
        auto result = parse("compare --modes cl-copy,cl-svm-fine,cl-copy --size 1MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.command, Command::Compare);
        QCOMPARE(result.options.request.modes, (std::vector{ModeId::ClCopy, ModeId::ClSvmFine}));
        QVERIFY(!result.options.request.allModes);
        result = parse("compare --modes all");
        QVERIFY(result.options.request.allModes);
        result = parse("sweep --sizes 4KiB:1MiB:x4 --csv out.csv");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.request.kind, ReportSet::Kind::Sweep);
        QCOMPARE(result.options.request.sizes, (std::vector<std::uint64_t>{4096, 16384, 65536, 262144, 1048576}));
        QCOMPARE(result.options.csvPath, QStringLiteral("out.csv"));
        result = parse("compare --trace - --json out.json");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.tracePath, QStringLiteral("-"));
        result = parse("demo prefetch --trace prefetch.trace.json");
        QCOMPARE(result.options.tracePath, QStringLiteral("prefetch.trace.json"));
        result = parse("sweep");
        QCOMPARE(result.options.request.sizes.size(), std::size_t(8)); // 4KiB, 16KiB, ... 64MiB
        result = parse("demo prefetch --size 1MiB");
        QCOMPARE(result.options.request.demo, std::optional(DemoId::Prefetch));
        QVERIFY(result.options.request.sizeGiven);
        QVERIFY(!result.options.listDemos);
        QVERIFY(parse("demo").options.listDemos);
        result = parse("gui --demo ping-pong --tab compare");
        QCOMPARE(result.options.request.demo, std::optional(DemoId::PingPong));
        QCOMPARE(result.options.tab, std::optional(WindowTab::Compare));
    }

    void parsesListings()
    {
        auto result = parse("devices --json");
        QCOMPARE(result.options.command, Command::Devices);
        QVERIFY(result.options.json);
        result = parse("modes --device cuda:0");
        QCOMPARE(result.options.command, Command::Modes);
        QCOMPARE(result.options.request.base.deviceId, std::string("cuda:0"));
        QVERIFY(!result.options.json);
        result = parse("");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.command, Command::Gui);
    }

    void givesHelpAndVersion_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("contains");
        QTest::addRow("top help") << "--help"
                                  << "Commands:";
        QTest::addRow("help word") << "help"
                                   << "Exit codes";
        QTest::addRow("run help") << "run --help"
                                  << "Usage: sharescope run [options]";
        QTest::addRow("compare help") << "compare -h"
                                      << "--modes";
        QTest::addRow("sweep help") << "sweep --help"
                                    << "--sizes";
        QTest::addRow("devices help") << "devices --help"
                                      << "--json";
        QTest::addRow("modes help") << "modes --help"
                                    << "--device";
        QTest::addRow("version") << "--version"
                                 << "sharescope 0.";
    }
    void givesHelpAndVersion()
    {
        QFETCH(QString, line);
        QFETCH(QString, contains);
        const auto result = parse(line);
        QVERIFY(result.status == CommandLineResult::Status::Help
                || result.status == CommandLineResult::Status::Version);
        QCOMPARE(result.exitCode(), 0);
        QVERIFY2(result.text.contains(contains), qPrintable(result.text));
    }

    // Every help, in both languages, fits 80 columns of a terminal, where a
    // Chinese character takes two; and the Chinese help is Chinese.
    void helpFitsEightyColumns_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("line");
        const QStringList commands = parse(QStringLiteral("--help")).text.split(QLatin1Char('\n'));
        for (const QString language : {"en", "zh_CN"}) {
            QTest::addRow("%s --help", qPrintable(language)) << language << QStringLiteral("--help");
            int listed = 0;
            for (const QString &row : commands) {
                if (!row.startsWith(QLatin1String("  ")) || row.startsWith(QLatin1String("   "))
                    || row.contains(QLatin1String("sharescope")))
                    continue;
                const QString command = row.trimmed().section(QLatin1Char(' '), 0, 0);
                QTest::addRow("%s %s --help", qPrintable(language), qPrintable(command))
                    << language << command + QStringLiteral(" --help");
                ++listed;
            }
            QVERIFY(listed >= 8);
        }
    }
    void helpFitsEightyColumns()
    {
        QFETCH(QString, language);
        QFETCH(QString, line);
        installLanguage(language);
        const auto result = parse(line);
        installLanguage(QStringLiteral("en"));
        QCOMPARE(result.status, CommandLineResult::Status::Help);
        for (const QString &row : result.text.split(QLatin1Char('\n'))) {
            QVERIFY2(displayWidth(row) <= helpWidth,
                     qPrintable(QStringLiteral("%1 columns: %2").arg(displayWidth(row)).arg(row)));
        }
        if (language == QLatin1String("zh_CN"))
            QVERIFY2(result.text.contains(QStringLiteral("选项")), qPrintable(result.text));
    }

    // Chinese wraps between characters, by width; names stay whole.
    void wrapsByDisplayWidth_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        QTest::addColumn<QStringList>("lines");
        QTest::addRow("Chinese, two columns each")
            << QStringLiteral("一二三四五六七八九十") << 10
            << QStringList{QStringLiteral("一二三四五"), QStringLiteral("六七八九十")};
        QTest::addRow("no line starts with a closing mark")
            << QStringLiteral("一二三四，五六") << 8
            << QStringList{QStringLiteral("一二三"), QStringLiteral("四，五六")};
        QTest::addRow("names stay whole")
            << QStringLiteral("用 cl-use-host-ptr 和 --device") << 20
            << QStringList{QStringLiteral("用 cl-use-host-ptr"), QStringLiteral("和 --device")};
        QTest::addRow("English at spaces") << QStringLiteral("the quick brown fox") << 10
                                           << QStringList{QStringLiteral("the quick"), QStringLiteral("brown fox")};
        QTest::addRow("a word wider than the line")
            << QStringLiteral("a managed-discard-prefetch b") << 6
            << QStringList{QStringLiteral("a"), QStringLiteral("managed-discard-prefetch"), QStringLiteral("b")};

        // Issue 43: never between a figure and its unit, nor inside 答对了.
        QTest::addRow("a figure keeps its unit")
            << QStringLiteral("the kernel took 4.37 ms") << 20
            << QStringList{QStringLiteral("the kernel took"), QStringLiteral("4.37 ms")};
        QTest::addRow("a figure keeps its unit, in Chinese")
            << QStringLiteral("内核用时 4.37 ms。") << 13
            << QStringList{QStringLiteral("内核用时"), QStringLiteral("4.37 ms。")};
        QTest::addRow("no line starts with 了") << QStringLiteral("你这次答对了。") << 12
                                                << QStringList{QStringLiteral("你这次答"), QStringLiteral("对了。")};
        QTest::addRow("newlines kept") << QStringLiteral("一\n二") << 80
                                       << QStringList{QStringLiteral("一"), QStringLiteral("二")};
    }
    void wrapsByDisplayWidth()
    {
        QFETCH(QString, text);
        QFETCH(int, width);
        QFETCH(QStringList, lines);
        QCOMPARE(wrapToWidth(text, width), lines);
    }

    // A paragraph whose line breaks were chosen for narrower lines is
    // filled again; one that fits keeps its breaks (a list of examples).
    void fillsParagraphsThatAreTooWide()
    {
        const QString wide = QStringLiteral("Exit codes: ") + QStringLiteral("word ").repeated(20).trimmed()
            + QStringLiteral(",\nand the rest.");
        const QString kept = QStringLiteral("Examples:\n  sharescope devices\n  sharescope modes");
        const QString fitted = fittedToHelpWidth(kept + QStringLiteral("\n\n") + wide + QStringLiteral("\n"));
        const QStringList lines = fitted.split(QLatin1Char('\n'));
        QCOMPARE(lines.mid(0, 4),
                 (QStringList{QStringLiteral("Examples:"), QStringLiteral("  sharescope devices"),
                              QStringLiteral("  sharescope modes"), QString()}));
        QCOMPARE(lines.size(), 4 + 2 + 1); // the wide paragraph in two lines, then the last newline
        QVERIFY(lines[4].startsWith(QLatin1String("Exit codes: word")));
        QVERIFY(lines[5].endsWith(QLatin1String("word, and the rest.")));
        for (const QString &line : lines)
            QVERIFY2(displayWidth(line) <= helpWidth, qPrintable(line));
    }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("message");
        QTest::addRow("size zero") << "run --size 0"
                                   << "invalid size '0'";
        QTest::addRow("negative size") << "run --size -5M"
                                       << "cannot be negative";
        QTest::addRow("fractional bytes") << "run --size 12.5B"
                                          << "not a whole number of bytes";
        QTest::addRow("overflow") << "run --size 99999999999999999999GiB"
                                  << "larger than 16 EiB";
        QTest::addRow("unknown unit") << "run --size 64Q"
                                      << "unknown unit 'Q'";
        QTest::addRow("not whole elements") << "run --size 10"
                                            << "4-byte elements";
        QTest::addRow("unknown mode") << "run --mode managd"
                                      << "unknown mode 'managd'; accepted: device, pinned";
        QTest::addRow("unknown mode in list") << "compare --modes cl-copy,bogus"
                                              << "unknown mode 'bogus'";
        QTest::addRow("unknown kernel") << "run --kernel add"
                                        << "unknown kernel 'add'; accepted: vector-add";
        QTest::addRow("iterations zero") << "run --iterations 0"
                                         << "invalid iteration count 0; accepted: 1 to 10000";
        QTest::addRow("iterations text") << "run --iterations many"
                                         << "invalid --iterations 'many': not a whole number";
        QTest::addRow("warmup negative") << "run --warmup -1"
                                         << "invalid warm-up count -1";
        QTest::addRow("rounds") << "run --kernel ping-pong --rounds 0"
                                << "invalid round count 0";
        QTest::addRow("rounds without ping-pong") << "run --rounds 3"
                                                  << "--rounds applies only to the ping-pong kernel";
        QTest::addRow("stride without stride") << "compare --kernel scale --stride 4KiB"
                                               << "--stride applies only to the stride kernel";
        QTest::addRow("sweep takes --sizes") << "sweep --size 1MiB"
                                             << "Unknown option 'size'";
        QTest::addRow("gui writes no JSON") << "gui --run --json out.json"
                                            << "Unknown option 'json'";
        QTest::addRow("empty device") << "run --device="
                                      << "--device needs a value";
        QTest::addRow("empty screenshot") << "gui --screenshot="
                                          << "--screenshot needs a value";
        QTest::addRow("advice with a mode that takes none") << "gui --mode managed --advice read-mostly"
                                                            << "not to managed";
        QTest::addRow("unknown tab") << "gui --tab plots"
                                     << "unknown tab 'plots'";
        QTest::addRow("window size, no x") << "gui --window-size 1024"
                                           << "invalid --window-size '1024'; accepted: WIDTHxHEIGHT";
        QTest::addRow("window size, too small") << "gui --window-size 320x200"
                                                << "invalid --window-size '320x200'";
        QTest::addRow("unknown example to show") << "show nothing"
                                                 << "unknown example 'nothing'; accepted: managed, compare";
        QTest::addRow("show takes one") << "show managed compare"
                                        << "unexpected argument 'compare'";
        QTest::addRow("stride") << "run --kernel stride --stride 3"
                                << "4-byte elements";
        QTest::addRow("write-combined, device") << "run --mode device --write-combined"
                                                << "--write-combined applies only to pinned, zero-copy, not to device";
        QTest::addRow("write-combined, no mode") << "run --write-combined"
                                                 << "--write-combined applies only to pinned, zero-copy";
        QTest::addRow("write-combined, compare") << "compare --modes managed,registered --write-combined"
                                                 << "not to managed";
        QTest::addRow("unknown records") << "run --mode managed --records nsight"
                                         << "invalid --records 'nsight'; accepted: driver-events, cupti, none";
        QTest::addRow("records without counters") << "run --mode managed --records cupti --no-counters"
                                                  << "--records needs the counters";
        QTest::addRow("advice without mode") << "run --advice read-mostly"
                                             << "only to the managed-advise mode";
        QTest::addRow("bad advice") << "run --mode managed-advise --advice sideways"
                                    << "invalid advice 'sideways'";
        QTest::addRow("unknown option") << "run --turbo"
                                        << "Unknown option 'turbo'";
        QTest::addRow("missing value") << "run --size"
                                       << "Missing value after '--size'";
        QTest::addRow("stray argument") << "run fast"
                                        << "unexpected argument 'fast'";
        QTest::addRow("unknown command") << "launch"
                                         << "unknown command 'launch'";
        QTest::addRow("bad sweep sizes") << "sweep --sizes 1MiB:4KiB"
                                         << "FROM is larger than TO";
        QTest::addRow("two stdouts") << "run --json - --csv -"
                                     << "cannot both write to stdout";
        QTest::addRow("trace and json on stdout") << "run --json - --trace -"
                                                  << "--trace - and --json - cannot both write to stdout";
        QTest::addRow("trace and csv on stdout") << "sweep --trace - --csv -"
                                                 << "--trace - and --csv - cannot both write to stdout";
        QTest::addRow("gui writes no trace") << "gui --run --trace out.json"
                                             << "Unknown option 'trace'";
        QTest::addRow("peer not cuda") << "run --mode peer-copy --peer opencl:0"
                                       << "invalid --peer 'opencl:0'; accepted: cuda:N";
        QTest::addRow("peer without index") << "run --mode peer-copy --peer cuda:"
                                            << "invalid --peer 'cuda:'";
        QTest::addRow("peer with a sign") << "run --mode peer-access --peer cuda:-1"
                                          << "invalid --peer 'cuda:-1'";
        QTest::addRow("peer with a mode that takes none")
            << "run --mode managed --peer cuda:1"
            << "--peer applies only to the modes that use a second GPU (peer-copy, peer-access, managed-peer, "
               "managed-peer-prefetch), not to managed";
        QTest::addRow("peer without a mode") << "run --peer cuda:1"
                                             << "--peer applies only to the modes that use a second GPU";
        QTest::addRow("peer with modes that take none") << "compare --modes device,pinned --peer cuda:1"
                                                        << "not to device";
        QTest::addRow("peer access yes") << "run --mode peer-copy --peer-access yes"
                                         << "invalid --peer-access 'yes'; accepted: on, off";
        QTest::addRow("peer access elsewhere")
            << "run --mode peer-access --peer-access off"
            << "--peer-access applies only to the peer-copy mode, not to peer-access";
        QTest::addRow("peer access in a demo") << "gui --demo peer-access --peer-access on"
                                               << "leave out --mode, --kernel, --stride, --rounds, --advice and "
                                                  "--peer-access";
        QTest::addRow("demo takes no peer access") << "demo peer-access --peer-access off"
                                                   << "Unknown option 'peer-access'";
        QTest::addRow("run has no --modes") << "run --modes cl-copy"
                                            << "Unknown option 'modes'";
        QTest::addRow("repeated size") << "run --size 4KiB --size 8KiB"
                                       << "--size is given 2 times (4KiB, 8KiB); give it once";
        QTest::addRow("report named twice") << "gui --open a.json --open a.json"
                                            << "--open is given 2 times (a.json, a.json); give it once";
    }
    // An empty value is a mistake, not a request for the default.
    void refusesEmptyValues_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addRow("device") << QStringList{"run", "--device", ""};
        QTest::addRow("json") << QStringList{"run", "--json", ""};
        QTest::addRow("trace") << QStringList{"compare", "--trace", ""};
        QTest::addRow("modes") << QStringList{"compare", "--modes", ""};
        QTest::addRow("demo name") << QStringList{"demo", ""};
        QTest::addRow("tab") << QStringList{"gui", "--tab", ""};
        QTest::addRow("screenshot") << QStringList{"gui", "--screenshot", ""};
        QTest::addRow("lang") << QStringList{"run", "--lang", ""};
        QTest::addRow("lang first") << QStringList{"--lang", "", "run"};
    }
    void refusesEmptyValues()
    {
        QFETCH(QStringList, arguments);
        const auto result = parseCommandLine(QStringList{QStringLiteral("sharescope")} + arguments);
        QCOMPARE(result.status, CommandLineResult::Status::Error);
        QCOMPARE(result.exitCode(), 2);
        QVERIFY2(!result.text.isEmpty(), "an error says what is wrong");
    }

    // Argument bytes that are not UTF-8 come back as the same bytes; valid
    // UTF-8 decodes as Qt decodes it.
    void keepsTheBytesOfNamesThatAreNotUtf8_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("valid");
        QTest::addRow("ascii") << QByteArray("report.json") << true;
        QTest::addRow("chinese") << QByteArray("报告.json") << true;
        QTest::addRow("emoji, a surrogate pair") << QByteArray("\xF0\x9F\x92\xA5.json") << true;
        QTest::addRow("byte order mark") << QByteArray("\xEF\xBB\xBFx") << true;
        QTest::addRow("0xFF") << QByteArray("a\xFF"
                                            "b.json")
                              << false;
        QTest::addRow("0x80 alone") << QByteArray("\x80") << false;
        QTest::addRow("truncated sequence") << QByteArray("x\xE6\x8A") << false;
        QTest::addRow("overlong slash") << QByteArray("\xC0\xAF") << false;
        QTest::addRow("encoded surrogate") << QByteArray("\xED\xB2\x80") << false;
        QTest::addRow("beyond U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << false;
        QTest::addRow("escape after a pair") << QByteArray("\xF0\x9F\x92\xA5\xDC") << false;
        QTest::addRow("latin-1") << QByteArray("r\xE9sum\xE9.csv") << false;
    }
    void keepsTheBytesOfNamesThatAreNotUtf8()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, valid);
        const QString name = fromNativeName(bytes);
        QCOMPARE(nativeFileName(name), bytes);
        if (valid) {
            // As Qt decodes it, but for a leading byte order mark: a name keeps it.
            QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
            QCOMPARE(name, QString(utf8.decode(bytes)));
            QCOMPARE(shownFileName(name), name);
        } else {
            QVERIFY(QFile::encodeName(name) != bytes); // what Qt alone would open
            QVERIFY(shownFileName(name).contains(QStringLiteral("\\x")));
        }
    }
    void keepsTheBytesOfEveryTwoByteName()
    {
        for (int a = 0; a < 256; ++a) {
            for (int b = 1; b < 256; ++b) {
                const QByteArray bytes{static_cast<char>(a ? a : 'a'), static_cast<char>(b)};
                if (nativeFileName(fromNativeName(bytes)) != bytes)
                    QFAIL(qPrintable(QStringLiteral("%1 does not come back").arg(QString::fromLatin1(bytes.toHex()))));
            }
        }
    }

    // The report's command line reproduces such a name with $'...'.
    void reproducesNamesThatAreNotUtf8()
    {
        const QStringList arguments{"sharescope", "run", "--json", fromNativeName("it's a\\\xFF.json")};
        const auto result = parseCommandLine(arguments);
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(nativeFileName(result.options.jsonPath), QByteArray("it's a\\\xFF.json"));
        QCOMPARE(QString::fromStdString(result.options.request.commandLine),
                 QStringLiteral("sharescope run --json $'it\\'s a\\\\\\xFF.json'"));
    }

    void rejectsBadArguments()
    {
        QFETCH(QString, line);
        QFETCH(QString, message);
        const auto result = parse(line);
        QCOMPARE(result.status, CommandLineResult::Status::Error);
        QCOMPARE(result.exitCode(), 2);
        QVERIFY2(result.text.contains(message), qPrintable(result.text));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
