// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cuda_runtime_api.h>

#include "ids.h"
#include <cstdint>

namespace sharescope::cuda {

// Launches one of the catalogue's kernels on `stream` (grid-stride loops, so
// any grid covers any n) and returns the launch's error. buffers are the
// kernel's buffers in catalogue order, as device-accessible pointers.
cudaError_t launchKernel(KernelId kernel, void *const *buffers, std::uint64_t n, std::uint64_t strideElements,
                         int multiprocessors, cudaStream_t stream);

// Loads a kernel's code: launches it over no elements and waits. CUDA loads
// a kernel at its first launch (lazy loading, the default since CUDA 12.2),
// and the load may wait for work already queued: behind a LaunchGate, for
// the gate's own spinning kernel, which then gives up at its timeout and
// turns the gate off for good. So every gated session loads its kernel
// first.
cudaError_t loadKernel(KernelId kernel);

} // namespace sharescope::cuda
