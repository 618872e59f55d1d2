// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "opencl/clcontext.h"

namespace sharescope::opencl {

// The OpenCL calibration steps: copies with clEnqueueWriteBuffer,
// clEnqueueReadBuffer and clEnqueueCopyBuffer, and a kernel reading a
// buffer with every compute unit; each timed by its profiling events.
std::vector<CalibrationStep> clCalibrationSteps();
Result<CalibrationResult> measureClCeiling(ClContext &context, CalibrationStep step, const CalibrationPlan &plan);

} // namespace sharescope::opencl
