# SPDX-License-Identifier: GPL-3.0-or-later
# pyopencl-alloc-host-ptr: a cl.Buffer with ALLOC_HOST_PTR, written through
# a map, doubled by a kernel (ShareScope's cl-alloc-host-ptr, kernel). The
# same host address in two maps says the runtime keeps one copy on the
# host; the kernel reads that copy itself only where the device shares host
# memory (CL_DEVICE_HOST_UNIFIED_MEMORY), else it is not known here.
def measure(cl, n, iterations, warmup):
    import numpy as np
    opened, why = opencl_scale(cl)
    if not opened:
        return {"notRun": why}
    context, queue, program = opened
    flags = cl.mem_flags
    buffer = cl.Buffer(context, flags.READ_WRITE | flags.ALLOC_HOST_PTR, size=n * 4)
    mapped, _ = cl.enqueue_map_buffer(queue, buffer, cl.map_flags.WRITE, 0, (n,), np.float32)
    mapped[:] = 1
    address = mapped.ctypes.data
    mapped.base.release(queue)
    queue.finish()

    def step():
        program.scale(queue, (n,), None, buffer)
        queue.finish()
    samples = timed(step, iterations, warmup)
    shared = None
    try:
        again, _ = cl.enqueue_map_buffer(queue, buffer, cl.map_flags.READ, 0, (n,), np.float32)
        one_copy = again.ctypes.data == address
        again.base.release(queue)
        queue.finish()
        shared = one_copy if queue.device.host_unified_memory else None
    except Exception:
        pass
    return {"memory": "CL_MEM_ALLOC_HOST_PTR, mapped (%s)" % queue.device.name.strip(), "step": "kernel",
            "samples": samples, "shared": shared}


main("pyopencl-alloc-host-ptr", "pyopencl", measure)
