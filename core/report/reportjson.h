// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/parsemonitor.h"
#include "report/reportset.h"
#include "report/runreport.h"
#include "result.h"
#include "support.h"

#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// 2: the timed run and its counted pass (countedNs per phase), the driver's
// exact totals (counters.totals), more counters, a residency map from the
// pages. 3: the first-touch kernel and its buffer roles "gpu-only" and
// "cpu-only", which an older ShareScope would refuse as unknown rather than
// as newer. Reports of versions 1 and 2 still open.
inline constexpr int reportFormatVersion = 3;

std::string toJson(const RunReport &report, int indent = 2);
std::string toJson(const ReportSet &set, int indent = 2);

struct DeviceList;
// `sharescope devices --json`: {"devices": [...], "problems": [...]}.
std::string devicesToJson(const DeviceList &list, int indent = 2);

// `sharescope modes --json`: {"modes": [{"id", "backend", "summary", "device", "supported", "reason"}]}.
std::string modesToJson(const std::vector<ModeSupport> &modes, int indent = 2);

// An experiment alone, on one line (the counted pass's request).
std::string specToJson(const ExperimentSpec &spec);
Result<ExperimentSpec> specFromJson(std::string_view json);

// Reads what toJson wrote, a single report or a set. Anything else (malformed
// JSON, another program's file, a newer format, a missing or mistyped field,
// counts that disagree with their arrays, more than reportlimits.h allows)
// is an error that says what and where, never a crash. The monitor hears
// the parse's progress and can cancel it (a Cancelled error).
Result<ReportSet> readReports(std::string_view json, const ParseMonitor &monitor = ParseMonitor());

} // namespace sharescope
