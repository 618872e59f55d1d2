// SPDX-License-Identifier: GPL-3.0-or-later
// Build: g++ -std=c++17 -o cl-svm-fine cpp.cpp -lOpenCL (apt install ocl-icd-opencl-dev
// opencl-clhpp-headers); runs on any OpenCL device (e.g. PoCL: apt install pocl-opencl-icd).
// Last run: PoCL 3.1 on a CPU (no GPU), 2026-11-30 (ok); NVIDIA's OpenCL
// on an NVIDIA H200, 2026-11-29 (not supported: no fine-grained buffer SVM there).
// cl-svm-fine: a fine-grained SVM buffer is used by host and device through
// the same pointer without maps; finishing the queue orders the accesses.
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>

int main()
{
    const int n = 1 << 20;
    cl::Context context(CL_DEVICE_TYPE_DEFAULT);
    cl::CommandQueue queue(context);
    auto *shared = static_cast<float *>(
        clSVMAlloc(context(), CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, n * sizeof(float), 0));
    if (!shared) {
        std::printf("cl-svm-fine: this device has no fine-grained buffer SVM\n");
        return 3;
    }
    for (int i = 0; i < n; ++i)
        shared[i] = 1.0f;
    cl::Program program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }", true);
    cl::Kernel scale(program, "scale");
    scale.setArg(0, shared);
    queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(n));
    queue.finish();
    std::printf("cl-svm-fine: %g (expected 2)\n", shared[0]);
    const bool ok = shared[0] == 2.0f;
    clSVMFree(context(), shared);
    return ok ? 0 : 1;
}
