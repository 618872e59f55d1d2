# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install torch (a CUDA build, see pytorch.org); runs on an NVIDIA GPU.
# Last run: PyTorch 2.11, CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok); again 2026-11-30
# (driver 580.159.04).
# ipc in PyTorch: torch.multiprocessing sends a CUDA tensor to another process
# as a CUDA IPC handle; both processes then use the same GPU memory.
import torch
import torch.multiprocessing as mp

def child(queue, done):
    x = queue.get()                  # opens the IPC handle
    x *= 2
    torch.cuda.synchronize()
    del x
    done.set()

if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    queue, done = ctx.Queue(), ctx.Event()
    n = 1 << 20
    x = torch.arange(n, dtype=torch.float32, device="cuda")
    process = ctx.Process(target=child, args=(queue, done))
    process.start()
    queue.put(x)                     # the producer must keep x alive while it is shared
    done.wait()
    process.join()
    assert torch.equal(x, 2 * torch.arange(n, dtype=torch.float32, device="cuda"))
    print("ipc: verified", n, "elements changed by process", process.pid)
