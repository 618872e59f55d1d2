# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x (cupy-cuda12x for CUDA 12); runs on two NVIDIA GPUs.
# Not yet run by scripts/check-snippets.sh.
# peer-copy in CuPy: enable peer access, then copy an array from GPU 0 to
# GPU 1 (a peer copy), double it there, and copy it back.
import sys
import cupy as cp
import numpy as np

if cp.cuda.runtime.getDeviceCount() < 2:
    print("peer-copy: needs two GPUs")
    sys.exit(3)
n = 1 << 20
# Each GPU's stream waits for nothing on the other: every copy from one GPU
# to the other waits until the GPU it reads from is done.
with cp.cuda.Device(0):
    x = cp.arange(n, dtype=cp.float32)
    cp.cuda.Device(0).synchronize()
with cp.cuda.Device(1):
    if cp.cuda.runtime.deviceCanAccessPeer(1, 0):
        cp.cuda.runtime.deviceEnablePeerAccess(0)   # GPU 1 may reach GPU 0
    y = cp.asarray(x)                                # a copy from GPU 0 to GPU 1
    y *= 2
    cp.cuda.Device(1).synchronize()
with cp.cuda.Device(0):
    back = cp.asarray(y)                             # and back
    assert np.array_equal(back.get(), 2 * np.arange(n, dtype=np.float32))
print("peer-copy: verified", n, "elements")
