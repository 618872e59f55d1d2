# SPDX-License-Identifier: GPL-3.0-or-later
# numba-mapped: cuda.mapped_array, which a kernel reads and writes over the
# bus in place (ShareScope's zero-copy, kernel).
def measure(numba, n, iterations, warmup):
    import numpy as np
    from numba import cuda
    if not cuda.is_available():
        return {"notRun": "numba sees no CUDA device"}
    scale = numba_scale(cuda)
    mapped = cuda.mapped_array(n, dtype=np.float32)
    mapped[:] = 1

    def step():
        scale[(n + 255) // 256, 256](mapped)
        cuda.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "cuda.mapped_array (page-locked, mapped)", "step": "kernel", "samples": samples,
            "shared": same(lambda: mapped.device_ctypes_pointer.value, lambda: mapped.ctypes.data)}


main("numba-mapped", "numba", measure)
