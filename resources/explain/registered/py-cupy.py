# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CuPy 14.2, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# registered in CuPy: cudaHostRegister pins a numpy array in place and maps it.
import cupy as cp
import numpy as np

n = 1 << 20
a = np.arange(n, dtype=np.float32)
runtime = cp.cuda.runtime
cudaHostRegisterMapped = 2                       # CuPy names no constant for this flag
runtime.hostRegister(a.ctypes.data, a.nbytes, cudaHostRegisterMapped)
memory = cp.cuda.UnownedMemory(a.ctypes.data, a.nbytes, a)   # same address on the GPU (unified addressing)
gpu = cp.ndarray((n,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))
gpu *= 2
cp.cuda.Device().synchronize()
del gpu, memory
runtime.hostUnregister(a.ctypes.data)
assert np.array_equal(a, 2 * np.arange(n, dtype=np.float32))
print("registered: verified", n, "elements")
