# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install pyopencl numpy, and an OpenCL driver (e.g. apt install
# pocl-opencl-icd); runs on any OpenCL device.
# Last run: pyopencl 2026.1.4, numpy 2.4.6, PoCL 3.1 on a CPU (no GPU),
# 2026-11-30 (ok).
# cl-use-host-ptr in pyopencl: the device uses your numpy array's memory.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
n = 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
out = np.zeros(n, dtype=np.float32)

mf = cl.mem_flags
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=y)
dout = cl.Buffer(ctx, mf.WRITE_ONLY | mf.USE_HOST_PTR, hostbuf=out)

program = cl.Program(ctx, """
__kernel void add(__global const float *x, __global const float *y, __global float *out)
{ size_t i = get_global_id(0); out[i] = x[i] + y[i]; }""").build()
program.add(queue, (n,), None, dx, dy, dout)

# Map before the host reads: on a device that shares host memory (a CPU, an
# integrated GPU) the map returns `out` itself and copies nothing.
mapped, _ = cl.enqueue_map_buffer(queue, dout, cl.map_flags.READ, 0, out.shape, out.dtype)
print("zero-copy:", mapped.__array_interface__["data"][0] == out.__array_interface__["data"][0])
assert np.array_equal(mapped, x + y)
mapped.base.release(queue)            # unmap
print("cl-use-host-ptr: verified", n, "elements")
