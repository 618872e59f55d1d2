# SPDX-License-Identifier: GPL-3.0-or-later
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
