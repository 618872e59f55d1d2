# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install numba-cuda[cu13] (cu12 for CUDA 12): numba's CUDA target now lives
# in the separate numba-cuda package. Runs on an NVIDIA GPU.
# Last run: numba-cuda, numpy 2.3.5, driver 580.159.04 on an NVIDIA H200,
# 2026-11-30 (ok by that run's summary; its own line was lost).
# ipc in numba: a device array's get_ipc_handle() can be pickled to another
# process, which opens it as a device array of its own.
import multiprocessing as mp
import numpy as np
from numba import cuda

@cuda.jit
def scale(buf):
    i = cuda.grid(1)
    if i < buf.size:
        buf[i] *= 2

def child(handle):
    with handle as d:                # opens the CUDA IPC handle
        scale[(d.size + 255) // 256, 256](d)
        cuda.synchronize()

if __name__ == "__main__":
    n = 1 << 20
    d = cuda.to_device(np.arange(n, dtype=np.float32))
    process = mp.get_context("spawn").Process(target=child, args=(d.get_ipc_handle(),))
    process.start()
    process.join()
    assert process.exitcode == 0, f"the child process failed (exit code {process.exitcode})"
    assert np.array_equal(d.copy_to_host(), 2 * np.arange(n, dtype=np.float32))
    print("ipc: verified", n, "elements changed by process", process.pid)
