// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "environment.h"
#include "report/jsonreader.h"

namespace sharescope {

// The machine and the build, as a run report and a watch report both
// write them ("environment"), and read back.
template<typename Json>
Json environmentToJson(const Environment &e)
{
    return Json{{"os", e.os},
                {"cpu", e.cpu},
                {"hostThreads", e.hostThreads},
                {"compiler", e.compiler},
                {"buildType", e.buildType}};
}

inline Environment readEnvironment(const jsonread::Reader &env)
{
    return {env["os"].string(), env["cpu"].string(), static_cast<unsigned>(env["hostThreads"].unsignedValue()),
            env["compiler"].string(), env["buildType"].string()};
}

} // namespace sharescope
