// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythoncommand.h"

#include "bytesize.h"
#include "catalogue.h"
#include "failure.h"
#include "gettingstarted.h"
#include "outputfiles.h"
#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"
#include "pythontext.h"
#include "report/runreport.h"
#include "run/devices.h"
#include "run/engine.h"
#include "textconv.h"
#include "trnoop.h"

#include <QCoreApplication>
#include <QDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

// The translation context of this file's messages.
class PythonText
{
    Q_DECLARE_TR_FUNCTIONS(PythonText)
};

namespace sharescope {
namespace {

// ShareScope's own run of a route's mode: scale (one buffer, as the routes
// move), the same size and iterations, timed pass only.
struct ModeRun
{
    std::optional<std::uint64_t> medianNs; // of the route's phase
    QString why; // where it did not run
};

ModeRun runMode(const CommandLineOptions &options, const DeviceList &list, ModeId mode, Phase phase,
                const std::atomic<bool> *cancel)
{
    const ModeInfo &info = modeInfo(mode);
    // The device asked for where it is of the mode's backend, else the
    // first device of that backend.
    std::optional<DeviceInfo> device;
    for (const DeviceInfo &candidate : list.devices) {
        if (candidate.backend != info.backend)
            continue;
        if (candidate.id == options.request.base.deviceId) {
            device = candidate;
            break;
        }
        if (!device)
            device = candidate;
    }
    if (!device)
        return {std::nullopt, PythonText::tr("no %1 device here").arg(q(backendName(info.backend)))};
    auto backend = openBackend(*device);
    if (!backend)
        return {std::nullopt, q(backend.error().message)};
    Engine engine(std::move(*backend));
    ExperimentSpec spec = options.request.base;
    spec.deviceId = device->id;
    spec.mode = mode;
    spec.kernel = KernelId::Scale;
    spec.counters = false;
    auto report = engine.run(spec, nullptr, cancel);
    if (!report)
        return {std::nullopt, q(report.error().message)};
    for (const PhaseSummary &summary : summarize(*report)) {
        if (summary.phase == phase)
            return {summary.hostNs.median, {}};
    }
    return {std::nullopt, PythonText::tr("the phase was not timed")};
}

nlohmann::json toJson(const PythonRouteResult &r, const ModeRun *mode)
{
    const PythonRouteInfo &info = pythonRouteInfo(r.route);
    nlohmann::json j{{"route", info.name},
                     {"state",
                      r.state == RouteState::Measured     ? "measured"
                          : r.state == RouteState::NotRun ? "not-run"
                                                          : "failed"},
                     {"mode", modeName(info.mode)},
                     {"step", phaseName(info.phase)}};
    if (r.state != RouteState::Measured) {
        j["reason"] = pythonReasonText(r).toStdString();
        if (!r.framework.empty())
            j["framework"] = r.framework;
        return j;
    }
    j["framework"] = r.framework;
    j["memory"] = r.memory;
    j["bytes"] = r.bytes;
    j["medianNs"] = r.medianNs;
    j["samples"] = r.samples;
    j["shared"] = r.shared ? nlohmann::json(*r.shared) : nlohmann::json(nullptr);
    if (mode && mode->medianNs) {
        j["modeMedianNs"] = *mode->medianNs;
        j["ratio"] = static_cast<double>(r.medianNs) / static_cast<double>(*mode->medianNs);
    } else if (mode) {
        j["modeNotRun"] = mode->why.toStdString();
    }
    return j;
}

// --matrix: the hand-offs, a row per producer and memory, a column per
// consumer; what was refused or unavailable, with the message, below.
int runMatrix(const PythonRunPlan &plan, OutputFiles &outputs, QTextStream &text, QTextStream &err,
              const std::atomic<bool> *cancel)
{
    const DlpackMatrixRun run = runDlpackMatrix(plan, pythonScriptSource("dlpack-matrix"), cancel);
    if (run.problem != RouteProblem::None) {
        const bool notRun = problemMeansNotRun(run.problem);
        const QString why = pythonProblemText(run.problem, run.detail);
        text << (notRun ? PythonText::tr("not run here: %1") : PythonText::tr("failed: %1")).arg(why) << Qt::endl;
        return notRun ? 0 : 1;
    }
    const DlpackMatrix *matrix = &run.matrix;
    QStringList versions;
    for (const auto &[name, version] : matrix->versions)
        versions << QStringLiteral("%1 %2").arg(q(name), q(version));
    text << PythonText::tr("Hand-offs between frameworks (DLPack; __cuda_array_interface__ for numba) · %1")
                .arg(versions.isEmpty() ? PythonText::tr("no framework found") : versions.join(QStringLiteral(", ")))
         << Qt::endl
         << Qt::endl;
    const auto pad = [](const QString &s, int width) { return s.leftJustified(width); };
    QString header = pad(PythonText::tr("from"), 18);
    for (const std::string_view consumer : dlpackFrameworks)
        header += pad(PythonText::tr("to %1").arg(q(consumer)), 14);
    text << header.trimmed() << Qt::endl;
    QStringList notes;
    for (const std::string_view producer : dlpackFrameworks) {
        for (const std::string_view memory : dlpackMemories) {
            QString row = pad(QStringLiteral("%1 %2").arg(q(producer), q(memory)), 18);
            for (const std::string_view consumer : dlpackFrameworks) {
                const DlpackCell *cell = matrix->cell(producer, memory, consumer);
                if (!cell) {
                    row += pad(QStringLiteral("—"), 14);
                    continue;
                }
                QString shown = pythonHandOffText(cell->outcome);
                if (cell->outcome == HandOff::Refused) {
                    notes << QStringLiteral("[%1] %2 %3 → %4: %5")
                                 .arg(notes.size() + 1)
                                 .arg(q(producer), q(memory), q(consumer), q(cell->message));
                    shown += QStringLiteral(" [%1]").arg(notes.size());
                }
                row += pad(shown, 14);
            }
            text << row.trimmed() << Qt::endl;
        }
    }
    if (!notes.isEmpty())
        text << Qt::endl << notes.join(QLatin1Char('\n')) << Qt::endl;
    // Why cells are n/a: each reason once.
    QStringList unavailable;
    for (const DlpackCell &c : matrix->cells) {
        if (c.outcome == HandOff::Unavailable && !unavailable.contains(q(c.message)))
            unavailable << q(c.message);
    }
    if (!unavailable.isEmpty())
        text << Qt::endl
             << PythonText::tr("n/a:") << Qt::endl
             << QStringLiteral("  ") << unavailable.join(QStringLiteral("\n  ")) << Qt::endl;
    nlohmann::json document{{"format", "sharescope-dlpack"}, {"formatVersion", 1}, {"interpreter", plan.interpreter}};
    document["versions"] = matrix->versions;
    nlohmann::json cells = nlohmann::json::array();
    for (const DlpackCell &c : matrix->cells) {
        nlohmann::json j{{"producer", c.producer},
                         {"memory", c.memory},
                         {"consumer", c.consumer},
                         {"interface", c.interface},
                         {"outcome", handOffName(c.outcome)}};
        if (!c.message.empty())
            j["message"] = c.message;
        if (!c.producerDevice.empty())
            j["producerDevice"] = c.producerDevice;
        cells.push_back(j);
    }
    document["cells"] = cells;
    if (Status written = outputs.commit(document.dump(2) + "\n", {}); !written)
        return printFailure(err, written.error());
    return 0;
}

// A route that could not import its framework: the one a user installs.
bool missingPackage(const PythonRouteResult &r)
{
    return r.problem == RouteProblem::None && r.reason.starts_with("cannot import ");
}

// What `pip install` calls each framework's package, for this project's
// CUDA 13.
QString pipPackage(std::string_view framework)
{
    if (framework == "cupy")
        return QStringLiteral("cupy-cuda13x");
    if (framework == "jax")
        return QStringLiteral("\"jax[cuda13]\"");
    if (framework == "numba")
        return QStringLiteral("numba-cuda");
    return q(framework);
}

// One line of what ran and what could not; the routes whose packages are
// missing, by package; the install command that would run more of them
// here (only where this machine has the device their mode needs); and
// where every route's figures on an H200 are.
void summarize(const std::vector<PythonRouteResult> &results,
               const std::map<std::string_view, std::vector<PythonRouteId>> &notInstalled, const DeviceList &list,
               const PythonRunPlan &plan, QTextStream &text)
{
    const auto count = [&](RouteState state) { return std::ranges::count(results, state, &PythonRouteResult::state); };
    QStringList missing;
    QStringList installable;
    std::size_t more = 0;
    for (const auto &[framework, routes] : notInstalled) {
        QStringList names;
        for (const PythonRouteId route : routes)
            names << q(pythonRouteInfo(route).name);
        text << PythonText::tr("not run here, %1 is not installed: %2")
                    .arg(q(framework), names.join(QStringLiteral(", ")))
             << Qt::endl;
        missing << q(framework);
        const BackendKind backend = modeInfo(pythonRouteInfo(routes.front()).mode).backend;
        if (std::ranges::any_of(list.devices, [&](const DeviceInfo &d) { return d.backend == backend; })) {
            installable << pipPackage(framework);
            more += routes.size();
        }
    }
    text << Qt::endl
         << PythonText::tr("%1 of %2 routes measured, %3 failed, %4 not run here.")
                .arg(count(RouteState::Measured))
                .arg(results.size())
                .arg(count(RouteState::Failed))
                .arg(count(RouteState::NotRun))
         << Qt::endl;
    if (!installable.isEmpty()) {
        installable << QStringLiteral("numpy");
        text << PythonText::tr("`%1 -m pip install %2` would run %3 more routes here.")
                    .arg(plan.interpreter.empty() ? QStringLiteral("python3") : q(plan.interpreter),
                         installable.join(QLatin1Char(' ')))
                    .arg(more)
             << Qt::endl;
    }
    if (!missing.isEmpty()) {
        const QString folder = documentationFolder();
        const QString page = folder.isEmpty() ? QStringLiteral("docs/measurements.md")
                                              : QDir(folder).filePath(QStringLiteral("docs/measurements.md"));
        text << PythonText::tr("Every route measured on an NVIDIA H200, beside ShareScope's modes: %1 (Key results).")
                    .arg(page)
             << Qt::endl;
    }
}

} // namespace

int runPythonCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                     const std::atomic<bool> *cancel)
{
    OutputFiles outputs(out);
    if (Status opened = outputs.open(options.jsonPath, {}); !opened)
        return printFailure(err, opened.error());
    QTextStream &text = outputs.writesStdout() ? err : out;
    PythonRunPlan plan;
    plan.interpreter = findPython(options.pythonInterpreter.isEmpty() ? "python3" : s(options.pythonInterpreter));
    if (!options.pythonInterpreter.isEmpty() && plan.interpreter.empty()) {
        return printFailure(err,
                            badArgument(SHARESCOPE_TR_NOOP("Core",
                                                           "--python '%1': no such executable (a path, "
                                                           "or a name on PATH)"),
                                        {s(options.pythonInterpreter)}));
    }
    plan.bytes = options.request.base.bytes;
    plan.iterations = options.request.base.iterations;
    plan.warmup = options.request.base.warmup;
    plan.deadline = std::chrono::milliseconds(static_cast<std::int64_t>(options.pythonTimeoutSeconds) * 1000);

    if (options.pythonMatrix)
        return runMatrix(plan, outputs, text, err, cancel);
    text << PythonText::tr("Python routes · %1 per buffer · median of %2 after %3 warm-up · %4")
                .arg(q(formatBytes(plan.bytes)))
                .arg(plan.iterations)
                .arg(plan.warmup)
                .arg(plan.interpreter.empty() ? PythonText::tr("no python3 found") : q(plan.interpreter))
         << Qt::endl;
    std::vector<PythonRouteResult> results;
    for (const PythonRouteId route : options.pythonRoutes) {
        if (cancel && cancel->load())
            return printFailure(err, Error{ErrorKind::Cancelled, "cancelled", {}, std::nullopt, false});
        text << PythonText::tr("  %1 …").arg(q(pythonRouteInfo(route).name)) << Qt::endl;
        PythonRouteResult result = runPythonRoute(plan, route, pythonRouteSource(route), cancel);
        if (result.problem == RouteProblem::Stopped)
            return printFailure(err, Error{ErrorKind::Cancelled, "cancelled", {}, std::nullopt, false});
        results.push_back(std::move(result));
    }
    // ShareScope's matching modes, once each, for the routes that ran.
    const DeviceList list = listDevices();
    std::map<std::pair<ModeId, Phase>, ModeRun> modes;
    for (const PythonRouteResult &r : results) {
        const PythonRouteInfo &info = pythonRouteInfo(r.route);
        if (r.state != RouteState::Measured || modes.contains({info.mode, info.phase}))
            continue;
        if (cancel && cancel->load())
            return printFailure(err, Error{ErrorKind::Cancelled, "cancelled", {}, std::nullopt, false});
        text << PythonText::tr("  ShareScope's %1 …").arg(q(modeName(info.mode))) << Qt::endl;
        modes[{info.mode, info.phase}] = runMode(options, list, info.mode, info.phase, cancel);
    }

    text << Qt::endl;
    bool anyFailed = false;
    std::map<std::string_view, std::vector<PythonRouteId>> notInstalled; // by framework
    nlohmann::json document{{"format", "sharescope-python"}, {"formatVersion", 1},
                            {"bytes", plan.bytes},           {"iterations", plan.iterations},
                            {"warmup", plan.warmup},         {"interpreter", plan.interpreter}};
    nlohmann::json routes = nlohmann::json::array();
    for (const PythonRouteResult &r : results) {
        const PythonRouteInfo &info = pythonRouteInfo(r.route);
        const ModeRun *mode = nullptr;
        if (const auto at = modes.find({info.mode, info.phase}); at != modes.end())
            mode = &at->second;
        routes.push_back(toJson(r, mode));
        if (r.state == RouteState::NotRun && missingPackage(r)) {
            notInstalled[info.framework].push_back(r.route); // one line for them all, below
            continue;
        }
        text << q(info.name) << Qt::endl;
        if (r.state != RouteState::Measured) {
            anyFailed = anyFailed || r.state == RouteState::Failed;
            text << QStringLiteral("  ") << pythonStateText(r) << Qt::endl;
            continue;
        }
        const double seconds = static_cast<double>(r.medianNs) / 1e9;
        if (pythonStepMovesBytes(info)) {
            text << PythonText::tr("  %1: %2, %3 in %4 (%5)")
                        .arg(q(r.framework), q(r.memory), q(phaseName(info.phase)), q(formatDuration(r.medianNs)),
                             q(formatBandwidth(static_cast<double>(r.bytes) / seconds)))
                 << Qt::endl;
        } else {
            text << PythonText::tr("  %1: %2, %3 in %4")
                        .arg(q(r.framework), q(r.memory), q(phaseName(info.phase)), q(formatDuration(r.medianNs)))
                 << Qt::endl;
        }
        if (mode && mode->medianNs) {
            text << PythonText::tr("  ShareScope's %1, %2: %3; the route took %4 × its time")
                        .arg(q(modeName(info.mode)), q(phaseName(info.phase)), q(formatDuration(*mode->medianNs)))
                        .arg(static_cast<double>(r.medianNs) / static_cast<double>(*mode->medianNs), 0, 'f', 2)
                 << Qt::endl;
        } else if (mode) {
            text << PythonText::tr("  ShareScope's %1 did not run: %2").arg(q(modeName(info.mode)), mode->why)
                 << Qt::endl;
        }
        text << PythonText::tr("  the same memory on both sides: %1").arg(pythonSharedText(r)) << Qt::endl;
    }
    document["routes"] = routes;
    summarize(results, notInstalled, list, plan, text);
    if (Status written = outputs.commit(document.dump(2) + "\n", {}); !written)
        return printFailure(err, written.error());
    return anyFailed ? 1 : 0;
}

} // namespace sharescope
