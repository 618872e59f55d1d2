// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o registered cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// registered: memory the program already had, pinned and mapped in place
// with cudaHostRegister; accessed over the bus like zero-copy.
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

int main()
{
    const int n = 1 << 20;
    float *host = static_cast<float *>(std::aligned_alloc(4096, n * sizeof(float)));
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    cudaHostRegister(host, n * sizeof(float), cudaHostRegisterMapped);
    float *device;
    cudaHostGetDevicePointer(&device, host, 0);
    scale<<<(n + 255) / 256, 256>>>(device, n);
    cudaDeviceSynchronize();
    cudaHostUnregister(host);
    std::printf("registered: host[3] = %g (expected 6)\n", host[3]);
    const bool ok = host[3] == 6.0f;
    std::free(host);
    return ok ? 0 : 1;
}
