// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirunner.h"

#include "answerprompt.h"
#include "bytesize.h"
#include "calibratecommand.h"
#include "calibrationcache.h"
#include "ceilingtext.h"
#include "demolessons.h"
#include "doctorcommand.h"
#include "examplereports.h"
#include "explaincommand.h"
#include "failure.h"
#include "ipcexportcommand.h"
#include "language.h"
#include "lessons/demos.h"
#include "lessons/examples.h"
#include "outputfiles.h"
#include "preflight.h"
#include "progressline.h"
#include "pythoncommand.h"
#include "questiontext.h"
#include "report/reportcsv.h"
#include "report/reportjson.h"
#include "report/traceexport.h"
#include "reporttables.h"
#include "run/devices.h"
#include "run/engine.h"
#include "run/experimentset.h"
#include "textconv.h"
#include "textwrap.h"
#include "trnoop.h"
#include "watchcommand.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>

// The translation context of this file's messages.
class CliText
{
    Q_DECLARE_TR_FUNCTIONS(CliText)
};

namespace sharescope {

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
        return options.listDemos ? listDemos() : experiments(options);
    case Command::IpcExport:
        return runIpcExportCommand(options, m_out, m_err, m_cancel);
    case Command::Calibrate:
        return runCalibrateCommand(options, m_out, m_err, m_cancel, m_showProgress);
    case Command::Explain:
        return runExplainCommand(options, m_out);
    case Command::Python:
        return runPythonCommand(options, m_out, m_err, m_cancel);
    case Command::Watch:
        return runWatchCommand(options, m_out, m_err, m_showProgress);
    case Command::Doctor: {
        const int code = runDoctorCommand(options, m_out, m_err, m_cancel, m_showProgress);
        if (code == 130 && m_stopSignal && m_stopSignal->load() != 0)
            return 128 + m_stopSignal->load();
        return code;
    }
    case Command::Show:
        return show(options);
    case Command::Gui:
        break;
    }
    return fail(unsupported(
        SHARESCOPE_TR_NOOP("Core", "the window cannot open here; use devices, modes, run, compare or sweep"), {}));
}

int CliRunner::fail(const Error &error)
{
    const int code = printFailure(m_err, error);
    if (error.kind == ErrorKind::Cancelled && m_stopSignal && m_stopSignal->load() != 0)
        return 128 + m_stopSignal->load();
    return code;
}

int CliRunner::devices(const CommandLineOptions &options)
{
    const DeviceList list = listDevices();
    if (options.json) {
        m_out << q(devicesToJson(list));
    } else {
        m_out << devicesTable(list);
    }
    for (const MessageTemplate &problem : list.problems)
        m_err << CliText::tr("note: %1").arg(messageText(problem)) << Qt::endl;
    return 0;
}

int CliRunner::modes(const CommandLineOptions &options)
{
    const DeviceList list = listDevices();
    std::optional<DeviceInfo> chosen;
    if (!options.request.base.deviceId.empty()) {
        auto device = list.resolve(options.request.base.deviceId);
        if (!device)
            return fail(device.error());
        chosen = *device;
    }
    std::vector<ModeSupport> entries;
    for (const ModeInfo &mode : sharescope::modes()) {
        // Without --device, each mode is judged on the devices of its backend.
        entries.push_back(chosen ? ModeSupport{&mode, chosen->id, supportOf(*chosen, mode.id)}
                                 : supportHere(list, mode.id));
    }
    m_out << (options.json ? q(modesToJson(entries)) : modesTable(entries));
    return 0;
}

void CliRunner::listSkipped(const std::vector<SkippedRun> &skipped)
{
    for (const SkippedRun &run : skipped)
        m_err << q(modeName(run.mode)) << ": " << skippedText(run.reason) << Qt::endl;
}

