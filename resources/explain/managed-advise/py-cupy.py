# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy 14.2, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# managed-advise in CuPy: cudaMemAdvise hints on managed memory, here that the
# data should live on the GPU.
import cupy as cp
import numpy as np

cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
x = cp.arange(n, dtype=cp.float32)
runtime = cp.cuda.runtime
runtime.memAdvise(x.data.ptr, x.nbytes, runtime.cudaMemAdviseSetPreferredLocation, cp.cuda.Device().id)
x *= 2
cp.cuda.Device().synchronize()
assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
print("managed-advise: verified", n, "elements")
