// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// managed: one pointer for CPU and GPU (cudaMallocManaged); pages migrate on
// demand when either side faults on them.
#include <cstdio>

__global__ void add(const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = x[i] + y[i];
}

int main()
{
    const int n = 1 << 20;
    float *x, *y, *out;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&y, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    for (int i = 0; i < n; ++i) { // pages populated on the host
        x[i] = 1;
        y[i] = 2;
    }
    add<<<(n + 255) / 256, 256>>>(x, y, out, n); // GPU faults move x and y over
    cudaDeviceSynchronize(); // required before the CPU touches them
    std::printf("managed: out[0] = %g (expected 3)\n", out[0]); // a CPU fault moves out back
    const bool ok = out[0] == 3.0f;
    cudaFree(x);
    cudaFree(y);
    cudaFree(out);
    return ok ? 0 : 1;
}