int CliRunner::experiments(const CommandLineOptions &options)
{
    const RunRequest &request = options.request;
    const DeviceList list = listDevices();
    auto device = list.resolve(request.base.deviceId);
    if (!device)
        return demoElsewhere(options, device.error());
    PlannedRuns plan = planRuns(request, *device);
    if (plan.refusal) {
        listSkipped(plan.skipped);
        return demoElsewhere(options, *plan.refusal);
    }
    auto question = prediction(options, device->backend);
    if (!question)
        return fail(question.error());

    // Open the output files first: a bad path fails before any work, and
    // nothing is left behind unless the whole result is written.
    OutputFiles outputs(m_out);
    if (Status opened = outputs.open(options.jsonPath, options.csvPath, options.tracePath); !opened)
        return fail(opened.error());
    if (*question)
        ask(options, **question);
    if (m_cancel && m_cancel->load())
        return fail(cancelledByUser());
    // Test builds: a fault SHARESCOPE_INJECT_FAULT asks for (faultinjection.h).
    auto faultPlan = faultPlanFromEnvironment();
    if (!faultPlan)
        return fail(faultPlan.error());
    FaultSchedule faults(*faultPlan);
    auto backend = openBackend(*device);
    if (!backend)
        return fail(backend.error());
    Engine engine(std::move(*backend));
    engine.setFaultSchedule(&faults);
    ProgressLine progress(m_err, m_showProgress);
    const SetOptions setOptions{.calibrationCache = QFile::encodeName(calibrationCachePath()).toStdString()};
    auto outcome = runSet(engine, std::move(plan), &progress, m_cancel, setOptions);
    progress.clear();
    // After a signal, whatever happened is the user's stop: a signal after
    // the last phase still means no results, and one during PoCL's kernel
    // build fails the build (its compiler removes its files on a signal).
    if (m_cancel && m_cancel->load())
        return fail(cancelledByUser());
    if (!outcome) {
        const int code = fail(outcome.error());
        modeElsewhere(request, outcome.error());
        return code;
    }
    // Each path's ceilings in the tables and the JSON, and an offer to
    // calibrate where there is no calibration (ceilingtext.h).
    if (const QString note = calibrationNote(outcome->calibration, *device); !note.isEmpty())
        m_err << note << Qt::endl;
    const ReportSet &set = outcome->set;
    if (set.runs.empty()) {
        listSkipped(set.skipped);
        // Refused for the arguments (too large here) where the device could
        // run the mode: the arguments are at fault, not the device.
        const bool badArguments = std::ranges::any_of(
            set.skipped, [](const SkippedRun &s) { return s.reason.kind == ErrorKind::BadArgument; });
        return fail(outcome->anyFailed
                        ? errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "no experiment succeeded"), {})
                        : errorOf(badArguments ? ErrorKind::BadArgument : ErrorKind::Unsupported,
                                  SHARESCOPE_TR_NOOP("Core", "no experiment could run on %1"), {device->id}));
    }
    if (!outputs.writesStdout()) {
        m_out << resultText(request, set);
        m_out.flush();
        // A full disk or a closed terminal: the results did not arrive.
        if (m_out.status() != QTextStream::Ok)
            return fail(failed(CliText::tr("cannot write the results to standard output").toStdString()));
    }
    const std::string trace = options.tracePath.isEmpty() ? std::string() : toTraceJson(set);
    if (Status written = outputs.commit(toJson(set), toCsv(set.runs), trace); !written)
        return fail(written.error());
    if (outcome->anyFailed)
        m_err << CliText::tr("sharescope: some results are wrong or some runs failed; see above") << Qt::endl;
    return outcome->anyFailed ? 1 : 0;
}

int CliRunner::demoElsewhere(const CommandLineOptions &options, const Error &refusal)
{
    const RunRequest &request = options.request;
    const auto example = request.demo ? exampleForDemo(*request.demo) : std::nullopt;
    if (!example || refusal.kind != ErrorKind::Unsupported) {
        const int code = fail(refusal);
        modeElsewhere(request, refusal);
        return code;
    }
    // Files written are this machine's measurements: never a shipped report.
    if (!options.jsonPath.isEmpty() || !options.csvPath.isEmpty() || !options.tracePath.isEmpty()) {
        const int code = fail(refusal);
        m_err << CliText::tr("note: without --json, --csv and --trace, `sharescope demo %1` tells the lesson as "
                             "measured on a real GPU, shipped with ShareScope.")
                     .arg(q(demoInfo(*request.demo).name))
              << Qt::endl;
        return code;
    }
    auto set = readExample(*example);
    if (!set)
        return fail(set.error());
    const auto question = prediction(options, BackendKind::Cuda);
    if (!question)
        return fail(question.error());
    if (*question)
        ask(options, **question);
    if (m_cancel && m_cancel->load())
        return fail(cancelledByUser());
    m_err << "sharescope: " << CliText::tr("this machine cannot run the demo: %1").arg(errorText(refusal)) << Qt::endl;
    m_out << exampleProvenance(*set, &exampleInfo(*example)) << QStringLiteral("\n\n") << resultText(request, *set);
    return 0;
}

void CliRunner::modeElsewhere(const RunRequest &request, const Error &refusal)
{
    if (!request.mode || refusal.kind != ErrorKind::Unsupported || modeInfo(*request.mode).backend != BackendKind::Cuda)
        return;
    const QString name = q(modeName(*request.mode));
    const QString explain = QStringLiteral("`sharescope explain %1`").arg(name);
    if (const auto example = exampleForMode(*request.mode)) {
        m_err << CliText::tr("note: %1 says what %2 does in memory, with code to try; %3 shows it measured on an "
                             "NVIDIA H200.")
                     .arg(explain, name, QStringLiteral("`sharescope show %1`").arg(q(exampleInfo(*example).name)))
              << Qt::endl;
    } else {
        m_err << CliText::tr("note: %1 says what %2 does in memory, with code to try.").arg(explain, name) << Qt::endl;
    }
}

