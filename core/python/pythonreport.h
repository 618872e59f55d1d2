// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/pythonroutes.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// What `sharescope python --json` saved ({"format": "sharescope-python",
// ...}), read back for the window's Python tab: each route's result and
// the time of ShareScope's mode beside it, as measured then.
struct PythonReport
{
    std::string interpreter;
    std::uint64_t bytes = 0;
    int iterations = 0;
    int warmup = 0;
    std::vector<PythonRouteResult> routes;
    std::vector<std::optional<std::uint64_t>> modeNs; // beside each route; empty where its mode did not run
};

inline constexpr std::string_view pythonReportFormat = "sharescope-python";

// Whether `text` is such a report, from its format field alone.
bool isPythonReport(std::string_view text);
// The report, or what is wrong with it (a route it does not know, a field
// of the wrong kind), as a bad argument.
Result<PythonReport> readPythonReport(std::string_view text);

} // namespace sharescope
