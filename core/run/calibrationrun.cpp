// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/calibrationrun.h"

#include "ceilings/hostbandwidth.h"
#include "environment.h"
#include "safetylimits.h"
#include "trnoop.h"

namespace sharescope {

void CalibrationObserver::stepStarting(std::size_t, std::size_t, CalibrationStep) { }
void CalibrationObserver::stepFinished(const CalibrationResult &) { }

Result<Calibration> runCalibration(Backend &backend, const CalibrationPlan &plan, CalibrationObserver *observer,
                                   const std::atomic<bool> *cancel)
{
    Calibration calibration;
    calibration.key = calibrationKey(backend.device());
    std::vector<CalibrationStep> steps = backend.calibrationSteps();
    steps.push_back(CalibrationStep::HostCopy);
    steps.push_back(CalibrationStep::HostCopyOneThread);
    // Host memory: two arrays of the size, within a quarter of what is free.
    const std::uint64_t hostBytes = calibrationBytes(plan.bytes, availableHostMemory().value_or(plan.bytes * 8) / 2);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return cancelledByUser();
        const CalibrationStep step = steps[i];
        if (observer)
            observer->stepStarting(i, steps.size(), step);
        Result<CalibrationResult> result = step == CalibrationStep::HostCopy
            ? measureHostCopy(hostBytes, plan.repetitions, 0)
            : step == CalibrationStep::HostCopyOneThread ? measureHostCopy(hostBytes, plan.repetitions, 1)
                                                         : backend.measureCeiling(step, plan);
        if (!result && result.error().kind == ErrorKind::Unsupported) {
            calibration.skipped.push_back({step, result.error().message});
            continue;
        }
        if (!result)
            return result.error();
        if (observer)
            observer->stepFinished(*result);
        calibration.results.push_back(std::move(*result));
    }
    calibration.createdUtc = currentUtcTime();
    return calibration;
}

} // namespace sharescope
