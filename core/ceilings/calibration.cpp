// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/calibration.h"

#include "environment.h"
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
    case CalibrationStep::ToPeerCopy:
        return "to-peer-copy";
    case CalibrationStep::FromPeerCopy:
        return "from-peer-copy";
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

void setMethod(CalibrationResult &result, MessageTemplate method)
{
    result.method = method.english();
    result.methodTemplate = std::move(method);
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

} // namespace sharescope
