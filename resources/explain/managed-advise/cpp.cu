// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed-advise cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// managed-advise: cudaMemAdvise hints on managed memory decide where pages
// live (here: prefer the GPU). CUDA 13 takes a cudaMemLocation.
#include <cstdio>

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *buf;
    cudaMallocManaged(&buf, bytes);
    int device = 0;
    cudaGetDevice(&device);
#if CUDART_VERSION >= 13000
    cudaMemAdvise(buf, bytes, cudaMemAdviseSetPreferredLocation, cudaMemLocation{cudaMemLocationTypeDevice, device});
#else
    cudaMemAdvise(buf, bytes, cudaMemAdviseSetPreferredLocation, device);
#endif
    for (int i = 0; i < n; ++i)
        buf[i] = float(i);
    scale<<<(n + 255) / 256, 256>>>(buf, n);
    cudaDeviceSynchronize();
    std::printf("managed-advise: buf[3] = %g (expected 6)\n", buf[3]);
    const bool ok = buf[3] == 6.0f;
    cudaFree(buf);
    return ok ? 0 : 1;
}
