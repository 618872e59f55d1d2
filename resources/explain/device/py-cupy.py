# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy 14.2, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
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
