# SPDX-License-Identifier: GPL-3.0-or-later
"""Finding and running the sharescope command line that the package drives."""

from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Mapping, Sequence

from ._errors import ProgramNotFound, Stopped, error_for

#: Names the program to drive instead of the one installed with the package
#: (a build tree's app/sharescope, for example).
PROGRAM_VARIABLE = "SHARESCOPE_PROGRAM"


@functools.lru_cache(maxsize=1)
def _installed_program() -> str | None:
    """The program pip installed with this package (the environment's bin)."""
    try:
        distribution = metadata.distribution("sharescope")
    except metadata.PackageNotFoundError:
        return None
    for file in distribution.files or ():
        if file.name == "sharescope" and "bin" in file.parts:
            path = os.path.abspath(str(distribution.locate_file(file)))
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
    return None


def program() -> str:
    """The path of the sharescope program this package runs.

    In order: the file $SHARESCOPE_PROGRAM names, the program installed with
    the package (the environment's bin), `sharescope` on PATH.
    """
    named = os.environ.get(PROGRAM_VARIABLE)
    if named:
        if os.path.isfile(named) and os.access(named, os.X_OK):
            return os.path.abspath(named)
        raise ProgramNotFound(f"{PROGRAM_VARIABLE}={named} is not an executable file")
    installed = _installed_program()
    if installed:
        return installed
    found = shutil.which("sharescope")
    if found:
        return found
    raise ProgramNotFound(
        "the sharescope program is not installed with this package, nor on PATH; install the package with "
        "`pip install .` from ShareScope's sources, or set SHARESCOPE_PROGRAM to the program's path"
    )


def options(**values: Any) -> list[str]:
    """Command-line options from keyword arguments: `host_threads=4` is
    `--host-threads 4`, True a flag, a list comma-separated; None and False
    leave the option out."""
    arguments: list[str] = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            arguments.append(flag)
        elif isinstance(value, (str, int, float)):
            arguments += [flag, str(value)]
        elif isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
            arguments += [flag, ",".join(str(v) for v in value)]
        else:
            raise TypeError(
                f"{name}={value!r}: expected a string, a number, True, or a list of strings or numbers "
                f"(got {type(value).__name__})"
            )
    return arguments


@dataclass(frozen=True)
class Finished:
    """What a run of the program printed, and its command line."""

    command: list[str]
    stdout: str
    stderr: str
    exit_code: int


def message_of(stderr: str) -> str:
    """The program's own error message: its `sharescope: ...` lines without
    the prefix, else everything it printed."""
    lines = [line[len("sharescope: ") :] for line in stderr.splitlines() if line.startswith("sharescope: ")]
    if lines:
        return "\n".join(lines)
    return stderr.strip()


def notes_of(stderr: str) -> tuple[str, ...]:
    """The notes a successful run printed on stderr (`note: ...`), one a line."""
    return tuple(line for line in stderr.splitlines() if line.strip())


def _stop(process: subprocess.Popen[bytes], grace: float) -> None:
    """Stops the program as Ctrl+C does: on SIGINT it stops between phases
    and frees its buffers. After Ctrl+C a terminal may have sent it one
    already: `grace` seconds to end on its own first."""
    try:
        process.wait(timeout=grace)
        return
    except subprocess.TimeoutExpired:
        pass
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def execute(
    command: str,
    arguments: Sequence[str],
    *,
    lang: str = "en",
    timeout: float | None = None,
    check: bool = True,
    partial: Any = None,
    environment: Mapping[str, str] | None = None,
) -> Finished:
    """Runs `sharescope COMMAND --lang LANG ARGUMENTS...` and returns what it
    printed (--lang first, so that it never lands after a `--` among a
    watched command's own arguments); with `check`, an exit code other than
    0 raises the matching exception (see sharescope.SharescopeError),
    carrying `partial(finished)` where that gives what the program still
    wrote."""
    line = [program(), command, "--lang", lang, *arguments]
    env = None
    if environment is not None:
        env = dict(os.environ)
        env.update(environment)
    process = subprocess.Popen(
        line, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except KeyboardInterrupt:
        _stop(process, 0.5)
        raise
    except subprocess.TimeoutExpired:
        _stop(process, 0)
        _, err = process.communicate()
        raise Stopped(
            f"stopped after the timeout of {timeout:g} s", process.returncode, line, err.decode("utf-8", "replace")
        ) from None
    stdout = out.decode("utf-8", errors="replace")
    stderr = err.decode("utf-8", errors="replace")
    finished = Finished(line, stdout, stderr, process.returncode)
    if check and process.returncode != 0:
        kept = None
        if partial is not None:
            try:
                kept = partial(finished)
            except Exception:  # what it wrote cannot be read: nothing kept
                kept = None
        raise error_for(process.returncode, message_of(stderr) or f"exit code {process.returncode}", line, stderr, kept)
    return finished
