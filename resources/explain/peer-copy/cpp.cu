// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o peer-copy cpp.cu (the CUDA toolkit); runs on two NVIDIA GPUs.
// Not yet run by scripts/check-snippets.sh.
// peer-copy: cudaMalloc on two GPUs; cudaMemcpyPeerAsync copies the data to
// the second, whose kernel runs there, and the result back. With peer access
// enabled the copy goes over the link; without it, through host memory.
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
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 2) {
        std::printf("peer-copy: needs two GPUs, found %d\n", count);
        return 3;
    }
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    int canAccess = 0;
    cudaDeviceCanAccessPeer(&canAccess, 1, 0);
    float *onDevice, *onPeer;
    cudaSetDevice(0);
    cudaMalloc(&onDevice, bytes);
    float *host = new float[n];
    for (int i = 0; i < n; ++i)
        host[i] = float(i);
    cudaMemcpy(onDevice, host, bytes, cudaMemcpyHostToDevice);
    cudaSetDevice(1);
    if (canAccess)
        cudaDeviceEnablePeerAccess(0, 0); // GPU 1 may now reach GPU 0's memory
    cudaMalloc(&onPeer, bytes);
    cudaMemcpyPeerAsync(onPeer, 1, onDevice, 0, bytes, nullptr); // to the peer
    scale<<<(n + 255) / 256, 256>>>(onPeer, n);
    cudaMemcpyPeerAsync(onDevice, 0, onPeer, 1, bytes, nullptr); // and back
    cudaDeviceSynchronize();
    cudaSetDevice(0);
    cudaMemcpy(host, onDevice, bytes, cudaMemcpyDeviceToHost);
    std::printf("peer-copy: host[3] = %g (expected 6), peer access %s\n", host[3], canAccess ? "on" : "off");
    const bool ok = host[3] == 6.0f;
    cudaFree(onDevice);
    cudaSetDevice(1);
    cudaFree(onPeer);
    delete[] host;
    return ok ? 0 : 1;
}
