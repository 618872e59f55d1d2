# SPDX-License-Identifier: GPL-3.0-or-later
# managed in CuPy: an allocator that uses cudaMallocManaged for every array.
import cupy as cp
import numpy as np

cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
x = cp.arange(n, dtype=cp.float32)               # managed memory now
out = x * 2
cp.cuda.Device().synchronize()
assert np.array_equal(out.get(), 2 * np.arange(n, dtype=np.float32))
print("managed: verified", n, "elements")
