# SPDX-License-Identifier: GPL-3.0-or-later
# pyopencl-use-host-ptr: a cl.Buffer with USE_HOST_PTR over a numpy array;
# a kernel doubles it, and mapping it shows whether the device used the
# array in place (ShareScope's cl-use-host-ptr, kernel).
def measure(cl, n, iterations, warmup):
    import numpy as np
    context = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(context)
    program = cl.Program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }").build()
    host = np.ones(n, dtype=np.float32)
    flags = cl.mem_flags
    buffer = cl.Buffer(context, flags.READ_WRITE | flags.USE_HOST_PTR, hostbuf=host)

    def step():
        program.scale(queue, (n,), None, buffer)
        queue.finish()
    samples = timed(step, iterations, warmup)
    mapped, _ = cl.enqueue_map_buffer(queue, buffer, cl.map_flags.READ, 0, (n,), np.float32)
    shared = mapped.ctypes.data == host.ctypes.data
    del mapped
    return {"memory": "CL_MEM_USE_HOST_PTR over a numpy array (%s)" % queue.device.name.strip(), "step": "kernel",
            "samples": samples, "shared": shared}


main("pyopencl-use-host-ptr", "pyopencl", measure)
