// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cuda_runtime_api.h>

namespace sharescope::cuda {

// Keeps every multiprocessor busy for `cycles` of its own clock, touching
// no memory: the clock warm-up's work, which raises the GPU's clock without
// moving a page of the experiment's buffers.
cudaError_t launchSpin(long long cycles, int multiprocessors, cudaStream_t stream);

} // namespace sharescope::cuda
