// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o zero-copy cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// zero-copy: mapped page-locked host memory; the kernel reads and writes it
// over the bus, and nothing is copied.
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
    float *host, *device;
    cudaHostAlloc(&host, n * sizeof(float), cudaHostAllocMapped);
    cudaHostGetDevicePointer(&device, host, 0); // the same address with unified addressing
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    scale<<<(n + 255) / 256, 256>>>(device, n);
    cudaDeviceSynchronize(); // then the CPU reads the result in place
    std::printf("zero-copy: host[3] = %g (expected 6)\n", host[3]);
    const bool ok = host[3] == 6.0f;
    cudaFreeHost(host);
    return ok ? 0 : 1;
}
