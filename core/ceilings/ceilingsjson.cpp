// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/ceilingsjson.h"

#include "ceilings/ceilings.h"
#include "messagejson.h"
#include "trnoop.h"

namespace sharescope {
namespace {

using json = nlohmann::ordered_json;

struct Malformed
{
    std::string message;
};

// Reads one value, knowing its path in the document for the message.
class In
{
public:
    In(const json &value, std::string path)
        : m_value(value)
        , m_path(std::move(path))
    {
    }

    In operator[](const char *key) const
    {
        const std::string path = m_path + "." + key;
        if (!m_value.is_object())
            fail("must be an object");
        const auto it = m_value.find(key);
        if (it == m_value.end())
            throw Malformed{"the field '" + path + "' is missing"};
        return {*it, path};
    }
    // The message template under `key`, where there is a readable one.
    std::optional<MessageTemplate> message(const char *key) const
    {
        if (!m_value.is_object())
            fail("must be an object");
        const auto it = m_value.find(key);
        return it == m_value.end() ? std::nullopt : messageFromJson(*it);
    }
    std::vector<In> items() const
    {
        if (!m_value.is_array())
            fail("must be an array");
        std::vector<In> items;
        for (std::size_t i = 0; i < m_value.size(); ++i)
            items.emplace_back(m_value[i], m_path + "[" + std::to_string(i) + "]");
        return items;
    }
    std::string text() const
    {
        if (!m_value.is_string())
            fail("must be a string");
        return m_value.get<std::string>();
    }
    double number() const
    {
        if (!m_value.is_number() || m_value.get<double>() < 0)
            fail("must be a number of at least 0");
        return m_value.get<double>();
    }
    std::optional<double> optionalNumber() const { return m_value.is_null() ? std::nullopt : std::optional(number()); }
    std::uint64_t count() const
    {
        if (!m_value.is_number_unsigned())
            fail("must be a whole number of at least 0");
        return m_value.get<std::uint64_t>();
    }
    template<typename T>
    T named(std::optional<T> (*parse)(std::string_view)) const
    {
        const std::string name = text();
        const auto value = parse(name);
        if (!value)
            fail("names nothing ShareScope knows: '" + name + "'");
        return *value;
    }
    [[noreturn]] void fail(const std::string &what) const { throw Malformed{"the field '" + m_path + "' " + what}; }

private:
    const json &m_value;
    std::string m_path;
};

json optionalNumber(const std::optional<double> &value)
{
    return value ? json(*value) : json(nullptr);
}

json ceilingJson(const PathCeiling &ceiling)
{
    json out{{"bytesPerSecond", optionalNumber(ceiling.bytesPerSecond)}, {"source", ceiling.source.english()}};
    // Its template too, so that a reader says it in its own language.
    if (!ceiling.source.args.empty())
        out["sourceTemplate"] = messageToJson<json>(ceiling.source);
    return out;
}

// The source as its template where the report kept one that says the
// same, or its English is one of the templates with values; else as it is
// (a message without values, which the reader looks up whole).
MessageTemplate readSource(const In &in)
{
    const std::string english = in["source"].text();
    if (auto message = in.message("sourceTemplate"); message && message->english() == english)
        return std::move(*message);
    for (const char *pattern :
         {measuredSourceTemplate, pcieSlowerSourceTemplate, pcieSourceTemplate, deviceMemorySourceTemplate}) {
        if (auto message = matchTemplate(pattern, english))
            return std::move(*message);
    }
    return MessageTemplate(english);
}

PathCeiling readCeiling(const In &in)
{
    return {in["bytesPerSecond"].optionalNumber(), readSource(in)};
}

template<typename T, typename Read>
Result<T> guardedRead(const json &document, const char *root, Read read)
{
    try {
        return read(In(document, root));
    } catch (const Malformed &error) {
        return badArgument(error.message);
    }
}

} // namespace

json ceilingsJson(const Ceilings &ceilings)
{
    json paths = json::array();
    for (const Path path : allPaths) {
        paths.push_back({{"path", pathName(path)},
                         {"specification", ceilingJson(ceilings.specificationOf(path))},
                         {"measured", ceilingJson(ceilings.measuredOf(path))}});
    }
    return {{"paths", paths},
            {"deviceCacheBytes", ceilings.deviceCacheBytes},
            {"calibrated", ceilings.calibratedUtc},
            {"hostOneThreadBytesPerSecond", optionalNumber(ceilings.hostOneThreadBytesPerSecond)}};
}

Result<Ceilings> readCeilings(const json &document)
{
    return guardedRead<Ceilings>(document, "ceilings", [](const In &in) {
        Ceilings ceilings;
        // A report from before a path was known has no entry for it.
        for (const Path path : allPaths) {
            const PathCeiling absent{std::nullopt,
                                     {SHARESCOPE_TR_NOOP("Core",
                                                         "not in this report (the ShareScope that wrote it had no "
                                                         "ceiling for this path)")}};
            ceilings.specification[static_cast<std::size_t>(path)] = absent;
            ceilings.measured[static_cast<std::size_t>(path)] = absent;
        }
        for (const In &entry : in["paths"].items()) {
            // A path of a newer ShareScope, which this one does not know:
            // left out, so that its report still reads.
            const auto path = pathFromName(entry["path"].text());
            if (!path)
                continue;
            const auto at = static_cast<std::size_t>(*path);
            ceilings.specification[at] = readCeiling(entry["specification"]);
            ceilings.measured[at] = readCeiling(entry["measured"]);
        }
        ceilings.deviceCacheBytes = in["deviceCacheBytes"].count();
        ceilings.calibratedUtc = in["calibrated"].text();
        ceilings.hostOneThreadBytesPerSecond = in["hostOneThreadBytesPerSecond"].optionalNumber();
        return ceilings;
    });
}

json phaseCeilingJson(const PhaseCeiling &c)
{
    json problem = nullptr;
    if (c.problem) {
        problem = {{"path", pathName(c.problem->path)},
                   {"bytes", c.problem->bytes},
                   {"ns", c.problem->ns},
                   {"bytesPerSecond", c.problem->bytesPerSecond},
                   {"specificationBytesPerSecond", c.problem->ceilingBytesPerSecond}};
    }
    return {{"path", c.path ? json(pathName(*c.path)) : json(nullptr)},
            {"bytesPerSecond", optionalNumber(c.bytesPerSecond)},
            {"percentOfMeasured", optionalNumber(c.percentOfMeasured)},
            {"percentOfSpecification", optionalNumber(c.percentOfSpecification)},
            {"cached", c.cached},
            {"verificationBound", c.verificationBound},
            {"measurementProblem", problem}};
}

json calibrationJson(const Calibration &calibration)
{
    json results = json::array();
    for (const CalibrationResult &r : calibration.results) {
        results.push_back({{"step", calibrationStepName(r.step)},
                           {"path", pathName(r.path)},
                           {"bytes", r.bytes},
                           {"pathBytes", r.pathBytes},
                           {"repetitions", r.repetitions},
                           {"bytesPerSecond", r.bytesPerSecond},
                           {"minBytesPerSecond", r.minBytesPerSecond},
                           {"maxBytesPerSecond", r.maxBytesPerSecond},
                           {"method", r.method}});
        if (!r.methodTemplate.empty())
            results.back()["methodTemplate"] = messageToJson<json>(r.methodTemplate);
    }
    json skipped = json::array();
    for (const SkippedStep &s : calibration.skipped)
        skipped.push_back({{"step", calibrationStepName(s.step)}, {"reason", s.reason}});
    const CalibrationKey &k = calibration.key;
    return {{"device", k.deviceId},
            {"deviceName", k.deviceName},
            {"driverVersion", k.driverVersion},
            {"toolVersion", k.toolVersion},
            {"created", calibration.createdUtc},
            {"results", results},
            {"skipped", skipped}};
}

Result<Calibration> readCalibration(const json &document)
{
    return guardedRead<Calibration>(document, "calibration", [](const In &in) {
        Calibration c;
        c.key = {in["device"].text(), in["deviceName"].text(), in["driverVersion"].text(), in["toolVersion"].text()};
        c.createdUtc = in["created"].text();
        for (const In &r : in["results"].items()) {
            // A step or path of a newer ShareScope: left out, the rest kept.
            const auto step = calibrationStepFromName(r["step"].text());
            const auto path = pathFromName(r["path"].text());
            if (!step || !path)
                continue;
            CalibrationResult result;
            result.step = *step;
            result.path = *path;
            result.bytes = r["bytes"].count();
            result.pathBytes = r["pathBytes"].count();
            result.repetitions = static_cast<int>(std::min<std::uint64_t>(r["repetitions"].count(), 1 << 20));
            result.bytesPerSecond = r["bytesPerSecond"].number();
            result.minBytesPerSecond = r["minBytesPerSecond"].number();
            result.maxBytesPerSecond = r["maxBytesPerSecond"].number();
            result.method = r["method"].text();
            // A template that does not say what the English says is not ours.
            if (auto method = r.message("methodTemplate"); method && method->english() == result.method)
                result.methodTemplate = std::move(*method);
            c.results.push_back(std::move(result));
        }
        for (const In &s : in["skipped"].items()) {
            if (const auto step = calibrationStepFromName(s["step"].text()))
                c.skipped.push_back({*step, s["reason"].text()});
        }
        return c;
    });
}

} // namespace sharescope
