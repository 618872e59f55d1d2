# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (CUDA 13.0 or later); runs on an NVIDIA GPU.
# Not yet run by scripts/check-snippets.sh.
# managed-discard-prefetch in CuPy: CuPy has no wrapper for
# cudaMemDiscardAndPrefetchBatchAsync (CUDA 13.0), so this calls it in the
# CUDA runtime CuPy itself loaded. Exit 3 where that runtime is older.
import ctypes
import sys

import cupy as cp
import numpy as np


class Location(ctypes.Structure):  # cudaMemLocation
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
n = 1 << 20
x = cp.empty(n, dtype=cp.float32)
out = cp.empty(n, dtype=cp.float32)
cp.cuda.Device().synchronize()
runtime = next((line.split()[-1] for line in open("/proc/self/maps") if "libcudart.so" in line), None)
if runtime is None or not hasattr(ctypes.CDLL(runtime), "cudaMemDiscardAndPrefetchBatchAsync"):
    print("managed-discard-prefetch: this CuPy's CUDA runtime has no cudaMemDiscardAndPrefetchBatchAsync")
    sys.exit(3)
call = ctypes.CDLL(runtime).cudaMemDiscardAndPrefetchBatchAsync
call.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t,
                 ctypes.POINTER(Location), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t, ctypes.c_ulonglong,
                 ctypes.c_void_p]
stream = cp.cuda.Stream()  # the batch calls refuse the legacy default stream
HOST, DEVICE = 2, 1  # cudaMemLocationTypeHost, cudaMemLocationTypeDevice


def drop_and_place(array, kind, ident):
    """Drops the array's old values and places its pages where its next writer runs."""
    pointers = (ctypes.c_void_p * 1)(array.data.ptr)
    sizes = (ctypes.c_size_t * 1)(array.nbytes)
    location = Location(kind, ident)
    first = ctypes.c_size_t(0)
    error = call(pointers, sizes, 1, ctypes.byref(location), ctypes.byref(first), 1, 0, stream.ptr)
    if error == 801:  # cudaErrorNotSupported: a driver older than 13.0
        print("managed-discard-prefetch: the driver does not support the batch calls")
        sys.exit(3)
    assert error == 0, f"cudaMemDiscardAndPrefetchBatchAsync failed: {error}"
    stream.synchronize()


host = np.frombuffer((ctypes.c_float * n).from_address(x.data.ptr), dtype=np.float32)
drop_and_place(x, HOST, 0)
host[:] = np.arange(n, dtype=np.float32)  # the CPU rewrites all of x, on pages already there
drop_and_place(out, DEVICE, cp.cuda.Device().id)
with stream:
    cp.multiply(x, 2, out=out)  # the kernel rewrites all of out
stream.synchronize()
assert np.array_equal(cp.asnumpy(out), 2 * np.arange(n, dtype=np.float32))
print("managed-discard-prefetch: verified", n, "elements")
