// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <QString>

#include <optional>
#include <vector>

namespace sharescope {

// The unified-memory part of `sharescope run`'s output.

// Where the counters come from and how complete they are, in a line or two.
QString countersText(const RunReport &report);
// Per phase: the counters (the columns any phase reports), and how much of
// the driver's exact bytes CUPTI recorded.
QString countersTable(const std::vector<PhaseSummary> &summaries);
// Per managed buffer, its share on the GPU after each phase of the last
// iteration, and where the map comes from.
QString residencyTable(const RunReport &report);

// CUPTI's recorded bytes / the driver's exact bytes, both ways: empty where
// either is not reported or nothing moved.
std::optional<double> recordedShare(const Counters &counters);

} // namespace sharescope
