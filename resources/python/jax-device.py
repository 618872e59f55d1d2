# SPDX-License-Identifier: GPL-3.0-or-later
# jax-device: jax.device_put of an ordinary numpy array to the GPU
# (ShareScope's device, to-device).
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # else JAX takes 75 % of the GPU


def measure(jax, n, iterations, warmup):
    import numpy as np
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    if not gpus:
        return {"notRun": "JAX sees no GPU"}
    host = np.ones(n, dtype=np.float32)
    kept = []

    def step():
        kept[:] = [jax.device_put(host, gpus[0])]
        kept[0].block_until_ready()
    samples = timed(step, iterations, warmup)
    return {"memory": "numpy array (pageable), jax.device_put", "step": "to-device", "samples": samples,
            "shared": same(kept[0].unsafe_buffer_pointer, lambda: host.ctypes.data)}


main("jax-device", "jax", measure)
