// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "ceilings/calibration.h"
#include "result.h"

#include <atomic>
#include <cstddef>

namespace sharescope {

// Runs a calibration (calibration.h) on a device.
class CalibrationObserver
{
public:
    virtual ~CalibrationObserver() = default;
    virtual void stepStarting(std::size_t index, std::size_t total, CalibrationStep step);
    virtual void stepFinished(const CalibrationResult &result);
};

// The steps the backend takes, then the host's own. Stops between steps
// when `cancel` is set (ErrorKind::Cancelled). A step the device cannot take
// is skipped with the reason; a failing one fails the calibration.
Result<Calibration> runCalibration(Backend &backend, const CalibrationPlan &plan, CalibrationObserver *observer,
                                   const std::atomic<bool> *cancel);

} // namespace sharescope
