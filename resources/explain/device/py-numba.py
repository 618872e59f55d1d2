# SPDX-License-Identifier: GPL-3.0-or-later
# device in numba: cuda.to_device and copy_to_host around a kernel.
import numpy as np
from numba import cuda

@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]

n = 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
dx, dy = cuda.to_device(x), cuda.to_device(y)     # to-device
dout = cuda.device_array(n, dtype=np.float32)
add[(n + 255) // 256, 256](dx, dy, dout)
out = dout.copy_to_host()                         # to-host
assert np.array_equal(out, x + y)
print("device: verified", n, "elements")
