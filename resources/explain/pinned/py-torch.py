# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install torch (a CUDA build, see pytorch.org); runs on an NVIDIA GPU.
# Last run: PyTorch 2.11, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# pinned in PyTorch: pin_memory() page-locks a CPU tensor, and
# non_blocking=True makes the copy asynchronous.
import torch

n = 1 << 20
x = torch.arange(n, dtype=torch.float32).pin_memory()
dx = x.to("cuda", non_blocking=True)             # cudaMemcpyAsync from pinned memory
out = torch.empty(n, pin_memory=True)
out.copy_(dx * 2, non_blocking=True)
torch.cuda.synchronize()                         # the copy is done only now
assert torch.equal(out, 2 * x)
print("pinned: verified", n, "elements")
