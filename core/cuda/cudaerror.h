// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cuda_runtime_api.h>

#include <memory>
#include <string>

namespace sharescope::cuda {

// A CUDA context that hit a sticky error (an illegal address, a failed
// launch) cannot be used again in this process. Every session on the device
// shares one ContextHealth, so later calls fail at once instead of hanging.
class ContextHealth
{
public:
    bool lost() const { return !m_message.empty(); }
    const std::string &message() const { return m_message; }
    // The GPU that was current when the context was lost (the peer, in the
    // modes whose kernel runs there); -1 when not lost or not known.
    int lostDevice() const { return m_lostDevice; }
    // Turns a CUDA error into an Error, remembering a sticky one.
    Error fail(cudaError_t error, const char *call);
    Status check() const; // fails fast once lost

private:
    std::string m_message;
    int m_lostDevice = -1;
};

bool isSticky(cudaError_t error);
std::string describe(cudaError_t error); // "cudaErrorMemoryAllocation (out of memory)"

// Evaluates a CUDA call; on failure returns the error from the enclosing
// function, which must return a Status or Result.
#define SHARESCOPE_CUDA_TRY(health, call)                                                                              \
    do {                                                                                                               \
        const cudaError_t sharescopeError_ = (call);                                                                   \
        if (sharescopeError_ != cudaSuccess)                                                                           \
            return (health).fail(sharescopeError_, #call);                                                             \
    } while (false)

} // namespace sharescope::cuda
