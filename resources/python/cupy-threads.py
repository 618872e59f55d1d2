# SPDX-License-Identifier: GPL-3.0-or-later
# cupy-threads: 8 Python threads, each with a CuPy stream of its own
# (non-blocking), double their slice of one device array at once; the step
# is the whole kernel phase, from the first thread's start to the last
# one's synchronize (ShareScope's threads-share-one-gpu, whose lesson says
# what splitting one kernel costs; beside pinned's kernel on one thread).
THREADS = 8


def measure(cp, n, iterations, warmup):
    missing = cupy_device_missing(cp)
    if missing:
        return {"notRun": missing}
    import threading
    device = cp.ones(n, dtype=cp.float32)
    bounds = [(n * t // THREADS, n * (t + 1) // THREADS) for t in range(THREADS)]
    streams = [cp.cuda.Stream(non_blocking=True) for _ in range(THREADS)]
    device[:1] *= 2                              # the kernel compiled before any sample
    cp.cuda.Device().synchronize()
    device[:1] = 1
    start = threading.Barrier(THREADS + 1)
    done = threading.Barrier(THREADS + 1)
    errors = []

    def work(t):                                 # started once, as ShareScope's threads are; daemons,
        first, last = bounds[t]                  # so the process's end ends them
        while True:
            start.wait()
            try:
                with streams[t]:
                    device[first:last] *= 2
                streams[t].synchronize()
            except Exception as error:
                errors.append("%s: %s" % (type(error).__name__, error))
            done.wait()
    threads = [threading.Thread(target=work, args=(t,), daemon=True) for t in range(THREADS)]
    for thread in threads:
        thread.start()

    samples = []
    for i in range(warmup + iterations):
        device.fill(1)
        cp.cuda.Device().synchronize()
        begin = time.perf_counter_ns()
        start.wait()
        done.wait()
        elapsed = time.perf_counter_ns() - begin
        if errors:
            raise RuntimeError(errors[0])
        # Every element doubled once, by exactly one thread.
        if not bool((device == 2).all()):
            raise RuntimeError("the threads' slices did not cover every element exactly once")
        if i >= warmup:
            samples.append(elapsed)
    return {"memory": "cp.ndarray, %d threads with a cupy.cuda.Stream(non_blocking=True) each" % THREADS,
            "step": "kernel", "samples": samples, "shared": None}


main("cupy-threads", "cupy", measure)
