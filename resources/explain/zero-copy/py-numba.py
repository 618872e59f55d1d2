# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok).
# zero-copy in numba: cuda.mapped_array is page-locked host memory mapped into
# the GPU; the kernel reads and writes it over the bus, nothing is copied.
import numpy as np
from numba import cuda

@cuda.jit
def scale(buf):
    i = cuda.grid(1)
    if i < buf.size:
        buf[i] *= 2

n = 1 << 20
buf = cuda.mapped_array(n, dtype=np.float32)
buf[:] = np.arange(n, dtype=np.float32)          # the CPU writes it in place
scale[(n + 255) // 256, 256](buf)
cuda.synchronize()                               # then reads the GPU's result in place
assert np.array_equal(buf, 2 * np.arange(n, dtype=np.float32))
print("zero-copy: verified", n, "elements")
