# SPDX-License-Identifier: GPL-3.0-or-later
"""ShareScope from Python: see how a CPU and a GPU share memory.

The functions run the sharescope program installed with this package (the
same command line, with ``--json``) and return its results as objects:

    import sharescope
    report = sharescope.run(mode="cl-copy", size="64MiB")
    report.to_pandas()            # a DataFrame, a row per phase
    sharescope.compare(size="256MiB")   # every mode the device supports
    sharescope.load("saved.json") # a report saved with --json

and one thing only the notebook's own process can give: the NVIDIA UVM
driver's exact counts of its own work,

    with sharescope.counting() as c:
        ...                       # CuPy, PyTorch or numba on managed memory
    c.bytes_host_to_device

or ``%load_ext sharescope`` and a ``%%sharescope`` cell. docs/python.md
walks through it; every function's help() says what it takes.

Errors are exceptions that carry the program's message and exit code:
BadArgument (a ValueError, exit 2), NotSupported (exit 3), RunFailed
(exit 1), all SharescopeError.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from importlib import metadata
from typing import Any, Sequence

from . import _program
from ._counting import Counted, counting
from ._errors import (
    BadArgument,
    NotSupported,
    ProgramNotFound,
    ReportFormatError,
    RunFailed,
    SharescopeError,
    Stopped,
)
from ._errors import error_for as _error_for
from ._magic import load_ipython_extension
from ._program import program
from ._report import (
    FORMAT_VERSION,
    Budget,
    BudgetCheck,
    Ceilings,
    Comparison,
    CounterSource,
    Counters,
    Demo,
    Device,
    Devices,
    Explanation,
    Iteration,
    Mismatch,
    Mode,
    Modes,
    PathCeiling,
    Phase,
    PhaseCeiling,
    PhaseSample,
    Report,
    Skipped,
    Spec,
    Verification,
    load,
)

try:
    __version__ = metadata.version("sharescope")
except metadata.PackageNotFoundError:  # run from a build tree (PYTHONPATH)
    __version__ = "unknown"

__all__ = [
    "run", "compare", "sweep", "demo", "explain", "devices", "modes", "load", "counting", "watch", "doctor",
    "program", "Report", "Comparison", "Demo", "Phase", "PhaseSample", "Iteration", "Counters", "CounterSource",
    "PhaseCeiling", "Ceilings", "PathCeiling", "Budget", "BudgetCheck", "Verification", "Mismatch", "Spec",
    "Device", "Devices", "Mode", "Modes", "Explanation", "Skipped", "Counted", "SharescopeError", "BadArgument",
    "NotSupported", "RunFailed", "Stopped", "ProgramNotFound", "ReportFormatError", "FORMAT_VERSION",
    "load_ipython_extension",
]

def _experiment(
    kernel: str | None,
    size: int | str | None,
    device: str | None,
    iterations: int | None,
    warmup: int | None,
    counters: bool,
    options: dict[str, Any],
) -> list[str]:
    return _program.options(
        kernel=kernel, size=size, device=device, iterations=iterations, warmup=warmup, no_counters=not counters,
        **options,
    )


def _comparison(finished: _program.Finished) -> Comparison:
    return Comparison.from_json(json.loads(finished.stdout), _program.notes_of(finished.stderr))


def run(
    mode: str | None = None,
    *,
    kernel: str | None = None,
    size: int | str | None = None,
    device: str | None = None,
    iterations: int | None = None,
    warmup: int | None = None,
    counters: bool = True,
    timeout: float | None = None,
    **options: Any,
) -> Report:
    """Runs one experiment, as `sharescope run`, and returns its Report.

    mode: a sharing mode ("managed", "pinned", "cl-copy", ...; modes() lists
    them; default: the device's plain copy mode); kernel: "vector-add"
    (default), "scale", "stride", "gather", "ping-pong", "first-touch";
    size: bytes per buffer, a number or a string with a unit ("64MiB",
    "1.5GiB", "100MB"); device: "cuda:0", "opencl:0", ... (default: the
    first CUDA device, else the first OpenCL device); iterations, warmup:
    measured and warm-up iterations; counters=False: no counted pass.
    Every other option of `sharescope run --help` is a keyword, dashes as
    underscores, True for a flag: `host_threads=4`, `records="cupti"`,
    `advice="read-mostly"`. timeout: seconds before the run is stopped.

    Raises BadArgument (a ValueError) for a value the program refuses,
    NotSupported where the device cannot run the mode, RunFailed where the
    run failed (a device error or wrong results; `partial` then holds the
    report, where one was written).
    """
    arguments = _program.options(mode=mode) + _experiment(kernel, size, device, iterations, warmup, counters, options)
    finished = _program.execute(
        "run", [*arguments, "--json", "-"], timeout=timeout, partial=lambda f: Report.from_json(json.loads(f.stdout))
    )
    return Report.from_json(json.loads(finished.stdout), _program.notes_of(finished.stderr))


def compare(
    modes: str | Sequence[str] | None = None,
    *,
    kernel: str | None = None,
    size: int | str | None = None,
    device: str | None = None,
    iterations: int | None = None,
    warmup: int | None = None,
    counters: bool = True,
    timeout: float | None = None,
    **options: Any,
) -> Comparison:
    """Runs one experiment in several modes, as `sharescope compare`.

    modes: a list of modes, or "all" (default: every mode the device
    supports; those it cannot run are in `skipped`, with why). The other
    arguments are those of run(). Returns a Comparison (a Report per mode).
    Raises as run() does; a RunFailed's `partial` keeps the runs that
    finished.
    """
    arguments = _program.options(modes=modes) + _experiment(kernel, size, device, iterations, warmup, counters, options)
    finished = _program.execute("compare", [*arguments, "--json", "-"], timeout=timeout, partial=_comparison)
    return _comparison(finished)


def sweep(
    modes: str | Sequence[str] | None = None,
    *,
    sizes: str | Sequence[int | str] | None = None,
    kernel: str | None = None,
    device: str | None = None,
    iterations: int | None = None,
    warmup: int | None = None,
    counters: bool = True,
    timeout: float | None = None,
    **options: Any,
) -> Comparison:
    """Measures bandwidth against size, as `sharescope sweep`.

    modes: a list of modes or "all" (default: the device's plain copy
    mode); sizes: "FROM:TO" (doubling), "FROM:TO:xN", or a list of sizes
    (default "4KiB:64MiB:x4"). The other arguments are those of run().
    Returns a Comparison with a Report per mode and size.
    """
    arguments = _program.options(modes=modes, sizes=sizes) + _experiment(
        kernel, None, device, iterations, warmup, counters, options
    )
    finished = _program.execute("sweep", [*arguments, "--json", "-"], timeout=timeout, partial=_comparison)
    return _comparison(finished)


def demo(
    name: str,
    *,
    device: str | None = None,
    size: int | str | None = None,
    iterations: int | None = None,
    warmup: int | None = None,
    counters: bool = True,
    timeout: float | None = None,
    **options: Any,
) -> Demo:
    """Runs a guided demo, as `sharescope demo NAME`, on this machine.

    name: "copies-vs-zero-copy", "pages-move-whole", "ping-pong",
    "threads-share-one-gpu" (any device), "first-touch", "prefetch", ...
    (CUDA; `sharescope demo --list` lists them). Returns a Demo: its
    Comparison, measured here, and the lesson told with its numbers. A demo
    this machine cannot run raises NotSupported (the command line instead
    tells it as measured on a GPU, from a report shipped with it).
    """
    arguments = [name, *_experiment(None, size, device, iterations, warmup, counters, options)]
    with tempfile.TemporaryDirectory(prefix="sharescope-demo-") as folder:
        path = os.path.join(folder, "demo.json")
        finished = _program.execute("demo", [*arguments, "--json", path], timeout=timeout)
        with open(path, encoding="utf-8") as file:
            comparison = Comparison.from_json(json.load(file), _program.notes_of(finished.stderr))
    return Demo(name=name, comparison=comparison, lesson=finished.stdout)


def explain(topic: str | None = None, *, lang: str = "en", example: str | None = None) -> Explanation:
    """A mode's page, as `sharescope explain MODE --markdown` prints it
    (Markdown, shown as such in a notebook), or the list of pages without a
    topic; with example ("cpp", "py-cupy", ...), that example's source.
    lang: "en" or "zh_CN". Needs no device."""
    arguments = ([topic] if topic else []) + _program.options(example=example)
    if topic and not example:
        arguments.append("--markdown")  # the page as written, which a notebook renders
    finished = _program.execute("explain", arguments, lang=lang)
    return Explanation(topic=topic, lang=lang, text=finished.stdout)


def devices() -> Devices:
    """The devices the program finds, as `sharescope devices` lists them;
    `.problems` says what it could not open (no NVIDIA driver, ...)."""
    finished = _program.execute("devices", ["--json"])
    document = json.loads(finished.stdout)
    found = [Device.from_json(d, f"devices[{i}]") for i, d in enumerate(document.get("devices", []))]
    return Devices(found, [str(p) for p in document.get("problems", [])])


def modes(device: str | None = None) -> Modes:
    """Every sharing mode, supported or not and why, on `device` (default:
    each on the devices of its backend), as `sharescope modes` lists them."""
    finished = _program.execute("modes", [*_program.options(device=device), "--json"])
    document = json.loads(finished.stdout)
    return Modes(
        Mode(
            id=str(m["id"]),
            backend=str(m["backend"]),
            summary=str(m.get("summary", "")),
            device=m.get("device"),
            supported=bool(m["supported"]),
            reason=str(m.get("reason", "")),
        )
        for m in document["modes"]
    )


def _newer_command(command: str, error: BadArgument) -> SharescopeError:
    """A program that does not know `command` yet: NotSupported, saying so."""
    if error.message.startswith(f"unknown command '{command}'"):
        return NotSupported(
            f"this sharescope program ({program()}) has no `{command}` command: it is older than the command; "
            "install a ShareScope that has it",
            3,
            error.command,
            error.stderr,
        )
    return error


def _json_report(
    command: str, arguments: list[str], timeout: float | None, written_codes: Sequence[int], after: Sequence[str] = ()
) -> Any:
    """Runs a command that writes its JSON into a file (`--json FILE`, before
    the arguments `after`: a `--` and a watched command), and returns the
    file's document where the program wrote it and exited with one of
    `written_codes`; else raises as the program's exit code says."""
    with tempfile.TemporaryDirectory(prefix=f"sharescope-{command}-") as folder:
        path = os.path.join(folder, f"{command}.json")
        line = [*arguments, "--json", path, *after]
        finished = _program.execute(command, line, timeout=timeout, check=False)
        if os.path.exists(path) and os.path.getsize(path) > 0 and finished.exit_code in written_codes:
            with open(path, encoding="utf-8") as file:
                return json.load(file)
    message = _program.message_of(finished.stderr) or f"`sharescope {command}` wrote no report"
    error = _error_for(finished.exit_code, message, finished.command, finished.stderr)
    raise _newer_command(command, error) if isinstance(error, BadArgument) else error


def watch(
    command: str | Sequence[str] | None = None, *, pid: int | None = None, timeout: float | None = None, **options: Any
) -> Any:
    """Watches a program's unified-memory migrations, as `sharescope watch
    --json FILE -- COMMAND` (or `pid=N`, `--pid N`), and returns the watch
    report (format "sharescope-watch", docs/cli.md) as Python objects: per
    process what the UVM driver counted, and the command's own exit status
    ("exitStatus"), which a failing command does not turn into an
    exception. command: a list of arguments, or one string split as a shell
    would; other options as keywords (`interval="10ms"`, `records=True`).
    Raises NotSupported where the installed program has no `watch`
    command, BadArgument where it refuses the arguments (a --pid it may not
    watch, with why)."""
    watched: list[str] = []
    if command is not None:
        watched = ["--", *(shlex.split(command) if isinstance(command, str) else command)]
    # The file is written whatever the command's status (its exit status is the watch's).
    return _json_report("watch", _program.options(pid=pid, **options), timeout, range(256), watched)


def doctor(*, timeout: float | None = None, **options: Any) -> Any:
    """This machine's known reasons why sharing GPU memory fails or is slow,
    as `sharescope doctor --json FILE` reports them (`{"kind": "doctor",
    ...}`, docs/cli.md), as Python objects; options as keywords
    (`quick=True`, `device="cuda:0"`). A check that found a problem is a
    result (the program's exit code 4), not an exception. Raises
    NotSupported where the installed program has no `doctor` command."""
    return _json_report("doctor", _program.options(**options), timeout, written_codes=(0, 4))
