// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "cuda/cudacontext.h"

namespace sharescope::cuda {

// The CUDA calibration steps: page-locked copies each way, a device-to-device
// copy, and kernels reading device memory and (where the device maps host
// memory) mapped host memory over the bus; each timed with CUDA events.
std::vector<CalibrationStep> cudaCalibrationSteps(const DeviceInfo &device);
Result<CalibrationResult> measureCudaCeiling(CudaContext &context, CalibrationStep step, const CalibrationPlan &plan);

} // namespace sharescope::cuda
