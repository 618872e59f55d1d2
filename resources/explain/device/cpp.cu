// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o device cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// device: cudaMalloc buffers; cudaMemcpy from ordinary (pageable) host memory,
// which the driver stages through a pinned bounce buffer.
#include <cstdio>
#include <vector>

__global__ void add(const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = x[i] + y[i];
}

int main()
{
    const int n = 1 << 20;
    std::vector<float> x(n, 1.0f), y(n, 2.0f), out(n);
    float *dx, *dy, *dout;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice); // to-device
    cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(dx, dy, dout, n); // kernel
    cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost); // to-host (waits)
    std::printf("device: out[0] = %g (expected 3)\n", out[0]);
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dout);
    return out[0] == 3.0f ? 0 : 1;
}
