// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed-peer cpp.cu (the CUDA toolkit); runs on two NVIDIA GPUs.
// Not yet run by scripts/check-snippets.sh.
// managed-peer: cudaMallocManaged memory prefetched to GPU 0; a kernel on
// GPU 1 then faults its pages over, from GPU to GPU.
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
        std::printf("managed-peer: needs two GPUs, found %d\n", count);
        return 3;
    }
    int concurrent0 = 0, concurrent1 = 0;
    cudaDeviceGetAttribute(&concurrent0, cudaDevAttrConcurrentManagedAccess, 0);
    cudaDeviceGetAttribute(&concurrent1, cudaDevAttrConcurrentManagedAccess, 1);
    if (!concurrent0 || !concurrent1) {
        std::printf("managed-peer: needs concurrent managed access on both GPUs\n");
        return 3;
    }
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *buf;
    cudaMallocManaged(&buf, bytes);
    for (int i = 0; i < n; ++i)
        buf[i] = float(i);
#if CUDART_VERSION >= 13000
    cudaMemLocation gpu0{cudaMemLocationTypeDevice, 0};
    cudaMemPrefetchAsync(buf, bytes, gpu0, 0, nullptr); // the pages start on GPU 0
#else
    cudaMemPrefetchAsync(buf, bytes, 0, nullptr);
#endif
    cudaDeviceSynchronize();
    cudaSetDevice(1);
    scale<<<(n + 255) / 256, 256>>>(buf, n); // GPU 1's faults move them from GPU 0
    cudaDeviceSynchronize();
    std::printf("managed-peer: buf[3] = %g (expected 6)\n", buf[3]); // a CPU fault brings it to the host
    const bool ok = buf[3] == 6.0f;
    cudaFree(buf);
    return ok ? 0 : 1;
}
