// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o pinned-registered cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-02 (ok; driver 580.159.04).
// pinned-registered: an ordinary array the program already has, page-locked
// in place with cudaHostRegister, then copied asynchronously by the copy
// engine with cudaMemcpyAsync, as from cudaHostAlloc memory.
#include <cstdio>
#include <vector>

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

int main()
{
    const int n = 1 << 20;
    std::vector<float> host(n); // ordinary memory, allocated and touched
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    if (cudaHostRegister(host.data(), n * sizeof(float), cudaHostRegisterDefault) != cudaSuccess) {
        std::printf("pinned-registered: cudaHostRegister failed\n");
        return 1;
    }
    float *device;
    cudaMalloc(&device, n * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaMemcpyAsync(device, host.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream);
    scale<<<(n + 255) / 256, 256, 0, stream>>>(device, n);
    cudaMemcpyAsync(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream); // the copies are done only now
    std::printf("pinned-registered: host[3] = %g (expected 6)\n", host[3]);
    const bool ok = host[3] == 6.0f && cudaGetLastError() == cudaSuccess;
    cudaStreamDestroy(stream);
    cudaFree(device);
    cudaHostUnregister(host.data()); // before the vector frees the memory
    return ok ? 0 : 1;
}
