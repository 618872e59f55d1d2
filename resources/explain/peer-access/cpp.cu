// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o peer-access cpp.cu (the CUDA toolkit); runs on two NVIDIA GPUs.
// Not yet run by scripts/check-snippets.sh.
// peer-access: the buffer stays in GPU 0's memory; GPU 1 enables peer access
// and its kernel reads and writes it in place, across the link.
#include <cstdio>

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

int main()
{
    int count = 0;
    int canAccess = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 2
        || cudaDeviceCanAccessPeer(&canAccess, 1, 0) != cudaSuccess || !canAccess) {
        std::printf("peer-access: needs two GPUs with peer access (found %d GPUs)\n", count);
        return 3;
    }
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *onDevice;
    cudaSetDevice(0);
    cudaMalloc(&onDevice, bytes);
    float *host = new float[n];
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    cudaMemcpy(onDevice, host, bytes, cudaMemcpyHostToDevice);
    cudaSetDevice(1);
    cudaDeviceEnablePeerAccess(0, 0); // GPU 1 may now use GPU 0's pointers
    scale<<<(n + 255) / 256, 256>>>(onDevice, n); // GPU 1's kernel, GPU 0's memory
    cudaDeviceSynchronize();
    cudaSetDevice(0);
    cudaMemcpy(host, onDevice, bytes, cudaMemcpyDeviceToHost);
    std::printf("peer-access: host[3] = %g (expected 6)\n", host[3]);
    const bool ok = host[3] == 6.0f;
    cudaFree(onDevice);
    delete[] host;
    return ok ? 0 : 1;
}
