# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install "tensorflow[and-cuda]" torch (CUDA builds); runs on an NVIDIA GPU.
# Not yet run by scripts/check-snippets.sh.
# tensorflow: where tensors live (tf.device), TensorFlow's own GPU allocator
# (memory growth), and a hand-over to PyTorch and back by DLPack, no copy.
import sys
import tensorflow as tf
import torch

gpus = tf.config.list_physical_devices("GPU")
if not gpus:
    print("tensorflow: TensorFlow sees no GPU")
    sys.exit(3)                                  # not supported by this device
# Before anything uses the GPU: take memory as needed, not nearly all of it.
# Or a fixed limit, in MB, instead (not both):
#   tf.config.set_logical_device_configuration(
#       gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=1024)])
tf.config.experimental.set_memory_growth(gpus[0], True)

n = 1 << 20
with tf.device("/CPU:0"):
    x = tf.range(n, dtype=tf.float32)            # in host memory
with tf.device("/GPU:0"):
    y = x * 2                                    # x is copied to the GPU, then the kernel runs
print("x is on", x.device)
print("y is on", y.device)
print("allocator on GPU:0:", tf.config.experimental.get_memory_info("GPU:0"))
assert x.device.endswith("CPU:0") and y.device.endswith("GPU:0")

# DLPack: PyTorch allocates, TensorFlow uses the same memory, and back.
t = torch.arange(n, dtype=torch.float32, device="cuda")
tt = tf.experimental.dlpack.from_dlpack(torch.utils.dlpack.to_dlpack(t))
back = torch.from_dlpack(tf.experimental.dlpack.to_dlpack(tt))
print(f"PyTorch t.data_ptr()             = {t.data_ptr():#x}")
print(f"after TensorFlow, back.data_ptr() = {back.data_ptr():#x}")
assert back.data_ptr() == t.data_ptr()           # no copy on either hand-over
assert tt.device.endswith("GPU:0")
assert float(tf.reduce_sum(tt[1:4])) == 6.0      # TensorFlow computes on PyTorch's memory
assert bool(tf.reduce_all(y == 2 * x))
print("tensorflow: verified", n, "elements")
