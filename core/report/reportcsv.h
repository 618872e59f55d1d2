// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <string>
#include <vector>

namespace sharescope {

// One row per phase of every run: alloc, each iteration's five phases, free.
// Headers stay English and stable for scripts; counters not reported are
// empty cells, never zero. The last three columns hold each phase against
// its ceilings (ceilingshare.h): the path it came closest to its limit on,
// and its share of the measured ceiling and of the specification, in
// percent; "no ceiling" where the report or the path has none,
// "measurement problem" where the phase is above its path's specification,
// and empty cells where the phase moved no data.
std::string toCsv(const std::vector<RunReport> &runs);

} // namespace sharescope
