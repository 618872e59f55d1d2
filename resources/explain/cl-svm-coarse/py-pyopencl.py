# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install pyopencl numpy, and an OpenCL driver (e.g. apt install
# pocl-opencl-icd); runs on any OpenCL device.
# Last run: pyopencl 2026.1.4, numpy 2.4.6, PoCL 3.1 on a CPU (no GPU),
# 2026-11-30 (ok).
# cl-svm-coarse in pyopencl: one pointer for host and device (OpenCL 2.0
# coarse-grained SVM); the host maps it before touching it.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
n = 1 << 20
svm = cl.SVM(cl.csvm_empty(ctx, n, np.float32))

with svm.map_rw(queue) as host:        # clEnqueueSVMMap ... clEnqueueSVMUnmap
    host[:] = np.arange(n, dtype=np.float32)

program = cl.Program(ctx, """
__kernel void scale(__global float *buf) { size_t i = get_global_id(0); buf[i] *= 2.0f; }""").build()
program.scale(queue, (n,), None, svm)

with svm.map_ro(queue) as host:
    assert np.array_equal(host, 2 * np.arange(n, dtype=np.float32))
print("cl-svm-coarse: verified", n, "elements")
