#include "commandline.h"

#include "buildinfo.h"
#include "bytesize.h"
#include "catalogue.h"
#include "demos.h"
#include "environment.h"
#include "ipcprotocol.h"
#include "language.h"

#include <QCommandLineParser>
#include <QCoreApplication>

// The translation context of this file's messages.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

namespace sharescope {
namespace {

QString fromStd(const std::string &text)
{
    return QString::fromStdString(text);
}

struct Subcommand
{
    const char *name;
    Command command;
    const char *summary;
};

const Subcommand subcommands[] = {
    {"devices", Command::Devices, QT_TRANSLATE_NOOP("CommandLine", "list the CUDA and OpenCL devices")},
    {"modes", Command::Modes, QT_TRANSLATE_NOOP("CommandLine", "list every sharing mode, supported or not and why")},
    {"run", Command::Run, QT_TRANSLATE_NOOP("CommandLine", "run one experiment and show its phases")},
    {"compare", Command::Compare,
     QT_TRANSLATE_NOOP("CommandLine", "run one experiment in several modes, side by side")},
    {"sweep", Command::Sweep, QT_TRANSLATE_NOOP("CommandLine", "measure bandwidth against size")},
    {"demo", Command::Demo,
     QT_TRANSLATE_NOOP("CommandLine", "run a guided demo and explain what it shows, with the numbers measured")},
    {"ipc-export", Command::IpcExport,
     QT_TRANSLATE_NOOP("CommandLine", "share a GPU buffer with another process (CuPy, PyTorch) by CUDA IPC")},
    {"gui", Command::Gui, QT_TRANSLATE_NOOP("CommandLine", "open the desktop window")},
};

// Options shared by run, compare and sweep.
struct ExperimentOptions
{
    QCommandLineOption device{
        QStringLiteral("device"),
        CommandLine::tr(
            "Device to use, as `devices` lists it (default: the first CUDA device, else the first OpenCL device)."),
        QStringLiteral("D")};
    QCommandLineOption kernel{QStringLiteral("kernel"),
                              CommandLine::tr("Kernel: %1 (default: vector-add).").arg(fromStd(kernelIdList())),
                              QStringLiteral("K")};
    QCommandLineOption size{QStringLiteral("size"),
                            CommandLine::tr("Size of each buffer, e.g. 4096, 64KiB, 64MiB, 1GB (default: 64MiB)."),
                            QStringLiteral("S")};
    QCommandLineOption iterations{QStringLiteral("iterations"), CommandLine::tr("Measured iterations (default: 5)."),
                                  QStringLiteral("N")};
    QCommandLineOption warmup{QStringLiteral("warmup"),
                              CommandLine::tr("Warm-up iterations, left out of the statistics (default: 1)."),
                              QStringLiteral("N")};
    QCommandLineOption stride{QStringLiteral("stride"),
                              CommandLine::tr("Stride of the stride kernel (default: 64KiB)."), QStringLiteral("S")};
    QCommandLineOption rounds{QStringLiteral("rounds"), CommandLine::tr("Rounds of the ping-pong kernel (default: 4)."),
                              QStringLiteral("N")};
    QCommandLineOption advice{
        QStringLiteral("advice"),
        CommandLine::tr("Advice for managed-advise: preferred-device, preferred-host, accessed-by, "
                        "read-mostly (default: preferred-device)."),
        QStringLiteral("A")};
    QCommandLineOption noCounters{QStringLiteral("no-counters"),
                                  CommandLine::tr("Do not collect unified-memory counters.")};
    QCommandLineOption json{QStringLiteral("json"),
                            CommandLine::tr("Write the report as JSON to FILE, or to stdout with -."),
                            QStringLiteral("FILE")};
    QCommandLineOption csv{QStringLiteral("csv"),
                           CommandLine::tr("Write every phase of every iteration as CSV to FILE, or to stdout with -."),
                           QStringLiteral("FILE")};

    void addTo(QCommandLineParser &parser)
    {
        parser.addOptions({device, kernel, size, iterations, warmup, stride, rounds, advice, noCounters, json, csv});
    }
};

// --lang, -lang, --lang=X or -lang=X.
bool isLanguageOption(const QString &argument)
{
    return argument == QLatin1String("--lang") || argument == QLatin1String("-lang")
        || argument.startsWith(QLatin1String("--lang=")) || argument.startsWith(QLatin1String("-lang="));
}

class Parser
{
public:
    explicit Parser(const QStringList &arguments)
        : m_arguments(withLanguageLast(arguments))
    {
    }

