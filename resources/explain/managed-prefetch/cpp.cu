// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed-prefetch cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// managed-prefetch: cudaMemPrefetchAsync moves managed pages before they are
// used, so that neither side faults. CUDA 13 takes a cudaMemLocation.
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
    for (int i = 0; i < n; ++i)
        buf[i] = float(i);
    int device = 0;
    cudaGetDevice(&device);
#if CUDART_VERSION >= 13000
    cudaMemLocation gpu{cudaMemLocationTypeDevice, device}, cpu{cudaMemLocationTypeHost, 0};
    cudaMemPrefetchAsync(buf, bytes, gpu, 0, nullptr);
    scale<<<(n + 255) / 256, 256>>>(buf, n);
    cudaMemPrefetchAsync(buf, bytes, cpu, 0, nullptr);
#else
    cudaMemPrefetchAsync(buf, bytes, device, nullptr);
    scale<<<(n + 255) / 256, 256>>>(buf, n);
    cudaMemPrefetchAsync(buf, bytes, cudaCpuDeviceId, nullptr);
#endif
    cudaDeviceSynchronize();
    std::printf("managed-prefetch: buf[3] = %g (expected 6)\n", buf[3]);
    const bool ok = buf[3] == 6.0f;
    cudaFree(buf);
    return ok ? 0 : 1;
}
