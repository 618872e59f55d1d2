# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok).
# registered in numba: cuda.mapped pins and maps a numpy array you already
# have, for as long as the with block lasts.
import numpy as np
from numba import cuda

@cuda.jit
def scale(buf):
    i = cuda.grid(1)
    if i < buf.size:
        buf[i] *= 2

n = 1 << 20
a = np.arange(n, dtype=np.float32)               # ordinary memory, allocated by numpy
with cuda.mapped(a) as d:                        # cudaHostRegister(..., mapped)
    scale[(n + 255) // 256, 256](d)
    cuda.synchronize()
assert np.array_equal(a, 2 * np.arange(n, dtype=np.float32))
print("registered: verified", n, "elements")
