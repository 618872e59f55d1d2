# SPDX-License-Identifier: GPL-3.0-or-later
# tensorflow-device: a numpy array placed on the GPU under tf.device, a
# copy from pageable memory (ShareScope's device, to-device). TensorFlow
# hides its device pointers: whether memory is shared is not checked.
def measure(tf, n, iterations, warmup):
    import numpy as np
    if not tf.config.list_physical_devices("GPU"):
        return {"notRun": "TensorFlow sees no GPU"}
    host = np.ones(n, dtype=np.float32)
    kept = []

    def step():
        with tf.device("/GPU:0"):
            kept[:] = [tf.identity(host)]        # the host array copied to the GPU
        tf.test.experimental.sync_devices()      # TensorFlow 2.13 and later: wait for the GPU
    samples = timed(step, iterations, warmup)
    return {"memory": "numpy array (pageable), tf.identity under tf.device(\"/GPU:0\")", "step": "to-device",
            "samples": samples, "shared": None}


main("tensorflow-device", "tensorflow", measure)
