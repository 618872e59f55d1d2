// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "opencl/clinclude.h"
#include "result.h"

#include <string>

namespace sharescope::opencl {

// What every session on one device shares: one context, one in-order queue
// with profiling, and the kernels' program, built once.
struct ClContext
{
    DeviceInfo info;
    cl::Device device;
    cl::Context context;
    cl::CommandQueue queue;
    cl::Program program;
    // Why the context cannot be used again, once it cannot (a test build's
    // injected illegal address): every later run fails at once.
    std::string lost;

    Status check() const
    {
        if (lost.empty())
            return okStatus();
        Error error = failed(lost);
        error.deviceLost = true;
        return error;
    }
};

} // namespace sharescope::opencl
