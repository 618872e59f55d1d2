# SPDX-License-Identifier: GPL-3.0-or-later
# dlpack-matrix: each framework's arrays of each memory kind (device,
# pinned host, managed) handed to each framework: through DLPack
# (from_dlpack) to CuPy, PyTorch and JAX, through __cuda_array_interface__
# to numba. Each cell is "shared" (the consumer's array has the producer's
# address), "copied" (another address), "refused" (the consumer raised: its
# message is kept) or "unavailable" (the producer cannot make that memory,
# or is not installed). Run after route.py's shared part: one JSON line.
import os

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # JAX would take 75 % of the GPU
FRAMEWORKS = ["cupy", "torch", "jax", "numba"]
MEMORIES = ["device", "pinned", "managed"]
DEVICE_TYPES = {1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost", 13: "kDLCUDAManaged"}


class Unavailable(Exception):
    pass


def load(name):
    try:
        if name == "numba":
            from numba import cuda
            import numba
            if not cuda.is_available():
                raise Unavailable("numba sees no CUDA device")
            return numba
        return __import__(name)
    except Unavailable:
        raise
    except Exception as error:
        raise Unavailable(short(error, "cannot import %s: " % name))


def make(name, memory, n):
    """An array of `memory` made by framework `name`, and its address."""
    import numpy as np
    if name == "cupy":
        import cupy as cp
        if memory == "device":
            a = cp.arange(n, dtype=cp.float32)
            return a, a.data.ptr
        if memory == "pinned":
            import cupyx
            a = cupyx.empty_pinned((n,), dtype=np.float32)  # a numpy array over pinned memory
            a[:] = np.arange(n, dtype=np.float32)
            return a, a.ctypes.data
        m = cp.cuda.malloc_managed(n * 4)
        a = cp.ndarray((n,), dtype=cp.float32, memptr=m)
        a[:] = cp.arange(n, dtype=cp.float32)
        return a, a.data.ptr
    if name == "torch":
        import torch
        if memory == "device":
            a = torch.arange(n, dtype=torch.float32, device="cuda")
            return a, a.data_ptr()
        if memory == "pinned":
            a = torch.arange(n, dtype=torch.float32).pin_memory()
            return a, a.data_ptr()
        raise Unavailable("PyTorch has no managed-memory tensor")
    if name == "jax":
        import jax
        from jax.sharding import SingleDeviceSharding
        gpus = [d for d in jax.devices() if d.platform == "gpu"]
        if not gpus:
            raise Unavailable("JAX sees no GPU")
        if memory == "managed":
            raise Unavailable("JAX has no managed-memory array")
        kind = "device" if memory == "device" else "pinned_host"
        a = jax.device_put(np.arange(n, dtype=np.float32), SingleDeviceSharding(gpus[0], memory_kind=kind))
        a.block_until_ready()
        return a, a.unsafe_buffer_pointer()
    from numba import cuda
    if memory == "device":
        a = cuda.to_device(np.arange(n, dtype=np.float32))
        return a, a.device_ctypes_pointer.value
    a = cuda.pinned_array(n, dtype=np.float32) if memory == "pinned" else cuda.managed_array(n, dtype=np.float32)
    a[:] = np.arange(n, dtype=np.float32)
    return a, a.ctypes.data


def consume(name, a):
    """`a` taken by framework `name`, and the address it ended up at."""
    if name == "cupy":
        import cupy as cp
        b = cp.from_dlpack(a)
        return b.data.ptr
    if name == "torch":
        import torch
        b = torch.from_dlpack(a)
        return b.data_ptr()
    if name == "jax":
        import jax
        b = jax.dlpack.from_dlpack(a)
        return b.unsafe_buffer_pointer()
    from numba import cuda
    b = cuda.as_cuda_array(a)
    return b.device_ctypes_pointer.value


def short(error, prefix=""):
    """An error as one line of at most 300 characters, valid UTF-8."""
    text = prefix + ("%s: %s" % (type(error).__name__, error) if not prefix else str(error))
    return clean(text)[:300]


def matrix():
    n = 1024
    versions = {}
    problems = {}
    for name in FRAMEWORKS:
        try:
            module = load(name)
            versions[name] = getattr(module, "__version__", "(version unknown)")
        except Unavailable as error:
            problems[name] = str(error)
    cells = []
    for producer in FRAMEWORKS:
        for memory in MEMORIES:
            made = None
            why = problems.get(producer)
            device = None
            if not why:
                try:
                    made = make(producer, memory, n)
                except Unavailable as error:
                    why = str(error)
                except Exception as error:
                    why = "could not make it: " + short(error)
                try:
                    describe = getattr(made[0], "__dlpack_device__", None) if made else None
                    if describe:
                        kind = describe()[0]
                        device = DEVICE_TYPES.get(int(kind), str(int(kind)))
                except Exception:
                    device = None  # the array says nothing of its device
            for consumer in FRAMEWORKS:
                cell = {"producer": producer, "memory": memory, "consumer": consumer,
                        "interface": "cuda-array-interface" if consumer == "numba" else "dlpack"}
                if device:
                    cell["producerDevice"] = device
                if why or problems.get(consumer):
                    cell["outcome"] = "unavailable"
                    cell["message"] = why or problems[consumer]
                else:
                    try:
                        address = consume(consumer, made[0])
                        cell["outcome"] = "shared" if address == made[1] else "copied"
                    except Exception as error:
                        cell["outcome"] = "refused"
                        cell["message"] = short(error)
                cells.append(cell)
    return versions, cells


versions, cells = matrix()
_emit(route="dlpack-matrix", state="measured", versions=versions, cells=cells)