int CliRunner::show(const CommandLineOptions &options)
{
    if (!options.example) {
        m_out << CliText::tr("Reports measured on an NVIDIA H200 that ship with ShareScope; reading one needs no "
                             "device.\n\n");
        for (const ExampleInfo &info : examples())
            m_out << QStringLiteral("  %1%2\n").arg(q(info.name).leftJustified(22), exampleTitle(info));
        m_out << CliText::tr("\nShow one with: sharescope show NAME; open it in the window with: sharescope gui "
                             "--example NAME\n");
        return 0;
    }
    auto set = readExample(*options.example);
    if (!set)
        return fail(set.error());
    RunRequest request;
    request.kind = set->kind;
    request.demo = exampleInfo(*options.example).demo;
    m_out << exampleProvenance(*set, &exampleInfo(*options.example)) << QStringLiteral("\n\n")
          << resultText(request, *set);
    return 0;
}

QString CliRunner::resultText(const RunRequest &request, const ReportSet &set) const
{
    if (request.demo) {
        const Lesson lesson = lessonFor(demoInfo(*request.demo), set);
        QString text = compareTable(set) + QLatin1Char('\n') + lesson.title + QStringLiteral("\n\n");
        if (m_question) {
            const QString answer = answerText(*m_question, measuredAnswer(*m_question, set), m_predicted);
            text += wrapToWidth(answer, 100).join(QLatin1Char('\n')) + QStringLiteral("\n\n");
        }
        for (const QString &paragraph : lesson.paragraphs)
            text += wrapToWidth(paragraph, 100).join(QLatin1Char('\n')) + QStringLiteral("\n\n");
        return text;
    }
    switch (set.kind) {
    case ReportSet::Kind::Run:
        return runTable(set.runs.front());
    case ReportSet::Kind::Compare:
        return compareTable(set);
    case ReportSet::Kind::Sweep:
        break;
    }
    return sweepTable(set);
}

Result<std::optional<DemoQuestion>> CliRunner::prediction(const CommandLineOptions &options, BackendKind backend) const
{
    const RunRequest &request = options.request;
    if (!options.predict || !request.demo)
        return std::optional<DemoQuestion>();
    auto question = demoQuestionFor(demoInfo(*request.demo), request.base, request.sizeGiven, backend);
    if (question && options.answer) {
        if (Status checked = checkAnswer(*question, *options.answer); !checked)
            return checked.error();
    }
    return question;
}

void CliRunner::ask(const CommandLineOptions &options, const DemoQuestion &question)
{
    m_question = question;
    const QuestionText text = questionText(question);
    m_out << CliText::tr("Before it runs:") << QLatin1Char(' ')
          << wrapToWidth(text.question, 100).join(QLatin1Char('\n')) << QStringLiteral("\n\n");
    for (qsizetype i = 0; i < text.choices.size(); ++i)
        m_out << QStringLiteral("  %1. %2\n").arg(i + 1).arg(text.choices.at(i));
    m_out << QLatin1Char('\n');
    if (options.answer) {
        m_predicted = static_cast<std::size_t>(*options.answer - 1);
        m_out << CliText::tr("Your answer: %1").arg(*options.answer) << QStringLiteral("\n\n");
    } else if (m_answerOnTerminal && m_answerFd >= 0) {
        m_predicted = readAnswer(m_answerFd, question.choices.size(), m_out, m_cancel);
        m_out << QLatin1Char('\n');
    } else if (m_answerFd >= 0) {
        // Piped in, or nothing: two seconds for a line, then the run.
        m_predicted = readPipedAnswer(m_answerFd, question.choices.size(), 2000, m_err, m_cancel);
        if (m_predicted)
            m_out << CliText::tr("Your answer: %1").arg(*m_predicted + 1) << QStringLiteral("\n\n");
    }
    m_out.flush();
}

int CliRunner::listDemos()
{
    m_out << CliText::tr(
        "Guided demos, in the order of the lesson path: each asks what you expect, runs a comparison, then "
        "explains it with the numbers it measured.\n\n");
    for (const DemoInfo &info : demos()) {
        m_out << QStringLiteral("  %1%2\n").arg(q(info.name).leftJustified(22), demoTitle(info))
              << QStringLiteral("  %1%2\n").arg(QString().leftJustified(22), demoNeedsText(info));
    }
    m_out << CliText::tr("\nRun one with: sharescope demo NAME [--device D] [--size S] [--predict]\n");
    return 0;
}

} // namespace sharescope
