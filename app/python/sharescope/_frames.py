# SPDX-License-Identifier: GPL-3.0-or-later
"""DataFrames of the results (pandas is optional: only these need it).

Units are in the column names: _ms (milliseconds), _bytes, _GBps (10^9
bytes per second), _percent. A counter the run did not report is <NA>
(pandas' missing value), never 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from ._report import Comparison, Counters, Phase, PhaseSample, Report

#: The columns of a phase table, in order.
PHASE_COLUMNS = (
    "samples",
    "time_ms",
    "time_min_ms",
    "time_max_ms",
    "device_time_ms",
    "copied_to_device_bytes",
    "copied_to_host_bytes",
    "between_devices_bytes",
    "accessed_bytes",
    "bandwidth_GBps",
    "migrated_to_device_bytes",
    "migrated_to_host_bytes",
    "cpu_page_faults",
    "gpu_page_faults",
    "ceiling_path",
    "of_measured_percent",
    "of_specification_percent",
)
# Integer columns that may be missing: pandas' nullable integers.
NULLABLE_INTEGERS = ("migrated_to_device_bytes", "migrated_to_host_bytes", "cpu_page_faults", "gpu_page_faults")


def pandas() -> Any:
    """pandas, or an ImportError that says how to get it."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(
            "to_pandas() needs pandas, which is not installed in this environment: "
            "pip install pandas (or pip install 'sharescope[pandas]')"
        ) from None
    return pd


def _ms(ns: int | None) -> float | None:
    return None if ns is None else ns / 1e6


def _counter_values(counters: Counters | None) -> dict[str, int | None]:
    if counters is None:
        return dict.fromkeys(NULLABLE_INTEGERS)
    return {
        "migrated_to_device_bytes": counters.bytes_host_to_device,
        "migrated_to_host_bytes": counters.bytes_device_to_host,
        "cpu_page_faults": counters.cpu_page_faults,
        "gpu_page_faults": counters.gpu_page_faults,
    }


def phase_row(phase: Phase) -> dict[str, Any]:
    """One phase of the summary as a row of PHASE_COLUMNS."""
    ceiling = phase.ceiling
    bandwidth = phase.bandwidth_bytes_per_second
    return {
        "samples": phase.samples,
        "time_ms": _ms(phase.time_ns),
        "time_min_ms": _ms(phase.time_min_ns),
        "time_max_ms": _ms(phase.time_max_ns),
        "device_time_ms": _ms(phase.device_time_ns),
        "copied_to_device_bytes": phase.bytes_to_device,
        "copied_to_host_bytes": phase.bytes_to_host,
        "between_devices_bytes": phase.bytes_between_devices,
        "accessed_bytes": phase.bytes_accessed,
        "bandwidth_GBps": None if bandwidth is None else bandwidth / 1e9,
        **_counter_values(phase.counters),
        "ceiling_path": ceiling.path if ceiling else None,
        "of_measured_percent": ceiling.percent_of_measured if ceiling else None,
        "of_specification_percent": ceiling.percent_of_specification if ceiling else None,
    }


def _typed(frame: Any) -> Any:
    pd = pandas()
    for column in NULLABLE_INTEGERS:
        if column in frame:
            frame[column] = frame[column].astype("Int64")
    for column in ("time_ms", "time_min_ms", "time_max_ms", "device_time_ms", "bandwidth_GBps",
                   "of_measured_percent", "of_specification_percent"):
        if column in frame:
            frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("float64")
    return frame


def phase_frame(report: Report) -> Any:
    """Report.to_pandas(): a row per phase, indexed by phase."""
    pd = pandas()
    frame = pd.DataFrame([phase_row(p) for p in report.phases], columns=list(PHASE_COLUMNS))
    frame.index = pd.Index([p.name for p in report.phases], name="phase")
    return _typed(frame)


def comparison_frame(comparison: Comparison) -> Any:
    """Comparison.to_pandas(): every phase of every run, indexed by (mode,
    size_bytes, phase)."""
    pd = pandas()
    rows, keys = [], []
    for run in comparison.runs:
        for phase in run.phases:
            rows.append(phase_row(phase))
            keys.append((run.mode, run.size_bytes, phase.name))
    frame = pd.DataFrame(rows, columns=list(PHASE_COLUMNS))
    frame.index = pd.MultiIndex.from_tuples(keys, names=["mode", "size_bytes", "phase"])
    return _typed(frame)


def sample_row(iteration: int, warmup: bool, sample: PhaseSample) -> dict[str, Any]:
    return {
        "iteration": iteration,
        "warmup": warmup,
        "phase": sample.name,
        "time_ms": _ms(sample.time_ns),
        "device_time_ms": _ms(sample.device_time_ns),
        "copied_to_device_bytes": sample.bytes_to_device,
        "copied_to_host_bytes": sample.bytes_to_host,
        "accessed_bytes": sample.bytes_accessed,
        **_counter_values(sample.counters),
    }


def iterations_frame(report: Report) -> Any:
    """Report.to_pandas(per_iteration=True): every phase of every iteration."""
    pd = pandas()
    rows = [sample_row(it.index, it.warmup, s) for it in report.iterations for s in it.phases]
    columns = ["iteration", "warmup", "phase", "time_ms", "device_time_ms", "copied_to_device_bytes",
               "copied_to_host_bytes", "accessed_bytes", *NULLABLE_INTEGERS]
    return _typed(pd.DataFrame(rows, columns=columns))


def listing_frame(entries: Iterable[Any], columns: Sequence[str]) -> Any:
    """A row per entry (a device, a mode), the given attributes as columns."""
    pd = pandas()
    return pd.DataFrame([{c: getattr(e, c) for c in columns} for e in entries], columns=list(columns))
