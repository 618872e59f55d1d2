# SPDX-License-Identifier: GPL-3.0-or-later
# cupy-pinned: cupyx.empty_pinned host memory, ndarray.set on a stream (a
# DMA copy from page-locked memory: ShareScope's pinned, to-device).
def measure(cp, n, iterations, warmup):
    missing = cupy_device_missing(cp)
    if missing:
        return {"notRun": missing}
    import cupyx
    import numpy as np
    host = cupyx.empty_pinned((n,), dtype=np.float32)
    host[:] = 1
    device = cp.empty(n, dtype=cp.float32)
    stream = cp.cuda.Stream(non_blocking=True)

    def step():
        device.set(host, stream=stream)
        stream.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "cupyx.empty_pinned (page-locked) to cp.ndarray", "step": "to-device", "samples": samples,
            "shared": same(lambda: device.data.ptr, lambda: host.ctypes.data)}


main("cupy-pinned", "cupy", measure)
