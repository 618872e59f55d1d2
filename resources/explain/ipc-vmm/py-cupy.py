# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version.
# ipc-vmm in CuPy: CuPy has no calls for the driver's virtual memory
# management, so this calls them in libcuda with ctypes: cuMemCreate asking
# for a POSIX file descriptor handle, cuMemAddressReserve, cuMemMap,
# cuMemSetAccess, cuMemExportToShareableHandle. The descriptor goes to a second
# process over a Unix socket (socket.send_fds: SCM_RIGHTS), which imports it
# (cuMemImportFromShareableHandle), maps it and changes the same memory with
# CuPy. Exit 3 where the device cannot.
import ctypes
import multiprocessing as mp
import os
import socket
import sys

import cupy as cp
import numpy as np

# Values from cuda.h.
PINNED = DEVICE = POSIX_FILE_DESCRIPTOR = 1
READ_WRITE, GRANULARITY_MINIMUM = 3, 0
VMM_SUPPORTED, POSIX_FILE_DESCRIPTOR_SUPPORTED = 102, 103  # CU_DEVICE_ATTRIBUTE_...


class Location(ctypes.Structure):  # CUmemLocation
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


class AllocationProp(ctypes.Structure):  # CUmemAllocationProp
    _fields_ = [("type", ctypes.c_int), ("requestedHandleTypes", ctypes.c_int), ("location", Location),
                ("win32HandleMetaData", ctypes.c_void_p), ("allocFlags", ctypes.c_ubyte * 8)]


class AccessDesc(ctypes.Structure):  # CUmemAccessDesc
    _fields_ = [("location", Location), ("flags", ctypes.c_int)]


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


P, SIZE, U64, INT = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint64, ctypes.c_int
cuDeviceGet = driver("cuDeviceGet", P, INT)
cuDeviceGetAttribute = driver("cuDeviceGetAttribute", P, INT, INT)
cuMemGetAllocationGranularity = driver("cuMemGetAllocationGranularity", P, P, INT)
cuMemCreate = driver("cuMemCreate", P, SIZE, P, U64)
cuMemAddressReserve = driver("cuMemAddressReserve", P, SIZE, SIZE, U64, U64)
cuMemMap = driver("cuMemMap", U64, SIZE, SIZE, U64, U64)
cuMemSetAccess = driver("cuMemSetAccess", U64, SIZE, P, SIZE)
cuMemExportToShareableHandle = driver("cuMemExportToShareableHandle", P, U64, INT, U64)
cuMemImportFromShareableHandle = driver("cuMemImportFromShareableHandle", P, P, INT)
cuMemUnmap = driver("cuMemUnmap", U64, SIZE)
cuMemAddressFree = driver("cuMemAddressFree", U64, SIZE)
cuMemRelease = driver("cuMemRelease", U64)


def mapped(handle, size):
    """Reserves addresses, maps the memory there and lets device 0 use it."""
    address = ctypes.c_uint64()
    cuMemAddressReserve(ctypes.byref(address), size, 0, 0, 0)
    cuMemMap(address, size, 0, handle, 0)
    cuMemSetAccess(address, size, ctypes.byref(AccessDesc(Location(DEVICE, 0), READ_WRITE)), 1)
    return address.value


def unmapped(address, size, handle):
    cuMemUnmap(address, size)
    cuMemAddressFree(address, size)
    cuMemRelease(handle)  # the memory lives on while another process holds it


def array(address, n):
    """A CuPy array over memory CuPy did not allocate, on device 0."""
    memory = cp.cuda.UnownedMemory(address, n * 4, None, 0)
    return cp.ndarray((n,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))


def child(channel, n):
    cp.cuda.runtime.free(0)          # device 0's primary context, current for the driver calls too
    message, fds, _, _ = socket.recv_fds(channel, 8, 1)
    size = int.from_bytes(message, "little")
    handle = ctypes.c_uint64()
    cuMemImportFromShareableHandle(ctypes.byref(handle), fds[0], POSIX_FILE_DESCRIPTOR)
    os.close(fds[0])                 # the handle holds the memory now
    address = mapped(handle.value, size)
    x = array(address, n)
    x *= 2
    cp.cuda.Device().synchronize()
    del x
    unmapped(address, size, handle.value)


if __name__ == "__main__":
    cp.cuda.runtime.free(0)
    device, vmm, descriptors = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    cuDeviceGet(ctypes.byref(device), 0)
    cuDeviceGetAttribute(ctypes.byref(vmm), VMM_SUPPORTED, device)
    cuDeviceGetAttribute(ctypes.byref(descriptors), POSIX_FILE_DESCRIPTOR_SUPPORTED, device)
    if not vmm.value or not descriptors.value:
        print("ipc-vmm: this device has no virtual memory management or no POSIX descriptor export")
        sys.exit(3)
    n = 1 << 20
    prop = AllocationProp(type=PINNED, requestedHandleTypes=POSIX_FILE_DESCRIPTOR, location=Location(DEVICE, 0))
    granularity = ctypes.c_size_t()
    cuMemGetAllocationGranularity(ctypes.byref(granularity), ctypes.byref(prop), GRANULARITY_MINIMUM)
    size = -(-n * 4 // granularity.value) * granularity.value  # rounded up to the granularity
    handle = ctypes.c_uint64()
    cuMemCreate(ctypes.byref(handle), size, ctypes.byref(prop), 0)
    address = mapped(handle.value, size)
    x = array(address, n)
    x[...] = cp.arange(n, dtype=cp.float32)
    cp.cuda.Device().synchronize()   # the values are in place before the other process reads them
    fd = ctypes.c_int()
    cuMemExportToShareableHandle(ctypes.byref(fd), handle.value, POSIX_FILE_DESCRIPTOR, 0)
    ours, theirs = socket.socketpair()
    process = mp.get_context("spawn").Process(target=child, args=(theirs, n))
    process.start()
    theirs.close()
    socket.send_fds(ours, [size.to_bytes(8, "little")], [fd.value])
    os.close(fd.value)               # the other process has its own descriptor
    process.join()
    assert process.exitcode == 0, f"the other process failed (exit code {process.exitcode})"
    assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
    del x
    unmapped(address, size, handle.value)
    print("ipc-vmm: verified", n, "elements changed by process", process.pid,
          f"({n * 4} bytes mapped as {size}, granularity {granularity.value})")
