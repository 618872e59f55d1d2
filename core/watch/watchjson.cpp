// SPDX-License-Identifier: GPL-3.0-or-later
#include "watch/watchjson.h"

#include "catalogue.h"
#include "messagejson.h"
#include "report/environmentjson.h"
#include "report/jsonreader.h"
#include "report/reportlimits.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace sharescope::watch {
namespace {

using json = nlohmann::ordered_json;
using jsonread::FormatError;
using jsonread::parsed;
using jsonread::Reader;

json countsJson(const uvm::UvmCounterValues &v)
{
    return {{"bytesHostToDevice", v.bytesHostToDevice},
            {"bytesDeviceToHost", v.bytesDeviceToHost},
            {"cpuPageFaults", v.cpuPageFaults},
            {"gpuPageFaults", v.gpuPageFaults}};
}

uvm::UvmCounterValues readCounts(const Reader &r)
{
    return {r["bytesHostToDevice"].unsignedValue(), r["bytesDeviceToHost"].unsignedValue(),
            r["cpuPageFaults"].unsignedValue(), r["gpuPageFaults"].unsignedValue()};
}

json noteJson(const MessageTemplate &note)
{
    return note.empty() ? json(nullptr) : messageToJson<json>(note);
}

MessageTemplate readNote(const Reader &r)
{
    if (r.isNull())
        return {};
    std::optional<MessageTemplate> note = messageFromJson(r.raw());
    if (!note)
        r.fail("must be a message ({\"text\": ..., \"args\": [...]})");
    return *note;
}

template<typename T>
json optionalJson(const std::optional<T> &value)
{
    return value ? json(*value) : json(nullptr);
}

std::optional<std::int64_t> signedValue(const Reader &r)
{
    if (r.isNull())
        return std::nullopt;
    if (!r.raw().is_number_integer())
        r.fail("must be a whole number");
    return r.raw().get<std::int64_t>();
}

json processJson(const WatchedProcess &p)
{
    json samples = json::array();
    for (const WatchSample &s : p.samples) {
        samples.push_back(json::array({s.atNs, s.values.bytesHostToDevice, s.values.bytesDeviceToHost,
                                       s.values.cpuPageFaults, s.values.gpuPageFaults}));
    }
    json causes = nullptr;
    if (p.migratedByCause) {
        causes = json::object();
        for (std::size_t c = 0; c < migrationCauseCount; ++c)
            causes[std::string(migrationCauseName(static_cast<MigrationCause>(c)))] = (*p.migratedByCause)[c];
    }
    json routes = json::array();
    for (const RouteUse &r : p.routes) {
        routes.push_back({{"route", routeName(r.route)},
                          {"mode", modeName(routeMode(r.route))},
                          {"calls", r.calls},
                          {"bytes", r.bytes},
                          {"timedBytes", r.timedBytes},
                          {"timedNs", r.timedNs},
                          {"failed", r.failed}});
    }
    json calls = json::array();
    for (const CallSpan &c : p.calls)
        calls.push_back(json::array({routeName(c.route), c.startNs, c.endNs, c.bytes, c.async}));
    return {{"pid", p.pid},
            {"parentPid", p.parentPid},
            {"name", p.name},
            {"commandLine", p.commandLine},
            {"startedNs", p.startedNs},
            {"endedNs", optionalJson(p.endedNs)},
            {"exitStatus", optionalJson(p.exitStatus)},
            {"usedGpu", p.usedGpu},
            {"attach", attachName(p.attach)},
            {"attachedNs", optionalJson(p.attachedNs)},
            {"note", noteJson(p.note)},
            {"noteText", p.note.english()},
            {"totals", p.totals ? countsJson(*p.totals) : json(nullptr)},
            {"samples", samples},
            {"migratedByCause", causes},
            {"bytesDeviceToDevice", optionalJson(p.bytesDeviceToDevice)},
            {"recordsDropped", p.recordsDropped},
            {"routesSeen", p.routesSeen},
            {"routesNote", noteJson(p.routesNote)},
            {"routes", routes},
            {"calls", calls},
            {"callsDropped", p.callsDropped}};
}

WatchedProcess readProcess(const Reader &r)
{
    WatchedProcess p;
    p.pid = r["pid"].intValue();
    p.parentPid = r["parentPid"].intValue();
    p.name = r["name"].string();
    p.commandLine = r["commandLine"].string();
    p.startedNs = signedValue(r["startedNs"]).value_or(0);
    p.endedNs = r["endedNs"].optionalUnsigned();
    if (!r["exitStatus"].isNull())
        p.exitStatus = r["exitStatus"].intValue();
    p.usedGpu = r["usedGpu"].boolean();
    p.attach = parsed(r["attach"], attachFromName, "names an unknown way of attaching");
    p.attachedNs = r["attachedNs"].optionalUnsigned();
    p.note = readNote(r["note"]);
    if (!r["totals"].isNull())
        p.totals = readCounts(r["totals"]);
    for (const Reader &s : r["samples"].items()) {
        const std::vector<Reader> v = s.items();
        if (v.size() != 5)
            s.fail("must hold 5 numbers: time, bytes to the device, bytes to the host, CPU faults, GPU faults");
        p.samples.push_back({v[0].unsignedValue(),
                             {v[1].unsignedValue(), v[2].unsignedValue(), v[3].unsignedValue(), v[4].unsignedValue()}});
    }
    if (!r["migratedByCause"].isNull()) {
        std::array<std::uint64_t, migrationCauseCount> causes{};
        for (std::size_t c = 0; c < migrationCauseCount; ++c)
            causes[c] = r["migratedByCause"][std::string(migrationCauseName(static_cast<MigrationCause>(c))).c_str()]
                            .unsignedValue();
        p.migratedByCause = causes;
    }
    p.bytesDeviceToDevice = r["bytesDeviceToDevice"].optionalUnsigned();
    p.recordsDropped = r["recordsDropped"].unsignedValue();
    p.routesSeen = r["routesSeen"].boolean();
    p.routesNote = readNote(r["routesNote"]);
    for (const Reader &u : r["routes"].items()) {
        RouteUse use;
        use.route = parsed(u["route"], routeFromName, "names an unknown route");
        use.calls = u["calls"].unsignedValue();
        use.bytes = u["bytes"].unsignedValue();
        use.timedBytes = u["timedBytes"].unsignedValue();
        use.timedNs = u["timedNs"].unsignedValue();
        use.failed = u["failed"].unsignedValue();
        p.routes.push_back(use);
    }
    const std::vector<Reader> calls = r["calls"].items();
    if (calls.size() > maxKeptCalls)
        r["calls"].fail("holds more calls than a report keeps");
    for (const Reader &c : calls) {
        const std::vector<Reader> v = c.items();
        if (v.size() != 5)
            c.fail("must hold the route, start, end, bytes and whether it was asynchronous");
        p.calls.push_back({parsed(v[0], routeFromName, "names an unknown route"), v[1].unsignedValue(),
                           v[2].unsignedValue(), v[3].unsignedValue(), v[4].boolean()});
    }
    p.callsDropped = r["callsDropped"].unsignedValue();
    return p;
}

std::string csvField(const std::string &text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

} // namespace

std::string watchToJson(const WatchReport &report, int indent)
{
    json processes = json::array();
    for (const WatchedProcess &p : report.processes)
        processes.push_back(processJson(p));
    const json document{{"format", watchFormat},
                        {"formatVersion", watchFormatVersion},
                        {"toolVersion", report.toolVersion},
                        {"createdUtc", report.createdUtc},
                        {"command", report.commandLine},
                        {"environment", environmentToJson<json>(report.environment)},
                        {"watched", report.command},
                        {"watchedPid", optionalJson(report.watchedPid)},
                        {"driverVersion", report.driverVersion},
                        {"countersNote", noteJson(report.countersNote)},
                        {"countersNoteText", report.countersNote.english()},
                        {"intervalNs", report.intervalNs},
                        {"records", report.records},
                        {"api", report.api},
                        {"apiNote", noteJson(report.apiNote)},
                        {"cupti", report.cupti},
                        {"durationNs", report.durationNs},
                        {"watcherCpuNs", optionalJson(report.watcherCpuNs)},
                        {"exitStatus", optionalJson(report.exitStatus)},
                        {"startError", noteJson(report.startError)},
                        {"stopped", report.stopped},
                        {"totals",
                         [&] {
                             const auto totals = watchTotals(report);
                             return totals ? countsJson(*totals) : json(nullptr);
                         }()},
                        {"processes", processes}};
    return document.dump(indent) + "\n";
}

bool isWatchDocument(std::string_view text)
{
    // The format is the document's first field, as watchToJson writes it.
    const std::size_t at = text.find("\"format\"");
    if (at >= 64) // npos included
        return false;
    const std::size_t name = text.find(watchFormat, at);
    return name != std::string_view::npos && name < at + 40;
}

Result<WatchReport> readWatch(std::string_view text)
{
    if (Status fits = checkReportText(text); !fits)
        return fits.error();
    try {
        const json document = json::parse(text);
        const Reader root(document, {});
        if (!document.is_object() || !root.has("format") || root["format"].string() != watchFormat)
            throw FormatError{"this is not a ShareScope watch report (no \"format\": \"sharescope-watch\")"};
        if (root["formatVersion"].intValue() > watchFormatVersion)
            throw FormatError{"the file has a format version newer than this ShareScope reads; update ShareScope"};
        WatchReport report;
        report.toolVersion = root["toolVersion"].string();
        report.createdUtc = root["createdUtc"].string();
        report.commandLine = root["command"].string();
        report.environment = readEnvironment(root["environment"]);
        for (const Reader &argument : root["watched"].items())
            report.command.push_back(argument.string());
        if (!root["watchedPid"].isNull())
            report.watchedPid = root["watchedPid"].intValue();
        report.driverVersion = root["driverVersion"].string();
        report.countersNote = readNote(root["countersNote"]);
        report.intervalNs = root["intervalNs"].unsignedValue();
        report.records = root["records"].boolean();
        report.api = root["api"].boolean();
        report.apiNote = readNote(root["apiNote"]);
        report.cupti = root["cupti"].string();
        report.durationNs = root["durationNs"].unsignedValue();
        report.watcherCpuNs = root["watcherCpuNs"].optionalUnsigned();
        if (!root["exitStatus"].isNull())
            report.exitStatus = root["exitStatus"].intValue();
        report.startError = readNote(root["startError"]);
        report.stopped = root["stopped"].boolean();
        for (const Reader &process : root["processes"].items())
            report.processes.push_back(readProcess(process));
        return report;
    } catch (const FormatError &error) {
        return badArgument(error.message);
    } catch (const json::exception &error) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "not valid JSON: %1"), {std::string(error.what())});
    }
}

