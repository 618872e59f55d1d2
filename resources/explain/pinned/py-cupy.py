# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version; earlier
# versions with CuPy 14.2 on 2026-11-29 and 2026-11-30.
# pinned in CuPy: page-locked host arrays (cupyx.empty_pinned) let the copy
# engine transfer asynchronously, by DMA.
import cupy as cp
import cupyx
import numpy as np

n = 1 << 20
x = cupyx.empty_pinned((n,), dtype=np.float32)   # cudaHostAlloc'd host memory
x[:] = np.arange(n, dtype=np.float32)
# The copies and the kernel on one stream, so that each waits for the one
# before: a non-blocking stream does not wait for the default stream, nor it
# for the stream.
stream = cp.cuda.Stream(non_blocking=True)
with stream:
    dx = cp.empty(n, dtype=np.float32)
    dx.set(x, stream=stream)                     # cudaMemcpyAsync from pinned memory
    dout = dx * 2                                # the kernel, on the same stream
    out = cupyx.empty_pinned((n,), dtype=np.float32)
    dout.get(stream=stream, out=out)             # asynchronous copy back
stream.synchronize()                             # the copy is done only now
assert np.array_equal(out, 2 * np.arange(n, dtype=np.float32))
print("pinned: verified", n, "elements")
