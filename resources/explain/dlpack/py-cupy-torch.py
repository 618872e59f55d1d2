# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install cupy-cuda13x torch (a CUDA build of each); runs on an NVIDIA GPU.
# Last run: driver 580.159.04 on an NVIDIA H200, 2026-11-30 (ok by that run's
# summary; its own line was lost).
# dlpack in CuPy and PyTorch: one GPU buffer, two array types, no copy. First
# through DLPack, then through __cuda_array_interface__.
import cupy as cp
import torch

n = 1 << 20
a = cp.arange(n, dtype=cp.float32)   # CuPy allocates the buffer on the GPU
t = torch.from_dlpack(a)             # DLPack: PyTorch wraps the same memory
print(f"CuPy    a.data.ptr   = {a.data.ptr:#x}")
print(f"PyTorch t.data_ptr() = {t.data_ptr():#x}")
assert t.data_ptr() == a.data.ptr    # the same bytes, not a copy

t[0] = -1.0                          # write through PyTorch...
torch.cuda.synchronize()             # ...wait until it is done...
assert float(a[0]) == -1.0           # ...and CuPy reads it
a[1] = -2.0                          # and the other way round
cp.cuda.Device().synchronize()
assert t[1].item() == -2.0

b = cp.asarray(t)                    # __cuda_array_interface__: CuPy wraps PyTorch's tensor
print(f"CuPy    b.data.ptr   = {b.data.ptr:#x} (through __cuda_array_interface__)")
assert b.data.ptr == a.data.ptr
print("dlpack: CuPy and PyTorch share", n, "elements, no copy")