std::string watchToCsv(const WatchReport &report)
{
    std::ostringstream out;
    out << "seconds,pid,name,host_to_device_bytes,device_to_host_bytes,cpu_page_faults,gpu_page_faults,"
           "host_to_device_bytes_since_previous,device_to_host_bytes_since_previous\n";
    struct Row
    {
        const WatchedProcess *process;
        const WatchSample *sample;
        const WatchSample *previous;
    };
    std::vector<Row> rows;
    for (const WatchedProcess &p : report.processes) {
        for (std::size_t i = 0; i < p.samples.size(); ++i)
            rows.push_back({&p, &p.samples[i], i ? &p.samples[i - 1] : nullptr});
    }
    std::ranges::stable_sort(rows, {}, [](const Row &r) { return r.sample->atNs; });
    for (const Row &row : rows) {
        const uvm::UvmCounterValues &v = row.sample->values;
        const uvm::UvmCounterValues before = row.previous ? row.previous->values : uvm::UvmCounterValues{};
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3f", static_cast<double>(row.sample->atNs) / 1e9);
        out << seconds << ',' << row.process->pid << ',' << csvField(row.process->name) << ',' << v.bytesHostToDevice
            << ',' << v.bytesDeviceToHost << ',' << v.cpuPageFaults << ',' << v.gpuPageFaults << ','
            << v.bytesHostToDevice - before.bytesHostToDevice << ',' << v.bytesDeviceToHost - before.bytesDeviceToHost
            << '\n';
    }
    return out.str();
}

