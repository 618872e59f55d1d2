// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportdocument.h"

#include "bytesize.h"
#include "report/reportlimits.h"

#include <cmath>

namespace sharescope {
namespace {

using json = nlohmann::ordered_json;

// A single buffer's limit, as the reader has it: a larger map is no map.
constexpr std::uint64_t maxChunksPerBuffer = std::uint64_t(1) << 24;

const json *field(const json &object, const char *key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::optional<std::uint64_t> whole(const json *value)
{
    if (!value || !value->is_number_unsigned())
        return std::nullopt;
    return value->get<std::uint64_t>();
}

// The reports of a document and how paths inside each start: the document
// itself, or each of a compare's or sweep's runs.
std::vector<std::pair<const json *, std::string>> reportsOf(const json &document)
{
    std::vector<std::pair<const json *, std::string>> reports;
    const json *runs = field(document, "runs");
    if (!runs || !runs->is_array()) {
        reports.emplace_back(&document, std::string());
        return reports;
    }
    for (std::size_t i = 0; i < runs->size(); ++i)
        reports.emplace_back(&(*runs)[i], "runs[" + std::to_string(i) + "].");
    return reports;
}

Status checkVersion(const json &object, const std::string &prefix)
{
    const json *version = field(object, "formatVersion");
    if (version && version->is_number_integer() && version->get<std::int64_t>() < 1) {
        return badArgument("the field '" + prefix + "formatVersion' is " + version->dump()
                           + "; format versions start at 1");
    }
    return okStatus();
}

Status spendResidency(const json &report, const std::string &prefix, ResidencyBudget &budget)
{
    const json *residency = field(report, "residency");
    if (!residency)
        return okStatus();
    const auto chunkBytes = whole(field(*residency, "chunkBytes"));
    const json *buffers = field(*residency, "buffers");
    const json *snapshots = field(*residency, "snapshots");
    if (!chunkBytes || *chunkBytes == 0 || !buffers || !buffers->is_array() || !snapshots || !snapshots->is_array())
        return okStatus();
    std::uint64_t chunks = 0;
    for (std::size_t b = 0; b < buffers->size(); ++b) {
        const auto bytes = whole(field((*buffers)[b], "bytes"));
        if (!bytes)
            continue;
        const std::uint64_t count = *bytes / *chunkBytes + (*bytes % *chunkBytes != 0 ? 1 : 0);
        if (count > maxChunksPerBuffer) {
            return badArgument("the field '" + prefix + "residency.buffers[" + std::to_string(b)
                               + "].bytes' gives more chunks than a residency map holds (" + formatCount(count)
                               + " chunks of " + formatCount(*chunkBytes) + " bytes; at most "
                               + formatCount(maxChunksPerBuffer) + ")");
        }
        chunks += count;
    }
    return budget.spend(chunks, snapshots->size(), prefix + "residency.snapshots");
}

// The summary as toJson writes it, for the keys this version knows.
json expectedSummary(const RunReport &report)
{
    const auto stat = [](const Stat &s) { return json{{"min", s.min}, {"median", s.median}, {"max", s.max}}; };
    json entries = json::array();
    for (const PhaseSummary &s : summarize(report)) {
        json counters = nullptr;
        if (s.median.counters) {
            counters = json::object();
            for (const CounterField &f : counterFields()) {
                const auto &value = *s.median.counters.*f.member;
                counters[std::string(f.name)] = value ? json(*value) : json(nullptr);
            }
        }
        const auto bandwidth = s.median.bandwidth();
        entries.push_back({{"phase", phaseName(s.phase)},
                           {"bytesToDevice", s.median.bytesToDevice},
                           {"bytesToHost", s.median.bytesToHost},
                           {"bytesAccessed", s.median.bytesAccessed},
                           {"counters", counters},
                           {"samples", s.samples},
                           {"hostNs", stat(s.hostNs)},
                           {"deviceNs", s.deviceNs ? stat(*s.deviceNs) : json(nullptr)},
                           {"bandwidthBytesPerSecond", bandwidth ? json(*bandwidth) : json(nullptr)}});
    }
    return entries;
}

bool sameValue(const json &found, const json &expected)
{
    if (expected.is_number_float() && found.is_number()) {
        const double want = expected.get<double>();
        return std::abs(found.get<double>() - want) <= 1e-9 * std::abs(want);
    }
    return expected == found; // numbers compare by value, whatever their type
}

std::string shown(const json &value)
{
    std::string text = value.dump();
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

// The first place where `found` lacks or differs from `expected`.
std::optional<std::string> firstDifference(const json &found, const json &expected, const std::string &path)
{
    if (expected.is_object()) {
        if (!found.is_object())
            return std::string("the field '")
                .append(path)
                .append("' is ")
                .append(shown(found))
                .append("; the iterations give ")
                .append(shown(expected));
        for (const auto &[key, value] : expected.items()) {
            const json *inner = field(found, key.c_str());
            if (!inner)
                return std::string("the field '").append(path).append(".").append(key).append("' is missing");
            if (auto difference = firstDifference(*inner, value, std::string(path).append(".").append(key)))
                return difference;
        }
        return std::nullopt;
    }
    if (!sameValue(found, expected))
        return "the field '" + path + "' is " + shown(found) + "; the iterations give " + shown(expected);
    return std::nullopt;
}

} // namespace

Status checkDocument(const json &document)
{
    if (Status version = checkVersion(document, {}); !version)
        return version;
    ResidencyBudget budget;
    for (const auto &[report, prefix] : reportsOf(document)) {
        if (Status version = checkVersion(*report, prefix); !version)
            return version;
        if (Status spent = spendResidency(*report, prefix, budget); !spent)
            return spent;
    }
    return okStatus();
}

Status checkSummaries(const json &document, const ReportSet &set)
{
    const auto reports = reportsOf(document);
    for (std::size_t r = 0; r < reports.size() && r < set.runs.size(); ++r) {
        const auto &[report, prefix] = reports[r];
        const json *summary = field(*report, "summary");
        if (!summary)
            continue; // nothing written, nothing to disagree with
        const json expected = expectedSummary(set.runs[r]);
        const std::string path = prefix + "summary";
        if (!summary->is_array())
            return badArgument("the field '" + path + "' must be an array");
        if (summary->size() != expected.size()) {
            return badArgument("the field '" + path + "' has " + std::to_string(summary->size())
                               + " entries; the report's phases give " + std::to_string(expected.size()));
        }
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (auto difference = firstDifference((*summary)[i], expected[i], path + "[" + std::to_string(i) + "]"))
                return badArgument(*difference);
        }
    }
    return okStatus();
}

} // namespace sharescope
