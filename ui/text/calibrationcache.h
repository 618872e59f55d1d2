#pragma once

#include "calibrationstore.h"
#include "reportset.h"

#include <QString>

namespace sharescope {

// Where this user's calibrations are kept: calibration.json in the
// application's cache folder (QStandardPaths::CacheLocation).
QString calibrationCachePath();

// Adds the device's ceilings to every run of a set: the specification, and
// the cached calibration where there is a current one. Returns what the
// cache held, for the note that offers a calibration.
CachedCalibration attachCeilings(ReportSet &set, const DeviceInfo &device);

} // namespace sharescope
