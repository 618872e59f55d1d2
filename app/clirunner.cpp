#include "clirunner.h"

#include "bytesize.h"
#include "demolessons.h"
#include "demos.h"
#include "devices.h"
#include "engine.h"
#include "experimentset.h"
#include "ipcexportcommand.h"
#include "language.h"
#include "outputfiles.h"
#include "progressline.h"
#include "reportcsv.h"
#include "reportjson.h"
#include "reporttables.h"
#include "trnoop.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class CliText
{
    Q_DECLARE_TR_FUNCTIONS(CliText)
};

namespace sharescope {
namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

// Breaks a paragraph into lines of at most `width` characters at spaces;
// text without spaces (Chinese) is left to the terminal.
QString wrapped(const QString &paragraph, qsizetype width)
{
    if (std::ranges::any_of(paragraph, [](QChar c) { return c.unicode() >= 0x2E80; }))
        return paragraph;
    QString text;
    qsizetype lineLength = 0;
    for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (lineLength > 0 && lineLength + 1 + word.size() > width) {
            text += QLatin1Char('\n');
            lineLength = 0;
        } else if (lineLength > 0) {
            text += QLatin1Char(' ');
            ++lineLength;
        }
        text += word;
        lineLength += word.size();
    }
    return text;
}

} // namespace

CliRunner::CliRunner(QTextStream &out, QTextStream &err, const std::atomic<bool> *cancel, bool showProgress)
    : m_out(out)
    , m_err(err)
    , m_cancel(cancel)
    , m_showProgress(showProgress)
{
}

int CliRunner::execute(const CommandLineOptions &options)
{
    switch (options.command) {
    case Command::Devices:
        return devices(options);
    case Command::Modes:
        return modes(options);
    case Command::Run:
    case Command::Compare:
    case Command::Sweep:
        return experiments(options);
    case Command::Demo:
        return options.demo.isEmpty() ? listDemos() : demo(options);
    case Command::IpcExport:
        return runIpcExportCommand(options, m_out, m_err, m_cancel);
    case Command::Gui:
        break;
    }
    return fail(unsupported("the desktop window is not part of this build; use devices, modes, run, compare or sweep"));
}

int CliRunner::fail(const Error &error)
{
    m_err << "sharescope: " << errorText(error) << Qt::endl;
    return exitCodeFor(error.kind);
}

int CliRunner::devices(const CommandLineOptions &options)
{
    const DeviceList list = listDevices();
    if (options.json) {
        m_out << q(devicesToJson(list));
    } else {
        m_out << devicesTable(list);
    }
    for (const std::string &problem : list.problems)
        m_err << CliText::tr("note: %1").arg(q(problem)) << Qt::endl;
    return 0;
}

int CliRunner::modes(const CommandLineOptions &options)
{
    const DeviceList list = listDevices();
    std::optional<DeviceInfo> chosen;
    if (!options.spec.deviceId.empty()) {
        auto device = list.resolve(options.spec.deviceId);
        if (!device)
            return fail(device.error());
        chosen = *device;
    }
    std::vector<ModeSupport> entries;
    for (const ModeInfo &mode : sharescope::modes()) {
        // Without --device, each mode is judged on the first device of its backend.
        std::optional<DeviceInfo> device = chosen;
        if (!device) {
            const auto it = std::ranges::find(list.devices, mode.backend, &DeviceInfo::backend);
            if (it != list.devices.end())
                device = *it;
        }
        ModeSupport entry{&mode, {}, {}};
        if (device) {
            entry.deviceId = device->id;
            entry.support = supportOf(*device, mode);
        } else {
            entry.support = notSupported(SHARESCOPE_TR_NOOP("Core", "no %1 device found"),
                                         {std::string(backendName(mode.backend))});
        }
        entries.push_back(entry);
    }
    m_out << (options.json ? q(modesToJson(entries)) : modesTable(entries));
    return 0;
}

