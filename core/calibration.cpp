#include "calibration.h"

#include "backend.h"
#include "environment.h"
#include "hostbandwidth.h"
#include "trnoop.h"

#include <algorithm>
#include <bit>

namespace sharescope {

std::string_view calibrationStepName(CalibrationStep step)
{
    switch (step) {
    case CalibrationStep::HostToDeviceCopy:
        return "host-to-device-copy";
    case CalibrationStep::DeviceToHostCopy:
        return "device-to-host-copy";
    case CalibrationStep::DeviceCopy:
        return "device-copy";
    case CalibrationStep::MappedRead:
        return "mapped-read";
    case CalibrationStep::DeviceRead:
        return "device-read";
    case CalibrationStep::HostCopy:
        return "host-copy";
    case CalibrationStep::HostCopyOneThread:
        return "host-copy-one-thread";
    }
    return "?";
}

std::optional<CalibrationStep> calibrationStepFromName(std::string_view name)
{
    for (const CalibrationStep step : allCalibrationSteps) {
        if (calibrationStepName(step) == name)
            return step;
    }
    return std::nullopt;
}

CalibrationKey calibrationKey(const DeviceInfo &device)
{
    return {device.id, device.name, device.driverVersion, toolVersion()};
}

void placeOnPath(CalibrationResult &result, const DeviceInfo &device, Path path, bool copy)
{
    const bool host = sharesHostMemory(device);
    result.path = host ? Path::HostMemory : path;
    result.pathBytes = result.bytes * (copy && (host || path == Path::DeviceMemory) ? 2 : 1);
}

const CalibrationResult *bestOn(const Calibration &calibration, Path path)
{
    const CalibrationResult *best = nullptr;
    for (const CalibrationResult &result : calibration.results) {
        if (result.path == path && (!best || result.bytesPerSecond > best->bytesPerSecond))
            best = &result;
    }
    return best;
}

const CalibrationResult *resultOf(const Calibration &calibration, CalibrationStep step)
{
    const auto it = std::ranges::find(calibration.results, step, &CalibrationResult::step);
    return it == calibration.results.end() ? nullptr : &*it;
}

std::uint64_t calibrationBytes(std::uint64_t wanted, std::uint64_t freeBytes)
{
    constexpr std::uint64_t smallest = 16ULL << 20;
    const std::uint64_t quarter = freeBytes / 4;
    if (quarter >= wanted)
        return wanted;
    return std::max(smallest, std::bit_floor(std::max<std::uint64_t>(quarter, 1)));
}

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
            return errorOf(ErrorKind::Cancelled, SHARESCOPE_TR_NOOP("Core", "cancelled by the user"), {});
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
