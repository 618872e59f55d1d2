// SPDX-License-Identifier: GPL-3.0-or-later
#include "buildinfo.h"

#include "gitcommit.h"
#include "version.h"

namespace sharescope {

BuildInfo buildInfo()
{
    BuildInfo info;
    info.version = SHARESCOPE_VERSION;
    info.commit = SHARESCOPE_GIT_COMMIT;
    info.buildType = SHARESCOPE_BUILD_TYPE;
#if defined(__clang__)
    info.compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
    info.compiler = "gcc " __VERSION__;
#endif
    info.appId = SHARESCOPE_APP_ID;
    info.licence = "GPL-3.0-or-later"; // QCustomPlot, linked in, is GPL-3.0
    if (const std::string cuda = SHARESCOPE_CUDA_RUNTIME; !cuda.empty())
        info.cudaRuntime = cuda;
    return info;
}

std::string versionText(const BuildInfo &info, std::string_view qtVersion)
{
    std::string text = "sharescope " + info.version + "\n";
    text += "commit    " + info.commit + "\n";
    text += "Qt        " + std::string(qtVersion) + "\n";
    text += "CUDA      "
        + (info.cudaRuntime ? "runtime " + *info.cudaRuntime + ", linked statically"
                            : std::string("not built in (OpenCL only)"))
        + "\n";
    text += "built     " + info.buildType + ", " + info.compiler + "\n";
    text += "licence   " + info.licence + ": free software, with no warranty";
    return text;
}

} // namespace sharescope
