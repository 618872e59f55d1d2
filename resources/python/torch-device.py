# SPDX-License-Identifier: GPL-3.0-or-later
# torch-device: .to("cuda") of an ordinary CPU tensor, a copy from pageable
# memory (ShareScope's device, to-device).
def measure(torch, n, iterations, warmup):
    if not torch.cuda.is_available():
        return {"notRun": "PyTorch sees no CUDA device"}
    host = torch.ones(n, dtype=torch.float32)
    kept = []

    def step():
        kept[:] = [host.to("cuda")]
        torch.cuda.synchronize()
    samples = timed(step, iterations, warmup)
    return {"memory": "CPU tensor (pageable) .to(\"cuda\")", "step": "to-device", "samples": samples,
            "shared": same(kept[0].data_ptr, host.data_ptr)}


main("torch-device", "torch", measure)
