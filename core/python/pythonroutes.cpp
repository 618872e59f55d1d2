// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/pythonroutes.h"

#include "bytesize.h"
#include "childprocess.h"
#include "python/pythonjson.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>

namespace sharescope {
namespace {

using R = PythonRouteId;
using M = ModeId;

// Each route beside the mode that moves the same data the same way.
constexpr std::array<PythonRouteInfo, 17> routeTable{{
    {R::CupyDevice, "cupy-device", "cupy", M::Device, Phase::ToDevice},
    {R::CupyPinned, "cupy-pinned", "cupy", M::Pinned, Phase::ToDevice},
    {R::CupyManaged, "cupy-managed", "cupy", M::Managed, Phase::Kernel},
    {R::CupyThreads, "cupy-threads", "cupy", M::Pinned, Phase::Kernel},
    {R::TorchDevice, "torch-device", "torch", M::Device, Phase::ToDevice},
    {R::TorchPinned, "torch-pinned", "torch", M::Pinned, Phase::ToDevice},
    {R::TorchMultiprocessing, "torch-multiprocessing", "torch", M::Ipc, Phase::IpcOpen},
    {R::JaxDevice, "jax-device", "jax", M::Device, Phase::ToDevice},
    {R::JaxPinnedHost, "jax-pinned-host", "jax", M::Pinned, Phase::ToDevice},
    {R::NumbaDevice, "numba-device", "numba", M::Device, Phase::ToDevice},
    {R::NumbaPinned, "numba-pinned", "numba", M::Pinned, Phase::ToDevice},
    {R::NumbaMapped, "numba-mapped", "numba", M::ZeroCopy, Phase::Kernel},
    {R::NumbaManaged, "numba-managed", "numba", M::Managed, Phase::Kernel},
    {R::NumbaIpc, "numba-ipc", "numba", M::Ipc, Phase::IpcOpen},
    {R::PyopenclUseHostPtr, "pyopencl-use-host-ptr", "pyopencl", M::ClUseHostPtr, Phase::Kernel},
    {R::PyopenclAllocHostPtr, "pyopencl-alloc-host-ptr", "pyopencl", M::ClAllocHostPtr, Phase::Kernel},
    {R::TensorflowDevice, "tensorflow-device", "tensorflow", M::Device, Phase::ToDevice},
}};

constexpr bool inIdOrder()
{
    for (std::size_t i = 0; i < routeTable.size(); ++i) {
        if (static_cast<std::size_t>(routeTable[i].id) != i)
            return false;
    }
    return true;
}
static_assert(inIdOrder(), "pythonRouteInfo() finds a route by its id's position");

std::string acceptedRoutes()
{
    std::string names = "all";
    for (const PythonRouteInfo &route : routeTable)
        names += ", " + std::string(route.name);
    return names;
}

Result<std::uint64_t> count(const nlohmann::json &line, const char *key)
{
    const auto at = line.find(key);
    if (at == line.end())
        return failed(std::string("no \"") + key + "\"");
    if (!at->is_number_unsigned())
        return failed(std::string("\"") + key + "\" is not a whole number of at least 0");
    return at->get<std::uint64_t>();
}

} // namespace

std::span<const PythonRouteInfo> pythonRoutes()
{
    return routeTable;
}

const PythonRouteInfo &pythonRouteInfo(PythonRouteId id)
{
    return routeTable[static_cast<std::size_t>(id)];
}

std::optional<PythonRouteId> pythonRouteFromName(std::string_view name)
{
    const auto at = std::ranges::find(routeTable, name, &PythonRouteInfo::name);
    if (at == routeTable.end())
        return std::nullopt;
    return at->id;
}

Result<std::vector<PythonRouteId>> parsePythonRoutes(std::string_view list)
{
    std::vector<PythonRouteId> routes;
    if (list == "all") {
        for (const PythonRouteInfo &route : routeTable)
            routes.push_back(route.id);
        return routes;
    }
    std::string_view rest = list;
    for (;;) {
        const std::size_t comma = rest.find(',');
        const std::string_view name = rest.substr(0, comma);
        const auto route = pythonRouteFromName(name);
        if (!route) {
            return badArgument("unknown route '%1'; accepted: %2", {std::string(name), acceptedRoutes()});
        }
        if (std::ranges::find(routes, *route) == routes.end())
            routes.push_back(*route);
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    return routes;
}

Result<PythonRouteResult> parsePythonRouteLine(PythonRouteId route, std::string_view line, std::uint64_t bytes)
{
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return failed("not a JSON object");
    const PythonRouteInfo &info = pythonRouteInfo(route);
    auto name = pythonText(json, "route", true, pythonTextLimit);
    if (!name)
        return name.error();
    if (*name != info.name)
        return failed("it names the route '" + *name + "', not '" + std::string(info.name) + "'");
    auto state = pythonText(json, "state", true, pythonTextLimit);
    if (!state)
        return state.error();
    PythonRouteResult result;
    result.route = route;
    auto framework = pythonText(json, "framework", false, pythonTextLimit);
    auto reason = pythonText(json, "reason", false, pythonTextLimit);
    if (!framework)
        return framework.error();
    if (!reason)
        return reason.error();
    result.framework = *framework;
    result.reason = *reason;
    if (*state == "not-run" || *state == "failed") {
        if (result.reason.empty())
            return failed("\"" + *state + "\" without a \"reason\"");
        result.state = *state == "not-run" ? RouteState::NotRun : RouteState::Failed;
        return result;
    }
    if (*state != "measured")
        return failed("unknown \"state\" '" + *state + "'");
    result.state = RouteState::Measured;
    auto memory = pythonText(json, "memory", true, pythonTextLimit);
    auto step = pythonText(json, "step", true, pythonTextLimit);
    if (!memory)
        return memory.error();
    if (!step)
        return step.error();
    if (result.framework.empty())
        return failed("no \"framework\"");
    result.memory = *memory;
    if (phaseFromName(*step) != info.phase)
        return failed("\"step\" is '" + *step + "', not '" + std::string(phaseName(info.phase)) + "'");
    auto moved = count(json, "bytes");
    auto median = count(json, "medianNs");
    auto samples = count(json, "samples");
    if (!moved)
        return moved.error();
    if (!median)
        return median.error();
    if (!samples)
        return samples.error();
    if (*moved != bytes)
        return failed("\"bytes\" is " + std::to_string(*moved) + ", not the " + std::to_string(bytes) + " asked for");
    if (*median == 0)
        return failed("\"medianNs\" is 0");
    if (*samples == 0 || *samples > 1000000)
        return failed("\"samples\" is " + std::to_string(*samples));
    result.bytes = *moved;
    result.medianNs = *median;
    result.samples = static_cast<int>(*samples);
    if (const auto shared = json.find("shared"); shared != json.end() && !shared->is_null()) {
        if (!shared->is_boolean())
            return failed("\"shared\" is not true, false or null");
        result.shared = shared->get<bool>();
    }
    return result;
}

PythonScriptOutput runPythonScript(const PythonRunPlan &plan, const std::string &name, const std::string &source,
                                   const std::atomic<bool> *stop)
{
    PythonScriptOutput out;
    if (plan.interpreter.empty()) {
        out.problem = RouteProblem::NoInterpreter;
        return out;
    }
    auto child = ChildProcess::spawn(plan.interpreter,
                                     {"-c", source, "--size", std::to_string(plan.bytes), "--iterations",
                                      std::to_string(plan.iterations), "--warmup", std::to_string(plan.warmup)});
    if (!child) {
        out.problem = RouteProblem::CannotStart;
        out.detail = child.error().message;
        return out;
    }
    child->setDescription(name);
    child->setLineLimit(pythonLineLimit);
    // The last line the script printed before it ended: a framework may
    // print to standard output too. Read in slices, so that a stop is seen
    // within 100 ms.
    std::optional<std::string> last;
    int lines = 0;
    const auto deadline = std::chrono::steady_clock::now() + plan.deadline;
    for (;;) {
        if (stop && stop->load()) {
            child->kill();
            out.problem = RouteProblem::Stopped;
            return out;
        }
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            child->kill();
            out.problem = RouteProblem::Deadline;
            out.detail = formatDuration(static_cast<std::uint64_t>(plan.deadline.count()) * 1000000);
            return out;
        }
        auto line = child->receiveWithin(std::min(left, std::chrono::milliseconds(100)));
        if (!line) {
            if (line.error().message.find("without ending a line") != std::string::npos) {
                out.problem = RouteProblem::Flood;
                return out;
            }
            if (last)
                break; // it printed its line and ended
            out.problem = RouteProblem::Ended;
            out.detail = line.error().message;
            return out;
        }
        if (!*line)
            continue; // nothing yet
        if (++lines > 1000) {
            child->kill();
            out.problem = RouteProblem::Unreadable;
            out.detail = "more than 1000 lines";
            return out;
        }
        if (!(*line)->empty())
            last = std::move(**line);
    }
    out.line = std::move(*last);
    return out;
}

PythonRouteResult runPythonRoute(const PythonRunPlan &plan, PythonRouteId route, const std::string &source,
                                 const std::atomic<bool> *stop)
{
    PythonRouteResult result;
    result.route = route;
    PythonScriptOutput out = runPythonScript(plan, std::string(pythonRouteInfo(route).name), source, stop);
    if (out.problem != RouteProblem::None) {
        result.state = problemMeansNotRun(out.problem) ? RouteState::NotRun : RouteState::Failed;
        result.problem = out.problem;
        result.detail = std::move(out.detail);
        return result;
    }
    auto parsed = parsePythonRouteLine(route, out.line, (plan.bytes / 4) * 4);
    if (!parsed) {
        result.state = RouteState::Failed;
        result.problem = RouteProblem::Unreadable;
        result.detail = parsed.error().message;
        return result;
    }
    return *parsed;
}

std::string findPython(const std::string &name)
{
    if (name.empty())
        return {};
    if (name.find('/') != std::string::npos)
        return ::access(name.c_str(), X_OK) == 0 ? name : std::string();
    const char *path = std::getenv("PATH");
    std::string_view rest = path ? path : "/usr/local/bin:/usr/bin:/bin";
    while (!rest.empty()) {
        const std::size_t colon = rest.find(':');
        const std::string directory(rest.substr(0, colon));
        if (!directory.empty()) {
            std::string candidate = directory;
            candidate += '/';
            candidate += name;
            if (::access(candidate.c_str(), X_OK) == 0)
                return candidate;
        }
        if (colon == std::string_view::npos)
            break;
        rest = rest.substr(colon + 1);
    }
    return {};
}

} // namespace sharescope
