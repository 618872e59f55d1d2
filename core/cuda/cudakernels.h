#pragma once

#include <cuda_runtime_api.h>

#include "../ids.h"
#include <cstdint>

namespace sharescope::cuda {

// Launches one of the catalogue's kernels on `stream` (grid-stride loops, so
// any grid covers any n) and returns the launch's error. buffers are the
// kernel's buffers in catalogue order, as device-accessible pointers.
cudaError_t launchKernel(KernelId kernel, void *const *buffers, std::uint64_t n, std::uint64_t strideElements,
                         int multiprocessors, cudaStream_t stream);

} // namespace sharescope::cuda
