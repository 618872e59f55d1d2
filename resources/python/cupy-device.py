# SPDX-License-Identifier: GPL-3.0-or-later
# cupy-device: cp.asarray of an ordinary numpy array, a copy from pageable
# memory (ShareScope's device, to-device).
def measure(cp, n, iterations, warmup):
    missing = cupy_device_missing(cp)
    if missing:
        return {"notRun": missing}
    import numpy as np
    host = np.ones(n, dtype=np.float32)
    kept = []

    def step():
        kept[:] = [cp.asarray(host)]
        cp.cuda.Device().synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "numpy array (pageable) to cp.ndarray", "step": "to-device", "samples": samples,
            "shared": same(lambda: kept[0].data.ptr, lambda: host.ctypes.data)}


main("cupy-device", "cupy", measure)
