// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"
#include "watch/watcher.h"
#include "watch/watchreport.h"

#include <optional>
#include <string>
#include <string_view>

namespace sharescope::watch {

inline constexpr std::string_view watchFormat = "sharescope-watch";
inline constexpr int watchFormatVersion = 1;

// The watch report as JSON (`--json`): versioned, read back by readWatch.
std::string watchToJson(const WatchReport &report, int indent = 2);
// Whether a document is a watch report (by its "format"), before reading it.
bool isWatchDocument(std::string_view text);
Result<WatchReport> readWatch(std::string_view text);
// One row per sample (`--csv`): each process's counts at each interval.
std::string watchToCsv(const WatchReport &report);
// One moment of a running watch as one JSON line (`--progress`), and back.
std::string progressToJsonLine(const WatchProgress &progress);
std::optional<WatchProgress> progressFromJsonLine(std::string_view line);
// Perfetto's JSON trace (`--trace`): a counter track per process for each
// direction and for faults, and the memory calls as spans.
std::string watchToTrace(const WatchReport &report);

} // namespace sharescope::watch
