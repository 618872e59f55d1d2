# SPDX-License-Identifier: GPL-3.0-or-later
"""Results as typed objects, read from the report format the program writes
(`--json`: "sharescope-report", "sharescope-compare", "sharescope-sweep",
format version 3 and every earlier one; docs/cli.md).

Every number the program did not report is None ("not reported"), never 0.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from . import _html
from ._errors import ReportFormatError

#: The newest report format version this package reads.
FORMAT_VERSION = 3
RUN_FORMAT = "sharescope-report"
SET_FORMATS = {"sharescope-compare": "compare", "sharescope-sweep": "sweep"}

# --------------------------------------------------------------------------
# Reading: every access knows its path in the document, so that an error
# says "summary[2].hostNs.median is missing".


def _get(document: Mapping[str, Any], key: str, where: str) -> Any:
    if not isinstance(document, Mapping):
        raise ReportFormatError(f"{where or 'the report'} must be an object")
    if key not in document:
        raise ReportFormatError(f"the field '{where + '.' if where else ''}{key}' is missing")
    return document[key]


def _int(value: Any, where: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ReportFormatError(f"'{where}' must be an integer, not {value!r}")
    return value


def _number(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ReportFormatError(f"'{where}' must be a number, not {value!r}")
    return float(value)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Counters:
    """What the unified-memory counters saw in one phase (the median
    iteration in a summary). None: not reported by this device or driver
    (never read as zero).

    bytes_host_to_device / bytes_device_to_host are the bytes the driver
    migrated each way (exact where `Report.counter_source.totals` is
    "driver"); cpu_page_faults and gpu_page_faults the faults it serviced.
    """

    bytes_host_to_device: int | None = None
    bytes_device_to_host: int | None = None
    cpu_page_faults: int | None = None
    gpu_page_faults: int | None = None
    gpu_page_fault_groups: int | None = None
    thrashing: int | None = None
    throttling: int | None = None
    remote_maps: int | None = None
    bytes_device_to_device: int | None = None
    recorded_bytes_host_to_device: int | None = None
    recorded_bytes_device_to_host: int | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> Counters | None:
        if value is None:
            return None
        known = set(cls.__dataclass_fields__)
        values: dict[str, int | None] = {}
        for key, number in value.items():
            name = _snake(key)
            if name in known:  # a later report's new counters are left out
                values[name] = _int(number, f"{where}.{key}", optional=True)
        return cls(**values)


@dataclass(frozen=True)
class PhaseCeiling:
    """A phase's bandwidth against the limit of its most loaded path.

    path: "host-memory", "host-to-device", ... or None where the phase moved
    nothing; percent_of_measured / percent_of_specification: its share of
    the best this machine reached there (sharescope calibrate) and of the
    hardware's specification, None where there is no such ceiling;
    measurement_problem: set where the rate passed the specification (then
    it is a measurement problem, not a result).
    """

    path: str | None
    bytes_per_second: float | None
    percent_of_measured: float | None
    percent_of_specification: float | None
    cached: bool
    verification_bound: bool
    measurement_problem: dict[str, Any] | None

    @classmethod
    def from_json(cls, value: Any, where: str) -> PhaseCeiling | None:
        if value is None:
            return None
        return cls(
            path=_get(value, "path", where),
            bytes_per_second=_number(_get(value, "bytesPerSecond", where), f"{where}.bytesPerSecond"),
            percent_of_measured=_number(_get(value, "percentOfMeasured", where), f"{where}.percentOfMeasured"),
            percent_of_specification=_number(
                _get(value, "percentOfSpecification", where), f"{where}.percentOfSpecification"
            ),
            cached=bool(value.get("cached", False)),
            verification_bound=bool(value.get("verificationBound", False)),
            measurement_problem=value.get("measurementProblem"),
        )


@dataclass(frozen=True)
class Phase:
    """One phase of a run, summarised over its measured iterations.

    Phases are alloc, host-init, to-device, kernel, to-host, host-read and
    free (ipc-open for the ipc modes); a phase a mode does not need is
    still listed, with zero bytes and its real (small) time.

    Times are in nanoseconds: time_ns is the median host time, with its
    minimum and maximum; device_time_ns the device's own time where the
    backend measures it. bytes_to_device / bytes_to_host are what the
    program itself copied or prefetched; what the driver migrated on its
    own is in `counters`.
    """

    name: str
    samples: int
    time_ns: int
    time_min_ns: int
    time_max_ns: int
    device_time_ns: int | None
    counted_time_ns: int | None
    bytes_to_device: int
    bytes_to_host: int
    bytes_between_devices: int
    bytes_accessed: int
    bandwidth_bytes_per_second: float | None
    counters: Counters | None
    ceiling: PhaseCeiling | None
    sm_clock_mhz: int | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> Phase:
        host = _get(value, "hostNs", where)
        device = _get(value, "deviceNs", where)
        return cls(
            name=_get(value, "phase", where),
            samples=_int(_get(value, "samples", where), f"{where}.samples"),
            time_ns=_int(_get(host, "median", f"{where}.hostNs"), f"{where}.hostNs.median"),
            time_min_ns=_int(_get(host, "min", f"{where}.hostNs"), f"{where}.hostNs.min"),
            time_max_ns=_int(_get(host, "max", f"{where}.hostNs"), f"{where}.hostNs.max"),
            device_time_ns=None
            if device is None
            else _int(_get(device, "median", f"{where}.deviceNs"), f"{where}.deviceNs.median"),
            counted_time_ns=_int(value.get("countedNs"), f"{where}.countedNs", optional=True),
            bytes_to_device=_int(_get(value, "bytesToDevice", where), f"{where}.bytesToDevice"),
            bytes_to_host=_int(_get(value, "bytesToHost", where), f"{where}.bytesToHost"),
            bytes_between_devices=_int(value.get("bytesBetweenDevices", 0), f"{where}.bytesBetweenDevices"),
            bytes_accessed=_int(_get(value, "bytesAccessed", where), f"{where}.bytesAccessed"),
            bandwidth_bytes_per_second=_number(value.get("bandwidthBytesPerSecond"), f"{where}.bandwidth"),
            counters=Counters.from_json(value.get("counters"), f"{where}.counters"),
            ceiling=PhaseCeiling.from_json(value.get("ceiling"), f"{where}.ceiling"),
            sm_clock_mhz=_int(value.get("smClockMHz"), f"{where}.smClockMHz", optional=True),
        )


@dataclass(frozen=True)
class PhaseSample:
    """One phase of one iteration, as measured (times in nanoseconds)."""

    name: str
    time_ns: int
    device_time_ns: int | None
    bytes_to_device: int
    bytes_to_host: int
    bytes_accessed: int
    counters: Counters | None

    @classmethod
    def from_json(cls, value: Any, where: str) -> PhaseSample:
        return cls(
            name=_get(value, "phase", where),
            time_ns=_int(_get(value, "hostNs", where), f"{where}.hostNs"),
            device_time_ns=_int(_get(value, "deviceNs", where), f"{where}.deviceNs", optional=True),
            bytes_to_device=_int(_get(value, "bytesToDevice", where), f"{where}.bytesToDevice"),
            bytes_to_host=_int(_get(value, "bytesToHost", where), f"{where}.bytesToHost"),
            bytes_accessed=_int(_get(value, "bytesAccessed", where), f"{where}.bytesAccessed"),
            counters=Counters.from_json(value.get("counters"), f"{where}.counters"),
        )


@dataclass(frozen=True)
class Iteration:
    """One iteration of a run: its index, whether it was a warm-up, its phases."""

    index: int
    warmup: bool
    phases: tuple[PhaseSample, ...]


@dataclass(frozen=True)
class Mismatch:
    """An element that differed from the CPU reference."""

    buffer: str
    index: int
    expected: float
    actual: float


@dataclass(frozen=True)
class Verification:
    """The results checked against the CPU reference: `passed` when every
    one of `checked` elements was equal; `first` lists the first mismatches."""

    passed: bool
    checked: int
    mismatches: int
    first: tuple[Mismatch, ...] = ()

    @classmethod
    def from_json(cls, value: Any, where: str) -> Verification:
        first = tuple(
            Mismatch(str(m.get("buffer", "")), int(m.get("index", 0)), float(m["expected"]), float(m["actual"]))
            for m in _get(value, "first", where)
        )
        return cls(
            passed=bool(_get(value, "passed", where)),
            checked=_int(_get(value, "checked", where), f"{where}.checked"),
            mismatches=_int(_get(value, "mismatches", where), f"{where}.mismatches"),
            first=first,
        )


@dataclass(frozen=True)
class CounterSource:
    """Where a run's counters came from, and what they could not see.

    enabled: whether a counted pass ran; note: why not, where not; totals:
    "driver" (the UVM driver's own counters: exact) or "records" (summed
    from migration records); records: "driver-events", "cupti" or "none";
    lost: records the driver had to drop; migrated_by_cause: bytes by cause
    over the measured iterations, where records were kept.
    """

    enabled: bool
    note: str
    totals: str | None = None
    records: str | None = None
    lost: int = 0
    exact_note: str = ""
    records_note: str = ""
    driver_events_note: str = ""
    migrated_by_cause: dict[str, int] | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> CounterSource:
        return cls(
            enabled=bool(_get(value, "enabled", where)),
            note=str(value.get("note", "")),
            totals=value.get("totals"),
            records=value.get("records"),
            lost=int(value.get("lost", 0)),
            exact_note=str(value.get("exactNote", "")),
            records_note=str(value.get("recordsNote", "")),
            driver_events_note=str(value.get("driverEventsNote", "")),
            migrated_by_cause=value.get("migratedByCause"),
        )


@dataclass(frozen=True)
class BudgetCheck:
    """A phase's bytes against what the experiment must move: `to_device` /
    `to_host` expected ("exact" or "at-most", give or take `allowance`),
    `moved_to_device` / `moved_to_host` what the counters saw (None where
    not reported), `verdict` ("within", "over", ...), `over_by` bytes."""

    phase: str
    to_device: int
    to_host: int
    kind: str
    allowance: int
    moved_to_device: int | None
    moved_to_host: int | None
    verdict: str
    over_by: int


@dataclass(frozen=True)
class Budget:
    """The byte budget: what each phase must move over the bus, checked
    against what moved. `none` says why a run has no budget (then `phases`
    is empty); `note` qualifies one that has."""

    phases: tuple[BudgetCheck, ...]
    note: str | None = None
    none: str | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> Budget | None:
        if value is None:
            return None
        if "none" in value:
            return cls(phases=(), none=str(value["none"]))
        checks = []
        for i, p in enumerate(_get(value, "phases", where)):
            at = f"{where}.phases[{i}]"
            checks.append(
                BudgetCheck(
                    phase=_get(p, "phase", at),
                    to_device=_int(_get(p, "toDevice", at), f"{at}.toDevice"),
                    to_host=_int(_get(p, "toHost", at), f"{at}.toHost"),
                    kind=str(_get(p, "kind", at)),
                    allowance=_int(_get(p, "allowance", at), f"{at}.allowance"),
                    moved_to_device=_int(p.get("movedToDevice"), f"{at}.movedToDevice", optional=True),
                    moved_to_host=_int(p.get("movedToHost"), f"{at}.movedToHost", optional=True),
                    verdict=str(_get(p, "verdict", at)),
                    over_by=_int(p.get("overBy", 0), f"{at}.overBy"),
                )
            )
        return cls(phases=tuple(checks), note=value.get("note"))


@dataclass(frozen=True)
class PathCeiling:
    """The limit of one path (host-memory, host-to-device, device-memory, ...):
    its specification and this machine's measured best, in bytes per
    second, each with where it came from (or why there is none)."""

    path: str
    specification_bytes_per_second: float | None
    specification_source: str
    measured_bytes_per_second: float | None
    measured_source: str


@dataclass(frozen=True)
class Ceilings:
    """Every path's ceiling for the run's device; `calibrated` is when
    `sharescope calibrate` measured them (None: never)."""

    paths: tuple[PathCeiling, ...]
    calibrated: str | None = None

    @classmethod
    def from_json(cls, value: Any, where: str) -> Ceilings | None:
        if value is None:
            return None
        paths = []
        for p in _get(value, "paths", where):
            spec = p.get("specification") or {}
            measured = p.get("measured") or {}
            paths.append(
                PathCeiling(
                    path=str(p.get("path")),
                    specification_bytes_per_second=_number(spec.get("bytesPerSecond"), f"{where}.paths"),
                    specification_source=str(spec.get("source", "")),
                    measured_bytes_per_second=_number(measured.get("bytesPerSecond"), f"{where}.paths"),
                    measured_source=str(measured.get("source", "")),
                )
            )
        return cls(paths=tuple(paths), calibrated=value.get("calibrated") or None)


@dataclass(frozen=True)
class Device:
    """A device as `sharescope devices` lists it: `id` ("cuda:0",
    "opencl:0") is what the functions' `device=` takes. Every field the
    program reports is in `raw`."""

    id: str
    backend: str
    name: str
    vendor: str
    platform: str
    global_memory_bytes: int
    max_allocation_bytes: int
    compute_units: int
    cpu_device: bool
    managed_memory: bool
    concurrent_managed_access: bool
    host_unified_memory: bool
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, value: Any, where: str) -> Device:
        return cls(
            id=str(_get(value, "id", where)),
            backend=str(_get(value, "backend", where)),
            name=str(value.get("name", "")),
            vendor=str(value.get("vendor", "")),
            platform=str(value.get("platform", "")),
            global_memory_bytes=int(value.get("globalMemoryBytes", 0)),
            max_allocation_bytes=int(value.get("maxAllocationBytes", 0)),
            compute_units=int(value.get("computeUnits", 0)),
            cpu_device=bool(value.get("cpuDevice", False)),
            managed_memory=bool(value.get("managedMemory", False)),
            concurrent_managed_access=bool(value.get("concurrentManagedAccess", False)),
            host_unified_memory=bool(value.get("hostUnifiedMemory", False)),
            raw=dict(value),
        )


@dataclass(frozen=True)
class Spec:
    """What was asked: mode, kernel, bytes per buffer, iterations after the
    warm-up ones, device, and every other option as the report holds it
    (`raw`)."""

    mode: str
    kernel: str
    size_bytes: int
    iterations: int
    warmup: int
    device: str
    counters: bool
    host_threads: int = 1
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, value: Any, where: str) -> Spec:
        return cls(
            mode=str(_get(value, "mode", where)),
            kernel=str(_get(value, "kernel", where)),
            size_bytes=_int(_get(value, "bytes", where), f"{where}.bytes"),
            iterations=_int(_get(value, "iterations", where), f"{where}.iterations"),
            warmup=_int(_get(value, "warmup", where), f"{where}.warmup"),
            device=str(_get(value, "device", where)),
            counters=bool(value.get("counters", True)),
            host_threads=int(value.get("hostThreads", 1)),
            raw=dict(value),
        )


def _check_format(document: Any, expected: Sequence[str]) -> str:
    if not isinstance(document, Mapping) or "format" not in document:
        raise ReportFormatError('this is not a ShareScope report (no "format" field)')
    format_name = document["format"]
    if format_name not in expected:
        raise ReportFormatError(f'this is not a ShareScope report (format "{format_name}")')
    version = document.get("formatVersion")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ReportFormatError("the field 'formatVersion' is missing or not an integer")
    if version > FORMAT_VERSION:
        raise ReportFormatError(
            f"the report has format version {version}, newer than this package reads ({FORMAT_VERSION}); "
            "update ShareScope"
        )
    return format_name


@dataclass(frozen=True, repr=False)
class Report:
    """One experiment, as `sharescope run --json` reports it.

    phases: the summary, one Phase per phase in order (medians over the
    measured iterations); counter_source, verification, budget, ceilings:
    as their classes say; command: the command line that reproduces the
    run; notes: what the program printed beside it (a missing calibration,
    a device it could not open); raw: the whole JSON document.

    In a notebook the report shows as its phase table and a bar chart of
    the phases' times; `to_pandas()` gives the table as a DataFrame.
    """

    spec: Spec
    device: Device
    phases: tuple[Phase, ...]
    iterations: tuple[Iteration, ...]
    verification: Verification
    counter_source: CounterSource
    budget: Budget | None
    ceilings: Ceilings | None
    command: str
    created: str
    tool_version: str
    format_version: int
    notes: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_json(cls, document: Any, notes: Sequence[str] = (), where: str = "") -> Report:
        """Reads one run ("format": "sharescope-report")."""
        _check_format(document, (RUN_FORMAT,))
        at = (lambda key: f"{where}.{key}") if where else (lambda key: key)
        iterations = []
        for i, it in enumerate(_get(document, "iterations", where)):
            here = at(f"iterations[{i}]")
            iterations.append(
                Iteration(
                    index=_int(_get(it, "index", here), f"{here}.index"),
                    warmup=bool(_get(it, "warmup", here)),
                    phases=tuple(
                        PhaseSample.from_json(p, f"{here}.phases[{j}]") for j, p in enumerate(_get(it, "phases", here))
                    ),
                )
            )
        return cls(
            spec=Spec.from_json(_get(document, "spec", where), at("spec")),
            device=Device.from_json(_get(document, "device", where), at("device")),
            phases=tuple(
                Phase.from_json(p, at(f"summary[{i}]")) for i, p in enumerate(_get(document, "summary", where))
            ),
            iterations=tuple(iterations),
            verification=Verification.from_json(_get(document, "verification", where), at("verification")),
            counter_source=CounterSource.from_json(_get(document, "counters", where), at("counters")),
            budget=Budget.from_json(document.get("budget"), at("budget")),
            ceilings=Ceilings.from_json(document.get("ceilings"), at("ceilings")),
            command=str(_get(document, "command", where)),
            created=str(document.get("created", "")),
            tool_version=str(document.get("toolVersion", "")),
            format_version=int(document["formatVersion"]),
            notes=tuple(notes),
            raw=dict(document),
        )

    # What was asked, for short.
    @property
    def mode(self) -> str:
        """The sharing mode ("managed", "cl-copy", ...)."""
        return self.spec.mode

    @property
    def kernel(self) -> str:
        """The kernel ("vector-add", "stride", ...)."""
        return self.spec.kernel

    @property
    def size_bytes(self) -> int:
        """Bytes per buffer."""
        return self.spec.size_bytes

    def phase(self, name: str) -> Phase:
        """The summary of one phase, by name ("kernel", "to-device", ...)."""
        for p in self.phases:
            if p.name == name:
                return p
        raise KeyError(f"no phase {name!r}; the run has {', '.join(p.name for p in self.phases)}")

    def to_pandas(self, per_iteration: bool = False) -> Any:
        """The phase table as a pandas DataFrame, indexed by phase; units in
        the column names (_ms, _bytes, _GBps, _percent). Counters the run did
        not report are <NA>, never 0. With per_iteration, one row per phase
        of every iteration (warm-ups marked) instead of the medians."""
        from . import _frames

        if per_iteration:
            return _frames.iterations_frame(self)
        return _frames.phase_frame(self)

    def _repr_html_(self) -> str:
        return _html.report_html(self)

    def __repr__(self) -> str:
        kernel = next((p for p in self.phases if p.name == "kernel"), None)
        kernel_text = f", kernel {kernel.time_ns / 1e6:.3g} ms" if kernel else ""
        verified = "verified" if self.verification.passed else "WRONG RESULTS"
        return (
            f"<sharescope.Report {self.mode} · {self.kernel} · {_html.size_text(self.size_bytes)} · "
            f"{self.device.id}{kernel_text}, {verified}>"
        )


@dataclass(frozen=True)
class Skipped:
    """A mode or size a comparison did not run, and why."""

    mode: str
    size_bytes: int
    reason: str


@dataclass(frozen=True, repr=False)
class Comparison:
    """Several runs of one experiment: a compare (several modes) or a sweep
    (several sizes), as `sharescope compare|sweep --json` reports them.

    kind: "compare" or "sweep"; runs: a Report each; skipped: what did not
    run and why; command: the command line that reproduces it. Iterating
    gives the runs; `comparison["managed"]` the first run of a mode.
    """

    kind: str
    runs: tuple[Report, ...]
    skipped: tuple[Skipped, ...]
    command: str
    format_version: int
    notes: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_json(cls, document: Any, notes: Sequence[str] = ()) -> Comparison:
        """Reads a compare or a sweep; a single run reads as a comparison of one."""
        format_name = _check_format(document, (RUN_FORMAT, *SET_FORMATS))
        if format_name == RUN_FORMAT:
            run = Report.from_json(document)
            return cls("compare", (run,), (), run.command, run.format_version, tuple(notes), dict(document))
        runs = tuple(
            Report.from_json(r, where=f"runs[{i}]") for i, r in enumerate(_get(document, "runs", ""))
        )
        skipped = tuple(
            Skipped(str(s.get("mode", "")), int(s.get("bytes", 0)), str(s.get("reason", "")))
            for s in document.get("skipped", [])
        )
        return cls(
            kind=SET_FORMATS[format_name],
            runs=runs,
            skipped=skipped,
            command=str(_get(document, "command", "")),
            format_version=int(document["formatVersion"]),
            notes=tuple(notes),
            raw=dict(document),
        )

    def __iter__(self) -> Iterator[Report]:
        return iter(self.runs)

    def __len__(self) -> int:
        return len(self.runs)

    def __getitem__(self, key: int | str) -> Report:
        if isinstance(key, int):
            return self.runs[key]
        for run in self.runs:
            if run.mode == key:
                return run
        raise KeyError(f"no run of mode {key!r}; modes: {', '.join(r.mode for r in self.runs)}")

    @property
    def modes(self) -> list[str]:
        """The modes that ran, in order, each once."""
        return list(dict.fromkeys(r.mode for r in self.runs))

    def to_pandas(self) -> Any:
        """Every phase of every run as a DataFrame indexed by (mode,
        size_bytes, phase), the columns of Report.to_pandas()."""
        from . import _frames

        return _frames.comparison_frame(self)

    def _repr_html_(self) -> str:
        return _html.comparison_html(self)

    def __repr__(self) -> str:
        return f"<sharescope.Comparison {self.kind}: {len(self.runs)} runs ({', '.join(self.modes)}), {len(self.skipped)} skipped>"


@dataclass(frozen=True, repr=False)
class Demo:
    """A guided demo: its comparison, measured here, and the lesson the
    program tells with its numbers (the text `sharescope demo NAME` prints)."""

    name: str
    comparison: Comparison
    lesson: str

    def to_pandas(self) -> Any:
        """The comparison's DataFrame (see Comparison.to_pandas)."""
        return self.comparison.to_pandas()

    def _repr_html_(self) -> str:
        return _html.demo_html(self)

    def __repr__(self) -> str:
        return f"<sharescope.Demo {self.name}: {len(self.comparison.runs)} runs>"

    def __str__(self) -> str:
        return self.lesson


