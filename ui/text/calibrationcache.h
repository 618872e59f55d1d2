// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace sharescope {

// Where this user's calibrations are kept: calibration.json in the
// application's data folder (QStandardPaths::AppDataLocation, such as
// ~/.local/share/ShareScope/sharescope), which cache cleaners leave alone.
// A calibration still in the cache folder, where ShareScope kept it
// before, is moved there on the first call.
QString calibrationCachePath();
// Where it was kept before: calibration.json in the cache folder.
QString legacyCalibrationPath();

} // namespace sharescope
