// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace sharescope {

// Where this user's calibrations are kept: calibration.json in the
// application's cache folder (QStandardPaths::CacheLocation).
QString calibrationCachePath();

} // namespace sharescope
