// SPDX-License-Identifier: GPL-3.0-or-later
// Build: g++ -std=c++17 -o cl-use-host-ptr cpp.cpp -lOpenCL (apt install ocl-icd-opencl-dev
// opencl-clhpp-headers); runs on any OpenCL device (e.g. PoCL: apt install pocl-opencl-icd).
// Last run: PoCL 3.1 on a CPU (no GPU), 2026-11-30 (ok); NVIDIA's OpenCL
// on an NVIDIA H200, 2026-11-29 (ok).
// cl-use-host-ptr: the buffer uses your array; map and unmap hand it over.
// Zero-copy only where the map returns the array itself.
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <cstdlib>

int main()
{
    const int n = 1 << 20;
    // Aligned as CL_DEVICE_MEM_BASE_ADDR_ALIGN asks (4096 covers every device seen).
    float *array = static_cast<float *>(std::aligned_alloc(4096, n * sizeof(float)));
    for (int i = 0; i < n; ++i)
        array[i] = 1.0f;
    cl::Context context(CL_DEVICE_TYPE_DEFAULT);
    cl::CommandQueue queue(context);
    cl::Buffer buffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, n * sizeof(float), array);
    cl::Program program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }", true);
    cl::KernelFunctor<cl::Buffer> scale(program, "scale");
    scale(cl::EnqueueArgs(queue, cl::NDRange(n)), buffer);
    auto *mapped = static_cast<float *>(queue.enqueueMapBuffer(buffer, CL_TRUE, CL_MAP_READ, 0, n * sizeof(float)));
    std::printf("cl-use-host-ptr: %g (expected 2), zero-copy: %s\n", mapped[0], mapped == array ? "yes" : "no");
    const bool ok = mapped[0] == 2.0f;
    queue.enqueueUnmapMemObject(buffer, mapped);
    queue.finish();
    std::free(array);
    return ok ? 0 : 1;
}
