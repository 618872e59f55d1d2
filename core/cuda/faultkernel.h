// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cuda_runtime_api.h>

namespace sharescope::cuda {

// Test builds (../faultinjection.h): launches one thread that stores to an
// address nothing maps, on the default stream, and waits. Returns what CUDA
// says: cudaErrorIllegalAddress, a sticky error that loses the context.
cudaError_t launchFaultingKernel();

} // namespace sharescope::cuda
