# SPDX-License-Identifier: GPL-3.0-or-later
# numba-ipc: device arrays exported with get_ipc_handle() and opened by a
# second process, which doubles them in place (ShareScope's ipc, ipc-open:
# cudaIpcOpenMemHandle in the second process). Each sample opens a handle
# of its own array, so no open is served from an earlier one.
OTHER = '''
def child(orders, answers):
    try:
        import time
        from numba import cuda

        @cuda.jit
        def scale(buf):
            i = cuda.grid(1)
            if i < buf.size:
                buf[i] *= 2
        scale[1, 1](cuda.device_array(1, dtype="float32"))
        cuda.synchronize()
        answers.put("ready")
        times = []
        for handle in orders.get():
            start = time.perf_counter_ns()
            array = handle.open()                 # cudaIpcOpenMemHandle
            times.append(time.perf_counter_ns() - start)
            scale[(array.size + 255) // 256, 256](array)
            cuda.synchronize()
            handle.close()
        answers.put(times)
    except Exception as error:
        answers.put({"error": "%s: %s" % (type(error).__name__, error)})
'''


def measure(numba, n, iterations, warmup):
    import multiprocessing
    import numpy as np
    from numba import cuda
    if not cuda.is_available():
        return {"notRun": "numba sees no CUDA device"}
    if not sys.platform.startswith("linux"):
        return {"notRun": "numba's IPC handles are for Linux only"}
    context = multiprocessing.get_context("spawn")
    orders, answers = context.Queue(), context.Queue()
    process = other_process(context, OTHER, orders, answers)
    arrays = [cuda.to_device(np.ones(n, dtype=np.float32)) for _ in range(warmup + iterations)]
    handles = [array.get_ipc_handle() for array in arrays]
    answer(answers, process)                     # the other process is ready
    orders.put(handles)
    times = answer(answers, process)
    process.join(30)
    # The other process's writes, read here: the memory is shared in place.
    shared = all(array[n - 1] == 2 and array[0] == 2 for array in arrays)
    return {"memory": "cuda.device_array, get_ipc_handle() to a second process", "step": "ipc-open",
            "samples": times[warmup:], "shared": shared}


main("numba-ipc", "numba", measure)
