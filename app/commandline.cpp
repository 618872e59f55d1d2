// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "buildinfo.h"
#include "bytesize.h"
#include "ceilings/calibration.h"
#include "commandoptions.h"
#include "environment.h"
#include "explanations.h"
#include "helptext.h"
#include "ipc.h"
#include "ipcprotocol.h"
#include "language.h"
#include "lessons/examples.h"
#include "nativename.h"
#include "textconv.h"

#include <QCommandLineParser>
#include <QRegularExpression>

#include <algorithm>
#include <span>

namespace sharescope {
namespace {

using Options = QList<QCommandLineOption>;

// What each subcommand takes, and the reader that fills its part of the
// options from the parsed arguments.
struct Subcommand
{
    const char *name;
    Command command;
    const char *summary;
    Options (*options)();
    bool (*read)(OptionReader &reader, const QStringList &positional, CommandLineOptions &options);
    const char *positional = nullptr; // demo: "NAME"
    QString (*positionalHelp)() = nullptr; // what the positional argument takes
};

Options experimentOptions(bool withSize)
{
    Options options{option::device(CommandLine::tr("Device to use, as `devices` lists it (default: the first CUDA "
                                                   "device, else the first OpenCL device).")),
                    option::kernel(),
                    option::iterations(),
                    option::warmup(),
                    option::stride(),
                    option::rounds(),
                    option::advice(),
                    option::peer(),
                    option::peerAccess(),
                    option::writeCombined(),
                    option::hostThreads(),
                    option::defaultStream(),
                    option::records(),
                    option::noClockWarmup(),
                    option::noCounters()};
    if (withSize) {
        options.insert(
            2, option::size(CommandLine::tr("Size of each buffer, e.g. 4096, 64KiB, 64MiB, 1GB (default: 64MiB).")));
    }
    return options;
}

Options outputOptions()
{
    return {option::jsonFile(), option::csvFile(), option::traceFile()};
}

bool readListing(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    options.json = reader.isSet("json");
    if (reader.isSet("device"))
        options.request.base.deviceId = s(reader.value("device"));
    return true;
}

// What every command that runs experiments checks last.
bool finishRequest(OptionReader &reader, RunRequest &request)
{
    if (Status valid = validateRequest(request); !valid)
        return reader.fail(valid.error());
    return true;
}

bool readRun(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    RunRequest &request = options.request;
    request.kind = ReportSet::Kind::Run;
    if (reader.isSet("mode")) {
        ModeId mode{};
        if (!reader.readMode(reader.value("mode"), mode))
            return false;
        request.mode = mode;
    }
    return reader.readExperiment(request.base) && reader.readOutputs(options) && finishRequest(reader, request);
}

bool readCompare(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    RunRequest &request = options.request;
    request.kind = ReportSet::Kind::Compare;
    return reader.readModes("modes", request) && reader.readExperiment(request.base) && reader.readOutputs(options)
        && finishRequest(reader, request);
}

bool readSweep(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    RunRequest &request = options.request;
    request.kind = ReportSet::Kind::Sweep;
    if (!reader.readModes("modes", request) || !reader.readExperiment(request.base) || !reader.readOutputs(options))
        return false;
    const QString text = reader.isSet("sizes") ? reader.value("sizes") : QStringLiteral("4KiB:64MiB:x4");
    const auto sizes = parseSizeList(s(text), elementBytes);
    if (!sizes)
        return reader.fail(sizes.error());
    request.sizes = *sizes;
    return finishRequest(reader, request);
}

// --predict and --answer N: the number's syntax here, its range against
// the question once the demo has computed it.
bool readPrediction(OptionReader &reader, CommandLineOptions &options)
{
    options.predict = reader.isSet("predict") || reader.isSet("answer");
    if (reader.isSet("answer")) {
        bool ok = false;
        const QString text = reader.value("answer");
        const int number = text.toInt(&ok);
        if (!ok || number < 1 || number > 4) {
            return reader.fail(
                CommandLine::tr("--answer '%1' is not the number of a choice; accepted: 1 to 4").arg(text));
        }
        options.answer = number;
    }
    for (const char *output : {"json", "csv", "trace"}) {
        if (options.predict && reader.isSet(output) && reader.value(output) == QStringLiteral("-")) {
            return reader.fail(CommandLine::tr("--predict and --answer print the question on standard output, where "
                                               "--%1 - would write its report; give --%1 a file")
                                   .arg(QLatin1String(output)));
        }
    }
    return true;
}

bool readDemo(OptionReader &reader, const QStringList &positional, CommandLineOptions &options)
{
    RunRequest &request = options.request;
    request.kind = ReportSet::Kind::Compare;
    options.listDemos = reader.isSet("list") || positional.isEmpty();
    if (reader.isSet("list") && !positional.isEmpty())
        return reader.fail(CommandLine::tr("--list takes no demo name"));
    if (!positional.isEmpty()) {
        const auto demo = parseDemo(s(positional.front()));
        if (!demo)
            return reader.fail(demo.error());
        request.demo = *demo;
    }
    request.sizeGiven = reader.isSet("size");
    if (!readPrediction(reader, options))
        return false;
    return reader.readExperiment(request.base) && reader.readOutputs(options) && finishRequest(reader, request);
}

// explain [PAGE] [--example NAME]: the page and the example must exist,
// so that a bad one fails before anything is printed.
bool readExplain(OptionReader &reader, const QStringList &positional, CommandLineOptions &options)
{
    const QStringList pages = allExplanationPages();
    if (!positional.isEmpty()) {
        options.explainPage = positional.front();
        if (!pages.contains(options.explainPage)) {
            return reader.fail(CommandLine::tr("unknown mode or page '%1'; accepted: %2")
                                   .arg(options.explainPage, pages.join(QStringLiteral(", "))));
        }
    }
    options.explainMarkdown = reader.isSet("markdown");
    if (options.explainMarkdown && reader.isSet("example"))
        return reader.fail(CommandLine::tr("--markdown and --example print different things; give one"));
    if (options.explainMarkdown && options.explainPage.isEmpty())
        return reader.fail(CommandLine::tr("--markdown needs a mode: sharescope explain MODE --markdown"));
    if (!reader.isSet("example"))
        return true;
    options.explainExample = reader.value("example");
    if (options.explainPage.isEmpty()) {
        return reader.fail(CommandLine::tr("--example '%1' needs a mode: sharescope explain MODE --example NAME")
                               .arg(options.explainExample));
    }
    QStringList names;
    for (const CodeExample &example : explanationFor(options.explainPage).examples)
        names << example.name;
    if (!names.contains(options.explainExample)) {
        return reader.fail(CommandLine::tr("unknown example '%1' of %2; accepted: %3")
                               .arg(options.explainExample, options.explainPage, names.join(QStringLiteral(", "))));
    }
    return true;
}

// show [EXAMPLE]: the example must exist; without one, the list.
bool readShow(OptionReader &reader, const QStringList &positional, CommandLineOptions &options)
{
    if (positional.isEmpty())
        return true;
    const auto example = parseExample(s(positional.front()));
    if (!example)
        return reader.fail(example.error());
    options.example = *example;
    return true;
}

bool readIpcExport(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    ExperimentSpec &spec = options.request.base;
    if (reader.isSet("device"))
        spec.deviceId = s(reader.value("device"));
    spec.bytes = 16ULL << 20;
    if (!reader.readSize("size", spec.bytes))
        return false;
    if (reader.isSet("fill")) {
        options.fill = reader.value("fill");
        if (const auto fill = parseFill(s(options.fill)); !fill)
            return reader.fail(fill.error());
    }
    if (reader.isSet("memory")) {
        const QString memory = reader.value("memory");
        const auto kind = exportMemoryFromName(s(memory));
        if (!kind) {
            QStringList accepted;
            for (const ExportMemory each : allExportMemories)
                accepted << q(exportMemoryName(each));
            return reader.fail(CommandLine::tr("invalid --memory '%1'; accepted: %2")
                                   .arg(memory, accepted.join(QStringLiteral(", "))));
        }
        options.exportMemory = *kind;
    }
    if (reader.isSet("socket")) {
        if (options.exportMemory != ExportMemory::Vmm && options.exportMemory != ExportMemory::Pool)
            return reader.fail(CommandLine::tr("--socket hands over a file descriptor, which only --memory vmm and "
                                               "--memory pool have"));
        options.socketPath = reader.value("socket");
        if (options.socketPath.isEmpty())
            return reader.fail(CommandLine::tr("--socket needs a path"));
    }
    return true;
}

// python: the interpreter, the routes, their size, iterations and time limit.
bool readPython(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    ExperimentSpec &spec = options.request.base;
    if (reader.isSet("device"))
        spec.deviceId = s(reader.value("device"));
    if (!reader.readSize("size", spec.bytes) || !reader.readCount("iterations", spec.iterations)
        || !reader.readCount("warmup", spec.warmup))
        return false;
    if (spec.bytes < 4096 || spec.bytes > (16ULL << 30))
        return reader.fail(
            CommandLine::tr("invalid --size '%1': python takes 4KiB to 16GiB").arg(reader.value("size")));
    if (spec.iterations < 1 || spec.iterations > 1000)
        return reader.fail(
            CommandLine::tr("invalid --iterations '%1': python takes 1 to 1000").arg(reader.value("iterations")));
    if (spec.warmup < 0 || spec.warmup > 100)
        return reader.fail(CommandLine::tr("invalid --warmup '%1': python takes 0 to 100").arg(reader.value("warmup")));
    options.pythonInterpreter = reader.value("python");
    const auto routes = parsePythonRoutes(reader.isSet("routes") ? s(reader.value("routes")) : "all");
    if (!routes)
        return reader.fail(routes.error());
    options.pythonRoutes = *routes;
    if (reader.isSet("timeout")) {
        bool ok = false;
        const int seconds = reader.value("timeout").toInt(&ok);
        if (!ok || seconds < 1 || seconds > 3600)
            return reader.fail(CommandLine::tr("invalid --timeout '%1': a whole number of seconds, 1 to 3600")
                                   .arg(reader.value("timeout")));
        options.pythonTimeoutSeconds = seconds;
    }
    options.pythonMatrix = reader.isSet("matrix");
    if (options.pythonMatrix && reader.isSet("routes"))
        return reader.fail(CommandLine::tr("--matrix runs the hand-offs alone; leave out --routes"));
    if (reader.isSet("json"))
        options.jsonPath = reader.value("json");
    return true;
}

// watch: the command after --, or --pid; the interval, records, routes.
bool readWatch(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    WatchRequest &watch = options.watch;
    if (reader.isSet("pid")) {
        bool ok = false;
        const int pid = reader.value("pid").toInt(&ok);
        if (!ok || pid < 1)
            return reader.fail(
                CommandLine::tr("invalid --pid '%1': the number of a running process").arg(reader.value("pid")));
        watch.pid = pid;
        if (!watch.command.isEmpty())
            return reader.fail(CommandLine::tr("watch takes a command after -- or --pid N, not both"));
    } else if (watch.command.isEmpty()) {
        return reader.fail(CommandLine::tr("watch needs a command after -- (sharescope watch -- python3 train.py), or "
                                           "--pid N"));
    }
    if (reader.isSet("wait") && !watch.pid)
        return reader.fail(CommandLine::tr("--wait waits for a running process (--pid) to use CUDA"));
    watch.wait = reader.isSet("wait");
    if (reader.isSet("interval")) {
        const QString text = reader.value("interval").trimmed();
        QString number = text;
        double scale = 1e6; // milliseconds, unless it says
        if (text.endsWith(QLatin1String("ms"))) {
            number.chop(2);
        } else if (text.endsWith(QLatin1Char('s'))) {
            number.chop(1);
            scale = 1e9;
        }
        bool ok = false;
        const double value = number.toDouble(&ok) * scale;
        if (!ok || value < 10e6 || value > 60e9)
            return reader.fail(
                CommandLine::tr("invalid --interval '%1'; accepted: 10ms to 60s (100ms, 0.5s)").arg(text));
        watch.intervalNs = static_cast<std::uint64_t>(value);
    }
    watch.records = reader.isSet("records");
    watch.api = !reader.isSet("no-api");
    watch.quiet = reader.isSet("quiet");
    watch.progressPath = reader.value("progress");
    for (const char *output : {"json", "csv", "trace"}) {
        if (reader.isSet(output) && reader.value(output) == QStringLiteral("-")) {
            return reader.fail(CommandLine::tr("--%1 -: the watched command writes to standard output; give --%1 a "
                                               "file")
                                   .arg(QLatin1String(output)));
        }
    }
    return reader.readOutputs(options);
}

// calibrate: the device and the size of its buffers; the kernel reads 16
// bytes at a time, and the copies want whole pages.
bool readCalibrate(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    ExperimentSpec &spec = options.request.base;
    if (reader.isSet("device"))
        spec.deviceId = s(reader.value("device"));
    spec.bytes = CalibrationPlan{}.bytes;
    if (!reader.readSize("size", spec.bytes))
        return false;
    if (spec.bytes < (1 << 20) || spec.bytes % 4096 != 0)
        return reader.fail(CommandLine::tr("invalid --size '%1': calibrate takes at least 1MiB, in whole 4KiB pages")
                               .arg(reader.value("size")));
    if (reader.isSet("json"))
        options.jsonPath = reader.value("json");
    return true;
}

// doctor: the device, the plan the checks hold the machine against, a
// process to compare namespaces with; ranges checked by the core.
bool readDoctor(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    doctor::DoctorOptions &doctor = options.doctor;
    if (reader.isSet("device"))
        doctor.deviceId = s(reader.value("device"));
    doctor.quick = reader.isSet("quick");
    if (reader.isSet("workers")) {
        int workers = 0;
        if (!reader.readCount("workers", workers))
            return false;
        doctor.workers = workers;
    }
    if (reader.isSet("batch")) {
        const auto bytes = parseByteSize(s(reader.value("batch")));
        if (!bytes)
            return reader.fail(QStringLiteral("--batch: ") + errorText(bytes.error()));
        doctor.batchBytes = *bytes;
    }
    if (reader.isSet("peer-pid")) {
        int pid = 0;
        if (!reader.readCount("peer-pid", pid))
            return false;
        doctor.peerPid = pid;
    }
    if (Status valid = doctor::validateDoctorOptions(doctor); !valid)
        return reader.fail(valid.error());
    if (reader.isSet("json"))
        options.jsonPath = reader.value("json");
    return true;
}

bool readGui(OptionReader &reader, const QStringList &, CommandLineOptions &options)
{
    RunRequest &request = options.request;
    options.runOnStart = reader.isSet("run");
    options.compareOnStart = reader.isSet("compare");
    options.checkMachineOnStart = reader.isSet("check-machine");
    options.screenshotPath = reader.value("screenshot");
    options.openPath = reader.value("open");
    if (reader.isSet("example")) {
        if (!options.openPath.isEmpty())
            return reader.fail(CommandLine::tr("--example and --open each open a report; give one of them"));
        const auto example = parseExample(s(reader.value("example")));
        if (!example)
            return reader.fail(example.error());
        options.example = *example;
    }
    if (reader.isSet("window-size")) {
        // WIDTHxHEIGHT, each from 640 to 16384: a window Qt can lay out.
        static const QRegularExpression form(QStringLiteral("^([0-9]{3,5})x([0-9]{3,5})$"));
        const QRegularExpressionMatch match = form.match(reader.value("window-size"));
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (width < 640 || height < 480 || width > 16384 || height > 16384) {
            return reader.fail(CommandLine::tr("invalid --window-size '%1'; accepted: WIDTHxHEIGHT in pixels, from "
                                               "640x480 to 16384x16384, such as 1024x700")
                                   .arg(reader.value("window-size")));
        }
        options.windowSize = {width, height};
    }
    if (reader.isSet("tab")) {
        options.tab = windowTabFromName(reader.value("tab"));
        if (!options.tab) {
            return reader.fail(CommandLine::tr("unknown tab '%1'; accepted: %2")
                                   .arg(reader.value("tab"), windowTabNames().join(QStringLiteral(", "))));
        }
    }
    if (reader.isSet("demo")) {
        for (const char *chosen : {"mode", "kernel", "stride", "rounds", "advice", "peer-access"}) {
            if (reader.isSet(chosen))
                return reader.fail(CommandLine::tr("--demo chooses the kernel and the modes; leave out --mode, "
                                                   "--kernel, --stride, --rounds, --advice and --peer-access"));
        }
        const QStringList demo{reader.value("demo")};
        if (!readDemo(reader, demo, options))
            return false;
    } else {
        if (reader.isSet("predict") || reader.isSet("answer"))
            return reader.fail(CommandLine::tr("--predict and --answer ask a demo's question; give --demo NAME"));
        if (reader.isSet("mode")) {
            ModeId mode{};
            if (!reader.readMode(reader.value("mode"), mode))
                return false;
            request.mode = mode;
        }
        request.kind = options.compareOnStart ? ReportSet::Kind::Compare : ReportSet::Kind::Run;
        if (!reader.readExperiment(request.base) || !finishRequest(reader, request))
            return false;
    }
    if (int(options.runOnStart) + int(options.compareOnStart) + int(request.demo.has_value()) > 1)
        return reader.fail(CommandLine::tr("only one of --run, --compare and --demo can start"));
    if (options.checkMachineOnStart && (options.runOnStart || options.compareOnStart || request.demo))
        return reader.fail(CommandLine::tr("--check-machine starts the machine check; leave out --run, --compare "
                                           "and --demo"));
    return true;
}

Options listingOptions()
{
    return {option::jsonFlag()};
}
Options modesOptions()
{
    return {option::device(CommandLine::tr("Say which modes this device supports (default: the default device).")),
            option::jsonFlag()};
}
Options runOptions()
{
    return Options{option::mode()} + experimentOptions(true) + outputOptions();
}
Options compareOptions()
{
    return Options{option::modes(CommandLine::tr("Modes to compare, comma-separated, or all (default: all)."))}
    + experimentOptions(true) + outputOptions();
}
Options sweepOptions()
{
    return Options{option::modes(CommandLine::tr(
                       "Modes to sweep, comma-separated, or all (default: the device's plain copy mode).")),
                   option::sizes()}
    + experimentOptions(false) + outputOptions();
}
Options demoOptions()
{
    return Options{{QStringLiteral("list"), CommandLine::tr("List the demos.")},
                   option::device(CommandLine::tr("Device to use, as `devices` lists it.")),
                   option::peer(),
                   option::size(CommandLine::tr("Size of each buffer (default: the demo's own).")),
                   option::iterations(),
                   option::warmup(),
                   option::noCounters(),
                   option::predict(),
                   option::answer()}
    + outputOptions();
}
Options explainOptions()
{
    return {{QStringLiteral("example"),
             CommandLine::tr("Print the source of one of the mode's examples (cpp, py-cupy, py-numba, ...), as "
                             "the page lists them."),
             QStringLiteral("NAME")},
            {QStringLiteral("markdown"),
             CommandLine::tr("Print the page as Markdown, as it is written (for a notebook or a converter), "
                             "without the list of examples.")}};
}
Options showOptions()
{
    return {};
}
QString showPositionalHelp()
{
    return CommandLine::tr("The example (default: list them): %1.").arg(q(exampleNameList()));
}
QString demoPositionalHelp()
{
    return CommandLine::tr("The demo: %1.").arg(q(demoNameList()));
}
QString explainPositionalHelp()
{
    return CommandLine::tr("The mode or page to explain (default: list them): %1.")
        .arg(allExplanationPages().join(QStringLiteral(", ")));
}
Options ipcExportOptions()
{
    return {option::device(CommandLine::tr("CUDA device (default: the first).")),
            option::size(CommandLine::tr("Size of the buffer (default: 16MiB).")),
            {QStringLiteral("fill"),
             CommandLine::tr("What the buffer holds: index (0, 1, 2, ...), zeros, ones or a number (default: index)."),
             QStringLiteral("PATTERN")},
            {QStringLiteral("memory"),
             CommandLine::tr("device (cudaMalloc, a legacy IPC handle), vmm (cuMemCreate, a file descriptor), pool "
                             "(an exportable memory pool, its descriptor) or managed, which is refused with the reason "
                             "(default: device)."),
             QStringLiteral("KIND")},
            {QStringLiteral("socket"),
             CommandLine::tr("Where vmm and pool hand their file descriptor to each process that connects (default: "
                             "$XDG_RUNTIME_DIR/sharescope-ipc-PID.sock)."),
             QStringLiteral("PATH")}};
}
Options calibrateOptions()
{
    return {
        option::device(CommandLine::tr("Device to calibrate, as `devices` lists it (default: the default device).")),
        option::size(CommandLine::tr("Size of each buffer (default: 256MiB, less where memory is short).")),
        {QStringLiteral("json"), CommandLine::tr("Also write the calibration as JSON to FILE, or to stdout with -."),
         QStringLiteral("FILE")}};
}
Options pythonOptions()
{
    return {{QStringLiteral("python"),
             CommandLine::tr("The Python interpreter to run the routes with (default: python3 on PATH)."),
             QStringLiteral("PATH")},
            {QStringLiteral("routes"),
             CommandLine::tr("Routes to run, separated by commas, or all (default: all): %1.").arg(q([] {
                 std::string names;
                 for (const PythonRouteInfo &route : pythonRoutes())
                     names += (names.empty() ? "" : ", ") + std::string(route.name);
                 return names;
             }())),
             QStringLiteral("R,...")},
            option::device(CommandLine::tr("Device for ShareScope's own runs beside the routes (default: the first "
                                           "of each route's kind).")),
            option::size(CommandLine::tr("Size of the buffer each route moves (default: 64MiB).")),
            option::iterations(),
            option::warmup(),
            {QStringLiteral("matrix"),
             CommandLine::tr("Instead of the routes, hand each framework's device, pinned and managed arrays to "
                             "each other framework (DLPack; __cuda_array_interface__ for numba): shared, copied or "
                             "refused.")},
            {QStringLiteral("timeout"),
             CommandLine::tr("Seconds each route may take before it is stopped (default: 120)."),
             QStringLiteral("SECONDS")},
            {QStringLiteral("json"), CommandLine::tr("Also write the results as JSON to FILE, or to stdout with -."),
             QStringLiteral("FILE")}};
}
Options watchOptions()
{
    return {
        {QStringLiteral("pid"),
         CommandLine::tr("Watch a running process instead of starting one (the kernel must allow it: see the "
                         "refusal's reason)."),
         QStringLiteral("N")},
        {QStringLiteral("wait"), CommandLine::tr("With --pid: wait until the process uses CUDA.")},
        {QStringLiteral("interval"),
         CommandLine::tr("How often each process's counters are sampled (default 100ms; 10ms to 60s)."),
         QStringLiteral("TIME")},
        {QStringLiteral("records"),
         CommandLine::tr("Also read the driver's record of every migration, for the bytes by cause (costs "
                         "some of the program's time: the summary says how much).")},
        {QStringLiteral("no-api"),
         CommandLine::tr("Do not load the library that reports the program's CUDA memory calls (the routes).")},
        {QStringLiteral("quiet"), CommandLine::tr("No live line while the command runs.")},
        {QStringLiteral("progress"),
         CommandLine::tr("Append a JSON line to FILE at every interval: each process's counts so far (the "
                         "window's Watch tab reads it)."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"), CommandLine::tr("Write the watch report as JSON to FILE."), QStringLiteral("FILE")},
        {QStringLiteral("csv"), CommandLine::tr("Write one row per process and interval as CSV to FILE."),
         QStringLiteral("FILE")},
        {QStringLiteral("trace"),
         CommandLine::tr("Write a trace for Perfetto to FILE: each process's bytes and faults, its memory calls."),
         QStringLiteral("FILE")}};
}

Options doctorOptions()
{
    return {option::device(CommandLine::tr("The CUDA device whose paths to check (default: the first CUDA device).")),
            {QStringLiteral("workers"),
             CommandLine::tr("DataLoader workers to plan shared memory and open files for (default: the CPUs, at "
                             "most 8)."),
             QStringLiteral("N")},
            {QStringLiteral("batch"), CommandLine::tr("Size of one batch's tensors, e.g. 64MiB (default: 64MiB)."),
             QStringLiteral("BYTES")},
            {QStringLiteral("peer-pid"),
             CommandLine::tr("A process that shares CUDA memory with yours: are both in the same namespaces?"),
             QStringLiteral("P")},
            {QStringLiteral("quick"), CommandLine::tr("Read only: measure nothing on the GPU (a second, not ten).")},
            {QStringLiteral("json"), CommandLine::tr("Also write the checks as JSON to FILE, or to stdout with -."),
             QStringLiteral("FILE")}};
}
Options guiOptions()
{
    return Options{option::mode()} + experimentOptions(true)
        + Options{
            {QStringLiteral("run"), CommandLine::tr("Run the experiment as soon as the window opens.")},
            {QStringLiteral("compare"), CommandLine::tr("Compare all modes as soon as the window opens.")},
            {QStringLiteral("check-machine"),
             CommandLine::tr("Check this machine as soon as the window opens (Help → Check this machine); with "
                             "--screenshot, the dialog is saved.")},
            {QStringLiteral("demo"),
             CommandLine::tr("Run a guided demo as soon as the window opens: %1.").arg(q(demoNameList())),
             QStringLiteral("NAME")},
            option::predict(),
            option::answer(),
            {QStringLiteral("screenshot"),
             CommandLine::tr("Save the window to FILE (PNG) once the run, compare or report is shown, then quit."),
             QStringLiteral("FILE")},
            {QStringLiteral("tab"),
             CommandLine::tr("Tab to show: %1.").arg(windowTabNames().join(QStringLiteral(", "))),
             QStringLiteral("NAME")},
            {QStringLiteral("window-size"),
             CommandLine::tr("The window's size in pixels, WIDTHxHEIGHT (default: 1280x800, or as it was left)."),
             QStringLiteral("WxH")},
            {QStringLiteral("open"), CommandLine::tr("Open a report written by --json or Save."),
             QStringLiteral("REPORT")},
            {QStringLiteral("example"),
             CommandLine::tr("Open a report measured on a real GPU and shipped with ShareScope, labelled as such: %1.")
                 .arg(q(exampleNameList())),
             QStringLiteral("NAME")}};
}

const Subcommand subcommands[] = {
    {"devices", Command::Devices, QT_TRANSLATE_NOOP("CommandLine", "list the CUDA and OpenCL devices"), listingOptions,
     readListing},
    {"modes", Command::Modes, QT_TRANSLATE_NOOP("CommandLine", "list every sharing mode, supported or not and why"),
     modesOptions, readListing},
    {"run", Command::Run, QT_TRANSLATE_NOOP("CommandLine", "run one experiment and show its phases"), runOptions,
     readRun},
    {"compare", Command::Compare, QT_TRANSLATE_NOOP("CommandLine", "run one experiment in several modes, side by side"),
     compareOptions, readCompare},
    {"sweep", Command::Sweep, QT_TRANSLATE_NOOP("CommandLine", "measure bandwidth against size"), sweepOptions,
     readSweep},
    {"demo", Command::Demo,
     QT_TRANSLATE_NOOP("CommandLine", "run a guided demo and explain what it shows, with the numbers measured"),
     demoOptions, readDemo, "NAME", demoPositionalHelp},
    {"explain", Command::Explain,
     QT_TRANSLATE_NOOP("CommandLine", "explain a sharing mode, with its C++ and Python examples (no device needed)"),
     explainOptions, readExplain, "MODE", explainPositionalHelp},
    {"show", Command::Show,
     QT_TRANSLATE_NOOP("CommandLine",
                       "print a report measured on an NVIDIA H200 and shipped with ShareScope, with its lesson"),
     showOptions, readShow, "EXAMPLE", showPositionalHelp},
    {"ipc-export", Command::IpcExport,
     QT_TRANSLATE_NOOP("CommandLine", "share a GPU buffer with another process (CuPy, PyTorch) by CUDA IPC"),
     ipcExportOptions, readIpcExport},
    {"calibrate", Command::Calibrate,
     QT_TRANSLATE_NOOP("CommandLine", "measure the ceilings of this machine's paths, which runs then compare against"),
     calibrateOptions, readCalibrate},
    {"python", Command::Python,
     QT_TRANSLATE_NOOP(
         "CommandLine",
         "measure your own Python routes (CuPy, PyTorch, JAX, numba, pyopencl) beside ShareScope's modes"),
     pythonOptions, readPython},
    {"watch", Command::Watch,
     QT_TRANSLATE_NOOP("CommandLine",
                       "run a program (or watch a running one) and count the pages each of its processes migrates"),
     watchOptions, readWatch},
    {"doctor", Command::Doctor,
     QT_TRANSLATE_NOOP("CommandLine",
                       "check this machine for what makes sharing GPU memory fail or slow, and measure it"),
     doctorOptions, readDoctor},
    {"gui", Command::Gui, QT_TRANSLATE_NOOP("CommandLine", "open the desktop window"), guiOptions, readGui},
};

const Subcommand &subcommandOf(Command command)
{
    return *std::ranges::find(subcommands, command, &Subcommand::command);
}

// --lang, -lang, --lang=X or -lang=X.
bool isLanguageOption(const QString &argument)
{
    return argument == QLatin1String("--lang") || argument == QLatin1String("-lang")
        || argument.startsWith(QLatin1String("--lang=")) || argument.startsWith(QLatin1String("-lang="));
}

// `sharescope --lang zh_CN run ...`: a leading --lang moves behind the
// command, so that the command (or --help) comes first.
QStringList withLanguageLast(QStringList arguments)
{
    if (arguments.size() < 3 || !isLanguageOption(arguments[1]))
        return arguments;
    const qsizetype count = arguments[1].contains(QLatin1Char('=')) ? 1 : 2;
    const QStringList language = arguments.mid(1, count);
    arguments.remove(1, count);
    if (arguments.size() < 2)
        return QStringList{arguments.value(0)} << language;
    // Not into a watched command's own arguments, after --.
    if (const qsizetype dashes = arguments.indexOf(QStringLiteral("--")); dashes >= 0) {
        for (qsizetype i = 0; i < language.size(); ++i)
            arguments.insert(dashes + i, language[i]);
        return arguments;
    }
    return arguments << language;
}

// The command as the user could type it again, quoted for a shell.
QString reproduce(const QStringList &arguments)
{
    QStringList words{QStringLiteral("sharescope")};
    for (const QString &argument : arguments.mid(1)) {
        // A name that is not UTF-8 (nativename.h), in the $'...' quoting of
        // bash and POSIX sh: its other bytes as \xFF.
        if (nativeFileName(argument) != argument.toUtf8()) {
            QString quoted = argument;
            quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'"));
            words << QStringLiteral("$'") + shownFileName(quoted) + QLatin1Char('\'');
            continue;
        }
        const bool plain = !argument.isEmpty() && std::all_of(argument.begin(), argument.end(), [](QChar c) {
            return c.isLetterOrNumber() || QStringLiteral("-_.,:/=+@%").contains(c);
        });
        words << (plain ? argument
                        : QLatin1Char('\'') + QString(argument).replace(QLatin1Char('\''), QStringLiteral("'\\''"))
                          + QLatin1Char('\''));
    }
    return words.join(QLatin1Char(' '));
}

CommandLineResult errorResult(const QString &text)
{
    return {CommandLineResult::Status::Error, {}, text};
}

QString helpText(const Subcommand &sub, const QString &description, const Options &options)
{
    const QString usage
        = QStringLiteral("sharescope %1 %2%3")
              .arg(QLatin1String(sub.name), QCommandLineParser::tr("[options]"),
                   sub.positional ? QStringLiteral(" [%1]").arg(QLatin1String(sub.positional)) : QString());
    return commandHelp(usage, description, options, sub.positional ? QLatin1String(sub.positional) : QString(),
                       sub.positional ? sub.positionalHelp() : QString());
}

// An option given an empty value ("--device ''") is a mistake, not a choice
// of the default.
std::optional<QString> emptyValue(const QCommandLineParser &parser, const Options &options)
{
    for (const QCommandLineOption &option : options) {
        const QString name = option.names().constFirst();
        if (option.valueName().isEmpty() || !parser.optionNames().contains(name))
            continue;
        if (std::ranges::any_of(parser.values(name), &QString::isEmpty))
            return CommandLine::tr("--%1 needs a value; it was given an empty one").arg(name);
    }
    return std::nullopt;
}

// An option given twice ("--size 4KiB --size 8KiB") is ambiguous: which
// one was meant is not the parser's guess to make.
std::optional<QString> repeatedValue(const QCommandLineParser &parser, const Options &options)
{
    for (const QCommandLineOption &option : options) {
        const QString name = option.names().constFirst();
        if (option.valueName().isEmpty() || !parser.optionNames().contains(name))
            continue;
        if (const QStringList values = parser.values(name); values.size() > 1) {
            return CommandLine::tr("--%1 is given %2 times (%3); give it once")
                .arg(name)
                .arg(values.size())
                .arg(values.join(QStringLiteral(", ")));
        }
    }
    return std::nullopt;
}

CommandLineResult parseSubcommand(const Subcommand &sub, QStringList arguments)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QString description
        = CommandLine::tr("sharescope %1: %2").arg(QLatin1String(sub.name), CommandLine::tr(sub.summary));
    parser.setApplicationDescription(description);
    const QCommandLineOption helpOption{{QStringLiteral("h"), QStringLiteral("help")},
                                        CommandLine::tr("Show this help.")};
    const Options options = sub.options() << option::language();
    parser.addOption(helpOption);
    parser.addOptions(options);
    if (sub.positional) {
        parser.addPositionalArgument(QLatin1String(sub.positional), sub.positionalHelp(),
                                     QStringLiteral("[%1]").arg(QLatin1String(sub.positional)));
    }
    const QStringList all = arguments;
    if (arguments.size() > 1 && arguments[1] == QLatin1String(sub.name))
        arguments.removeAt(1);
    // watch: what follows -- is the watched command, its options its own.
    QStringList watched;
    if (sub.command == Command::Watch) {
        if (const qsizetype dashes = arguments.indexOf(QStringLiteral("--")); dashes >= 0) {
            watched = arguments.mid(dashes + 1);
            arguments = arguments.mid(0, dashes);
        }
    }
    const QString seeHelp = CommandLine::tr(" (see sharescope %1 --help)").arg(QLatin1String(sub.name));
    if (!parser.parse(arguments))
        return errorResult(parser.errorText() + seeHelp);
    if (parser.isSet(helpOption))
        return {CommandLineResult::Status::Help, {}, helpText(sub, description, Options{helpOption} + options)};
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > (sub.positional ? 1 : 0)) {
        return errorResult(CommandLine::tr("unexpected argument '%1'").arg(positional.value(sub.positional ? 1 : 0))
                           + seeHelp);
    }
    if (const auto empty = emptyValue(parser, options))
        return errorResult(*empty);
    if (const auto repeated = repeatedValue(parser, options))
        return errorResult(*repeated);

    CommandLineResult result;
    CommandLineOptions &parsed = result.options;
    parsed.command = sub.command;
    parsed.watch.command = watched;
    parsed.language = parser.value(QStringLiteral("lang"));
    if (parser.isSet(QStringLiteral("lang")) && !supportedLanguages().contains(parsed.language)) {
        return errorResult(CommandLine::tr("invalid --lang '%1'; accepted: %2")
                               .arg(parsed.language, supportedLanguages().join(QStringLiteral(", "))));
    }
    OptionReader reader(parser);
    if (!sub.read(reader, positional, parsed))
        return errorResult(reader.problem());
    parsed.request.commandLine = s(reproduce(all));
    return result;
}

CommandLineResult parse(const QStringList &input)
{
    const QStringList arguments = withLanguageLast(input);
    const QString first = arguments.value(1);
    if (arguments.size() < 2) {
        CommandLineResult result;
        result.options.noArguments = true;
        return result;
    }
    if (arguments.size() == 2 && (first == QLatin1String("--lang") || first == QLatin1String("-lang")))
        return errorResult(
            CommandLine::tr("--lang needs a value; accepted: %1").arg(supportedLanguages().join(QStringLiteral(", "))));
    if (isLanguageOption(first)) { // nothing but --lang: the window
        QStringList window = arguments;
        window.insert(1, QStringLiteral("gui"));
        CommandLineResult result = parse(window);
        result.options.noArguments = true;
        return result;
    }
    if (first == QLatin1String("-h") || first == QLatin1String("--help") || first == QLatin1String("help"))
        return {CommandLineResult::Status::Help, {}, usageText()};
    if (first == QLatin1String("-v") || first == QLatin1String("--version"))
        return {CommandLineResult::Status::Version, {}, q(versionText(buildInfo(), qVersion()))};
    for (const Subcommand &sub : subcommands) {
        if (first == QLatin1String(sub.name))
            return parseSubcommand(sub, arguments);
    }
    if (first.startsWith(QLatin1Char('-')))
        return parseSubcommand(subcommandOf(Command::Gui), arguments);
    QStringList names;
    for (const Subcommand &sub : subcommands)
        names << QLatin1String(sub.name);
    return errorResult(CommandLine::tr("unknown command '%1'; accepted: %2 (see sharescope --help)")
                           .arg(first, names.join(QStringLiteral(", "))));
}

} // namespace

QString languageArgument(const QStringList &arguments)
{
    QString value;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--"))
            break; // a watched command's own arguments
        if (!isLanguageOption(arguments[i]))
            continue;
        value = arguments[i].contains(QLatin1Char('=')) ? arguments[i].section(QLatin1Char('='), 1)
                                                        : arguments.value(i + 1);
    }
    return supportedLanguages().contains(value) ? value : QString();
}

