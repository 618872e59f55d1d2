# SPDX-License-Identifier: GPL-3.0-or-later
"""On an NVIDIA GPU (marker gpu; skipped elsewhere): the driver's counts of
this process's own CuPy work, and a managed run's DataFrame against the
command line's JSON. scripts/gpu-python.sh runs these on the H200."""

import ctypes
import json
import subprocess

import pytest

import sharescope

pytestmark = pytest.mark.gpu
MiB = 1 << 20


def managed_array(cp, np, count):
    """A float32 array in managed memory, seen by CuPy and by numpy (the CPU)."""
    memory = cp.cuda.malloc_managed(count * 4)
    device = cp.ndarray((count,), cp.float32, memory)  # malloc_managed gives the pointer itself
    host = np.ctypeslib.as_array((ctypes.c_float * count).from_address(memory.ptr))
    return memory, device, host


def test_counting_gives_exactly_the_bytes_a_managed_block_must_move():
    cp = pytest.importorskip("cupy")
    np = pytest.importorskip("numpy")
    cp.zeros(1)  # a context: CUDA opens this process's unified memory
    cp.cuda.runtime.deviceSynchronize()
    count = 64 * MiB // 4
    kept = [managed_array(cp, np, count) for _ in range(3)]
    (_, x, hx), (_, y, hy), (_, out, hout) = kept
    with sharescope.counting() as counted:
        hx[:] = 1.0  # the CPU writes x and y: first touches, nothing migrates
        hy[:] = 2.0
        cp.add(x, y, out=out)  # the GPU faults x and y in (128 MiB); out starts on the GPU
        cp.cuda.runtime.deviceSynchronize()
        total = float(hout.sum(dtype=np.float64))  # the CPU faults out back (64 MiB)
    print(counted)
    assert total == 3.0 * count
    assert counted.counted, counted.reason
    assert counted.bytes_host_to_device == 128 * MiB
    assert counted.bytes_device_to_host == 64 * MiB
    assert counted.cpu_page_faults > 0 and counted.gpu_page_faults > 0


def test_a_managed_runs_dataframe_matches_the_command_lines_json():
    pytest.importorskip("pandas")
    report = sharescope.run(mode="managed", size="256MiB")
    frame = report.to_pandas()
    summary = {s["phase"]: s for s in report.raw["summary"]}
    assert list(frame.index) == list(summary)
    for phase, row in frame.iterrows():
        counters = summary[phase]["counters"]
        assert row["migrated_to_device_bytes"] == counters["bytesHostToDevice"]
        assert row["migrated_to_host_bytes"] == counters["bytesDeviceToHost"]
        assert row["cpu_page_faults"] == counters["cpuPageFaults"]
        assert row["gpu_page_faults"] == counters["gpuPageFaults"]
        assert row["time_ms"] == pytest.approx(summary[phase]["hostNs"]["median"] / 1e6)
    assert frame.loc["kernel", "migrated_to_device_bytes"] > 0
    # The command line's own run of the same experiment moves the same
    # bytes: the driver's counts are exact (the times differ, run to run).
    finished = subprocess.run(
        [sharescope.program(), "run", "--mode", "managed", "--size", "256MiB", "--json", "-"],
        capture_output=True, text=True, check=True,
    )
    cli = {s["phase"]: s["counters"] for s in json.loads(finished.stdout)["summary"]}
    for phase, row in frame.iterrows():
        assert row["migrated_to_device_bytes"] == cli[phase]["bytesHostToDevice"], phase
        assert row["migrated_to_host_bytes"] == cli[phase]["bytesDeviceToHost"], phase
