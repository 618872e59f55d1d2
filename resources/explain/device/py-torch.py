# SPDX-License-Identifier: GPL-3.0-or-later
# device in PyTorch: .to("cuda") copies a CPU tensor to GPU memory, .cpu() back.
import torch

n = 1 << 20
x = torch.arange(n, dtype=torch.float32)     # CPU tensors live in pageable memory
y = torch.ones(n)
out = (x.to("cuda") + y.to("cuda")).cpu()    # to-device, kernel, to-host
assert torch.equal(out, x + y)
print("device: verified", n, "elements")
