# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok).
# managed in numba: cuda.managed_array is cudaMallocManaged memory; the CPU and
# the GPU use the same array and the driver migrates pages on demand.
import numpy as np
from numba import cuda

@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]

n = 1 << 20
x = cuda.managed_array(n, dtype=np.float32)
y = cuda.managed_array(n, dtype=np.float32)
out = cuda.managed_array(n, dtype=np.float32)
x[:] = np.arange(n, dtype=np.float32)            # pages populated on the host
y[:] = 1
add[(n + 255) // 256, 256](x, y, out)            # GPU page faults migrate them
cuda.synchronize()                               # before the CPU reads
assert np.array_equal(out, np.arange(n, dtype=np.float32) + 1)   # CPU faults migrate out back
print("managed: verified", n, "elements")
