# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy on CUDA 13.0 on an NVIDIA H200, 2026-12-02 (ok; driver 580.159.04).
# pinned-registered in CuPy: cudaHostRegister page-locks a numpy array in
# place; copies from and to it then go by DMA, asynchronously on a stream.
import cupy as cp
import numpy as np

n = 1 << 20
a = np.arange(n, dtype=np.float32)               # ordinary memory, allocated by numpy
runtime = cp.cuda.runtime
runtime.hostRegister(a.ctypes.data, a.nbytes, 0)  # 0: cudaHostRegisterDefault
stream = cp.cuda.Stream(non_blocking=True)
with stream:
    d = cp.empty(n, dtype=cp.float32)
    d.set(a, stream=stream)                      # cudaMemcpyAsync from page-locked memory
    d *= 2
    d.get(stream=stream, out=a)                  # and back into the same array
stream.synchronize()                             # the copies are done only now
runtime.hostUnregister(a.ctypes.data)
assert np.array_equal(a, 2 * np.arange(n, dtype=np.float32))
print("pinned-registered: verified", n, "elements")
