# SPDX-License-Identifier: GPL-3.0-or-later
"""torch.multiprocessing with two workers, each touching its own managed
buffer (CuPy's managed memory inside each worker), for `sharescope watch`:
worker k writes (k + 1) * 32 MiB on the CPU, the GPU doubles it in place,
the CPU reads it back. Each worker must show its own bytes: (k + 1) * 32 MiB
each way; the parent moves nothing."""
import ctypes
import sys

import torch.multiprocessing as mp


def work(k, results):
    import cupy as cp
    import numpy as np

    nbytes = (k + 1) * (32 << 20)
    n = nbytes // 4
    pool = cp.cuda.MemoryPool(cp.cuda.malloc_managed)
    cp.cuda.set_allocator(pool.malloc)
    a = cp.empty(n, dtype=cp.float32)
    view = np.ctypeslib.as_array((ctypes.c_float * n).from_address(a.data.ptr))
    view[:] = 1.0
    a *= 2
    cp.cuda.runtime.deviceSynchronize()
    results.put((k, int(mp.current_process().pid), nbytes, float(view.sum(dtype=np.float64)) == 2.0 * n))


if __name__ == "__main__":
    mp.set_start_method("spawn")
    results = mp.Queue()
    workers = [mp.Process(target=work, args=(k, results)) for k in range(2)]
    for w in workers:
        w.start()
    got = [results.get(timeout=120) for _ in workers]
    for w in workers:
        w.join()
    for k, pid, nbytes, ok in sorted(got):
        print(f"worker {k} pid={pid} expected: toDevice={nbytes} toHost={nbytes} ok={ok}")
    sys.exit(0 if all(ok for *_, ok in got) else 1)
