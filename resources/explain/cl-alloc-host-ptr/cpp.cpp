// SPDX-License-Identifier: GPL-3.0-or-later
// Build: g++ -std=c++17 -o cl-alloc-host-ptr cpp.cpp -lOpenCL (apt install ocl-icd-opencl-dev
// opencl-clhpp-headers); runs on any OpenCL device (e.g. PoCL: apt install pocl-opencl-icd).
// Last run: PoCL 3.1 on a CPU (no GPU), 2026-11-30 (ok); NVIDIA's OpenCL
// on an NVIDIA H200, 2026-11-29 (ok).
// cl-alloc-host-ptr: the runtime allocates host-visible memory; the host
// reaches it only by mapping: map, write, unmap; kernel; map, read, unmap.
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    cl::Context context(CL_DEVICE_TYPE_DEFAULT);
    cl::CommandQueue queue(context);
    cl::Buffer buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
    auto *host
        = static_cast<float *>(queue.enqueueMapBuffer(buffer, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, bytes));
    for (int i = 0; i < n; ++i)
        host[i] = 1.0f;
    queue.enqueueUnmapMemObject(buffer, host);
    cl::Program program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }", true);
    cl::KernelFunctor<cl::Buffer> scale(program, "scale");
    scale(cl::EnqueueArgs(queue, cl::NDRange(n)), buffer);
    host = static_cast<float *>(queue.enqueueMapBuffer(buffer, CL_TRUE, CL_MAP_READ, 0, bytes));
    std::printf("cl-alloc-host-ptr: %g (expected 2)\n", host[0]);
    const bool ok = host[0] == 2.0f;
    queue.enqueueUnmapMemObject(buffer, host);
    queue.finish();
    return ok ? 0 : 1;
}
