// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/path.h"
#include "deviceinfo.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// What a calibration measures: the best this machine reaches on each path,
// with the plainest code that can reach it.
enum class CalibrationStep : std::uint8_t {
    HostToDeviceCopy, // pinned (CUDA) or plain host memory (OpenCL) to a device buffer
    DeviceToHostCopy,
    DeviceCopy, // device buffer to device buffer: bytes read plus written
    MappedRead, // a kernel reading mapped host memory over the bus (CUDA)
    DeviceRead, // a kernel reading a device buffer with every compute unit (OpenCL)
    HostCopy, // memcpy by every hardware thread of the host
    HostCopyOneThread, // memcpy by one thread, as host-init and host-read run
    ToPeerCopy, // device buffer to a buffer on another GPU, peer access on (CUDA)
    FromPeerCopy, // and back
};

inline constexpr std::array<CalibrationStep, 9> allCalibrationSteps{
    CalibrationStep::HostToDeviceCopy,  CalibrationStep::DeviceToHostCopy, CalibrationStep::DeviceCopy,
    CalibrationStep::MappedRead,        CalibrationStep::DeviceRead,       CalibrationStep::HostCopy,
    CalibrationStep::HostCopyOneThread, CalibrationStep::ToPeerCopy,       CalibrationStep::FromPeerCopy};

std::string_view calibrationStepName(CalibrationStep step); // "host-to-device-copy"
std::optional<CalibrationStep> calibrationStepFromName(std::string_view name);

// One step's result: the median of its timed repetitions.
struct CalibrationResult
{
    CalibrationStep step = CalibrationStep::HostCopy;
    Path path = Path::HostMemory; // the path it loaded (a CPU device's copies load host memory)
    std::uint64_t bytes = 0; // the buffer size
    std::uint64_t pathBytes = 0; // what the path carried per repetition (a copy in memory: twice the size)
    int repetitions = 0; // timed, after one untimed warm-up
    double bytesPerSecond = 0; // pathBytes over the median time
    double minBytesPerSecond = 0; // the slowest repetition
    double maxBytesPerSecond = 0; // the fastest
    std::string method; // what ran and how it was timed: "cudaMemcpyAsync from cudaHostAlloc memory, CUDA events"
    MessageTemplate methodTemplate; // the same, to be said in the reader's language (empty in older files)
};

// Which device and software a calibration is true for: any change
// invalidates it.
struct CalibrationKey
{
    std::string deviceId;
    std::string deviceName;
    std::string driverVersion;
    std::string toolVersion;
    bool operator==(const CalibrationKey &) const = default;
};
CalibrationKey calibrationKey(const DeviceInfo &device);

struct SkippedStep
{
    CalibrationStep step = CalibrationStep::HostCopy;
    std::string reason;
};

struct Calibration
{
    CalibrationKey key;
    std::string createdUtc;
    std::vector<CalibrationResult> results;
    std::vector<SkippedStep> skipped; // steps the device cannot take, and why
};

// Sets the path a backend's step loaded and what it carried: on a device
// that works in host memory every step loads host memory; a copy within
// memory reads and writes it (twice the bytes), a copy over the bus carries
// them once.
void placeOnPath(CalibrationResult &result, const DeviceInfo &device, Path path, bool copy);
// Sets the method, in English and as its template.
void setMethod(CalibrationResult &result, MessageTemplate method);

// The fastest result on a path: the measured ceiling.
const CalibrationResult *bestOn(const Calibration &calibration, Path path);
const CalibrationResult *resultOf(const Calibration &calibration, CalibrationStep step);

struct CalibrationPlan
{
    std::uint64_t bytes = 256ULL << 20; // large enough for every path's plateau
    int repetitions = 5;
};

// A size that fits: the plan's, or less where memory is short (a quarter of
// what is free, a power of two, at least 16 MiB).
std::uint64_t calibrationBytes(std::uint64_t wanted, std::uint64_t freeBytes);

} // namespace sharescope
