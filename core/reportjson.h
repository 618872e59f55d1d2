#pragma once

#include "result.h"
#include "runreport.h"

#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// A mode or size that a compare or sweep could not run, and why.
struct SkippedRun
{
    std::string mode;
    std::uint64_t bytes = 0;
    std::string reason;
};

// What one command produced: one run, or the runs of a compare or a sweep.
struct ReportSet
{
    enum class Kind { Run, Compare, Sweep };
    Kind kind = Kind::Run;
    std::string commandLine;
    std::vector<RunReport> runs;
    std::vector<SkippedRun> skipped;
};

inline constexpr int reportFormatVersion = 1;

std::string toJson(const RunReport &report, int indent = 2);
std::string toJson(const ReportSet &set, int indent = 2);

struct DeviceList;
// `sharescope devices --json`: {"devices": [...], "problems": [...]}.
std::string devicesToJson(const DeviceList &list, int indent = 2);

struct ModeSupport
{
    const ModeInfo *mode = nullptr;
    std::string deviceId; // the device it was decided for; empty when there is none
    Support support;
};
// `sharescope modes --json`: {"modes": [{"id", "backend", "summary", "device", "supported", "reason"}]}.
std::string modesToJson(const std::vector<ModeSupport> &modes, int indent = 2);

// Reads what toJson wrote, a single report or a set. Anything else (malformed
// JSON, another program's file, a newer format, a missing or mistyped field)
// is an error that says what and where, never a crash.
Result<ReportSet> readReports(std::string_view json);

} // namespace sharescope
