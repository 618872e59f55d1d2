# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok; also 2026-11-29 with CUDA 13.0).
# pinned in numba: cuda.pinned_array gives page-locked host memory; copies on
# a stream are asynchronous.
import numpy as np
from numba import cuda

n = 1 << 20
x = cuda.pinned_array(n, dtype=np.float32)
x[:] = np.arange(n, dtype=np.float32)
stream = cuda.stream()
dx = cuda.to_device(x, stream=stream)            # cudaMemcpyAsync from pinned memory
out = cuda.pinned_array(n, dtype=np.float32)
dx.copy_to_host(out, stream=stream)
stream.synchronize()
assert np.array_equal(out, x)
print("pinned: verified", n, "elements")
