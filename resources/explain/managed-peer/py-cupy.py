# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on two NVIDIA GPUs.
# Not yet run by scripts/check-snippets.sh.
# managed-peer in CuPy: managed memory prefetched to GPU 0, then used by a
# kernel on GPU 1, whose faults move the pages from GPU to GPU.
import sys
import cupy as cp
import numpy as np

if cp.cuda.runtime.getDeviceCount() < 2:
    print("managed-peer: needs two GPUs")
    sys.exit(3)
cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
with cp.cuda.Device(0):
    x = cp.arange(n, dtype=cp.float32)
    cp.cuda.runtime.memPrefetchAsync(x.data.ptr, x.nbytes, 0, cp.cuda.get_current_stream().ptr)
    cp.cuda.Device(0).synchronize()
double = cp.RawKernel(r"""
extern "C" __global__ void double_it(float *buf, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) buf[i] *= 2;
}""", "double_it")
with cp.cuda.Device(1):
    double(((n + 255) // 256,), (256,), (x, cp.int32(n)))   # GPU 1 faults the pages over
    cp.cuda.Device(1).synchronize()
assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
print("managed-peer: verified", n, "elements")
