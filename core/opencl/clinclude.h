// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Khronos C++ bindings, configured once for the whole backend: OpenCL 3.0
// headers, 1.1 and 1.2 devices still accepted (the bindings only
// define their runtime version check below 1.2), exceptions inside the backend only
// (every public entry point turns them into Error values).
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_MINIMUM_OPENCL_VERSION 110
#define CL_HPP_ENABLE_EXCEPTIONS
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#endif
#include <CL/opencl.hpp>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
