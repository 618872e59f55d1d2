# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install torch (a CUDA build, see pytorch.org); runs on an NVIDIA GPU.
# Last run: PyTorch 2.11, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# device in PyTorch: .to("cuda") copies a CPU tensor to GPU memory, .cpu() back.
import torch

n = 1 << 20
x = torch.arange(n, dtype=torch.float32)     # CPU tensors live in pageable memory
y = torch.ones(n)
out = (x.to("cuda") + y.to("cuda")).cpu()    # to-device, kernel, to-host
assert torch.equal(out, x + y)
print("device: verified", n, "elements")
