# SPDX-License-Identifier: GPL-3.0-or-later
# cupy-device: cp.asarray of an ordinary numpy array, a copy from pageable
# memory (ShareScope's device, to-device).
def measure(cp, n, iterations, warmup):
    try:
        if cp.cuda.runtime.getDeviceCount() == 0:
            return {"notRun": "CuPy sees no CUDA device"}
    except Exception as error:
        return {"notRun": "CuPy sees no CUDA device: %s" % error}
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
