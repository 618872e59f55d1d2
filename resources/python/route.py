# SPDX-License-Identifier: GPL-3.0-or-later
# What every route of `sharescope python` shares. ShareScope runs a route as
#   python3 -c "<this file><the route's file>" --size BYTES --iterations N --warmup W
# and reads the one JSON line it prints:
#   {"route", "state": "measured" | "not-run" | "failed", "framework",
#    "memory", "step", "bytes", "medianNs", "samples", "shared", "reason"}
# A missing package is "not-run" with the reason; an exception is "failed"
# with the framework's own message. Nothing is installed; nothing else goes
# to standard output, and standard error is silenced (a framework's warnings
# would mix with ShareScope's output).
import sys

# python3 -c puts the working directory first on the path: a json.py or a
# source checkout of a framework there would stand in for the real one.
sys.path[:] = [p for p in sys.path if p not in ("", ".")]

import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

# The result goes to a copy of standard output; what frameworks print to
# file descriptors 1 and 2 (even from C, even at exit) goes nowhere.
_devnull = os.open(os.devnull, os.O_WRONLY)
_out = os.fdopen(os.dup(1), "w")
os.dup2(_devnull, 1)
os.dup2(_devnull, 2)
sys.stdout = open(os.devnull, "w")


def _arguments():
    values = {"--size": 64 << 20, "--iterations": 5, "--warmup": 1}
    args = sys.argv[1:]
    for i in range(0, len(args) - 1, 2):
        if args[i] in values:
            values[args[i]] = int(args[i + 1])
    return values["--size"], values["--iterations"], values["--warmup"]


def clean(text):
    """A message as one line of at most 500 characters, valid UTF-8."""
    text = " ".join(str(text).split())[:500]
    return text.encode("utf-8", "replace").decode("utf-8")


_cleanups = []  # run before the line is written: other processes stopped, folders removed


def _emit(**fields):
    """The one line ShareScope reads; then the process ends at once, so
    that no framework's shutdown can hang it or print after it."""
    for cleanup in reversed(_cleanups):
        try:
            cleanup()
        except Exception:
            pass
    _out.write(json.dumps(fields) + "\n")
    _out.flush()
    os._exit(0)


def timed(step, iterations, warmup):
    """Runs step() warmup + iterations times; step returns when its work is
    done (it synchronises with the framework's own call). The host time of
    each measured run, in nanoseconds."""
    samples = []
    for i in range(warmup + iterations):
        start = time.perf_counter_ns()
        step()
        elapsed = time.perf_counter_ns() - start
        if i >= warmup:
            samples.append(elapsed)
    return samples


def same(first, second):
    """Whether two addresses, each a callable, are equal; None where one
    cannot be read."""
    try:
        return first() == second()
    except Exception:
        return None


def cupy_device_missing(cp):
    """Why CuPy has no GPU to run on here, or None."""
    try:
        if cp.cuda.runtime.getDeviceCount() == 0:
            return "CuPy sees no CUDA device"
    except Exception as error:
        return "CuPy sees no CUDA device: %s" % error
    return None


def numba_scale(cuda):
    """numba's kernel that doubles a float32 array, compiled before any
    sample is taken."""
    @cuda.jit
    def scale(buf):
        i = cuda.grid(1)
        if i < buf.size:
            buf[i] *= 2
    scale[1, 1](cuda.device_array(1, dtype="float32"))
    cuda.synchronize()
    return scale


def opencl_scale(cl):
    """(context, queue, the kernel that doubles a float buffer) on the first
    OpenCL device, or None and why there is none."""
    try:
        context = cl.create_some_context(interactive=False)
    except Exception as error:
        return None, "no OpenCL device: %s" % error
    queue = cl.CommandQueue(context)
    program = cl.Program(context, "__kernel void scale(__global float *b) { b[get_global_id(0)] *= 2.0f; }").build()
    return (context, queue, program), None


# The other process's entry: where this one ends without cleaning up
# (ShareScope stopped it at the deadline), the other removes the folder and
# ends too, rather than wait for ever holding GPU memory.
_WATCHED = """

def watched(parent, *queues):
    import os, shutil, threading, time

    def watch():
        while os.getppid() == parent:
            time.sleep(0.2)
        shutil.rmtree(os.path.dirname(os.path.abspath(__file__)), ignore_errors=True)
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()
    child(*queues)
"""


def other_process(context, source, *queues):
    """Starts child(*queues), a function in `source`, in a new process of the
    multiprocessing `context` (spawn, as CUDA needs). python3 -c has no file
    the new process could import it from, so `source` goes to a private
    folder on the path, removed at the end; the process is stopped at the
    end if it still runs."""
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="sharescope-python-")
    _cleanups.append(lambda: shutil.rmtree(folder, ignore_errors=True))
    name = "sharescope_other_process"
    with open(os.path.join(folder, name + ".py"), "w") as file:
        file.write(source + _WATCHED)
    sys.path.insert(0, folder)
    module = __import__(name)
    process = context.Process(target=module.watched, args=(os.getpid(),) + queues, daemon=True)
    process.start()
    _cleanups.append(process.kill)
    return process


def answer(queue, process):
    """The other process's next message; an error it sent, or its end, as
    this process's error. ShareScope's deadline bounds the wait."""
    import queue as queues
    while True:
        try:
            message = queue.get(timeout=0.2)
        except queues.Empty:
            if not process.is_alive():
                try:  # its last message may have arrived as it ended
                    message = queue.get(timeout=1)
                except queues.Empty:
                    raise RuntimeError("the other process ended with exit code %s" % process.exitcode)
            else:
                continue
        if isinstance(message, dict) and "error" in message:
            raise RuntimeError("in the other process: %s" % message["error"])
        return message


def main(route, module_name, measure):
    size, iterations, warmup = _arguments()
    try:
        module = __import__(module_name)
    except Exception as error:  # ImportError, or a package that fails to load
        _emit(route=route, state="not-run", reason=clean("cannot import %s: %s" % (module_name, error)))
    version = getattr(module, "__version__", None) or getattr(module, "VERSION_TEXT", None) or "(version unknown)"
    framework = "%s %s" % (module_name, version)
    try:
        result = measure(module, size // 4, iterations, warmup)
    except Exception as error:
        _emit(route=route, state="failed", framework=clean(framework),
              reason=clean("%s: %s" % (type(error).__name__, error)))
    if result.get("notRun"):
        _emit(route=route, state="not-run", framework=clean(framework), reason=clean(result["notRun"]))
    samples = result["samples"]
    _emit(route=route, state="measured", framework=clean(framework), memory=clean(result["memory"]),
          step=result["step"],
          bytes=(size // 4) * 4, medianNs=int(statistics.median(samples)), samples=len(samples),
          shared=result.get("shared"))
