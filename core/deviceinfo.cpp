// SPDX-License-Identifier: GPL-3.0-or-later
#include "deviceinfo.h"

namespace sharescope {

std::string_view backendName(BackendKind kind)
{
    return kind == BackendKind::Cuda ? "CUDA" : "OpenCL";
}

std::string_view backendPrefix(BackendKind kind)
{
    return kind == BackendKind::Cuda ? "cuda" : "opencl";
}

} // namespace sharescope
