// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "deviceinfo.h"
#include "result.h"

#include <filesystem>
#include <optional>
#include <string>

namespace sharescope {

// The calibrations of this machine, one per device, in one JSON file (the
// front ends put it in the user's cache folder). A calibration is used only
// while its key matches: another driver, another ShareScope version or
// another device in the same place makes it stale.
struct CachedCalibration
{
    enum class State { Found, Missing, Stale, Unreadable };
    State state = State::Missing;
    std::optional<Calibration> calibration; // Found
    std::optional<CalibrationKey> staleKey; // Stale: what the old one was for
    std::string problem; // Unreadable: why (the file is then ignored, and replaced by the next calibration)
};

CachedCalibration loadCalibration(const std::filesystem::path &file, const CalibrationKey &key);

// Adds or replaces the device's calibration, keeping the others, through a
// temporary file renamed into place: a failed write leaves the old file.
Status storeCalibration(const std::filesystem::path &file, const Calibration &calibration);

// One calibration as a document of its own (`sharescope calibrate --json`).
std::string calibrationDocument(const Calibration &calibration, int indent = 2);
// Reads what calibrationDocument wrote.
Result<Calibration> readCalibrationDocument(std::string_view text);

} // namespace sharescope
