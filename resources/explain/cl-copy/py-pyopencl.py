# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install pyopencl numpy, and an OpenCL driver (e.g. apt install
# pocl-opencl-icd); runs on any OpenCL device.
# Last run: pyopencl 2026.1.4, numpy 2.4.6, PoCL 3.1 on a CPU (no GPU),
# 2026-11-30 (ok).
# cl-copy in pyopencl: device buffers, explicit copies in and out.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
n = 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
out = np.empty_like(x)

mf = cl.mem_flags
dx = cl.Buffer(ctx, mf.READ_ONLY, x.nbytes)
dy = cl.Buffer(ctx, mf.READ_ONLY, y.nbytes)
dout = cl.Buffer(ctx, mf.WRITE_ONLY, out.nbytes)
cl.enqueue_copy(queue, dx, x)          # to-device: clEnqueueWriteBuffer
cl.enqueue_copy(queue, dy, y)

program = cl.Program(ctx, """
__kernel void add(__global const float *x, __global const float *y, __global float *out)
{ size_t i = get_global_id(0); out[i] = x[i] + y[i]; }""").build()
program.add(queue, (n,), None, dx, dy, dout)
cl.enqueue_copy(queue, out, dout)      # to-host: clEnqueueReadBuffer (blocking)
assert np.array_equal(out, x + y)
print("cl-copy: verified", n, "elements")
