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
import json
import os
import statistics
import sys
import time

_devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(_devnull, 2)


def _arguments():
    values = {"--size": 64 << 20, "--iterations": 5, "--warmup": 1}
    args = sys.argv[1:]
    for i in range(0, len(args) - 1, 2):
        if args[i] in values:
            values[args[i]] = int(args[i + 1])
    return values["--size"], values["--iterations"], values["--warmup"]


def _emit(**fields):
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


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


def main(route, module_name, measure):
    size, iterations, warmup = _arguments()
    try:
        module = __import__(module_name)
    except Exception as error:  # ImportError, or a package that fails to load
        _emit(route=route, state="not-run", reason="cannot import %s: %s" % (module_name, error))
        return
    version = getattr(module, "__version__", None) or getattr(module, "VERSION_TEXT", None) or "(version unknown)"
    framework = "%s %s" % (module_name, version)
    try:
        result = measure(module, size // 4, iterations, warmup)
    except Exception as error:
        _emit(route=route, state="failed", framework=framework, reason="%s: %s" % (type(error).__name__, error))
        return
    if result.get("notRun"):
        _emit(route=route, state="not-run", framework=framework, reason=result["notRun"])
        return
    samples = result["samples"]
    _emit(route=route, state="measured", framework=framework, memory=result["memory"], step=result["step"],
          bytes=(size // 4) * 4, medianNs=int(statistics.median(samples)), samples=len(samples),
          shared=result.get("shared"))
