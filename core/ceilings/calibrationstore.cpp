// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/calibrationstore.h"

#include "ceilings/ceilingsjson.h"
#include "trnoop.h"

#include <fstream>
#include <sstream>

#include <unistd.h>

namespace sharescope {
namespace {

using json = nlohmann::ordered_json;

constexpr const char *storeFormat = "sharescope-calibrations";
constexpr const char *documentFormat = "sharescope-calibration";
constexpr int formatVersion = 1;

Result<std::vector<Calibration>> readDocument(const json &document, const std::filesystem::path &file)
{
    if (document.is_discarded() || !document.is_object() || document.value("format", "") != storeFormat
        || !document.contains("calibrations") || !document["calibrations"].is_array())
        return badArgument(SHARESCOPE_TR_NOOP("Core", "%1 is not a ShareScope calibration file"), {file.string()});
    if (document.value("formatVersion", 0) > formatVersion)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "%1 was written by a newer ShareScope"), {file.string()});
    std::vector<Calibration> all;
    for (const json &entry : document["calibrations"]) {
        auto calibration = readCalibration(entry);
        if (!calibration)
            return calibration.error();
        all.push_back(std::move(*calibration));
    }
    return all;
}

// Every calibration in the file; a missing file is an empty list.
Result<std::vector<Calibration>> readAll(const std::filesystem::path &file)
{
    std::ifstream in(file);
    if (!in)
        return std::vector<Calibration>{};
    std::ostringstream text;
    text << in.rdbuf();
    const json document = json::parse(text.str(), nullptr, false);
    try {
        return readDocument(document, file);
    } catch (const json::exception &) { // a field of the wrong type
        return badArgument(SHARESCOPE_TR_NOOP("Core", "%1 is not a ShareScope calibration file"), {file.string()});
    }
}

} // namespace

CachedCalibration loadCalibration(const std::filesystem::path &file, const CalibrationKey &key)
{
    CachedCalibration cached;
    auto all = readAll(file);
    if (!all) {
        cached.state = CachedCalibration::State::Unreadable;
        cached.problem = all.error().message;
        return cached;
    }
    for (Calibration &calibration : *all) {
        if (calibration.key == key) {
            cached.state = CachedCalibration::State::Found;
            cached.calibration = std::move(calibration);
            return cached;
        }
        if (calibration.key.deviceId == key.deviceId) {
            cached.state = CachedCalibration::State::Stale;
            cached.staleKey = calibration.key;
        }
    }
    return cached;
}

Status storeCalibration(const std::filesystem::path &file, const Calibration &calibration)
{
    auto all = readAll(file);
    std::vector<Calibration> kept
        = all ? std::move(*all) : std::vector<Calibration>{}; // an unreadable file is replaced
    std::erase_if(kept, [&](const Calibration &c) { return c.key.deviceId == calibration.key.deviceId; });
    kept.push_back(calibration);
    json list = json::array();
    for (const Calibration &c : kept)
        list.push_back(calibrationJson(c));
    const json document{{"format", storeFormat}, {"formatVersion", formatVersion}, {"calibrations", list}};

    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    const std::filesystem::path partial = file.string() + "." + std::to_string(::getpid()) + ".part";
    {
        std::ofstream out(partial, std::ios::trunc);
        out << document.dump(2) << "\n";
        if (!out.flush()) {
            std::filesystem::remove(partial, error);
            return errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "cannot write %1"), {partial.string()});
        }
    }
    std::filesystem::rename(partial, file, error);
    if (error) {
        std::filesystem::remove(partial, error);
        return errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "cannot write %1"), {file.string()});
    }
    return okStatus();
}

std::string calibrationDocument(const Calibration &calibration, int indent)
{
    json document{{"format", documentFormat}, {"formatVersion", formatVersion}};
    document.update(calibrationJson(calibration));
    return document.dump(indent) + "\n";
}

Result<Calibration> readCalibrationDocument(std::string_view text)
{
    const json document = json::parse(text, nullptr, false);
    if (document.is_discarded() || !document.is_object() || document.value("format", "") != documentFormat)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "this is not a ShareScope calibration"), {});
    return readCalibration(document);
}

} // namespace sharescope
