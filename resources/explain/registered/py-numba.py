# SPDX-License-Identifier: GPL-3.0-or-later
# registered in numba: cuda.mapped pins and maps a numpy array you already
# have, for as long as the with block lasts.
import numpy as np
from numba import cuda

@cuda.jit
def scale(buf):
    i = cuda.grid(1)
    if i < buf.size:
        buf[i] *= 2

n = 1 << 20
a = np.arange(n, dtype=np.float32)               # ordinary memory, allocated by numpy
with cuda.mapped(a) as d:                        # cudaHostRegister(..., mapped)
    scale[(n + 255) // 256, 256](d)
    cuda.synchronize()
assert np.array_equal(a, 2 * np.arange(n, dtype=np.float32))
print("registered: verified", n, "elements")