@dataclass(frozen=True)
class Mode:
    """A sharing mode and whether `device` (None: any device of its backend)
    can run it; `reason` says why not."""

    id: str
    backend: str
    summary: str
    device: str | None
    supported: bool
    reason: str


class _Listing(tuple):
    """A tuple of entries that a notebook shows as a table."""

    columns: tuple[str, ...] = ()

    def to_pandas(self) -> Any:
        """The entries as a DataFrame, a row each."""
        from . import _frames

        return _frames.listing_frame(self, self.columns)

    def _repr_html_(self) -> str:
        return _html.listing_html(self, self.columns)


class Modes(_Listing):
    """Every sharing mode (a tuple of Mode), supported here or not and why."""

    columns = ("id", "backend", "device", "supported", "reason", "summary")


class Devices(_Listing):
    """The devices the program found (a tuple of Device); `problems` says
    what it could not open (no NVIDIA driver, ...)."""

    columns = ("id", "backend", "name", "vendor", "global_memory_bytes", "compute_units", "managed_memory")
    problems: tuple[str, ...] = ()

    def __new__(cls, devices: Sequence[Device], problems: Sequence[str] = ()) -> Devices:
        listing = super().__new__(cls, devices)
        listing.problems = tuple(problems)
        return listing

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            for device in self:
                if device.id == key:
                    return device
            raise KeyError(f"no device {key!r}; devices: {', '.join(d.id for d in self)}")
        return super().__getitem__(key)


@dataclass(frozen=True)
class Explanation:
    """A mode's page (Markdown) as `sharescope explain MODE --markdown`
    prints it, or the list of pages; a notebook shows it as Markdown."""

    topic: str | None
    lang: str
    text: str

    def _repr_markdown_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


def load(path: str | os.PathLike[str]) -> Report | Comparison:
    """Reads a report the program saved (`--json FILE`, the window's
    File ▸ Save): a Report for one run, a Comparison for a compare or a
    sweep. Raises ReportFormatError (a ValueError) for a file that is not
    one, or one newer than this package reads."""
    with open(path, encoding="utf-8") as file:
        try:
            document = json.load(file)
        except json.JSONDecodeError as error:
            raise ReportFormatError(f"{os.fspath(path)}: not valid JSON: {error}") from None
    try:
        if isinstance(document, Mapping) and document.get("format") == RUN_FORMAT:
            return Report.from_json(document)
        return Comparison.from_json(document)
    except ReportFormatError as error:
        raise ReportFormatError(f"{os.fspath(path)}: {error}") from None
