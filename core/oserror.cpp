// SPDX-License-Identifier: GPL-3.0-or-later
#include "oserror.h"

#include "trnoop.h"

#include <cerrno>
#include <cstring>

namespace sharescope {

std::string osErrorText(int error)
{
    // glibc's own words, which the translation then says again.
    switch (error) {
    case ENOENT:
        return SHARESCOPE_TR_NOOP("Core", "No such file or directory");
    case EACCES:
        return SHARESCOPE_TR_NOOP("Core", "Permission denied");
    case EPERM:
        return SHARESCOPE_TR_NOOP("Core", "Operation not permitted");
    case EISDIR:
        return SHARESCOPE_TR_NOOP("Core", "Is a directory");
    case ENOTDIR:
        return SHARESCOPE_TR_NOOP("Core", "Not a directory");
    case ENOSPC:
        return SHARESCOPE_TR_NOOP("Core", "No space left on device");
    case EROFS:
        return SHARESCOPE_TR_NOOP("Core", "Read-only file system");
    case EEXIST:
        return SHARESCOPE_TR_NOOP("Core", "File exists");
    case ENAMETOOLONG:
        return SHARESCOPE_TR_NOOP("Core", "File name too long");
    case ELOOP:
        return SHARESCOPE_TR_NOOP("Core", "Too many levels of symbolic links");
    case EIO:
        return SHARESCOPE_TR_NOOP("Core", "Input/output error");
    case EMFILE:
        return SHARESCOPE_TR_NOOP("Core", "Too many open files");
    case EBUSY:
        return SHARESCOPE_TR_NOOP("Core", "Device or resource busy");
    case ENXIO:
        return SHARESCOPE_TR_NOOP("Core", "No such device or address");
    case ENODEV:
        return SHARESCOPE_TR_NOOP("Core", "No such device");
    default:
        break;
    }
    return std::strerror(error);
}

} // namespace sharescope
