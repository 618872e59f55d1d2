# SPDX-License-Identifier: GPL-3.0-or-later
"""What a notebook shows of a result: the phase table and a bar chart of the
phases' times as inline SVG (no plotting library needed)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from ._report import Comparison, Demo, Phase, Report

# The window's phase colours (ui/phasestyle.cpp, Okabe-Ito: colour-blind safe).
PHASE_COLOURS = {
    "alloc": "#999999",
    "ipc-open": "#CC79A7",
    "host-init": "#E69F00",
    "to-device": "#56B4E9",
    "kernel": "#009E73",
    "to-host": "#0072B2",
    "host-read": "#D55E00",
}
OTHER_COLOUR = "#666666"
# The phases of an iteration, as a comparison shows them side by side.
ITERATION_PHASES = ("ipc-open", "host-init", "to-device", "kernel", "to-host", "host-read")
STYLE = (
    "<style>.sharescope table{border-collapse:collapse;font-size:12px}"
    ".sharescope th,.sharescope td{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}"
    ".sharescope th:first-child,.sharescope td:first-child{text-align:left}"
    ".sharescope .note{color:#555;font-size:12px;margin:4px 0}"
    ".sharescope code{font-size:12px}</style>"
)


def time_text(ns: float | None) -> str:
    """1.23 ms, 456 µs, 12.3 s; — where there is none."""
    if ns is None:
        return "—"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.0f} ns"


def size_text(size: int | None) -> str:
    """64 MiB, 1.5 GiB, 512 B; — for None."""
    if size is None:
        return "—"
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.4g} {unit}" if unit != "B" else f"{size} B"
        value /= 1024
    return f"{size} B"  # not reached


def bytes_text(size: int | None) -> str:
    """A phase's bytes: — for none moved, "not reported" for None."""
    if size is None:
        return "not reported"
    return "—" if size == 0 else size_text(size)


def count_text(count: int | None) -> str:
    return "not reported" if count is None else f"{count:,}"


def rate_text(bytes_per_second: float | None) -> str:
    return "—" if bytes_per_second is None else f"{bytes_per_second / 1e9:.3g} GB/s"


