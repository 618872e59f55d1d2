# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install pyopencl numpy, and an OpenCL driver (e.g. apt install
# pocl-opencl-icd); runs on any OpenCL device.
# Last run: pyopencl 2026.1.4, numpy 2.4.6, PoCL 3.1 on a CPU (no GPU),
# 2026-11-30 (ok).
# cl-svm-fine in pyopencl: a fine-grained SVM buffer is an ordinary numpy
# array on the host; no map, but wait for the kernel before reading.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
if not ctx.devices[0].svm_capabilities & cl.device_svm_capabilities.FINE_GRAIN_BUFFER:
    raise SystemExit("this device has no fine-grained buffer SVM")
n = 1 << 20
host = cl.fsvm_empty(ctx, n, np.float32)
host[:] = np.arange(n, dtype=np.float32)

program = cl.Program(ctx, """
__kernel void scale(__global float *buf) { size_t i = get_global_id(0); buf[i] *= 2.0f; }""").build()
program.scale(queue, (n,), None, cl.SVM(host))
queue.finish()                          # the only synchronisation fine-grained SVM needs
assert np.array_equal(host, 2 * np.arange(n, dtype=np.float32))
print("cl-svm-fine: verified", n, "elements")
