# SPDX-License-Identifier: GPL-3.0-or-later
"""PyTorch without managed memory, as a DataLoader with pin_memory does: a
pinned batch copied to the GPU, a pageable one too, and the results back.
`sharescope watch` must show 0 migrations and two routes: device copies from
pinned and from pageable memory."""
import sys

import torch

nbytes = int(sys.argv[1]) if len(sys.argv) > 1 else 64 << 20
n = nbytes // 4
pinned = torch.ones(n, dtype=torch.float32).pin_memory()
pageable = torch.ones(n, dtype=torch.float32)
for _ in range(3):
    a = pinned.to("cuda", non_blocking=True)
    b = pageable.to("cuda")
    c = (a + b).cpu()
torch.cuda.synchronize()
ok = float(c.sum()) == 2.0 * n
print(f"expected: toDevice=0 toHost=0 copies=6x{nbytes} to the device, 3 back ok={ok}")
sys.exit(0 if ok else 1)
