# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install torch (a CUDA build, see pytorch.org); runs on an NVIDIA GPU.
# Last run: PyTorch 2.11, CUDA 13.0 on an NVIDIA H200, 2026-12-02 (ok; driver 580.159.04).
# pinned-registered in PyTorch: cudaHostRegister through torch.cuda.cudart()
# page-locks a CPU tensor in place (pin_memory() would copy it into a new
# one), so non_blocking copies from it go by DMA.
import torch

n = 1 << 20
x = torch.arange(n, dtype=torch.float32)         # ordinary memory
cudart = torch.cuda.cudart()
assert int(cudart.cudaHostRegister(x.data_ptr(), x.numel() * x.element_size(), 0)) == 0  # cudaSuccess
assert x.is_pinned()                             # the same tensor, now page-locked
dx = x.to("cuda", non_blocking=True)             # cudaMemcpyAsync from page-locked memory
x.copy_(dx * 2, non_blocking=True)
torch.cuda.synchronize()                         # the copies are done only now
assert torch.equal(x, 2 * torch.arange(n, dtype=torch.float32))
assert int(cudart.cudaHostUnregister(x.data_ptr())) == 0
print("pinned-registered: verified", n, "elements")