    CommandLineResult parse()
    {
        const QString first = m_arguments.value(1);
        if (m_arguments.size() < 2) {
            m_result.options.noArguments = true;
            return ok(Command::Gui);
        }
        if (m_arguments.size() == 2 && (first == QLatin1String("--lang") || first == QLatin1String("-lang")))
            return error(CommandLine::tr("--lang needs a value; accepted: %1")
                             .arg(supportedLanguages().join(QStringLiteral(", "))));
        if (isLanguageOption(first)) { // nothing but --lang: the window
            QStringList arguments = m_arguments;
            arguments.insert(1, QStringLiteral("gui"));
            CommandLineResult result = Parser(arguments).parse();
            result.options.noArguments = true;
            return result;
        }
        if (first == QLatin1String("-h") || first == QLatin1String("--help") || first == QLatin1String("help"))
            return help(usageText());
        if (first == QLatin1String("-v") || first == QLatin1String("--version"))
            return {
                CommandLineResult::Status::Version, {}, QString::fromStdString(versionText(buildInfo(), qVersion()))};
        for (const Subcommand &sub : subcommands) {
            if (first == QLatin1String(sub.name))
                return parseSubcommand(sub);
        }
        if (first.startsWith(QLatin1Char('-')))
            return parseSubcommand(*std::ranges::find(subcommands, Command::Gui, &Subcommand::command));
        QStringList names;
        for (const Subcommand &sub : subcommands)
            names << QLatin1String(sub.name);
        return error(CommandLine::tr("unknown command '%1'; accepted: %2 (see sharescope --help)")
                         .arg(first, names.join(QStringLiteral(", "))));
    }

private:
    // `sharescope --lang zh_CN run ...`: a leading --lang moves behind the
    // command, so that the command (or --help) comes first.
    static QStringList withLanguageLast(QStringList arguments)
    {
        if (arguments.size() < 3 || !isLanguageOption(arguments[1]))
            return arguments;
        const qsizetype count = arguments[1].contains(QLatin1Char('=')) ? 1 : 2;
        const QStringList language = arguments.mid(1, count);
        arguments.remove(1, count);
        if (arguments.size() < 2)
            return QStringList{arguments.value(0)} << language;
        return arguments << language;
    }

