// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace sharescope {

// The machine and the build a report was made with.
struct Environment
{
    std::string os;
    std::string cpu;
    unsigned hostThreads = 0;
    std::string compiler;
    std::string buildType;
    friend bool operator==(const Environment &, const Environment &) = default;
};

std::string toolVersion(); // "0.1.0"
std::string currentUtcTime(); // "2026-11-29T19:15:44Z"
Environment currentEnvironment();

} // namespace sharescope
