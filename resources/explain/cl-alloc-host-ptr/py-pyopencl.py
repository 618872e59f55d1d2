# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install pyopencl numpy, and an OpenCL driver (e.g. apt install
# pocl-opencl-icd); runs on any OpenCL device.
# Last run: pyopencl 2026.1.4, numpy 2.4.6, PoCL 3.1 on a CPU (no GPU),
# 2026-11-30 (ok).
# cl-alloc-host-ptr in pyopencl: the runtime allocates host-visible memory;
# the host reaches it only through map and unmap.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
n = 1 << 20
mf = cl.mem_flags
buf = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, size=n * 4)

# host-init: map for writing, fill, unmap (the hand-over to the device).
host, _ = cl.enqueue_map_buffer(queue, buf, cl.map_flags.WRITE_INVALIDATE_REGION, 0, (n,), np.float32)
host[:] = np.arange(n, dtype=np.float32)
host.base.release(queue)

program = cl.Program(ctx, """
__kernel void scale(__global float *buf) { size_t i = get_global_id(0); buf[i] *= 2.0f; }""").build()
program.scale(queue, (n,), None, buf)

# host-read: map for reading, read, unmap.
host, _ = cl.enqueue_map_buffer(queue, buf, cl.map_flags.READ, 0, (n,), np.float32)
assert np.array_equal(host, 2 * np.arange(n, dtype=np.float32))
host.base.release(queue)
print("cl-alloc-host-ptr: verified", n, "elements")
