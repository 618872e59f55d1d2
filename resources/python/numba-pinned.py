# SPDX-License-Identifier: GPL-3.0-or-later
# numba-pinned: cuda.pinned_array and copy_to_device on a stream, a DMA
# copy from page-locked memory (ShareScope's pinned, to-device).
def measure(numba, n, iterations, warmup):
    import numpy as np
    from numba import cuda
    if not cuda.is_available():
        return {"notRun": "numba sees no CUDA device"}
    host = cuda.pinned_array(n, dtype=np.float32)
    host[:] = 1
    device = cuda.device_array(n, dtype=np.float32)
    stream = cuda.stream()

    def step():
        device.copy_to_device(host, stream=stream)
        stream.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "cuda.pinned_array (page-locked), copy_to_device", "step": "to-device", "samples": samples,
            "shared": same(lambda: device.device_ctypes_pointer.value, lambda: host.ctypes.data)}


main("numba-pinned", "numba", measure)
