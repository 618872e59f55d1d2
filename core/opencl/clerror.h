// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "opencl/clinclude.h"
#include "result.h"

#include <string>

namespace sharescope::opencl {

std::string errorName(cl_int code); // "CL_OUT_OF_RESOURCES"
// "clEnqueueMapBuffer failed: CL_MAP_FAILURE (-12)", as a Failed error.
Error toError(const cl::Error &error);

// Runs work, turning an OpenCL exception into an Error.
template<typename Work>
auto guarded(Work &&work) -> decltype(work())
{
    try {
        return work();
    } catch (const cl::Error &error) {
        return toError(error);
    } catch (const std::bad_alloc &) {
        return failed("out of host memory");
    }
}

} // namespace sharescope::opencl
