// SPDX-License-Identifier: GPL-3.0-or-later
#include "cudaerror.h"

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

Error ContextHealth::fail(cudaError_t error, const char *call)
{
    std::string what = std::string(call).substr(0, std::string(call).find('(')) + " failed: " + describe(error);
    if (isSticky(error)) {
        m_message = what + ". The GPU context is lost; restart ShareScope to use this device again.";
        return failed(m_message);
    }
    if (error == cudaErrorMemoryAllocation)
        return failed(what + "; free GPU memory or choose a smaller --size");
    return failed(what);
}

Status ContextHealth::check() const
{
    if (lost())
        return failed(m_message);
    return okStatus();
}

} // namespace sharescope::cuda
