// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctorjson.h"

#include "messagejson.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

namespace sharescope::doctor {
namespace {

using json = nlohmann::ordered_json;

Error malformed(const std::string &why)
{
    return errorOf(ErrorKind::BadArgument,
                   MessageTemplate(SHARESCOPE_TR_NOOP("Core", "not a machine check ShareScope can read: %1"), {why}));
}

MessageTemplate message(const json &value, const char *what)
{
    if (auto read = messageFromJson(value))
        return *read;
    throw std::runtime_error(std::string("a malformed ") + what);
}

} // namespace

std::string doctorToJson(const DoctorReport &report)
{
    json checks = json::array();
    for (const Check &check : report.checks) {
        const CheckInfo &info = checkInfo(check.id);
        json evidence = json::array();
        for (const Evidence &e : check.evidence)
            evidence.push_back(
                {{"source", e.source}, {"text", e.text.english()}, {"message", messageToJson<json>(e.text)}});
        json entry{{"id", info.name},
                   {"verdict", verdictName(check.verdict)},
                   {"finding", check.finding.english()},
                   {"findingMessage", messageToJson<json>(check.finding)},
                   {"evidence", evidence},
                   {"advice", check.advice.english()},
                   {"adviceMessage", messageToJson<json>(check.advice)},
                   {"docs", docsLink(check.id)}};
        if (!info.lesson.empty())
            entry["lesson"] = info.lesson;
        if (!info.explain.empty())
            entry["explain"] = info.explain;
        checks.push_back(std::move(entry));
    }
    json summary = json::object();
    for (const Verdict verdict : allVerdicts)
        summary[std::string(verdictName(verdict))] = report.count(verdict);
    const json document{
        {"kind", "doctor"},
        {"version", DoctorReport::formatVersion},
        {"tool", report.tool},
        {"createdUtc", report.createdUtc},
        {"commandLine", report.commandLine},
        {"device", report.deviceId.empty() ? json(nullptr) : json(report.deviceId)},
        {"deviceName", report.deviceName},
        {"deviceNote", messageToJson<json>(report.deviceNote)},
        {"quick", report.quick},
        {"seconds", report.seconds},
        {"plan",
         {{"workers", report.plan.workers},
          {"prefetch", report.plan.prefetch},
          {"batchBytes", report.plan.batchBytes},
          {"workersGiven", report.plan.workersGiven},
          {"batchGiven", report.plan.batchGiven},
          {"sharedMemoryNeed", sharedMemoryNeed(report.plan)},
          {"descriptorNeed", descriptorNeed(report.plan)}}},
        {"problemFound", report.problemFound()},
        {"summary", summary},
        {"checks", checks},
    };
    return document.dump(2) + "\n";
}

Result<DoctorReport> doctorFromJson(std::string_view text)
{
    const json document = json::parse(text, nullptr, false);
    if (document.is_discarded() || !document.is_object())
        return malformed("not JSON");
    if (document.value("kind", std::string()) != "doctor")
        return malformed("its kind is not \"doctor\"");
    if (!document.contains("version") || !document["version"].is_number_integer())
        return malformed("no version");
    if (const int version = document["version"].get<int>(); version < 1 || version > DoctorReport::formatVersion)
        return malformed("version " + std::to_string(version) + "; this ShareScope reads version "
                         + std::to_string(DoctorReport::formatVersion));
    try {
        DoctorReport report;
        report.tool = document.at("tool").get<std::string>();
        report.createdUtc = document.at("createdUtc").get<std::string>();
        report.commandLine = document.at("commandLine").get<std::string>();
        if (!document.at("device").is_null())
            report.deviceId = document.at("device").get<std::string>();
        report.deviceName = document.at("deviceName").get<std::string>();
        report.deviceNote = message(document.at("deviceNote"), "device note");
        report.quick = document.at("quick").get<bool>();
        report.seconds = document.at("seconds").get<double>();
        const json &plan = document.at("plan");
        report.plan.workers = plan.at("workers").get<int>();
        report.plan.prefetch = plan.at("prefetch").get<int>();
        report.plan.batchBytes = plan.at("batchBytes").get<std::uint64_t>();
        report.plan.workersGiven = plan.at("workersGiven").get<bool>();
        report.plan.batchGiven = plan.at("batchGiven").get<bool>();
        for (const json &entry : document.at("checks")) {
            Check check;
            const std::string name = entry.at("id").get<std::string>();
            const auto id = checkFromName(name);
            if (!id)
                return malformed("an unknown check '" + name + "'");
            check.id = *id;
            const std::string verdict = entry.at("verdict").get<std::string>();
            const auto parsed = verdictFromName(verdict);
            if (!parsed)
                return malformed("an unknown verdict '" + verdict + "'");
            check.verdict = *parsed;
            check.finding = message(entry.at("findingMessage"), "finding");
            check.advice = message(entry.at("adviceMessage"), "advice");
            for (const json &e : entry.at("evidence"))
                check.evidence.push_back({e.at("source").get<std::string>(), message(e.at("message"), "evidence")});
            report.checks.push_back(std::move(check));
        }
        return report;
    } catch (const json::exception &error) {
        return malformed(error.what());
    } catch (const std::runtime_error &error) {
        return malformed(error.what());
    }
}

} // namespace sharescope::doctor
