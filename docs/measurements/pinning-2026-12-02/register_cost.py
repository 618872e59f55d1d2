# SPDX-License-Identifier: GPL-3.0-or-later
# What cudaHostRegister costs in PyTorch, for the same arrays as ShareScope's
# pinned-registered alloc phase: 3 buffers of SIZE MiB, ordinary memory
# allocated and touched, then registered; and the same through cudaHostAlloc
# (pin_memory on an empty tensor). Host time, medians of 5.
import sys, time, statistics, torch
mib = int(sys.argv[1]) if len(sys.argv) > 1 else 64
n = mib << 20
torch.cuda.init(); torch.zeros(1, device="cuda"); cudart = torch.cuda.cudart()
def timed(f):
    t = []
    for _ in range(5):
        t0 = time.perf_counter(); f(); t.append(time.perf_counter() - t0)
    return statistics.median(t) * 1e3
def touched():
    return [torch.ones(n // 4, dtype=torch.float32) for _ in range(3)]
def register_only():
    bufs = touched()
    t0 = time.perf_counter()
    for b in bufs:
        assert int(cudart.cudaHostRegister(b.data_ptr(), n, 0)) == 0
    t1 = time.perf_counter()
    for b in bufs:
        assert int(cudart.cudaHostUnregister(b.data_ptr())) == 0
    t2 = time.perf_counter()
    return (t1 - t0) * 1e3, (t2 - t1) * 1e3
reg = [register_only() for _ in range(5)]
print("torch %s, 3 x %d MiB: allocate+touch %.1f ms; cudaHostRegister %.1f ms, cudaHostUnregister %.1f ms (medians of 5); pin_memory alloc (empty, pinned) %.1f ms" % (
    torch.__version__, mib, timed(touched), statistics.median(r[0] for r in reg), statistics.median(r[1] for r in reg),
    timed(lambda: [torch.empty(n // 4, dtype=torch.float32, pin_memory=True) for _ in range(3)])))
