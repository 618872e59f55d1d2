# SPDX-License-Identifier: GPL-3.0-or-later
"""CuPy managed memory, for `sharescope watch` on a GPU: three managed arrays
of N bytes; the CPU writes x and y, the GPU adds them, the CPU reads out.
What must migrate: 2N to the device, N back. Prints what it expects and the
seconds the work took (the watch benchmark times the program's own work)."""
import ctypes
import sys
import time

import cupy as cp
import numpy as np

nbytes = int(sys.argv[1]) if len(sys.argv) > 1 else 64 << 20
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1  # the work again, for a long run
n = nbytes // 4
pool = cp.cuda.MemoryPool(cp.cuda.malloc_managed)
cp.cuda.set_allocator(pool.malloc)
cp.cuda.Device(0).use()
cp.cuda.runtime.deviceSynchronize()


def host_view(array):
    """The managed array's memory as numpy sees it on the CPU: no copy."""
    return np.ctypeslib.as_array((ctypes.c_float * array.size).from_address(array.data.ptr))


start = time.perf_counter()
x = cp.empty(n, dtype=cp.float32)
y = cp.empty(n, dtype=cp.float32)
out = cp.empty(n, dtype=cp.float32)
for _ in range(rounds):
    host_view(x)[:] = 1.0
    host_view(y)[:] = 2.0
    cp.add(x, y, out=out)
    cp.cuda.runtime.deviceSynchronize()
    total = float(host_view(out).sum(dtype=np.float64))
elapsed = time.perf_counter() - start
print(f"expected: toDevice={2 * nbytes * rounds} toHost={nbytes * rounds} sum={total:.0f} (want {3.0 * n:.0f}) "
      f"seconds={elapsed:.6f}")
sys.exit(0 if total == 3.0 * n else 1)
