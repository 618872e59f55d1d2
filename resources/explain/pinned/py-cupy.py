# SPDX-License-Identifier: GPL-3.0-or-later
# pinned in CuPy: page-locked host arrays (cupyx.empty_pinned) let the copy
# engine transfer asynchronously, by DMA.
import cupy as cp
import cupyx
import numpy as np

n = 1 << 20
x = cupyx.empty_pinned((n,), dtype=np.float32)   # cudaHostAlloc'd host memory
x[:] = np.arange(n, dtype=np.float32)
stream = cp.cuda.Stream(non_blocking=True)
dx = cp.empty(n, dtype=np.float32)
dx.set(x, stream=stream)                         # cudaMemcpyAsync from pinned memory
dout = dx * 2
out = cupyx.empty_pinned((n,), dtype=np.float32)
dout.get(stream=stream, out=out)                 # asynchronous copy back
stream.synchronize()
assert np.array_equal(out, 2 * np.arange(n, dtype=np.float32))
print("pinned: verified", n, "elements")
