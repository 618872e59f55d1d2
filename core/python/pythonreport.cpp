// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/pythonreport.h"

#include "python/pythonjson.h"

namespace sharescope {
namespace {

std::uint64_t wholeNumber(const nlohmann::json &object, const char *key)
{
    const auto at = object.find(key);
    return at != object.end() && at->is_number_unsigned() ? at->get<std::uint64_t>() : 0;
}

// A string field, or empty where it is missing or of another kind (the
// checks below say what is wrong where it matters).
std::string textOf(const nlohmann::json &object, const char *key)
{
    const auto at = object.find(key);
    return at != object.end() && at->is_string() ? at->get<std::string>() : std::string();
}

} // namespace

bool isPythonReport(std::string_view text)
{
    const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
    if (!document.is_object())
        return false;
    const auto format = document.find("format");
    return format != document.end() && format->is_string() && format->get<std::string>() == pythonReportFormat;
}

Result<PythonReport> readPythonReport(std::string_view text)
{
    if (!isPythonReport(text))
        return badArgument("not a report of sharescope python");
    const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
    if (!document.contains("routes") || !document["routes"].is_array())
        return badArgument("a report of sharescope python without its routes");
    PythonReport report;
    report.interpreter = textOf(document, "interpreter");
    report.bytes = wholeNumber(document, "bytes");
    report.iterations = static_cast<int>(wholeNumber(document, "iterations"));
    report.warmup = static_cast<int>(wholeNumber(document, "warmup"));
    for (const nlohmann::json &entry : document["routes"]) {
        if (!entry.is_object())
            return badArgument("a route that is not an object");
        const std::string name = textOf(entry, "route");
        const auto route = pythonRouteFromName(name);
        if (!route)
            return badArgument("unknown route '" + name + "'");
        PythonRouteResult r;
        r.route = *route;
        const std::string state = textOf(entry, "state");
        if (state == "measured")
            r.state = RouteState::Measured;
        else if (state == "not-run")
            r.state = RouteState::NotRun;
        else if (state == "failed")
            r.state = RouteState::Failed;
        else
            return badArgument(
                std::string("route '").append(name).append("': unknown state '").append(state).append("'"));
        for (const auto &[key, field] :
             {std::pair{"reason", &r.reason}, std::pair{"framework", &r.framework}, std::pair{"memory", &r.memory}}) {
            auto value = pythonText(entry, key, false, pythonTextLimit);
            if (!value)
                return badArgument("route '" + name + "': " + value.error().message);
            *field = *value;
        }
        r.bytes = wholeNumber(entry, "bytes");
        r.medianNs = wholeNumber(entry, "medianNs");
        r.samples = static_cast<int>(wholeNumber(entry, "samples"));
        if (const auto shared = entry.find("shared"); shared != entry.end() && shared->is_boolean())
            r.shared = shared->get<bool>();
        if (r.state == RouteState::Measured && (r.medianNs == 0 || r.samples <= 0))
            return badArgument("route '" + name + "': measured without a time");
        const std::uint64_t mode = wholeNumber(entry, "modeMedianNs");
        report.modeNs.push_back(mode > 0 ? std::optional(mode) : std::nullopt);
        report.routes.push_back(std::move(r));
    }
    return report;
}

} // namespace sharescope