    CommandLineResult parseSubcommand(const Subcommand &sub)
    {
        m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        m_parser.setApplicationDescription(
            CommandLine::tr("sharescope %1: %2").arg(QLatin1String(sub.name), CommandLine::tr(sub.summary)));
        const QCommandLineOption helpOption{{QStringLiteral("h"), QStringLiteral("help")},
                                            CommandLine::tr("Show this help.")};
        m_parser.addOption(helpOption);
        const QCommandLineOption jsonFlag{QStringLiteral("json"), CommandLine::tr("Print JSON instead of a table.")};
        const QCommandLineOption modeOption{
            QStringLiteral("mode"),
            CommandLine::tr("Sharing mode (default: device for CUDA, cl-copy for OpenCL); see `sharescope modes`."),
            QStringLiteral("M")};
        const QCommandLineOption modesOption{
            QStringLiteral("modes"), CommandLine::tr("Modes to compare, comma-separated, or all (default: all)."),
            QStringLiteral("M,M,...")};
        const QCommandLineOption sizesOption{
            QStringLiteral("sizes"),
            CommandLine::tr("Sizes: FROM:TO (doubling), FROM:TO:xN or S,S,... (default: 4KiB:64MiB:x4)."),
            QStringLiteral("LIST")};
        const QCommandLineOption sweepModes{
            QStringLiteral("modes"),
            CommandLine::tr("Modes to sweep, comma-separated, or all (default: the device's plain copy mode)."),
            QStringLiteral("M,M,...")};
        const QCommandLineOption runOption{QStringLiteral("run"),
                                           CommandLine::tr("Run the experiment as soon as the window opens.")};
        const QCommandLineOption compareOption{QStringLiteral("compare"),
                                               CommandLine::tr("Compare all modes as soon as the window opens.")};
        const QCommandLineOption screenshotOption{
            QStringLiteral("screenshot"),
            CommandLine::tr("Save the window to FILE (PNG) once the run, compare or report is shown, then quit."),
            QStringLiteral("FILE")};
        const QCommandLineOption tabOption{
            QStringLiteral("tab"),
            CommandLine::tr("Tab to show: timeline, migration, buffers, compare, sweep, explain."),
            QStringLiteral("NAME")};
        const QCommandLineOption openOption{QStringLiteral("open"),
                                            CommandLine::tr("Open a report written by --json or Save."),
                                            QStringLiteral("REPORT")};
        const QCommandLineOption exportSize{
            QStringLiteral("size"), CommandLine::tr("Size of the buffer (default: 16MiB)."), QStringLiteral("S")};
        const QCommandLineOption fillOption{
            QStringLiteral("fill"),
            CommandLine::tr("What the buffer holds: index (0, 1, 2, ...), zeros, ones or a number (default: index)."),
            QStringLiteral("PATTERN")};
        const QCommandLineOption memoryOption{
            QStringLiteral("memory"),
            CommandLine::tr("device (cudaMalloc) or managed; managed is refused, with the reason (default: device)."),
            QStringLiteral("KIND")};
        const QCommandLineOption exportDevice{
            QStringLiteral("device"), CommandLine::tr("CUDA device (default: the first)."), QStringLiteral("D")};
        const QCommandLineOption langOption{
            QStringLiteral("lang"),
            CommandLine::tr("Language of messages and the window: en or zh_CN (default: the system's)."),
            QStringLiteral("LANG")};
        const QCommandLineOption listOption{QStringLiteral("list"), CommandLine::tr("List the demos.")};
        const QCommandLineOption demoOption{
            QStringLiteral("demo"),
            CommandLine::tr("Run a guided demo as soon as the window opens: %1.").arg(fromStd(demoIdList())),
            QStringLiteral("NAME")};
        const QCommandLineOption deviceOnly{
            QStringLiteral("device"),
            CommandLine::tr("Say which modes this device supports (default: the default device)."),
            QStringLiteral("D")};

        switch (sub.command) {
        case Command::Devices:
            m_parser.addOption(jsonFlag);
            break;
        case Command::Modes:
            m_parser.addOptions({deviceOnly, jsonFlag});
            break;
        case Command::Run:
            m_parser.addOption(modeOption);
            m_experiment.addTo(m_parser);
            break;
        case Command::Gui:
            m_parser.addOption(modeOption);
            m_experiment.addTo(m_parser);
            m_parser.addOptions({runOption, compareOption, screenshotOption, tabOption, openOption});
            break;
        case Command::Compare:
            m_parser.addOption(modesOption);
            m_experiment.addTo(m_parser);
            break;
        case Command::Sweep:
            m_parser.addOptions({sweepModes, sizesOption});
            m_experiment.addTo(m_parser);
            break;
        case Command::IpcExport:
            m_parser.addOptions({exportDevice, exportSize, fillOption, memoryOption});
            break;
        case Command::Demo:
            m_parser.addPositionalArgument(QStringLiteral("NAME"),
                                           CommandLine::tr("The demo: %1.").arg(fromStd(demoIdList())),
                                           QStringLiteral("[NAME]"));
            m_parser.addOptions({listOption, m_experiment.device, m_experiment.size, m_experiment.iterations,
                                 m_experiment.warmup, m_experiment.noCounters, m_experiment.json, m_experiment.csv});
            break;
        }
        if (sub.command == Command::Gui)
            m_parser.addOption(demoOption);
        m_parser.addOption(langOption);

        QStringList arguments = m_arguments;
        if (arguments.size() > 1 && arguments[1] == QLatin1String(sub.name))
            arguments.removeAt(1);
        if (!m_parser.parse(arguments))
            return error(m_parser.errorText()
                         + CommandLine::tr(" (see sharescope %1 --help)").arg(QLatin1String(sub.name)));
        if (m_parser.isSet(helpOption))
            return help(helpText(sub));
        const QStringList positional = m_parser.positionalArguments();
        const qsizetype allowed = sub.command == Command::Demo ? 1 : 0;
        if (positional.size() > allowed) {
            return error(CommandLine::tr("unexpected argument '%1' (see sharescope %2 --help)")
                             .arg(positional.value(allowed), QLatin1String(sub.name)));
        }

        CommandLineOptions &options = m_result.options;
        options.command = sub.command;
        options.language = m_parser.value(langOption);
        if (!options.language.isEmpty() && !supportedLanguages().contains(options.language)) {
            return error(CommandLine::tr("invalid --lang '%1'; accepted: %2")
                             .arg(options.language, supportedLanguages().join(QStringLiteral(", "))));
        }
        if (sub.command == Command::Demo)
            return readDemo(positional.value(0), m_parser.isSet(listOption));
        if (sub.command == Command::Devices || sub.command == Command::Modes) {
            options.json = m_parser.isSet(jsonFlag);
            if (sub.command == Command::Modes)
                options.spec.deviceId = m_parser.value(deviceOnly).toStdString();
            return m_result;
        }
        if (sub.command == Command::IpcExport) {
            options.spec.deviceId = m_parser.value(exportDevice).toStdString();
            options.spec.bytes = 16ULL << 20;
            if (m_parser.isSet(exportSize) && !readSize(exportSize, options.spec.bytes))
                return m_result;
            if (m_parser.isSet(fillOption)) {
                options.fill = m_parser.value(fillOption);
                if (const auto fill = parseFill(options.fill.toStdString()); !fill)
                    return error(errorText(fill.error()));
            }
            const QString memory = m_parser.value(memoryOption);
            if (!memory.isEmpty() && memory != QLatin1String("device") && memory != QLatin1String("managed"))
                return error(CommandLine::tr("invalid --memory '%1'; accepted: device, managed").arg(memory));
            options.managedMemory = memory == QLatin1String("managed");
            return m_result;
        }
        if (!readExperiment(options.spec))
            return m_result;
        if (sub.command == Command::Gui) {
            options.runOnStart = m_parser.isSet(runOption);
            options.compareOnStart = m_parser.isSet(compareOption);
            options.screenshotPath = m_parser.value(screenshotOption);
            options.tab = m_parser.value(tabOption);
            options.openPath = m_parser.value(openOption);
            static const QStringList tabs{QStringLiteral("timeline"), QStringLiteral("migration"),
                                          QStringLiteral("buffers"),  QStringLiteral("compare"),
                                          QStringLiteral("sweep"),    QStringLiteral("explain")};
            if (!options.tab.isEmpty() && !tabs.contains(options.tab))
                return error(CommandLine::tr("unknown tab '%1'; accepted: %2")
                                 .arg(options.tab, tabs.join(QStringLiteral(", "))));
            options.demo = m_parser.value(demoOption);
            if (!options.demo.isEmpty()
                && (m_parser.isSet(modeOption) || m_parser.isSet(m_experiment.kernel)
                    || m_parser.isSet(m_experiment.stride) || m_parser.isSet(m_experiment.rounds)
                    || m_parser.isSet(m_experiment.advice)))
                return error(CommandLine::tr("--demo chooses the kernel and the modes; leave out --mode, --kernel, "
                                             "--stride, --rounds and --advice"));
            options.sizeGiven = m_parser.isSet(m_experiment.size);
            if (!options.demo.isEmpty() && !findDemo(options.demo.toStdString()))
                return error(
                    CommandLine::tr("unknown demo '%1'; accepted: %2").arg(options.demo, fromStd(demoIdList())));
            if (int(options.runOnStart) + int(options.compareOnStart) + int(!options.demo.isEmpty()) > 1)
                return error(CommandLine::tr("only one of --run, --compare and --demo can start"));
        }
        if (sub.command == Command::Run || sub.command == Command::Gui) {
            if (m_parser.isSet(modeOption) && !readMode(m_parser.value(modeOption), options.spec.mode))
                return m_result;
        }
        if (sub.command == Command::Compare || sub.command == Command::Sweep) {
            const QString modes = m_parser.value(sub.command == Command::Compare ? modesOption : sweepModes);
            if (!readModes(modes, options.modes))
                return m_result;
        }
        if (sub.command == Command::Sweep) {
            const QString text
                = m_parser.isSet(sizesOption) ? m_parser.value(sizesOption) : QStringLiteral("4KiB:64MiB:x4");
            const auto sizes = parseSizeList(text.toStdString(), elementBytes);
            if (!sizes)
                return error(errorText(sizes.error()));
            options.sizes = *sizes;
        }
        if (!checkAdvice(options))
            return m_result;
        options.jsonPath = m_parser.value(m_experiment.json);
        options.csvPath = m_parser.value(m_experiment.csv);
        if (options.jsonPath == QLatin1String("-") && options.csvPath == QLatin1String("-"))
            return error(
                CommandLine::tr("--json - and --csv - cannot both write to stdout; give one of them a file name"));
        options.reproduce = reproduce();
        return m_result;
    }

