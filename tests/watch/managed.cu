// SPDX-License-Identifier: GPL-3.0-or-later
// A CUDA C++ program for `sharescope watch` on a GPU: three managed buffers
// of N bytes; the CPU writes x and y, a kernel adds them into out, the CPU
// reads out. What must migrate: 2N to the device, N back (no more, no less,
// for N a multiple of 2 MiB). It says so, and what it computed.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void add(const float *x, const float *y, float *out, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
        out[i] = x[i] + y[i];
}

int main(int argc, char **argv)
{
    const size_t bytes = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : (64ull << 20);
    const size_t n = bytes / sizeof(float);
    float *x, *y, *out;
    if (cudaMallocManaged(&x, bytes) || cudaMallocManaged(&y, bytes) || cudaMallocManaged(&out, bytes)) {
        std::fprintf(stderr, "cudaMallocManaged failed\n");
        return 1;
    }
    for (size_t i = 0; i < n; ++i) {
        x[i] = 1.0f;
        y[i] = 2.0f;
    }
    add<<<1024, 256>>>(x, y, out, n);
    if (cudaDeviceSynchronize()) {
        std::fprintf(stderr, "the kernel failed\n");
        return 1;
    }
    double sum = 0;
    for (size_t i = 0; i < n; ++i)
        sum += out[i];
    std::printf("expected: toDevice=%zu toHost=%zu sum=%.0f (want %.0f)\n", 2 * bytes, bytes, sum, 3.0 * n);
    cudaFree(x);
    cudaFree(y);
    cudaFree(out);
    return sum == 3.0 * n ? 0 : 1;
}
