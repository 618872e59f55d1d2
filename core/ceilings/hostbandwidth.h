// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "safetylimits.h" // availableHostMemory()

namespace sharescope {

// Host memory's ceiling: memcpy between two pre-faulted arrays of `bytes`,
// by `threads` threads each copying its own slice (0: every hardware
// thread). Counts bytes read plus written.
Result<CalibrationResult> measureHostCopy(std::uint64_t bytes, int repetitions, unsigned threads);

// Median, slowest and fastest of repetition times, as a result's rates over
// pathBytes.
void setRates(CalibrationResult &result, std::vector<std::uint64_t> nanoseconds);

} // namespace sharescope
