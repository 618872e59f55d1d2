# SPDX-License-Identifier: GPL-3.0-or-later
# Install: pip install "tensorflow[and-cuda]"; runs on an NVIDIA GPU.
# Not yet run by scripts/check-snippets.sh.
# tensorflow in TF1 style: a session's GPUOptions choose how much GPU memory
# TensorFlow's allocator takes, and whether it takes unified (managed) memory.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()           # graphs and sessions, as in TF1
gpu_options = tf.compat.v1.GPUOptions(
    allow_growth=True,                           # start small, grow as needed
    per_process_gpu_memory_fraction=2.0,         # above 1.0: unified memory, up to twice the GPU
    # Or stay within the GPU but still use unified memory:
    # experimental=tf.compat.v1.GPUOptions.Experimental(use_unified_memory=True),
)
config = tf.compat.v1.ConfigProto(gpu_options=gpu_options, log_device_placement=True)

n = 1 << 20
with tf.device("/GPU:0"):
    x = tf.compat.v1.placeholder(tf.float32, shape=[n])
    y = x * 2
with tf.compat.v1.Session(config=config) as session:
    out = session.run(y, feed_dict={x: np.arange(n, dtype=np.float32)})  # copied in and out
assert np.array_equal(out, 2 * np.arange(n, dtype=np.float32))
print("tensorflow: a TF1 session on unified memory, verified", n, "elements")
