# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy 14.2, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# managed-prefetch in CuPy: move managed pages before they are needed with
# cudaMemPrefetchAsync, so that neither side faults.
import cupy as cp
import numpy as np

cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
x = cp.empty(n, dtype=cp.float32)
host = np.frombuffer((np.ctypeslib.ctypes.c_float * n).from_address(x.data.ptr), dtype=np.float32)
host[:] = np.arange(n, dtype=np.float32)         # the CPU writes managed memory directly
stream = cp.cuda.get_current_stream()
device = cp.cuda.Device().id
cp.cuda.runtime.memPrefetchAsync(x.data.ptr, x.nbytes, device, stream.ptr)   # to the GPU
x *= 2
# Prefetching back (dstDevice = cudaCpuDeviceId) failed with CuPy 14 on CUDA 13
# (cudaErrorInvalidDevice), so here the CPU's first touch brings the pages back.
stream.synchronize()
assert np.array_equal(host, 2 * np.arange(n, dtype=np.float32))
print("managed-prefetch: verified", n, "elements")
