#pragma once

#include "runreport.h"

#include <string>
#include <vector>

namespace sharescope {

// One row per phase of every run: alloc, each iteration's five phases, free.
// Headers stay English and stable for scripts; counters not reported are
// empty cells, never zero.
std::string toCsv(const std::vector<RunReport> &runs);

} // namespace sharescope
