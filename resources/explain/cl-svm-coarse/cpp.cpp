// SPDX-License-Identifier: GPL-3.0-or-later
// Build: g++ -std=c++17 -o cl-svm-coarse cpp.cpp -lOpenCL (apt install ocl-icd-opencl-dev
// opencl-clhpp-headers); runs on any OpenCL device (e.g. PoCL: apt install pocl-opencl-icd).
// Last run: PoCL 3.1 on a CPU (no GPU), 2026-11-30 (ok); NVIDIA's OpenCL
// on an NVIDIA H200, 2026-11-29 (ok).
// cl-svm-coarse: clSVMAlloc gives one pointer for host and device; the host
// maps it (clEnqueueSVMMap) before touching it and unmaps it after.
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
    auto *shared = static_cast<float *>(clSVMAlloc(context(), CL_MEM_READ_WRITE, bytes, 0));
    queue.enqueueMapSVM(shared, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, bytes);
    for (int i = 0; i < n; ++i)
        shared[i] = 1.0f;
    queue.enqueueUnmapSVM(shared);
    cl::Program program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }", true);
    cl::Kernel scale(program, "scale");
    scale.setArg(0, shared); // clSetKernelArgSVMPointer
    queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(n));
    queue.enqueueMapSVM(shared, CL_TRUE, CL_MAP_READ, bytes);
    std::printf("cl-svm-coarse: %g (expected 2)\n", shared[0]);
    const bool ok = shared[0] == 2.0f;
    queue.enqueueUnmapSVM(shared);
    queue.finish();
    clSVMFree(context(), shared);
    return ok ? 0 : 1;
}
