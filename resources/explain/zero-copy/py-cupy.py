# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy 14.2, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# zero-copy in CuPy: cudaHostAlloc with the mapped flag; with unified
# addressing the host pointer is valid on the GPU too.
import cupy as cp
import numpy as np

n = 1 << 20
runtime = cp.cuda.runtime
pointer = runtime.hostAlloc(n * 4, runtime.hostAllocMapped)
host = np.frombuffer((np.ctypeslib.ctypes.c_float * n).from_address(pointer), dtype=np.float32)
host[:] = np.arange(n, dtype=np.float32)
memory = cp.cuda.UnownedMemory(pointer, n * 4, None)
gpu = cp.ndarray((n,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))
gpu *= 2                                         # the kernel works over the bus
cp.cuda.Device().synchronize()
assert np.array_equal(host, 2 * np.arange(n, dtype=np.float32))
del gpu, memory
runtime.freeHost(pointer)
print("zero-copy: verified", n, "elements")
