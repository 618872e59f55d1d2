# SPDX-License-Identifier: GPL-3.0-or-later
"""numba's cuda.managed_array (the route of the article ShareScope's users
read), for `sharescope watch` on a GPU: three managed arrays of N bytes; the
CPU writes x and y, a kernel adds them, the CPU reads out. What must
migrate: 2N to the device, N back."""
import sys

import numpy as np
from numba import cuda

nbytes = int(sys.argv[1]) if len(sys.argv) > 1 else 64 << 20
n = nbytes // 4


@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        out[i] = x[i] + y[i]
        i += stride


x = cuda.managed_array(n, dtype=np.float32)
y = cuda.managed_array(n, dtype=np.float32)
out = cuda.managed_array(n, dtype=np.float32)
x[:] = 1.0
y[:] = 2.0
add[1024, 256](x, y, out)
cuda.synchronize()
total = float(out.sum(dtype=np.float64))
print(f"expected: toDevice={2 * nbytes} toHost={nbytes} sum={total:.0f} (want {3.0 * n:.0f})")
sys.exit(0 if total == 3.0 * n else 1)
