// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "ceilings/ceilings.h"
#include "ceilings/phaseceiling.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace sharescope {

// The ceilings in JSON, for the reports (reportjson.cpp) and the
// calibration cache (calibrationstore.cpp). Readers return what is wrong and
// where as a message, never throw.
nlohmann::ordered_json ceilingsJson(const Ceilings &ceilings);
Result<Ceilings> readCeilings(const nlohmann::ordered_json &json);

// A phase against its ceilings, for a report's summary (written, not read:
// it follows from the phase and the ceilings).
nlohmann::ordered_json phaseCeilingJson(const PhaseCeiling &ceiling);

nlohmann::ordered_json calibrationJson(const Calibration &calibration);
Result<Calibration> readCalibration(const nlohmann::ordered_json &json);

} // namespace sharescope
