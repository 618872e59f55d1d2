// SPDX-License-Identifier: GPL-3.0-or-later
#include "environment.h"

#include "buildinfo.h"

#include <sys/utsname.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>

namespace sharescope {

std::string toolVersion()
{
    return buildInfo().version;
}

std::string currentUtcTime()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

Environment currentEnvironment()
{
    Environment environment;
    utsname name{};
    if (uname(&name) == 0)
        environment.os = std::string(name.sysname) + " " + name.release + " " + name.machine;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.starts_with("model name")) {
            const auto colon = line.find(':');
            if (colon != std::string::npos && colon + 2 <= line.size())
                environment.cpu = line.substr(colon + 2);
            break;
        }
    }
    environment.hostThreads = std::thread::hardware_concurrency();
    const BuildInfo build = buildInfo();
    environment.compiler = build.compiler;
    environment.buildType = build.buildType;
    return environment;
}

} // namespace sharescope
