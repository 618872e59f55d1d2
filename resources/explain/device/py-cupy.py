# SPDX-License-Identifier: GPL-3.0-or-later
# device in CuPy: cp.asarray copies a numpy array (pageable memory) to the GPU,
# .get() copies it back.
import cupy as cp
import numpy as np

n = 1 << 20
x = np.arange(n, dtype=np.float32)          # ordinary, pageable host memory
y = np.ones(n, dtype=np.float32)
dx, dy = cp.asarray(x), cp.asarray(y)       # to-device: cudaMemcpy from pageable memory
out = (dx + dy).get()                       # kernel, then to-host
assert np.array_equal(out, x + y)
print("device: verified", n, "elements")