    CommandLineResult readDemo(const QString &name, bool list)
    {
        CommandLineOptions &options = m_result.options;
        if (list && !name.isEmpty())
            return error(CommandLine::tr("--list takes no demo name"));
        options.demo = name;
        if (!name.isEmpty() && !findDemo(name.toStdString()))
            return error(CommandLine::tr("unknown demo '%1'; accepted: %2").arg(name, fromStd(demoIdList())));
        ExperimentSpec &spec = options.spec;
        spec.deviceId = m_parser.value(m_experiment.device).toStdString();
        options.sizeGiven = m_parser.isSet(m_experiment.size);
        if (options.sizeGiven && !readSize(m_experiment.size, spec.bytes))
            return m_result;
        if (m_parser.isSet(m_experiment.iterations)
            && !readCount(m_experiment.iterations, 1, maxIterations, spec.iterations))
            return m_result;
        if (m_parser.isSet(m_experiment.warmup) && !readCount(m_experiment.warmup, 0, maxIterations, spec.warmup))
            return m_result;
        spec.counters = !m_parser.isSet(m_experiment.noCounters);
        options.jsonPath = m_parser.value(m_experiment.json);
        options.csvPath = m_parser.value(m_experiment.csv);
        if (options.jsonPath == QLatin1String("-") && options.csvPath == QLatin1String("-"))
            return error(
                CommandLine::tr("--json - and --csv - cannot both write to stdout; give one of them a file name"));
        options.reproduce = reproduce();
        return m_result;
    }

