# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on an NVIDIA GPU.
# Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version; earlier
# versions with CuPy 14.2 on 2026-11-29 and 2026-11-30.
# ipc in CuPy: export cudaMalloc memory with cudaIpcGetMemHandle; a second
# process opens the handle and changes the same bytes.
import multiprocessing as mp
import cupy as cp
import numpy as np

def child(handle, n):
    pointer = cp.cuda.runtime.ipcOpenMemHandle(handle)
    memory = cp.cuda.UnownedMemory(pointer, n * 4, None)
    x = cp.ndarray((n,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))
    x *= 2
    cp.cuda.Device().synchronize()
    del x, memory
    cp.cuda.runtime.ipcCloseMemHandle(pointer)

if __name__ == "__main__":
    n = 1 << 20
    x = cp.arange(n, dtype=cp.float32)
    handle = cp.cuda.runtime.ipcGetMemHandle(x.data.ptr)   # 64 bytes
    cp.cuda.Device().synchronize()   # the other process's kernel does not wait for this one's
    process = mp.get_context("spawn").Process(target=child, args=(handle, n))
    process.start()
    process.join()
    assert np.array_equal(x.get(), 2 * np.arange(n, dtype=np.float32))
    print("ipc: verified", n, "elements changed by process", process.pid)
