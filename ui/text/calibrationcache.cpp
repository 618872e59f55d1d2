// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace sharescope {

QString legacyCalibrationPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation))
        .filePath(QStringLiteral("calibration.json"));
}

QString calibrationCachePath()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QString path = QDir(folder).filePath(QStringLiteral("calibration.json"));
    // Kept in the cache folder before, which cleaners empty: moved once,
    // where there is none here yet. A move that fails leaves it there, and
    // the next calibration is saved here.
    const QString old = legacyCalibrationPath();
    if (!QFileInfo::exists(path) && QFileInfo(old).isFile() && QDir().mkpath(folder)) {
        if (!QFile::rename(old, path) && QFile::copy(old, path))
            QFile::remove(old);
    }
    return path;
}

} // namespace sharescope
