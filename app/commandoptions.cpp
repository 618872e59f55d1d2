// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandoptions.h"

#include "bytesize.h"
#include "language.h"
#include "textconv.h"

namespace sharescope {
namespace option {

QCommandLineOption device(const QString &help)
{
    return {QStringLiteral("device"), help, QStringLiteral("D")};
}
QCommandLineOption mode()
{
    return {QStringLiteral("mode"),
            CommandLine::tr("Sharing mode (default: device for CUDA, cl-copy for OpenCL); see `sharescope modes`."),
            QStringLiteral("M")};
}
QCommandLineOption modes(const QString &help)
{
    return {QStringLiteral("modes"), help, QStringLiteral("M,M,...")};
}
QCommandLineOption kernel()
{
    return {QStringLiteral("kernel"), CommandLine::tr("Kernel: %1 (default: vector-add).").arg(q(kernelNameList())),
            QStringLiteral("K")};
}
QCommandLineOption size(const QString &help)
{
    return {QStringLiteral("size"), help, QStringLiteral("S")};
}
QCommandLineOption sizes()
{
    return {QStringLiteral("sizes"),
            CommandLine::tr("Sizes: FROM:TO (doubling), FROM:TO:xN or S,S,... (default: 4KiB:64MiB:x4)."),
            QStringLiteral("LIST")};
}
QCommandLineOption iterations()
{
    return {QStringLiteral("iterations"), CommandLine::tr("Measured iterations (default: 5)."), QStringLiteral("N")};
}
QCommandLineOption warmup()
{
    return {QStringLiteral("warmup"), CommandLine::tr("Warm-up iterations, left out of the statistics (default: 1)."),
            QStringLiteral("N")};
}
QCommandLineOption stride()
{
    return {QStringLiteral("stride"), CommandLine::tr("Stride of the stride kernel (default: 64KiB)."),
            QStringLiteral("S")};
}
QCommandLineOption rounds()
{
    return {QStringLiteral("rounds"), CommandLine::tr("Rounds of the ping-pong kernel (default: 4)."),
            QStringLiteral("N")};
}
QCommandLineOption advice()
{
    return {QStringLiteral("advice"),
            //: cudaMemAdvise's advice: 建议 (not 提示).
            CommandLine::tr("Advice for managed-advise: %1 (default: preferred-device).").arg(q(adviceNameList())),
            QStringLiteral("A")};
}
QCommandLineOption peer()
{
    return {QStringLiteral("peer"),
            CommandLine::tr("The second GPU, whose kernel runs in the modes that use two: %1 (default: the first "
                            "other CUDA device).")
                .arg(q(peerModeNameList())),
            QStringLiteral("cuda:N")};
}
QCommandLineOption peerAccess()
{
    return {QStringLiteral("peer-access"),
            CommandLine::tr("peer-copy: enable peer access first (on), or copy without it, through the host (off) "
                            "(default: on where the two GPUs can reach each other)."),
            QStringLiteral("on|off")};
}
QCommandLineOption writeCombined()
{
    return {QStringLiteral("write-combined"),
            CommandLine::tr("pinned, zero-copy: write-combined host memory (cudaHostAllocWriteCombined): the GPU "
                            "reads it faster over the bus, the CPU reads it slowly.")};
}
QCommandLineOption hostThreads()
{
    return {QStringLiteral("host-threads"),
            CommandLine::tr("N host threads share the GPU, each filling, moving, launching on and checking its slice "
                            "of the buffers (every kernel; not the ipc and peer modes; 1 to %1, default: 1).")
                .arg(maxHostThreads),
            QStringLiteral("N")};
}
QCommandLineOption defaultStream()
{
    return {QStringLiteral("default-stream"),
            CommandLine::tr("CUDA, with host threads: legacy (one stream all threads share, so their work "
                            "serialises) or per-thread (each thread's own default stream, so it can overlap) "
                            "(default: legacy)."),
            QStringLiteral("legacy|per-thread")};
}
QCommandLineOption predict()
{
    return {QStringLiteral("predict"),
            CommandLine::tr("Ask the demo's question before it runs (on a terminal; elsewhere print it), then set "
                            "the measured answer beside yours.")};
}
QCommandLineOption answer()
{
    return {QStringLiteral("answer"),
            CommandLine::tr("Answer the demo's question with choice N without being asked (implies --predict)."),
            QStringLiteral("N")};
}
QCommandLineOption records()
{
    return {QStringLiteral("records"),
            CommandLine::tr("CUDA: where the counted pass takes its migration records: driver-events (the UVM "
                            "driver's own event queue, which says what it dropped; CUPTI where the driver has none), "
                            "cupti (CUPTI's, as a profiler sees them) or none (the driver's exact totals alone, at "
                            "the least cost) (default: driver-events)."),
            QStringLiteral("driver-events|cupti|none")};
}
QCommandLineOption noClockWarmup()
{
    return {QStringLiteral("no-clock-warmup"),
            CommandLine::tr("Do not keep the GPU busy before the measured iterations until its clock settles.")};
}

QCommandLineOption noCounters()
{
    return {QStringLiteral("no-counters"), CommandLine::tr("Do not collect unified-memory counters.")};
}
QCommandLineOption jsonFile()
{
    return {QStringLiteral("json"), CommandLine::tr("Write the report as JSON to FILE, or to stdout with -."),
            QStringLiteral("FILE")};
}
QCommandLineOption jsonFlag()
{
    return {QStringLiteral("json"), CommandLine::tr("Print JSON instead of a table.")};
}
QCommandLineOption csvFile()
{
    return {QStringLiteral("csv"),
            CommandLine::tr("Write every phase of every iteration as CSV to FILE, or to stdout with -."),
            QStringLiteral("FILE")};
}
QCommandLineOption traceFile()
{
    return {
        QStringLiteral("trace"),
        CommandLine::tr("Write the phases as a trace (Trace Event Format JSON) to FILE, or to stdout with -; open it "
                        "in ui.perfetto.dev or chrome://tracing."),
        QStringLiteral("FILE")};
}
QCommandLineOption language()
{
    return {QStringLiteral("lang"),
            CommandLine::tr("Language of messages and the window: en or zh_CN (default: the system's)."),
            QStringLiteral("LANG")};
}

} // namespace option

bool OptionReader::fail(const QString &message)
{
    if (m_problem.isEmpty())
        m_problem = message;
    return false;
}

bool OptionReader::fail(const Error &error)
{
    return fail(errorText(error));
}

bool OptionReader::readSize(const char *name, std::uint64_t &bytes)
{
    if (!isSet(name))
        return true;
    const auto parsed = parseByteSize(s(value(name)), elementBytes);
    if (!parsed)
        return fail(QStringLiteral("--%1: ").arg(QLatin1String(name)) + errorText(parsed.error()));
    bytes = *parsed;
    return true;
}

bool OptionReader::readCount(const char *name, int &count)
{
    if (!isSet(name))
        return true;
    bool ok = false;
    const QString text = value(name);
    const int parsed = text.toInt(&ok);
    if (!ok)
        return fail(CommandLine::tr("invalid --%1 '%2': not a whole number").arg(QLatin1String(name), text));
    count = parsed;
    return true;
}

bool OptionReader::readMode(const QString &text, ModeId &mode)
{
    const auto parsed = parseMode(s(text));
    if (!parsed)
        return fail(parsed.error());
    mode = *parsed;
    return true;
}

bool OptionReader::readModes(const char *name, RunRequest &request)
{
    if (!isSet(name))
        return true;
    const QString text = value(name);
    if (text == QLatin1String("all")) {
        request.allModes = true;
        return true;
    }
    for (const QString &part : text.split(QLatin1Char(','))) {
        if (part.trimmed().isEmpty()) {
            return fail(CommandLine::tr("--%1 '%2' has an empty mode name; give names separated by commas, or all")
                            .arg(QLatin1String(name), text));
        }
        ModeId mode{};
        if (!readMode(part.trimmed(), mode))
            return false;
        if (std::ranges::find(request.modes, mode) == request.modes.end())
            request.modes.push_back(mode);
    }
    return true;
}

bool OptionReader::readKernel(KernelId &kernel)
{
    if (!isSet("kernel"))
        return true;
    const auto parsed = parseKernel(s(value("kernel")));
    if (!parsed)
        return fail(parsed.error());
    kernel = *parsed;
    return true;
}

bool OptionReader::readAdvice(std::optional<Advice> &advice)
{
    if (!isSet("advice"))
        return true;
    const auto parsed = parseAdvice(s(value("advice")));
    if (!parsed)
        return fail(parsed.error());
    advice = *parsed;
    return true;
}

bool OptionReader::readPeer(ExperimentSpec &spec)
{
    if (isSet("peer")) {
        const QString text = value("peer");
        if (Status id = checkPeerId(s(text)); !id)
            return fail(id.error());
        spec.peerId = s(text);
    }
    if (isSet("peer-access")) {
        const QString text = value("peer-access");
        if (text != QLatin1String("on") && text != QLatin1String("off"))
            return fail(CommandLine::tr("invalid --peer-access '%1'; accepted: on, off").arg(text));
        spec.peerAccess = text == QLatin1String("on");
    }
    return true;
}

bool OptionReader::readExperiment(ExperimentSpec &spec)
{
    if (isSet("device"))
        spec.deviceId = s(value("device"));
    if (!readKernel(spec.kernel) || !readSize("size", spec.bytes) || !readSize("stride", spec.strideBytes)
        || !readCount("iterations", spec.iterations) || !readCount("warmup", spec.warmup)
        || !readCount("rounds", spec.rounds) || !readAdvice(spec.advice) || !readPeer(spec)
        || !readCount("host-threads", spec.hostThreads))
        return false;
    if (isSet("default-stream")) {
        const auto stream = defaultStreamFromName(s(value("default-stream")));
        if (!stream) {
            return fail(CommandLine::tr("invalid --default-stream '%1'; accepted: legacy, per-thread")
                            .arg(value("default-stream")));
        }
        spec.defaultStream = *stream;
    }
    // An option the kernel does not use would be ignored: refuse it.
    const KernelInfo &kernel = spec.kernelInfo();
    if (isSet("stride") && !kernel.usesStride)
        return fail(CommandLine::tr("--stride applies only to the stride kernel, not to %1").arg(q(kernel.name)));
    if (isSet("rounds") && !kernel.usesRounds)
        return fail(CommandLine::tr("--rounds applies only to the ping-pong kernel, not to %1").arg(q(kernel.name)));
    spec.writeCombined = isSet("write-combined");
    spec.counters = !isSet("no-counters");
    spec.clockWarmup = !isSet("no-clock-warmup");
    if (isSet("records")) {
        const auto records = recordsSourceFromName(s(value("records")));
        if (!records)
            return fail(
                CommandLine::tr("invalid --records '%1'; accepted: driver-events, cupti, none").arg(value("records")));
        if (!spec.counters)
            return fail(CommandLine::tr("--records needs the counters, and --no-counters turns them off"));
        spec.records = *records;
    }
    return true;
}

bool OptionReader::readOutputs(CommandLineOptions &options)
{
    if (isSet("json"))
        options.jsonPath = value("json");
    if (isSet("csv"))
        options.csvPath = value("csv");
    if (isSet("trace"))
        options.tracePath = value("trace");
    const QLatin1String stdoutPath("-");
    if (options.jsonPath == stdoutPath && options.csvPath == stdoutPath)
        return fail(CommandLine::tr("--json - and --csv - cannot both write to stdout; give one of them a file name"));
    if (options.tracePath == stdoutPath && (options.jsonPath == stdoutPath || options.csvPath == stdoutPath)) {
        return fail(CommandLine::tr("--trace - and --%1 - cannot both write to stdout; give one of them a file name")
                        .arg(options.jsonPath == stdoutPath ? QStringLiteral("json") : QStringLiteral("csv")));
    }
    return true;
}

} // namespace sharescope
