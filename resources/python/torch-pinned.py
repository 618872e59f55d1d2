# SPDX-License-Identifier: GPL-3.0-or-later
# torch-pinned: pin_memory() and .to("cuda", non_blocking=True), a DMA copy
# from page-locked memory (ShareScope's pinned, to-device).
def measure(torch, n, iterations, warmup):
    if not torch.cuda.is_available():
        return {"notRun": "PyTorch sees no CUDA device"}
    host = torch.ones(n, dtype=torch.float32).pin_memory()
    kept = []

    def step():
        kept[:] = [host.to("cuda", non_blocking=True)]
        torch.cuda.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "pin_memory() (page-locked), .to(\"cuda\", non_blocking=True)", "step": "to-device",
            "samples": samples, "shared": same(kept[0].data_ptr, host.data_ptr)}


main("torch-pinned", "torch", measure)
