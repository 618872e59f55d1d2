#pragma once

#include "parsemonitor.h"
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
// JSON, another program's file, a newer format, a missing or mistyped field,
// counts that disagree with their arrays, more than reportlimits.h allows)
// is an error that says what and where, never a crash. The monitor hears
// the parse's progress and can cancel it (a Cancelled error).
Result<ReportSet> readReports(std::string_view json, const ParseMonitor &monitor = ParseMonitor());

} // namespace sharescope
