// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o managed-discard-prefetch cpp.cu (CUDA 13.0 or later); runs on an NVIDIA GPU.
// Not yet run by scripts/check-snippets.sh.
// managed-discard-prefetch: cudaMemDiscardAndPrefetchBatchAsync (CUDA 13.0)
// drops managed data about to be overwritten and places its pages where the
// writer runs, in one call: x and y on the host before the CPU rewrites
// them, out on the GPU before the kernel does. Exit 3 where the runtime or
// the driver is older than 13.0.
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
        std::printf("managed-discard-prefetch: the driver is %d; the batch calls need 13.0\n", driver);
        return 3;
    }
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *x, *y, *out;
    cudaMallocManaged(&x, bytes);
    cudaMallocManaged(&y, bytes);
    cudaMallocManaged(&out, bytes);
    int device = 0;
    cudaGetDevice(&device);
    cudaMemLocation host{cudaMemLocationTypeHost, 0}, gpu{cudaMemLocationTypeDevice, device};
    size_t first = 0; // every range of a call goes to its one location
    cudaStream_t stream; // the batch calls refuse the legacy default stream
    cudaStreamCreate(&stream);
    bool ok = true;
    for (int round = 0; round < 2; ++round) {
        void *inputs[] = {x, y};
        size_t sizes[] = {bytes, bytes};
        cudaMemDiscardAndPrefetchBatchAsync(inputs, sizes, 2, &host, &first, 1, 0, stream);
        cudaStreamSynchronize(stream);
        for (int i = 0; i < n; ++i) {
            x[i] = float(i);
            y[i] = float(round);
        }
        cudaMemPrefetchBatchAsync(inputs, sizes, 2, &gpu, &first, 1, 0, stream); // what the kernel reads
        void *outputs[] = {out};
        cudaMemDiscardAndPrefetchBatchAsync(outputs, sizes, 1, &gpu, &first, 1, 0, stream); // what it overwrites
        add<<<(n + 255) / 256, 256, 0, stream>>>(x, y, out, n);
        cudaMemPrefetchBatchAsync(outputs, sizes, 1, &host, &first, 1, 0, stream); // what the CPU reads
        cudaStreamSynchronize(stream);
        ok = ok && out[3] == 3.0f + round;
    }
    std::printf("managed-discard-prefetch: out[3] = %g (expected 4)\n", out[3]);
    cudaStreamDestroy(stream);
    cudaFree(x);
    cudaFree(y);
    cudaFree(out);
    return ok && cudaGetLastError() == cudaSuccess ? 0 : 1;
#else
    std::printf("managed-discard-prefetch: the batch calls need CUDA 13.0; this is %d\n", CUDART_VERSION);
    return 3;
#endif
}
