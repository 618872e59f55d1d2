# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install "jax[cuda13]" (jax[cuda12] for CUDA 12); runs on an NVIDIA GPU.
# Last run: JAX (version not recorded), driver 580.159.04 on an NVIDIA H200, 2026-11-30 (ok).
# pinned in JAX: every array has a memory kind, "device" (GPU memory) or
# "pinned_host" (page-locked host memory). jax.device_put to a sharding of the
# other kind moves the array, by DMA; it returns at once, the copy runs on.
import sys
import numpy as np
import jax
from jax.sharding import SingleDeviceSharding

gpu = jax.devices("gpu")[0]
kinds = [memory.kind for memory in gpu.addressable_memories()]
print(gpu, "has the memory kinds", kinds)
if "pinned_host" not in kinds:
    print("pinned: this device has no pinned_host memory")
    sys.exit(3)                                  # not supported by this device
on_gpu = SingleDeviceSharding(gpu, memory_kind="device")
on_host = SingleDeviceSharding(gpu, memory_kind="pinned_host")

n = 1 << 20
x = np.arange(n, dtype=np.float32)              # ordinary, pageable host memory
x_host = jax.device_put(x, on_host)             # pageable to pinned host memory, still on the host
x_gpu = jax.device_put(x_host, on_gpu)          # to-device: DMA from pinned memory
y_gpu = x_gpu * 2                               # kernel, on GPU memory
y_host = jax.device_put(y_gpu, on_host)         # to-host: DMA into pinned memory
y_host.block_until_ready()                      # wait: the copies are asynchronous
for name, array in [("x_host", x_host), ("x_gpu", x_gpu), ("y_gpu", y_gpu), ("y_host", y_host)]:
    print(f"{name:6} is in {array.sharding.memory_kind} memory")
assert y_host.sharding.memory_kind == "pinned_host"
assert np.array_equal(np.asarray(y_host), 2 * x)  # read on the CPU
print("pinned: verified", n, "elements")