std::string progressToJsonLine(const WatchProgress &progress)
{
    json processes = json::array();
    for (const WatchProgress::Line &p : progress.processes) {
        processes.push_back({{"pid", p.pid},
                             {"name", p.name},
                             {"attach", attachName(p.attach)},
                             {"totals", p.values ? countsJson(*p.values) : json(nullptr)},
                             {"ended", p.ended}});
    }
    return json{{"atNs", progress.atNs}, {"processes", processes}}.dump() + "\n";
}

std::optional<WatchProgress> progressFromJsonLine(std::string_view line)
{
    try {
        if (line.size() > (1u << 24))
            return std::nullopt;
        const json document = json::parse(line);
        const Reader root(document, {});
        WatchProgress progress;
        progress.atNs = root["atNs"].unsignedValue();
        for (const Reader &p : root["processes"].items()) {
            WatchProgress::Line entry;
            entry.pid = p["pid"].intValue();
            entry.name = p["name"].string();
            entry.attach = parsed(p["attach"], attachFromName, "names an unknown way of attaching");
            if (!p["totals"].isNull())
                entry.values = readCounts(p["totals"]);
            entry.ended = p["ended"].boolean();
            progress.processes.push_back(std::move(entry));
        }
        return progress;
    } catch (const FormatError &) {
        return std::nullopt;
    } catch (const json::exception &) {
        return std::nullopt;
    }
}

