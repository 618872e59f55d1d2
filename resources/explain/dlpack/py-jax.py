# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install "jax[cuda13]" cupy-cuda13x torch (CUDA builds); runs on an NVIDIA GPU.
# Last run: driver 580.159.04 on an NVIDIA H200, 2026-11-30 (ok by that run's
# summary; its own line was lost).
# dlpack in JAX: JAX reads a buffer that CuPy allocated, and PyTorch reads an
# array that JAX made, without a copy. JAX arrays are immutable: write through
# CuPy or PyTorch only while JAX is not using the memory, never into JAX's own.
import os
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # else JAX takes 75 % of the GPU
import cupy as cp
import jax
import jax.numpy as jnp
import torch

n = 1 << 20
a = cp.arange(n, dtype=cp.float32)           # CuPy's buffer
j = jax.dlpack.from_dlpack(a, copy=False)    # copy=False: an error rather than a silent copy
print(f"CuPy    a.data.ptr                = {a.data.ptr:#x}")
print(f"JAX     j.unsafe_buffer_pointer() = {j.unsafe_buffer_pointer():#x}")
assert j.unsafe_buffer_pointer() == a.data.ptr

a[0] = 42.0                                  # CuPy writes...
cp.cuda.Device().synchronize()               # ...and finishes before JAX reads
assert float(j[0]) == 42.0                   # JAX sees the write: the same memory
assert float(jnp.sum(j[1:4])) == 6.0         # and computes on it where it is

k = jnp.arange(n, dtype=jnp.float32) * 2     # an array JAX made
u = torch.from_dlpack(k)                     # PyTorch reads it in place (and must not write)
print(f"JAX     k.unsafe_buffer_pointer() = {k.unsafe_buffer_pointer():#x}")
print(f"PyTorch u.data_ptr()              = {u.data_ptr():#x}")
assert u.data_ptr() == k.unsafe_buffer_pointer()
assert u[3].item() == 6.0
print("dlpack: JAX, CuPy and PyTorch share", n, "elements, no copy")
