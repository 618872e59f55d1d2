# SPDX-License-Identifier: GPL-3.0-or-later
# What PyTorch users pay for pinned memory, beside ShareScope's when-pinning-pays.
import json, time, torch
dev = "cuda:0"
torch.zeros(1, device=dev)
torch.cuda.synchronize()
print(json.dumps({"torch": torch.__version__, "cuda": torch.version.cuda}))
for size in [256 << 10, 4 << 20, 64 << 20, 256 << 20]:
    n = size // 4
    t0 = time.perf_counter(); a = torch.ones(n); t1 = time.perf_counter()
    t2 = time.perf_counter(); p = torch.empty(n, pin_memory=True); p.fill_(1); t3 = time.perf_counter()
    d = torch.empty(n, device=dev)
    def copy(src, nb):
        torch.cuda.synchronize(); s = time.perf_counter()
        d.copy_(src, non_blocking=nb); torch.cuda.synchronize()
        return time.perf_counter() - s
    for _ in range(3):
        copy(a, False); copy(p, True)
    pageable = sorted(copy(a, False) for _ in range(7))[3]
    pinned = sorted(copy(p, True) for _ in range(7))[3]
    t4 = time.perf_counter(); q = a.pin_memory(); t5 = time.perf_counter()
    torch.cuda.synchronize(); t6 = time.perf_counter(); d.copy_(a.pin_memory(), non_blocking=True); torch.cuda.synchronize(); t7 = time.perf_counter()
    print(json.dumps({"size": size, "pageable_alloc_touch_ms": (t1 - t0) * 1e3, "pinned_alloc_fill_ms": (t3 - t2) * 1e3,
                      "pin_memory_ms": (t5 - t4) * 1e3, "copy_pageable_ms": pageable * 1e3, "copy_pinned_ms": pinned * 1e3,
                      "pin_memory_then_copy_ms": (t7 - t6) * 1e3}))
    del a, p, q, d
