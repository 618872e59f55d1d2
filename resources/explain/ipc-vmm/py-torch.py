# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install torch (a CUDA build, see pytorch.org); runs on an NVIDIA GPU.
# Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version.
# ipc-vmm in PyTorch: with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True the
# caching allocator makes its memory with cuMemCreate and maps it with cuMemMap,
# and torch.multiprocessing shares such a tensor as the POSIX file descriptors
# of its memory. The receiving process takes each descriptor out of the sending
# process with pidfd_getfd, which needs permission to ptrace the sender: in many
# containers, and where Yama's kernel.yama.ptrace_scope restricts ptrace, that
# fails with "pidfd_getfd: Operation not permitted" (EPERM; pytorch issues
# #165685 and #179220). This example then says so and exits 3. ShareScope's
# ipc-vmm passes the descriptors over a Unix socket (SCM_RIGHTS) instead, which
# needs no such permission.
import os

# Before torch starts CUDA; the spawned process inherits it.
os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"

import sys

import torch
import torch.multiprocessing as mp


def child(queue, result):
    try:
        x = queue.get()              # pidfd_open, pidfd_getfd, cuMemImportFromShareableHandle
    except RuntimeError as error:
        result.put(str(error))
        return
    x *= 2
    torch.cuda.synchronize()
    del x
    result.put("ok")


if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    queue, result = ctx.Queue(), ctx.Queue()
    n = 1 << 20
    x = torch.arange(n, dtype=torch.float32, device="cuda")
    torch.cuda.synchronize()         # the values are in place before the other process reads them
    process = ctx.Process(target=child, args=(queue, result))
    process.start()
    queue.put(x)                     # the producer must keep x alive while it is shared
    outcome = result.get(timeout=120)
    process.join()
    if "pidfd" in outcome:
        print("ipc-vmm: the other process could not take the tensor's file descriptors:", outcome)
        print("ipc-vmm: pidfd_getfd needs permission to ptrace this process, which this system refuses;")
        print("ipc-vmm: share such tensors with expandable_segments:False, or pass the descriptors over a")
        print("ipc-vmm: Unix socket with SCM_RIGHTS (sharescope explain ipc-vmm --example cpp)")
        sys.exit(3)
    assert outcome == "ok", f"the other process failed: {outcome}"
    assert torch.equal(x, 2 * torch.arange(n, dtype=torch.float32, device="cuda"))
    print("ipc-vmm: verified", n, "elements changed by process", process.pid)