CommandLineResult parseCommandLine(const QStringList &arguments)
{
    return parse(arguments);
}

QString usageText()
{
    QString text = CommandLine::tr("ShareScope %1: see how a CPU and a GPU share memory.\n\n"
                                   "Usage: sharescope [COMMAND] [OPTIONS]\n\nCommands:\n")
                       .arg(q(toolVersion()));
    for (const Subcommand &sub : subcommands)
        text += helpColumns(QString::fromLatin1(sub.name), CommandLine::tr(sub.summary), 11);
    text += CommandLine::tr("\nWithout a command, sharescope opens the window.\n"
                            "Run `sharescope COMMAND --help` for the options of each command.\n"
                            "Every command takes --lang en or --lang zh_CN (default: the system's language).\n\n"
                            "Examples:\n"
                            "  sharescope devices\n"
                            "  sharescope modes\n"
                            "  sharescope run --mode cl-use-host-ptr --size 256MiB\n"
                            "  sharescope compare --kernel stride --size 64MiB\n"
                            "  sharescope sweep --sizes 4KiB:256MiB --json sweep.json\n"
                            "  sharescope demo copies-vs-zero-copy\n"
                            "  sharescope explain managed --example py-cupy\n"
                            "  sharescope show pages-move-whole\n"
                            "  sharescope run --mode peer-copy --peer cuda:1 --peer-access off\n"
                            "  sharescope ipc-export --size 64MiB\n"
                            "  sharescope doctor --workers 8 --batch 256MiB\n"
                            "  sharescope watch -- python3 train.py\n\n"
                            "Exit codes: 0 done, 1 the run failed (device error or wrong results), 2 bad arguments,\n"
                            "3 not supported on this device, 4 doctor found a problem, 130 or 143 stopped by SIGINT\n"
                            "(Ctrl+C) or SIGTERM.\n");
    return fittedToHelpWidth(text);
}

} // namespace sharescope
