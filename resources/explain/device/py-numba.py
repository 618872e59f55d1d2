# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok by that run's summary; its own line was lost).
# device in numba: cuda.to_device and copy_to_host around a kernel.
import numpy as np
from numba import cuda

@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]

n = 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
dx, dy = cuda.to_device(x), cuda.to_device(y)     # to-device
dout = cuda.device_array(n, dtype=np.float32)
add[(n + 255) // 256, 256](dx, dy, dout)
out = dout.copy_to_host()                         # to-host
assert np.array_equal(out, x + y)
print("device: verified", n, "elements")
