// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace sharescope::cuda {

// Reads `bytes` (a multiple of 16) from `data` with every multiprocessor,
// several 16-byte loads in flight per thread, for the calibration: device
// memory, or mapped host memory read over the bus. Nothing is written but,
// in the unlikely case the data's checksum is a fixed value, one word of
// `sink`, which keeps the compiler from dropping the loads.
cudaError_t launchRead(const void *data, std::uint64_t bytes, unsigned *sink, int multiprocessors, cudaStream_t stream);

} // namespace sharescope::cuda