std::string watchToTrace(const WatchReport &report)
{
    json events = json::array();
    for (const WatchedProcess &p : report.processes) {
        events.push_back({{"ph", "M"},
                          {"name", "process_name"},
                          {"pid", p.pid},
                          {"args", {{"name", p.name + " (" + std::to_string(p.pid) + ")"}}}});
        for (const WatchSample &s : p.samples) {
            const double us = static_cast<double>(s.atNs) / 1e3;
            events.push_back({{"ph", "C"},
                              {"name", "migrated MiB"},
                              {"pid", p.pid},
                              {"ts", us},
                              {"args",
                               {{"host to device", static_cast<double>(s.values.bytesHostToDevice) / 1048576.0},
                                {"device to host", static_cast<double>(s.values.bytesDeviceToHost) / 1048576.0}}}});
            events.push_back({{"ph", "C"},
                              {"name", "page faults"},
                              {"pid", p.pid},
                              {"ts", us},
                              {"args", {{"CPU", s.values.cpuPageFaults}, {"GPU", s.values.gpuPageFaults}}}});
        }
        for (const CallSpan &c : p.calls) {
            events.push_back({{"ph", "X"},
                              {"name", routeName(c.route)},
                              {"cat", c.async ? "queued" : "call"},
                              {"pid", p.pid},
                              {"tid", p.pid},
                              {"ts", static_cast<double>(c.startNs) / 1e3},
                              {"dur", static_cast<double>(c.endNs - std::min(c.endNs, c.startNs)) / 1e3},
                              {"args", {{"bytes", c.bytes}}}});
        }
    }
    return json{{"traceEvents", events}, {"displayTimeUnit", "ms"}}.dump() + "\n";
}

} // namespace sharescope::watch
