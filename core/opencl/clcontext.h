// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../deviceinfo.h"
#include "clinclude.h"

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
};

} // namespace sharescope::opencl
