#include "commandline.h"

#include <QCoreApplication>
#include <QTest>

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
        QCOMPARE(o.spec.deviceId, std::string("opencl:0"));
        QCOMPARE(o.spec.mode, std::string("cl-use-host-ptr"));
        QCOMPARE(o.spec.kernel, std::string("stride"));
        QCOMPARE(o.spec.bytes, 256ULL << 20);
        QCOMPARE(o.spec.iterations, 7);
        QCOMPARE(o.spec.warmup, 0);
        QCOMPARE(o.spec.strideBytes, std::uint64_t(4096));
        QVERIFY(!o.spec.counters);
        QCOMPARE(o.jsonPath, QStringLiteral("-"));
        QVERIFY(o.csvPath.isEmpty());
        QVERIFY(o.reproduce.startsWith("sharescope run --device opencl:0"));
    }

    void usesDefaults()
    {
        const auto result = parse("run");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.spec.kernel, std::string("vector-add"));
        QCOMPARE(result.options.spec.bytes, 64ULL << 20);
        QCOMPARE(result.options.spec.iterations, 5);
        QCOMPARE(result.options.spec.warmup, 1);
        QVERIFY(result.options.spec.mode.empty()); // the device's plain copy mode, decided once the device is known
        QVERIFY(result.options.spec.counters);
    }

    void parsesCompareAndSweep()
    {
        auto result = parse("compare --modes cl-copy,cl-svm-fine,cl-copy --size 1MiB");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.command, Command::Compare);
        QCOMPARE(result.options.modes, QStringList({"cl-copy", "cl-svm-fine"}));
        result = parse("compare --modes all");
        QCOMPARE(result.options.modes, QStringList{"all"});
        result = parse("sweep --sizes 4KiB:1MiB:x4 --csv out.csv");
        QCOMPARE(result.status, CommandLineResult::Status::Ok);
        QCOMPARE(result.options.sizes, (std::vector<std::uint64_t>{4096, 16384, 65536, 262144, 1048576}));
        QCOMPARE(result.options.csvPath, QStringLiteral("out.csv"));
        result = parse("sweep");
        QCOMPARE(result.options.sizes.size(), std::size_t(8)); // 4KiB, 16KiB, ... 64MiB
    }

    void parsesListings()
    {
        auto result = parse("devices --json");
        QCOMPARE(result.options.command, Command::Devices);
        QVERIFY(result.options.json);
        result = parse("modes --device cuda:0");
        QCOMPARE(result.options.command, Command::Modes);
        QCOMPARE(result.options.spec.deviceId, std::string("cuda:0"));
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
                                         << "invalid --iterations '0'; accepted: a whole number from 1";
        QTest::addRow("iterations text") << "run --iterations many"
                                         << "invalid --iterations 'many'";
        QTest::addRow("warmup negative") << "run --warmup -1"
                                         << "invalid --warmup '-1'";
        QTest::addRow("rounds") << "run --kernel ping-pong --rounds 0"
                                << "invalid --rounds '0'";
        QTest::addRow("stride") << "run --kernel stride --stride 3"
                                << "4-byte elements";
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
        QTest::addRow("run has no --modes") << "run --modes cl-copy"
                                            << "Unknown option 'modes'";
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
