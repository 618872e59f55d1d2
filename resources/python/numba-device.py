# SPDX-License-Identifier: GPL-3.0-or-later
# numba-device: cuda.to_device of an ordinary numpy array (ShareScope's
# device, to-device).
def measure(numba, n, iterations, warmup):
    import numpy as np
    from numba import cuda
    if not cuda.is_available():
        return {"notRun": "numba sees no CUDA device"}
    host = np.ones(n, dtype=np.float32)
    device = cuda.device_array(n, dtype=np.float32)

    def step():
        device.copy_to_device(host)
        cuda.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "numpy array (pageable), copy_to_device", "step": "to-device", "samples": samples,
            "shared": same(lambda: device.device_ctypes_pointer.value, lambda: host.ctypes.data)}


main("numba-device", "numba", measure)
