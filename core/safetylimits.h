#pragma once

#include "deviceinfo.h"
#include "experimentspec.h"
#include "result.h"

#include <cstdint>
#include <optional>

namespace sharescope {

// Bytes of host memory the kernel could still get (MemAvailable), if known.
std::optional<std::uint64_t> availableHostMemory();

// Refuses an experiment that would not fit: a buffer beyond the device's
// largest allocation, all buffers beyond 80% of its memory, or the host copies
// beyond half of the available host memory. The message names the limit.
Status checkLimits(const ExperimentSpec &spec, const DeviceInfo &device,
                   std::optional<std::uint64_t> hostAvailable = availableHostMemory());

} // namespace sharescope
