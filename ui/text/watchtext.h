// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "watch/watcher.h"
#include "watch/watchreport.h"

#include <QString>

namespace sharescope {

// What a watch saw, in words: the command line's summary and live line, and
// the Watch tab's cells.

// "held at its first GPU call", "from 1.20 s (polling)", "not counted".
QString attachText(const watch::WatchedProcess &process);
// "device copies from pinned memory"
QString routeText(watch::Route route);
// One route of one process: "device copies from pageable memory (mode
// `device`): 12 calls, 1.2 GiB, 9.1 GB/s in the synchronous ones".
QString routeUseText(const watch::RouteUse &use);
// The line refreshed while the command runs, at most `width` columns.
QString watchLiveLine(const watch::WatchProgress &progress, int width);
// The summary once the command has ended: the processes with what each
// moved, the intervals in which pages moved (at most `intervalRows`), the
// routes, and every note; wrapped at `width` columns.
QString watchSummary(const watch::WatchReport &report, int width, int intervalRows = 20);

} // namespace sharescope