int CliRunner::experiments(const CommandLineOptions &options)
{
    const DeviceList list = listDevices();
    auto device = list.resolve(options.spec.deviceId);
    if (!device)
        return fail(device.error());

    // Open the output files first: a bad path fails before any work, and
    // nothing is left behind unless the whole result is written.
    OutputFiles outputs(m_out);
    if (Status opened = outputs.open(options.jsonPath, options.csvPath); !opened)
        return fail(opened.error());

    const ReportSet::Kind kind = options.command == Command::Run ? ReportSet::Kind::Run
        : options.command == Command::Compare                    ? ReportSet::Kind::Compare
                                                                 : ReportSet::Kind::Sweep;
    auto backend = openBackend(*device);
    if (!backend)
        return fail(backend.error());
    Engine engine(std::move(*backend));
    ProgressLine progress(m_err, m_showProgress);

    ReportSet set;
    bool anyFailed = false;
    if (kind == ReportSet::Kind::Run) {
        // A single run reports its problems as errors.
        ExperimentSpec spec = options.spec;
        spec.deviceId = device->id;
        if (spec.mode.empty())
            spec.mode = defaultMode(device->backend);
        if (spec.mode == "managed-advise" && spec.advice.empty())
            spec.advice = "preferred-device";
        if (Status checked = engine.check(spec); !checked)
            return fail(checked.error());
        progress.setTask(CliText::tr("%1 · %2").arg(q(spec.mode), q(formatBytes(spec.bytes))));
        auto report = engine.run(spec, &progress, m_cancel);
        progress.clear();
        if (!report)
            return fail(report.error());
        anyFailed = !report->verification.passed();
        set.runs.push_back(std::move(*report));
    } else {
        std::vector<std::string> modeIds;
        for (const QString &mode : options.modes)
            modeIds.push_back(mode.toStdString());
        auto outcome = runSet(engine, kind, planRuns(kind, options.spec, modeIds, options.sizes, *device),
                              options.reproduce.toStdString(), &progress, m_cancel);
        progress.clear();
        if (!outcome)
            return fail(outcome.error());
        set = std::move(outcome->set);
        anyFailed = outcome->anyFailed;
    }
    set.kind = kind;
    set.commandLine = options.reproduce.toStdString();

    if (set.runs.empty()) {
        for (const SkippedRun &skipped : set.skipped)
            m_err << q(skipped.mode) << ": " << coreText(skipped.reason) << Qt::endl;
        return fail(anyFailed ? failed("no experiment succeeded")
                              : unsupported("no experiment could run on " + device->id));
    }
    if (!outputs.writesStdout()) {
        m_out << (set.kind == ReportSet::Kind::Run           ? runTable(set.runs.front())
                      : set.kind == ReportSet::Kind::Compare ? compareTable(set)
                                                             : sweepTable(set));
        m_out.flush();
    }
    if (Status written = outputs.commit(toJson(set), toCsv(set.runs)); !written)
        return fail(written.error());
    if (anyFailed)
        m_err << CliText::tr("sharescope: some results are wrong or some runs failed; see above") << Qt::endl;
    return anyFailed ? 1 : 0;
}

int CliRunner::listDemos()
{
    m_out << CliText::tr("Guided demos: each runs a comparison, then explains it with the numbers it measured.\n\n");
    for (const DemoInfo &info : demos())
        m_out << QStringLiteral("  %1%2\n").arg(q(std::string(info.id)).leftJustified(22), demoTitle(info));
    m_out << CliText::tr("\nRun one with: sharescope demo NAME [--device D] [--size S]\n");
    return 0;
}

int CliRunner::demo(const CommandLineOptions &options)
{
    const DemoInfo *found = findDemo(options.demo.toStdString());
    if (!found) {
        return fail(badArgument(SHARESCOPE_TR_NOOP("Core", "unknown demo '%1'; accepted: %2"),
                                {options.demo.toStdString(), demoIdList()}));
    }
    const DemoInfo &info = *found;
    const DeviceList list = listDevices();
    auto device = list.resolve(options.spec.deviceId);
    if (!device)
        return fail(device.error());
    DemoPlan plan = planDemo(info, options.spec, options.sizeGiven, *device);
    if (plan.unavailable) {
        for (const SkippedRun &skipped : plan.runs.skipped)
            m_err << q(skipped.mode) << ": " << coreText(skipped.reason) << Qt::endl;
        return fail(*plan.unavailable);
    }

    OutputFiles outputs(m_out);
    if (Status opened = outputs.open(options.jsonPath, options.csvPath); !opened)
        return fail(opened.error());
    auto backend = openBackend(*device);
    if (!backend)
        return fail(backend.error());
    Engine engine(std::move(*backend));
    ProgressLine progress(m_err, m_showProgress);
    auto outcome = runSet(engine, ReportSet::Kind::Compare, std::move(plan.runs), options.reproduce.toStdString(),
                          &progress, m_cancel);
    progress.clear();
    if (!outcome)
        return fail(outcome.error());
    const ReportSet &set = outcome->set;
    if (set.runs.empty()) {
        for (const SkippedRun &skipped : set.skipped)
            m_err << q(skipped.mode) << ": " << coreText(skipped.reason) << Qt::endl;
        return fail(errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "no experiment of the demo succeeded"), {}));
    }
    if (!outputs.writesStdout()) {
        const Lesson lesson = lessonFor(info, set);
        m_out << compareTable(set) << Qt::endl << lesson.title << Qt::endl << Qt::endl;
        for (const QString &paragraph : lesson.paragraphs)
            m_out << wrapped(paragraph, 100) << Qt::endl << Qt::endl;
        m_out.flush();
    }
    if (Status written = outputs.commit(toJson(set), toCsv(set.runs)); !written)
        return fail(written.error());
    if (outcome->anyFailed)
        m_err << CliText::tr("sharescope: some results are wrong or some runs failed; see above") << Qt::endl;
    return outcome->anyFailed ? 1 : 0;
}

} // namespace sharescope
