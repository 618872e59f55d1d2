// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudaerror.h"

#include "bytesize.h"

#include <string_view>

namespace sharescope::cuda {

bool isSticky(cudaError_t error)
{
    switch (error) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorAssert:
        return true;
    default:
        return false;
    }
}

std::string describe(cudaError_t error)
{
    return std::string(cudaGetErrorName(error)) + " (" + cudaGetErrorString(error) + ")";
}

namespace {

Error lostError(const std::string &message)
{
    Error error = failed(message);
    error.deviceLost = true;
    return error;
}

// "12.5 GiB of 139.8 GiB free now", or nothing where CUDA cannot say.
std::string freeMemoryNow()
{
    std::size_t free = 0;
    std::size_t total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
        cudaGetLastError(); // not sticky: the figure is just not reported
        return {};
    }
    return formatBytes(free) + " of " + formatBytes(total) + " free now";
}

} // namespace

Error ContextHealth::fail(cudaError_t error, const char *call)
{
    std::string what = std::string(call).substr(0, std::string(call).find('(')) + " failed: " + describe(error);
    // An ordinary error stays the runtime's last error until it is read:
    // read it now, or the next cudaGetLastError (a launch's check) would
    // report it again, in a phase that did nothing wrong.
    if (!isSticky(error))
        cudaGetLastError();
    if (isSticky(error)) {
        if (int current = -1; cudaGetDevice(&current) == cudaSuccess)
            m_lostDevice = current;
        m_message = what
            + ". The GPU context is lost: every later call on this device fails until it is opened again "
              "(the window does so before its next run; a command runs again as a new process).";
        return lostError(m_message);
    }
    // The device's free memory, where device memory ran out (not for
    // cudaHostAlloc or cudaMallocHost, whose memory is the host's).
    const std::string_view name(call);
    const bool deviceAllocation = name.starts_with("cudaMalloc") && !name.starts_with("cudaMallocHost");
    if (error == cudaErrorMemoryAllocation && deviceAllocation) {
        const std::string free = freeMemoryNow();
        return failed(what + (free.empty() ? "" : " with " + free) + "; free GPU memory or choose a smaller --size");
    }
    if (error == cudaErrorMemoryAllocation)
        return failed(what + "; free memory or choose a smaller --size");
    return failed(what);
}

Status ContextHealth::check() const
{
    if (lost())
        return lostError(m_message);
    return okStatus();
}

} // namespace sharescope::cuda
