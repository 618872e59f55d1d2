// SPDX-License-Identifier: GPL-3.0-or-later
// Build: g++ -std=c++17 -o cl-copy cpp.cpp -lOpenCL (apt install ocl-icd-opencl-dev
// opencl-clhpp-headers); runs on any OpenCL device (e.g. PoCL: apt install pocl-opencl-icd).
// Last run: PoCL 3.1 on a CPU (no GPU), 2026-11-30 (ok); NVIDIA's OpenCL
// on an NVIDIA H200, 2026-11-29 (ok).
// cl-copy: device buffers; clEnqueueWriteBuffer in, clEnqueueReadBuffer out.
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <vector>

int main()
{
    const int n = 1 << 20;
    std::vector<float> x(n, 1.0f), out(n);
    cl::Context context(CL_DEVICE_TYPE_DEFAULT);
    cl::CommandQueue queue(context);
    cl::Buffer device(context, CL_MEM_READ_WRITE, n * sizeof(float));
    queue.enqueueWriteBuffer(device, CL_TRUE, 0, n * sizeof(float), x.data()); // to-device
    cl::Program program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }", true);
    cl::KernelFunctor<cl::Buffer> scale(program, "scale");
    scale(cl::EnqueueArgs(queue, cl::NDRange(n)), device);
    queue.enqueueReadBuffer(device, CL_TRUE, 0, n * sizeof(float), out.data()); // to-host
    std::printf("cl-copy: out[0] = %g (expected 2)\n", out[0]);
    return out[0] == 2.0f ? 0 : 1;
}