    bool readExperiment(ExperimentSpec &spec)
    {
        spec.deviceId = m_parser.value(m_experiment.device).toStdString();
        if (m_parser.isSet(m_experiment.kernel)) {
            spec.kernel = m_parser.value(m_experiment.kernel).toStdString();
            if (!findKernel(spec.kernel)) {
                error(CommandLine::tr("unknown kernel '%1'; accepted: %2")
                          .arg(fromStd(spec.kernel), fromStd(kernelIdList())));
                return false;
            }
        }
        if (m_parser.isSet(m_experiment.size) && !readSize(m_experiment.size, spec.bytes))
            return false;
        if (m_parser.isSet(m_experiment.stride) && !readSize(m_experiment.stride, spec.strideBytes))
            return false;
        if (m_parser.isSet(m_experiment.iterations)
            && !readCount(m_experiment.iterations, 1, maxIterations, spec.iterations))
            return false;
        if (m_parser.isSet(m_experiment.warmup) && !readCount(m_experiment.warmup, 0, maxIterations, spec.warmup))
            return false;
        if (m_parser.isSet(m_experiment.rounds) && !readCount(m_experiment.rounds, 1, maxRounds, spec.rounds))
            return false;
        spec.advice = m_parser.value(m_experiment.advice).toStdString();
        spec.counters = !m_parser.isSet(m_experiment.noCounters);
        return true;
    }

    bool readSize(const QCommandLineOption &option, std::uint64_t &bytes)
    {
        const auto parsed = parseByteSize(m_parser.value(option).toStdString(), elementBytes);
        if (!parsed) {
            error(QStringLiteral("--%1: ").arg(option.names().constFirst()) + errorText(parsed.error()));
            return false;
        }
        bytes = *parsed;
        return true;
    }

    bool readCount(const QCommandLineOption &option, int min, int max, int &value)
    {
        bool ok = false;
        const QString text = m_parser.value(option);
        const int parsed = text.toInt(&ok);
        if (!ok || parsed < min || parsed > max) {
            error(CommandLine::tr("invalid --%1 '%2'; accepted: a whole number from %3 to %4")
                      .arg(option.names().constFirst(), text)
                      .arg(min)
                      .arg(max));
            return false;
        }
        value = parsed;
        return true;
    }

    bool readMode(const QString &text, std::string &mode)
    {
        mode = text.toStdString();
        if (findMode(mode))
            return true;
        error(CommandLine::tr("unknown mode '%1'; accepted: %2").arg(text, fromStd(modeIdList())));
        return false;
    }

    bool readModes(const QString &text, QStringList &modes)
    {
        if (text.isEmpty())
            return true;
        if (text == QLatin1String("all")) {
            modes = {text};
            return true;
        }
        for (const QString &part : text.split(QLatin1Char(','))) {
            std::string mode;
            if (!readMode(part.trimmed(), mode))
                return false;
            if (!modes.contains(part.trimmed()))
                modes << part.trimmed();
        }
        return true;
    }

