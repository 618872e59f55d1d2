#pragma once

#include "reportset.h"
#include "result.h"
#include "runreport.h"

#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

inline constexpr int reportFormatVersion = 1;

std::string toJson(const RunReport &report, int indent = 2);
std::string toJson(const ReportSet &set, int indent = 2);

struct DeviceList;
// `sharescope devices --json`: {"devices": [...], "problems": [...]}.
std::string devicesToJson(const DeviceList &list, int indent = 2);

// `sharescope modes --json`: {"modes": [{"id", "backend", "summary", "device", "supported", "reason"}]}.
std::string modesToJson(const std::vector<ModeSupport> &modes, int indent = 2);

// Reads what toJson wrote, a single report or a set. Anything else (malformed
// JSON, another program's file, a newer format, a missing or mistyped field)
// is an error that says what and where, never a crash.
Result<ReportSet> readReports(std::string_view json);

} // namespace sharescope