def percent_text(percent: float | None) -> str:
    return "—" if percent is None else f"{percent:.0f}%"


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def bar_chart(bars: Sequence[tuple[str, Sequence[tuple[str, float]]]], title: str) -> str:
    """Horizontal bars, one per label, each stacked from (phase, ns)
    segments coloured by phase, as an SVG element."""
    label_width, bar_width, row, gap = 150, 420, 18, 6
    longest = max((sum(ns for _, ns in segments) for _, segments in bars), default=0.0) or 1.0
    height = 24 + len(bars) * (row + gap)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_width + bar_width + 90}" height="{height}" '
        f'role="img" aria-label="{escape(title)}" style="font:11px sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="12" fill="#333">{escape(title)}</text>',
    ]
    for i, (label, segments) in enumerate(bars):
        y = 20 + i * (row + gap)
        parts.append(f'<text x="0" y="{y + row - 5}" fill="#333">{escape(label)}</text>')
        x = float(label_width)
        total = 0.0
        for phase, ns in segments:
            width = bar_width * ns / longest
            total += ns
            if width <= 0:
                continue
            colour = PHASE_COLOURS.get(phase, OTHER_COLOUR)
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{max(width, 0.5):.1f}" height="{row}" fill="{colour}">'
                f"<title>{escape(phase)}: {escape(time_text(ns))}</title></rect>"
            )
            x += width
        parts.append(f'<text x="{x + 4:.1f}" y="{y + row - 5}" fill="#333">{escape(time_text(total))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _legend(phases: Iterable[str]) -> str:
    items = "".join(
        f'<span style="display:inline-block;width:10px;height:10px;background:{PHASE_COLOURS.get(p, OTHER_COLOUR)};'
        f'margin:0 3px 0 10px"></span>{escape(p)}'
        for p in phases
    )
    return f'<div class="note">{items}</div>'


def _migrated(phase: Phase) -> tuple[str, str, str, str]:
    c = phase.counters
    if c is None:
        return ("not reported",) * 4
    return (
        bytes_text(c.bytes_host_to_device),
        bytes_text(c.bytes_device_to_host),
        count_text(c.cpu_page_faults),
        count_text(c.gpu_page_faults),
    )


def phase_table(report: Report) -> str:
    header = ("phase", "time", "min", "max", "device", "copied in", "copied out", "migrated h→d", "migrated d→h",
              "CPU faults", "GPU faults", "bandwidth", "of spec")
    rows = []
    for p in report.phases:
        ceiling = p.ceiling
        rows.append(
            [escape(p.name), time_text(p.time_ns),
             time_text(p.time_min_ns) if p.samples > 1 else "—",
             time_text(p.time_max_ns) if p.samples > 1 else "—",
             time_text(p.device_time_ns), bytes_text(p.bytes_to_device), bytes_text(p.bytes_to_host),
             *(escape(v) for v in _migrated(p)), rate_text(p.bandwidth_bytes_per_second),
             percent_text(ceiling.percent_of_specification if ceiling else None)]
        )
    return _table(header, rows)


def _report_notes(report: Report) -> str:
    v = report.verification
    verified = (
        f"yes: {v.checked:,} elements equal to the CPU reference"
        if v.passed
        else f"NO: {v.mismatches:,} of {v.checked:,} elements differ from the CPU reference"
    )
    lines = [f"<b>verified</b> {escape(verified)}"]
    source = report.counter_source
    if not source.enabled or source.note:
        lines.append(f"<b>counters</b> not reported ({escape(source.note or 'counted pass off')})")
    else:
        lines.append(f"<b>counters</b> totals from the {escape(source.totals or '?')}, records: "
                     f"{escape(source.records or '?')}")
    if report.budget is not None:
        if report.budget.none:
            lines.append(f"<b>budget</b> none: {escape(report.budget.none)}")
        else:
            over = [b for b in report.budget.phases if b.verdict != "within"]
            verdict = "within" if not over else "; ".join(f"{b.phase} {b.verdict}" for b in over)
            lines.append(f"<b>budget</b> {escape(verdict)}")
    lines.append(f"<b>reproduce</b> <code>{escape(report.command)}</code>")
    return "".join(f'<div class="note">{line}</div>' for line in lines)


def report_html(report: Report) -> str:
    """A run: what ran, the phase table, the chart of the phases' times, the notes."""
    spec = report.spec
    title = (f"{spec.mode} · {spec.kernel} · {size_text(spec.size_bytes)} per buffer · {report.device.id} "
             f"({report.device.name})")
    chart = bar_chart([(p.name, [(p.name, float(p.time_ns))]) for p in report.phases],
                      "median time per phase (host clock)")
    return (
        f'<div class="sharescope">{STYLE}<div><b>{escape(title)}</b></div>'
        f'<div class="note">{spec.iterations} iterations after {spec.warmup} warm-up; times are medians</div>'
        f"{phase_table(report)}{chart}{_report_notes(report)}</div>"
    )


def comparison_html(comparison: Comparison) -> str:
    """A compare or a sweep: a row per run with its phases' times, stacked bars."""
    shown = [p for p in ITERATION_PHASES if any(r.phases and _has(r, p) for r in comparison.runs)]
    header = ("mode", "size", *shown, "iteration", "copied", "verified")
    rows, bars = [], []
    for run in comparison.runs:
        times = {p.name: p for p in run.phases}
        iteration = sum(times[p].time_ns for p in shown if p in times)
        copied = sum(times[p].bytes_to_device + times[p].bytes_to_host for p in shown if p in times)
        rows.append(
            [escape(run.mode), size_text(run.size_bytes),
             *(time_text(times[p].time_ns) if p in times else "—" for p in shown),
             time_text(iteration), bytes_text(copied), "yes" if run.verification.passed else "<b>NO</b>"]
        )
        label = run.mode if comparison.kind == "compare" else f"{run.mode} {size_text(run.size_bytes)}"
        bars.append((label, [(p, float(times[p].time_ns)) for p in shown if p in times]))
    skipped = "".join(
        f'<div class="note">skipped {escape(s.mode)} ({escape(size_text(s.size_bytes))}): {escape(s.reason)}</div>'
        for s in comparison.skipped
    )
    return (
        f'<div class="sharescope">{STYLE}<div><b>{escape(comparison.kind)}: {len(comparison.runs)} runs</b></div>'
        f"{_table(header, rows)}{bar_chart(bars, 'median time of each phase of an iteration')}{_legend(shown)}"
        f'{skipped}<div class="note"><b>reproduce</b> <code>{escape(comparison.command)}</code></div></div>'
    )


def _has(run: Report, phase: str) -> bool:
    return any(p.name == phase for p in run.phases)


def demo_html(demo: Demo) -> str:
    return (
        f'<div class="sharescope">{STYLE}<div><b>demo {escape(demo.name)}</b></div>'
        f"{comparison_html(demo.comparison)}<pre style=\"white-space:pre-wrap\">{escape(demo.lesson)}</pre></div>"
    )


def listing_html(entries: Iterable[Any], columns: Sequence[str]) -> str:
    rows = [[escape(str(getattr(e, c))) for c in columns] for e in entries]
    return f'<div class="sharescope">{STYLE}{_table(columns, rows)}</div>'
