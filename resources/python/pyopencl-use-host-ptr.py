# SPDX-License-Identifier: GPL-3.0-or-later
# pyopencl-use-host-ptr: a cl.Buffer with USE_HOST_PTR over a numpy array;
# a kernel doubles it (ShareScope's cl-use-host-ptr, kernel). Whether the
# device used the array in place: a second buffer's kernel write is looked
# for in its numpy array before any map (a map would copy it back anyway).
def measure(cl, n, iterations, warmup):
    import numpy as np
    opened, why = opencl_scale(cl)
    if not opened:
        return {"notRun": why}
    context, queue, program = opened
    host = np.ones(n, dtype=np.float32)
    flags = cl.mem_flags
    buffer = cl.Buffer(context, flags.READ_WRITE | flags.USE_HOST_PTR, hostbuf=host)

    def step():
        program.scale(queue, (n,), None, buffer)
        queue.finish()
    samples = timed(step, iterations, warmup)
    probe = np.ones(16, dtype=np.float32)
    shared = None
    try:
        probed = cl.Buffer(context, flags.READ_WRITE | flags.USE_HOST_PTR, hostbuf=probe)
        program.scale(queue, (16,), None, probed)
        queue.finish()
        shared = bool(probe[15] == 2.0)          # the kernel wrote the array itself
    except Exception:
        pass
    return {"memory": "CL_MEM_USE_HOST_PTR over a numpy array (%s)" % queue.device.name.strip(), "step": "kernel",
            "samples": samples, "shared": shared}


main("pyopencl-use-host-ptr", "pyopencl", measure)
