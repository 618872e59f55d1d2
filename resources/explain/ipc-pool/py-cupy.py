# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version.
# ipc-pool in CuPy: CuPy creates a memory pool that can be exported
# (memPoolCreate, its handle type a POSIX file descriptor) and allocates from
# it (mallocFromPoolAsync), but has no call to export or import a pool or a
# pointer; this calls the driver's cuMemPoolExportToShareableHandle,
# cuMemPoolExportPointer, cuMemPoolImportFromShareableHandle and
# cuMemPoolImportPointer in libcuda with ctypes. The pool's descriptor goes to
# a second process over a Unix socket (socket.send_fds: SCM_RIGHTS), the
# pointer's 64 bytes of export data with it. Exit 3 where the device cannot.
import ctypes
import multiprocessing as mp
import os
import socket
import sys

import cupy as cp
import numpy as np

runtime = cp.cuda.runtime
POSIX_FILE_DESCRIPTOR = runtime.cudaMemHandleTypePosixFileDescriptor  # 1, as in cuda.h
libcuda = ctypes.CDLL("libcuda.so.1")


def driver(name, *argtypes):
    """A driver function that raises when it fails."""
    function = getattr(libcuda, name)
    function.argtypes = argtypes

    def call(*arguments):
        status = function(*arguments)
        if status != 0:
            raise RuntimeError(f"{name} failed: CUresult {status}")
    return call


P, U64, INT = ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int
cuMemPoolExportToShareableHandle = driver("cuMemPoolExportToShareableHandle", P, P, INT, U64)
cuMemPoolExportPointer = driver("cuMemPoolExportPointer", P, U64)
cuMemPoolImportFromShareableHandle = driver("cuMemPoolImportFromShareableHandle", P, P, INT, U64)
cuMemPoolImportPointer = driver("cuMemPoolImportPointer", P, P, P)


def array(pointer, n):
    """A CuPy array over memory CuPy did not allocate, on device 0."""
    memory = cp.cuda.UnownedMemory(pointer, n * 4, None, 0)
    return cp.ndarray((n,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))


def child(channel, n):
    runtime.free(0)                  # device 0's primary context, current for the driver calls too
    export, fds, _, _ = socket.recv_fds(channel, 64, 1)
    pool, pointer = ctypes.c_void_p(), ctypes.c_uint64()
    cuMemPoolImportFromShareableHandle(ctypes.byref(pool), fds[0], POSIX_FILE_DESCRIPTOR, 0)
    cuMemPoolImportPointer(ctypes.byref(pointer), pool, ctypes.create_string_buffer(export, 64))
    os.close(fds[0])
    x = array(pointer.value, n)
    x *= 2
    cp.cuda.Device().synchronize()
    del x
    runtime.free(pointer.value)      # cudaFree: the importer frees first, then the exporter


if __name__ == "__main__":
    if not runtime.deviceGetAttribute(runtime.cudaDevAttrMemoryPoolsSupported, 0) or not (
            runtime.deviceGetAttribute(runtime.cudaDevAttrMemoryPoolSupportedHandleTypes, 0) & POSIX_FILE_DESCRIPTOR):
        print("ipc-pool: this device has no memory pools that export POSIX file descriptors")
        sys.exit(3)
    n = 1 << 20
    pool = runtime.memPoolCreate(runtime.MemPoolProps(
        runtime.cudaMemAllocationTypePinned, POSIX_FILE_DESCRIPTOR, runtime.cudaMemLocationTypeDevice, 0))
    stream = cp.cuda.Stream()
    pointer = runtime.mallocFromPoolAsync(n * 4, pool, stream.ptr)
    x = array(pointer, n)
    with stream:
        x[...] = cp.arange(n, dtype=cp.float32)
    stream.synchronize()             # the allocation has completed before another process touches it
    fd = ctypes.c_int()
    cuMemPoolExportToShareableHandle(ctypes.byref(fd), pool, POSIX_FILE_DESCRIPTOR, 0)
    export = ctypes.create_string_buffer(64)
    cuMemPoolExportPointer(export, pointer)
    ours, theirs = socket.socketpair()
    process = mp.get_context("spawn").Process(target=child, args=(theirs, n))
    process.start()
    theirs.close()
    socket.send_fds(ours, [export.raw], [fd.value])
    os.close(fd.value)               # the other process has its own descriptor
    process.join()                   # it has freed its import by now
    assert process.exitcode == 0, f"the other process failed (exit code {process.exitcode})"
    assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
    del x
    runtime.freeAsync(pointer, stream.ptr)
    stream.synchronize()
    runtime.memPoolDestroy(pool)
    print("ipc-pool: verified", n, "elements changed by process", process.pid)
