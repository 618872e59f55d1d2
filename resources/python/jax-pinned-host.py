# SPDX-License-Identifier: GPL-3.0-or-later
# jax-pinned-host: an array in the "pinned_host" memory kind, device_put to
# the "device" kind: a DMA copy from page-locked memory (ShareScope's
# pinned, to-device).
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # else JAX takes 75 % of the GPU


def measure(jax, n, iterations, warmup):
    import numpy as np
    from jax.sharding import SingleDeviceSharding
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    if not gpus:
        return {"notRun": "JAX sees no GPU"}
    pinned = jax.device_put(np.ones(n, dtype=np.float32), SingleDeviceSharding(gpus[0], memory_kind="pinned_host"))
    pinned.block_until_ready()
    onDevice = SingleDeviceSharding(gpus[0], memory_kind="device")
    kept = []

    def step():
        kept[:] = [jax.device_put(pinned, onDevice)]
        kept[0].block_until_ready()
    samples = timed(step, iterations, warmup)
    return {"memory": "memory_kind=\"pinned_host\" to \"device\", jax.device_put", "step": "to-device",
            "samples": samples, "shared": same(kept[0].unsafe_buffer_pointer, pinned.unsafe_buffer_pointer)}


main("jax-pinned-host", "jax", measure)
