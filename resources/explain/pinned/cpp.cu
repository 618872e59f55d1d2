// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o pinned cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// pinned: page-locked host memory (cudaHostAlloc), copied asynchronously by
// the copy engine with cudaMemcpyAsync.
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
    cudaHostAlloc(&host, n * sizeof(float), cudaHostAllocDefault);
    cudaMalloc(&device, n * sizeof(float));
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaMemcpyAsync(device, host, n * sizeof(float), cudaMemcpyHostToDevice, stream);
    scale<<<(n + 255) / 256, 256, 0, stream>>>(device, n);
    cudaMemcpyAsync(host, device, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream); // the copies are done only now
    std::printf("pinned: host[3] = %g (expected 6)\n", host[3]);
    const bool ok = host[3] == 6.0f;
    cudaStreamDestroy(stream);
    cudaFree(device);
    cudaFreeHost(host);
    return ok ? 0 : 1;
}
