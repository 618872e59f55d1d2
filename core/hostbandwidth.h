#pragma once

#include "calibration.h"

namespace sharescope {

// Host memory's ceiling: memcpy between two pre-faulted arrays of `bytes`,
// by `threads` threads each copying its own slice (0: every hardware
// thread). Counts bytes read plus written.
Result<CalibrationResult> measureHostCopy(std::uint64_t bytes, int repetitions, unsigned threads);

// The host memory that is free now (MemAvailable), or empty where the
// system does not say.
std::optional<std::uint64_t> availableHostMemory();

// Median, slowest and fastest of repetition times, as a result's rates over
// pathBytes.
void setRates(CalibrationResult &result, std::vector<std::uint64_t> nanoseconds);

} // namespace sharescope
