# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on two NVIDIA GPUs.
# Not yet run by scripts/check-snippets.sh.
# peer-access in CuPy: GPU 1 enables peer access to GPU 0, and a kernel on
# GPU 1 doubles an array that stays in GPU 0's memory.
import sys
import cupy as cp
import numpy as np

if cp.cuda.runtime.getDeviceCount() < 2 or not cp.cuda.runtime.deviceCanAccessPeer(1, 0):
    print("peer-access: needs two GPUs with peer access")
    sys.exit(3)
double = cp.RawKernel(r"""
extern "C" __global__ void double_it(float *buf, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) buf[i] *= 2;
}""", "double_it")
n = 1 << 20
with cp.cuda.Device(0):
    x = cp.arange(n, dtype=cp.float32)               # GPU 0's memory
    cp.cuda.Device(0).synchronize()                  # GPU 1's stream does not wait for GPU 0's
with cp.cuda.Device(1):
    cp.cuda.runtime.deviceEnablePeerAccess(0)        # GPU 1 may use GPU 0's pointers
    double(((n + 255) // 256,), (256,), (x, cp.int32(n)))   # GPU 1's kernel, GPU 0's memory
    cp.cuda.Device(1).synchronize()
assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
print("peer-access: verified", n, "elements")
