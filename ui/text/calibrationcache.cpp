#include "calibrationcache.h"

#include "ceilings.h"

#include <QDir>
#include <QStandardPaths>

namespace sharescope {

QString calibrationCachePath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("calibration.json"));
}

CachedCalibration attachCeilings(ReportSet &set, const DeviceInfo &device)
{
    CachedCalibration cached = loadCalibration(calibrationCachePath().toStdString(), calibrationKey(device));
    const Ceilings ceilings = ceilingsFor(device, cached.calibration ? &*cached.calibration : nullptr);
    for (RunReport &run : set.runs)
        run.ceilings = ceilings;
    return cached;
}

} // namespace sharescope
