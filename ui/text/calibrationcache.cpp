// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationcache.h"

#include <QDir>
#include <QStandardPaths>

namespace sharescope {

QString calibrationCachePath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("calibration.json"));
}

} // namespace sharescope
