// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sharescope {

// What this binary is and what it was built from and with: the one source
// for `sharescope --version` and the window's About dialog.
struct BuildInfo
{
    std::string version; // "0.1.0"
    std::string commit; // "b57d348a1c2e", with "-dirty" for uncommitted changes; "unknown" outside git
    std::string buildType; // "Release"
    std::string compiler; // "gcc 12.2.0"
    std::string appId; // the desktop entry's, icon's and AppStream metainfo's: "sharescope"
    std::string licence; // SPDX: "GPL-3.0-or-later"
    // The CUDA runtime linked in (statically) at build time, "13.0"; empty
    // when built without CUDA. What the machine's driver supports is a
    // run-time fact: see the CUDA devices' DeviceInfo.
    std::optional<std::string> cudaRuntime;
};

BuildInfo buildInfo();

// `sharescope --version`: the name and version on the first line, then one
// fact a line. The core has no Qt: qtVersion is the caller's (qVersion()).
std::string versionText(const BuildInfo &info, std::string_view qtVersion);

} // namespace sharescope
