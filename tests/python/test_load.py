# SPDX-License-Identifier: GPL-3.0-or-later
"""sharescope.load: the reports shipped with ShareScope (measured on an H200),
a report saved by the command line here, and files that are not reports."""

import json
import subprocess

import pytest

import sharescope
from conftest import EXAMPLES, needs_opencl

MiB = 1 << 20


def test_every_shipped_report_loads():
    files = sorted(EXAMPLES.glob("*.json"))
    assert len(files) >= 10
    for path in files:
        loaded = sharescope.load(path)
        document = json.loads(path.read_text(encoding="utf-8"))
        runs = [loaded] if isinstance(loaded, sharescope.Report) else list(loaded.runs)
        expected = 1 if document["format"] == "sharescope-report" else len(document["runs"])
        assert len(runs) == expected, path.name
        for run in runs:
            assert run.device.name == "NVIDIA H200", path.name
            assert run.phases and run.command.startswith("sharescope ")


def test_the_h200_managed_report_holds_the_drivers_counts():
    report = sharescope.load(EXAMPLES / "managed.json")
    assert isinstance(report, sharescope.Report)
    assert (report.mode, report.size_bytes, report.device.id) == ("managed", 256 * MiB, "cuda:0")
    assert report.counter_source.enabled and report.counter_source.totals == "driver"
    kernel = report.phase("kernel").counters
    # The kernel's faults pull x, y and out's pages to the GPU: 768 MiB.
    assert kernel.bytes_host_to_device == 768 * MiB and kernel.gpu_page_faults > 0
    host_read = report.phase("host-read").counters
    assert host_read.bytes_device_to_host == 256 * MiB and host_read.cpu_page_faults > 0
    # A report written before the budget and the clocks reads without them.
    assert report.budget is None
    pd = pytest.importorskip("pandas")
    frame = report.to_pandas()
    summary = {s["phase"]: s for s in report.raw["summary"]}
    for phase in frame.index:
        counters = summary[phase]["counters"]
        assert frame.loc[phase, "migrated_to_device_bytes"] == counters["bytesHostToDevice"]
        assert frame.loc[phase, "migrated_to_host_bytes"] == counters["bytesDeviceToHost"]
        assert frame.loc[phase, "cpu_page_faults"] == counters["cpuPageFaults"]
        assert frame.loc[phase, "gpu_page_faults"] == counters["gpuPageFaults"]
        assert frame.loc[phase, "time_ms"] == pytest.approx(summary[phase]["hostNs"]["median"] / 1e6)
    assert not frame["migrated_to_device_bytes"].isna().any()
    assert isinstance(frame, pd.DataFrame)


def test_a_compare_and_a_sweep_load_as_comparisons():
    compare = sharescope.load(EXAMPLES / "compare.json")
    assert isinstance(compare, sharescope.Comparison) and compare.kind == "compare"
    assert "managed" in compare.modes and compare["managed"].mode == "managed"
    sweep = sharescope.load(EXAMPLES / "sweep.json")
    assert sweep.kind == "sweep" and len({run.size_bytes for run in sweep}) > 1
    pytest.importorskip("pandas")
    frame = sweep.to_pandas()
    assert frame.shape[0] == sum(len(run.phases) for run in sweep)


@needs_opencl
def test_a_report_saved_by_the_command_line_loads(tmp_path):
    path = tmp_path / "run.json"
    subprocess.run(
        [sharescope.program(), "run", "--mode", "cl-copy", "--device", "opencl:0", "--size", "64KiB", "--iterations",
         "1", "--json", str(path)],
        check=True, capture_output=True,
    )
    report = sharescope.load(path)
    assert report.mode == "cl-copy" and report.size_bytes == 64 * 1024
    assert report.raw == json.loads(path.read_text(encoding="utf-8"))
    assert report.notes == ()


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ("[]", 'no "format" field'),
        ('{"format": "something-else", "formatVersion": 1}', 'format "something-else"'),
        ('{"format": "sharescope-report", "formatVersion": 99}', "newer than this package reads"),
        ('{"format": "sharescope-report", "formatVersion": 2}', "'iterations' is missing"),
    ],
)
def test_what_is_not_a_report_is_refused_with_why(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(sharescope.ReportFormatError, match=message) as raised:
        sharescope.load(path)
    assert isinstance(raised.value, ValueError) and str(path) in str(raised.value)


def test_a_damaged_field_is_named_with_its_path(tmp_path):
    document = json.loads((EXAMPLES / "managed.json").read_text(encoding="utf-8"))
    document["summary"][2]["hostNs"]["median"] = "fast"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(sharescope.ReportFormatError, match=r"'summary\[2\]\.hostNs\.median' must be an integer"):
        sharescope.load(path)
