# SPDX-License-Identifier: GPL-3.0-or-later
# numba-managed: cuda.managed_array; the CPU writes it, then a kernel
# doubles it: the pages fault over (ShareScope's managed, kernel).
def measure(numba, n, iterations, warmup):
    import numpy as np
    from numba import cuda
    if not cuda.is_available():
        return {"notRun": "numba sees no CUDA device"}
    scale = numba_scale(cuda)
    managed = cuda.managed_array(n, dtype=np.float32)
    times = []
    for _ in range(warmup + iterations):
        managed[:] = 1                           # the pages move to the CPU
        start = time.perf_counter_ns()
        scale[(n + 255) // 256, 256](managed)    # the GPU faults them back
        cuda.synchronize()
        times.append(time.perf_counter_ns() - start)
        assert managed[n - 1] == 2
    return {"memory": "cuda.managed_array (one pointer)", "step": "kernel", "samples": times[warmup:],
            "shared": same(lambda: managed.device_ctypes_pointer.value, lambda: managed.ctypes.data)}


main("numba-managed", "numba", measure)
