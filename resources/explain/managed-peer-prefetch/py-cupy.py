# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on two NVIDIA GPUs.
# Not yet run by scripts/check-snippets.sh.
# managed-peer-prefetch in CuPy: managed memory on GPU 0, prefetched to GPU 1
# with cudaMemPrefetchAsync before GPU 1 doubles it, and back after.
import sys
import cupy as cp
import numpy as np

if cp.cuda.runtime.getDeviceCount() < 2:
    print("managed-peer-prefetch: needs two GPUs")
    sys.exit(3)
cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
with cp.cuda.Device(0):
    x = cp.arange(n, dtype=cp.float32)
    cp.cuda.Device(0).synchronize()   # GPU 1's stream does not wait for GPU 0's
with cp.cuda.Device(1):
    stream = cp.cuda.get_current_stream()
    cp.cuda.runtime.memPrefetchAsync(x.data.ptr, x.nbytes, 1, stream.ptr)   # to GPU 1, in bulk
    double = cp.RawKernel(r"""
extern "C" __global__ void double_it(float *buf, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) buf[i] *= 2;
}""", "double_it")
    double(((n + 255) // 256,), (256,), (x, cp.int32(n)))
    cp.cuda.runtime.memPrefetchAsync(x.data.ptr, x.nbytes, 0, stream.ptr)   # and back to GPU 0
    stream.synchronize()
assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
print("managed-peer-prefetch: verified", n, "elements")
