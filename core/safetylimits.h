// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "experimentspec.h"
#include "result.h"

#include <cstdint>
#include <optional>

namespace sharescope {

// Bytes of host memory the kernel could still get (MemAvailable), if known.
std::optional<std::uint64_t> availableHostMemory();

// Refuses an experiment that would not fit, from what is known without asking
// the device: a buffer beyond its largest allocation, the host copies beyond
// half of the available host memory, more elements than a kernel's indices
// reach. The message names the limit. Device memory is checkDeviceMemory's:
// here for OpenCL, which reports no free memory; for CUDA at run time
// (CudaBackend::check), where the free memory is known.
Status checkLimits(const ExperimentSpec &spec, const DeviceInfo &device,
                   std::optional<std::uint64_t> hostAvailable = availableHostMemory());

// All buffers within 80% of the device memory there is: what the device has
// free now (`freeBytes`, from cudaMemGetInfo at run time), or, where the
// device cannot say (OpenCL), its whole memory. The message names both the
// free and the whole memory.
Status checkDeviceMemory(const ExperimentSpec &spec, const DeviceInfo &device, std::optional<std::uint64_t> freeBytes);

} // namespace sharescope