    bool checkAdvice(CommandLineOptions &options)
    {
        ExperimentSpec &spec = options.spec;
        const bool advising = spec.mode == "managed-advise" || options.modes.contains(QLatin1String("managed-advise"))
            || options.modes.contains(QLatin1String("all"))
            || (options.modes.isEmpty() && options.command != Command::Run);
        if (!spec.advice.empty() && !advising) {
            error(CommandLine::tr("--advice applies only to the managed-advise mode"));
            return false;
        }
        if (!spec.advice.empty()) {
            ExperimentSpec probe = spec;
            probe.mode = "managed-advise";
            if (const Status valid = validate(probe); !valid) {
                error(errorText(valid.error()));
                return false;
            }
        }
        return true;
    }

    QString reproduce() const
    {
        QStringList words{QStringLiteral("sharescope")};
        for (const QString &argument : m_arguments.mid(1)) {
            const bool plain = !argument.isEmpty() && std::all_of(argument.begin(), argument.end(), [](QChar c) {
                return c.isLetterOrNumber() || QStringLiteral("-_.,:/=+@%").contains(c);
            });
            words << (plain ? argument
                            : QLatin1Char('\'') + QString(argument).replace(QLatin1Char('\''), QStringLiteral("'\\''"))
                              + QLatin1Char('\''));
        }
        return words.join(QLatin1Char(' '));
    }

    QString helpText(const Subcommand &sub) const
    {
        const QString text = m_parser.helpText();
        // QCommandLineParser's first line names the binary only (in Qt's own
        // words, translated where Qt's translations are installed): say which
        // subcommand.
        const QString usage = QStringLiteral("sharescope %1 %2%3")
                                  .arg(QLatin1String(sub.name), QCommandLineParser::tr("[options]"),
                                       sub.command == Command::Demo ? QStringLiteral(" [NAME]") : QString());
        return QCommandLineParser::tr("Usage: %1").arg(usage) + text.mid(text.indexOf(QLatin1Char('\n')));
    }

    CommandLineResult ok(Command command)
    {
        m_result.options.command = command;
        return m_result;
    }
    CommandLineResult help(const QString &text) { return {CommandLineResult::Status::Help, {}, text}; }
    CommandLineResult error(const QString &text)
    {
        m_result.status = CommandLineResult::Status::Error;
        m_result.text = text;
        return m_result;
    }

    const QStringList m_arguments;
    QCommandLineParser m_parser;
    ExperimentOptions m_experiment;
    CommandLineResult m_result;
};

} // namespace

QString languageArgument(const QStringList &arguments)
{
    QString value;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (!isLanguageOption(arguments[i]))
            continue;
        value = arguments[i].contains(QLatin1Char('=')) ? arguments[i].section(QLatin1Char('='), 1)
                                                        : arguments.value(i + 1);
    }
    return supportedLanguages().contains(value) ? value : QString();
}

CommandLineResult parseCommandLine(const QStringList &arguments)
{
    return Parser(arguments).parse();
}

QString usageText()
{
    QString text = CommandLine::tr("ShareScope %1: see how a CPU and a GPU share memory.\n\n"
                                   "Usage: sharescope [COMMAND] [OPTIONS]\n\nCommands:\n")
                       .arg(QString::fromStdString(toolVersion()));
    for (const Subcommand &sub : subcommands)
        text += QStringLiteral("  %1%2\n")
                    .arg(QString::fromLatin1(sub.name).leftJustified(12), CommandLine::tr(sub.summary));
    text += CommandLine::tr("\nWithout a command, sharescope opens the window.\n"
                            "Run `sharescope COMMAND --help` for the options of each command.\n"
                            "Every command takes --lang en or --lang zh_CN (default: the system's language).\n\n"
                            "Examples:\n"
                            "  sharescope devices\n"
                            "  sharescope modes\n"
                            "  sharescope run --mode cl-use-host-ptr --size 256MiB\n"
                            "  sharescope compare --kernel stride --size 64MiB\n"
                            "  sharescope sweep --sizes 4KiB:256MiB --json sweep.json\n"
                            "  sharescope demo prefetch\n"
                            "  sharescope ipc-export --size 64MiB\n\n"
                            "Exit codes: 0 done, 1 the run failed (device error or wrong results), 2 bad arguments,\n"
                            "3 not supported on this device.\n");
    return text;
}

} // namespace sharescope
