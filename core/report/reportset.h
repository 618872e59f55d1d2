// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "report/runreport.h"
#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sharescope {

// A mode or size that a compare or sweep could not run, and why: Unsupported
// (the device cannot), Failed (it ran and failed) or BadArgument (too large
// here, say).
struct SkippedRun
{
    ModeId mode = ModeId::Device;
    std::uint64_t bytes = 0;
    Error reason;
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

// How a skipped run's reason is written in a report ("not supported: ...")
// and read back.
std::string skippedReasonText(const Error &reason);
Error skippedReasonFromText(std::string_view text);

} // namespace sharescope
