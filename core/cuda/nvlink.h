// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/gpuclock.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sharescope::cuda {

// A GPU's NVLink as NVML reports it: how many of its links are active now,
// and the version NVML gives the first active one (nvmlDeviceGetNvLinkVersion,
// as the library returns it).
struct NvlinkReading
{
    std::uint32_t activeLinks = 0;
    std::optional<std::uint32_t> version;
};

// Asks NVML about every link of the GPU at `pciBusId`, from link 0 until
// NVML says there is no such link. A GPU without NVLink has 0 active links;
// an error where NVML will not start, does not know the GPU, or lacks the
// calls.
Result<NvlinkReading> readNvlink(const NvmlFunctions &nvml, const std::string &pciBusId);

} // namespace sharescope::cuda
