# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (CUDA 13.0 or later); runs on an NVIDIA GPU.
# Not yet run by scripts/check-snippets.sh.
# managed-discard in CuPy: CuPy has no wrapper for cudaMemDiscardBatchAsync
# (CUDA 13.0), so this calls it in the CUDA runtime CuPy itself loaded.
# Exit 3 where that runtime is older than 13.0.
import ctypes
import sys

import cupy as cp
import numpy as np

cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
x = cp.empty(n, dtype=cp.float32)
out = cp.empty(n, dtype=cp.float32)
cp.cuda.Device().synchronize()
runtime = next((line.split()[-1] for line in open("/proc/self/maps") if "libcudart.so" in line), None)
if runtime is None or not hasattr(ctypes.CDLL(runtime), "cudaMemDiscardBatchAsync"):
    print("managed-discard: this CuPy's CUDA runtime has no cudaMemDiscardBatchAsync (CUDA 13.0)")
    sys.exit(3)
discard = ctypes.CDLL(runtime).cudaMemDiscardBatchAsync
discard.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t,
                    ctypes.c_ulonglong, ctypes.c_void_p]
stream = cp.cuda.Stream()  # the batch calls refuse the legacy default stream


def drop(array):
    """Tells the driver the array's old values will not be read."""
    pointers = (ctypes.c_void_p * 1)(array.data.ptr)
    sizes = (ctypes.c_size_t * 1)(array.nbytes)
    error = discard(pointers, sizes, 1, 0, stream.ptr)
    if error == 801:  # cudaErrorNotSupported: a driver older than 13.0
        print("managed-discard: the driver does not support cudaMemDiscardBatchAsync")
        sys.exit(3)
    assert error == 0, f"cudaMemDiscardBatchAsync failed: {error}"
    stream.synchronize()


host = np.frombuffer((ctypes.c_float * n).from_address(x.data.ptr), dtype=np.float32)
drop(x)
host[:] = np.arange(n, dtype=np.float32)  # the CPU rewrites all of x
drop(out)
with stream:
    cp.multiply(x, 2, out=out)  # the kernel rewrites all of out
stream.synchronize()
assert np.array_equal(cp.asnumpy(out), 2 * np.arange(n, dtype=np.float32))
print("managed-discard: verified", n, "elements")
