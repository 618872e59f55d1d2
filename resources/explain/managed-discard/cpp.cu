// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed-discard cpp.cu (CUDA 13.0 or later); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-02 (ok; driver 580.159.04).
// managed-discard: cudaMemDiscardBatchAsync (CUDA 13.0) tells the driver
// that managed data is about to be overwritten, so that it need not move the
// old contents: x and y before the CPU rewrites them, out before the kernel
// does. Exit 3 where the runtime or the driver is older than 13.0.
#include <cstdio>

__global__ void add(const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = x[i] + y[i];
}

int main()
{
#if CUDART_VERSION >= 13000
    int driver = 0;
    cudaDriverGetVersion(&driver);
    if (driver < 13000) {
        std::printf("managed-discard: the driver is %d; cudaMemDiscardBatchAsync needs 13.0\n", driver);
        return 3;
    }
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *x, *y, *out;
    cudaMallocManaged(&x, bytes);
    cudaMallocManaged(&y, bytes);
    cudaMallocManaged(&out, bytes);
    cudaStream_t stream; // the batch calls refuse the legacy default stream
    cudaStreamCreate(&stream);
    bool ok = true;
    for (int round = 0; round < 2; ++round) {
        void *inputs[] = {x, y};
        size_t sizes[] = {bytes, bytes};
        cudaMemDiscardBatchAsync(inputs, sizes, 2, 0, stream); // their old values will not be read
        cudaStreamSynchronize(stream);
        for (int i = 0; i < n; ++i) {
            x[i] = float(i);
            y[i] = float(round);
        }
        void *outputs[] = {out};
        cudaMemDiscardBatchAsync(outputs, sizes, 1, 0, stream); // the kernel overwrites every element
        add<<<(n + 255) / 256, 256, 0, stream>>>(x, y, out, n);
        cudaStreamSynchronize(stream);
        ok = ok && out[3] == 3.0f + round;
    }
    std::printf("managed-discard: out[3] = %g (expected 4)\n", out[3]);
    cudaStreamDestroy(stream);
    cudaFree(x);
    cudaFree(y);
    cudaFree(out);
    return ok && cudaGetLastError() == cudaSuccess ? 0 : 1;
#else
    std::printf("managed-discard: cudaMemDiscardBatchAsync needs CUDA 13.0; this is %d\n", CUDART_VERSION);
    return 3;
#endif
}
