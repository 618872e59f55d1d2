# SPDX-License-Identifier: GPL-3.0-or-later
# cupy-managed: managed memory through cp.cuda.malloc_managed; the CPU
# writes it through a numpy view of the same pointer, then a CuPy kernel
# doubles it: the pages fault over (ShareScope's managed, kernel).
def measure(cp, n, iterations, warmup):
    missing = cupy_device_missing(cp)
    if missing:
        return {"notRun": missing}
    import ctypes
    import numpy as np
    if not cp.cuda.runtime.getDeviceProperties(0).get("concurrentManagedAccess", 0):
        return {"notRun": "this GPU has no concurrent managed access"}
    memory = cp.cuda.malloc_managed(n * 4)
    device = cp.ndarray((n,), dtype=cp.float32, memptr=memory)
    host = np.ctypeslib.as_array(ctypes.cast(memory.ptr, ctypes.POINTER(ctypes.c_float)), shape=(n,))
    times = []
    cp.ones(1, dtype=cp.float32).__imul__(2)     # the kernel compiled before any sample

    def iteration():
        host[:] = 1                              # the pages move to the CPU
        start = time.perf_counter_ns()
        device.__imul__(2)                       # the GPU faults them back
        cp.cuda.Device().synchronize()
        times.append(time.perf_counter_ns() - start)
        assert host[n - 1] == 2
    for _ in range(warmup + iterations):
        iteration()
    return {"memory": "cp.cuda.malloc_managed (one pointer)", "step": "kernel", "samples": times[warmup:],
            "shared": same(lambda: host.ctypes.data, lambda: device.data.ptr)}


main("cupy-managed", "cupy", measure)
