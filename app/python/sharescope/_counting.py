# SPDX-License-Identifier: GPL-3.0-or-later
"""The NVIDIA UVM driver's exact counts of this process's own work.

The driver counts, for each process, the bytes it migrated between CPU and
GPU memory each way and the CPU and GPU page faults it serviced. Only the
process itself can read its counters, through the native module (which
opens the driver's tools interface on this process's /dev/nvidia-uvm).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from html import escape
from types import TracebackType
from typing import Any

from ._html import STYLE, count_text, size_text, time_text

# What has been said already, once a process: why a block is not counted.
_said: set[str] = set()


def _say_once(text: str) -> None:
    if text not in _said:
        _said.add(text)
        print(f"sharescope: {text}", file=sys.stderr)


def _why_not(kind: str, why: str) -> str:
    """What to tell the user, by the kind of refusal the module gives."""
    if kind == "no-driver":
        return f"no NVIDIA UVM driver here ({why}); the code runs as it is, not counted"
    if kind == "no-cuda":
        return (
            f"not counted: {why}. Make a CUDA call before the block (for example cupy.zeros(1) or "
            "torch.zeros(1, device='cuda')), so that the driver has this process's unified memory to count"
        )
    if kind == "driver":
        return f"not counted: {why}"
    return f"not counted: the UVM driver refused to count this process: {why}"


def _open() -> tuple[Any, str]:
    """The native module's counters, or None and why not."""
    try:
        from . import _native
    except ImportError as error:
        return None, f"not counted: the package's native module does not load here ({error})"
    counters, kind, why = _native.open_counters()
    if counters is None:
        return None, _why_not(kind, why)
    return counters, ""


@dataclass
class Counted:
    """What the UVM driver counted for this process over a block.

    bytes_host_to_device / bytes_device_to_host: bytes the driver migrated
    each way (fault-driven migrations, prefetches, evictions; not explicit
    cudaMemcpy copies); cpu_page_faults / gpu_page_faults: faults it
    serviced; elapsed_ns: the block's wall-clock time. Each count is None
    where the driver did not count (`reason` says why). Filled in when the
    block ends: GPU work still queued then (an unsynchronised kernel) is
    counted only as far as it ran, so end the block with a synchronize or a
    read on the CPU.
    """

    bytes_host_to_device: int | None = None
    bytes_device_to_host: int | None = None
    cpu_page_faults: int | None = None
    gpu_page_faults: int | None = None
    elapsed_ns: int | None = None
    driver_version: str | None = None
    reason: str | None = None

    @property
    def counted(self) -> bool:
        """Whether the driver counted the block."""
        return self.reason is None and self.bytes_host_to_device is not None

    def as_dict(self) -> dict[str, Any]:
        """The counts with their units in the keys."""
        return {
            "migrated_to_device_bytes": self.bytes_host_to_device,
            "migrated_to_host_bytes": self.bytes_device_to_host,
            "cpu_page_faults": self.cpu_page_faults,
            "gpu_page_faults": self.gpu_page_faults,
            "time_ms": None if self.elapsed_ns is None else self.elapsed_ns / 1e6,
        }

    def to_pandas(self) -> Any:
        """The counts as a one-row DataFrame (units in the column names)."""
        from ._frames import pandas

        pd = pandas()
        frame = pd.DataFrame([self.as_dict()])
        for column in ("migrated_to_device_bytes", "migrated_to_host_bytes", "cpu_page_faults", "gpu_page_faults"):
            frame[column] = frame[column].astype("Int64")
        return frame

    def _cells(self) -> list[tuple[str, str]]:
        def bytes_cell(value: int | None) -> str:
            if value is None:
                return "not counted"
            return f"{size_text(value)} ({value:,} B)" if value else "0"

        return [
            ("migrated host → device", bytes_cell(self.bytes_host_to_device)),
            ("migrated device → host", bytes_cell(self.bytes_device_to_host)),
            ("CPU page faults", "not counted" if self.cpu_page_faults is None else count_text(self.cpu_page_faults)),
            ("GPU page faults", "not counted" if self.gpu_page_faults is None else count_text(self.gpu_page_faults)),
            ("time", time_text(self.elapsed_ns)),
        ]

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in self._cells())
        source = (
            f"the NVIDIA UVM driver's counters of this process (driver {escape(self.driver_version or '?')})"
            if self.counted
            else "not counted: why is said once, and kept in the result's .reason"
            if self.reason
            else "the block has not ended yet"
        )
        return f'<div class="sharescope">{STYLE}<table>{rows}</table><div class="note">{source}</div></div>'

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # IPython in a terminal
        printer.text(str(self))

    def __str__(self) -> str:
        # Why not is said once a process (and kept in .reason), not with
        # every table.
        width = max(len(k) for k, _ in self._cells())
        return "\n".join(f"{k.ljust(width)}  {v}" for k, v in self._cells())


class counting:
    """Counts what the NVIDIA UVM driver migrates for this process in a block.

        with sharescope.counting() as c:
            ...  # CuPy, PyTorch, numba code on managed memory
        print(c.bytes_host_to_device, c.cpu_page_faults)

    The driver's counters are exact and cost nothing measurable. They need
    CUDA to be initialised in this process before the block (any CUDA call
    that makes a context). Where they cannot be read (no NVIDIA UVM driver,
    no CUDA yet, a driver this version does not read) the block runs
    unchanged, the reason is printed once a process (not with quiet=True),
    and the counts stay None with `reason` set; the time is measured
    anyway.
    """

    def __init__(self, *, quiet: bool = False) -> None:
        self.quiet = quiet
        self.result = Counted()
        self._counters: Any = None
        self._before: tuple[int, int, int, int] | None = None
        self._start = 0

    def __enter__(self) -> Counted:
        self.result = Counted()
        self._counters, reason = _open()
        if self._counters is None:
            self.result.reason = reason
            if not self.quiet:
                _say_once(reason)
        else:
            self.result.driver_version = self._counters.driver_version
            self._before = self._counters.read()
        self._start = time.perf_counter_ns()
        return self.result

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.result.elapsed_ns = time.perf_counter_ns() - self._start
        if self._counters is not None and self._before is not None:
            after = self._counters.read()
            h2d, d2h, cpu, gpu = (a - b for a, b in zip(after, self._before))
            self.result.bytes_host_to_device = h2d
            self.result.bytes_device_to_host = d2h
            self.result.cpu_page_faults = cpu
            self.result.gpu_page_faults = gpu
            self._counters.close()
            self._counters = None
