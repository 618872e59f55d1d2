# SPDX-License-Identifier: GPL-3.0-or-later
"""What a notebook shows: the phase table and the bar chart as inline SVG."""

import json
import re
import xml.etree.ElementTree as ElementTree

import pytest

import sharescope
from conftest import EXAMPLES, needs_opencl

SVG = "{http://www.w3.org/2000/svg}"


def svgs(html: str) -> list:
    """Every SVG element in the HTML, parsed: it must be well-formed XML."""
    return [ElementTree.fromstring(m) for m in re.findall(r"<svg.*?</svg>", html, flags=re.S)]


@pytest.fixture(scope="module")
def managed():
    return sharescope.load(EXAMPLES / "managed.json")


def test_a_report_shows_its_phase_table_chart_and_command(managed):
    html = managed._repr_html_()
    assert html.count("<table>") == 1
    for phase in managed.phases:
        assert f"<td>{phase.name}</td>" in html
    # The driver's counts in the table: 768 MiB in during the kernel.
    assert "768 MiB" in html and "CPU faults" in html
    assert "sharescope run --device cuda:0 --mode managed" in html
    (chart,) = svgs(html)
    bars = chart.findall(f"{SVG}rect")
    assert len(bars) == sum(1 for p in managed.phases if p.time_ns > 0)
    # Bars scale with the phases' times: the longest is the widest.
    widths = {bar.find(f"{SVG}title").text.split(":")[0]: float(bar.get("width")) for bar in bars}
    longest = max(managed.phases, key=lambda p: p.time_ns).name
    assert max(widths, key=widths.get) == longest


@needs_opencl
def test_a_run_measured_here_shows_not_reported_counters():
    report = sharescope.run(mode="cl-copy", size="64KiB", device="opencl:0", iterations=1)
    html = report._repr_html_()
    assert "not reported" in html and "OpenCL reports no page-migration counters" in html
    assert "verified</b> yes" in html
    assert len(svgs(html)) == 1


def test_a_comparison_shows_a_row_and_a_bar_per_run():
    compare = sharescope.load(EXAMPLES / "compare.json")
    html = compare._repr_html_()
    for run in compare:
        assert f"<td>{run.mode}</td>" in html
    (chart,) = svgs(html)
    labels = [t.text for t in chart.findall(f"{SVG}text")]
    assert [run.mode for run in compare] == [label for label in labels if label in compare.modes]
    demo = sharescope.Demo("copies-vs-zero-copy", compare, "the lesson <with> marks")
    assert "the lesson &lt;with&gt; marks" in demo._repr_html_()


def test_text_from_a_report_is_escaped(tmp_path):
    document = json.loads((EXAMPLES / "managed.json").read_text(encoding="utf-8"))
    document["command"] = "sharescope run --mode <script>alert(1)</script>"
    document["device"]["name"] = "GPU & <b>"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    html = sharescope.load(path)._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html and "GPU &amp; &lt;b&gt;" in html
    svgs(html)


def test_listings_show_as_tables():
    html = sharescope.modes()._repr_html_()
    assert "<table>" in html and "cl-copy" in html
    assert "<table>" in sharescope.devices()._repr_html_()
    pytest.importorskip("pandas")
    frame = sharescope.modes().to_pandas()
    assert list(frame.columns) == list(sharescope.Modes.columns) and len(frame) == len(sharescope.modes())
