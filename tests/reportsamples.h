// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

namespace sharescope {

// A run report as the engine writes one, consistent in every count: a
// managed-memory gather on a CUDA device, `iterations` measured after
// `warmup`, with counters, migration events, a residency map and two
// mismatches. Tests break one part of it at a time.
RunReport sampleRun(int iterations = 2, int warmup = 1);

} // namespace sharescope
