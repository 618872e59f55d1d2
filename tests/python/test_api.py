# SPDX-License-Identifier: GPL-3.0-or-later
"""Every function of the API against the installed command line, on the
first OpenCL device (PoCL on a machine without a GPU)."""

import json
import os
import subprocess
import sys

import pytest

import sharescope
from conftest import needs_opencl
from sharescope import _frames

# The experiments run on opencl:0: PoCL on a machine without a GPU.
pytestmark = needs_opencl

MiB = 1 << 20
PHASES = ["alloc", "host-init", "to-device", "kernel", "to-host", "host-read", "free"]
CL = "opencl:0"


@pytest.fixture(scope="module")
def report():
    return sharescope.run(mode="cl-copy", size="1MiB", device=CL, iterations=2, warmup=1)


def test_the_program_is_the_one_installed_with_the_package():
    program = sharescope.program()
    assert os.access(program, os.X_OK)
    if "SHARESCOPE_PROGRAM" not in os.environ:
        # pip put it into the environment's bin, beside its python.
        assert os.path.dirname(program) == os.path.dirname(sys.executable)


def test_devices_lists_the_opencl_device():
    devices = sharescope.devices()
    assert isinstance(devices, sharescope.Devices)
    device = devices[CL]
    assert device.backend == "opencl" and device.name and device.global_memory_bytes > 0
    assert device.raw["id"] == CL
    assert all(isinstance(p, str) for p in devices.problems)
    with pytest.raises(KeyError, match="no device 'cuda:9'"):
        devices["cuda:9"]


def test_modes_say_which_run_here_and_why_not():
    modes = sharescope.modes(device=CL)
    ids = [m.id for m in modes]
    assert len(ids) == len(set(ids)) and {"cl-copy", "managed", "cl-svm-coarse"} <= set(ids)
    by_id = {m.id: m for m in modes}
    assert by_id["cl-copy"].supported and by_id["cl-copy"].device == CL
    assert not by_id["managed"].supported
    assert "CUDA mode" in by_id["managed"].reason


def test_run_reports_the_phases_bytes_and_verification(report):
    assert isinstance(report, sharescope.Report)
    assert [p.name for p in report.phases] == PHASES
    assert (report.mode, report.kernel, report.size_bytes) == ("cl-copy", "vector-add", MiB)
    assert report.spec.iterations == 2 and report.spec.warmup == 1 and report.device.id == CL
    # vector-add copies x and y in and out back.
    assert report.phase("to-device").bytes_to_device == 2 * MiB
    assert report.phase("to-host").bytes_to_host == MiB
    assert report.phase("kernel").bytes_to_device == 0
    assert report.verification.passed and report.verification.checked == 3 * MiB // 4
    assert report.verification.mismatches == 0
    for phase in report.phases:
        assert phase.time_min_ns <= phase.time_ns <= phase.time_max_ns
    # OpenCL reports no migration counters: not reported, never zero.
    assert all(p.counters is None for p in report.phases)
    assert not report.counter_source.enabled and "OpenCL" in report.counter_source.note
    # The command that reproduces it.
    assert report.command.startswith("sharescope run ") and "--mode cl-copy" in report.command
    assert len(report.iterations) == 3 and report.iterations[0].warmup
    assert [s.name for s in report.iterations[1].phases] == PHASES[1:-1]
    with pytest.raises(KeyError, match="no phase 'ipc-open'"):
        report.phase("ipc-open")


def test_run_reports_the_budget_and_the_ceilings(report):
    budget = report.budget
    assert budget is not None and budget.none is None
    checks = {b.phase: b for b in budget.phases}
    assert checks["to-device"].to_device == 2 * MiB and checks["to-device"].moved_to_device == 2 * MiB
    assert all(b.verdict == "within" for b in budget.phases)
    assert report.ceilings is not None
    assert "host-memory" in [p.path for p in report.ceilings.paths]
    # A CPU device works in host memory; a GPU's kernel in its own memory.
    assert report.phase("kernel").ceiling.path == ("host-memory" if report.device.cpu_device else "device-memory")


def test_run_takes_every_option_as_a_keyword():
    threaded = sharescope.run(mode="cl-copy", size=65536, device=CL, iterations=1, host_threads=2, counters=False)
    assert threaded.spec.host_threads == 2
    assert threaded.size_bytes == 65536
    assert threaded.spec.counters is False
    assert "--host-threads 2" in threaded.command


def test_the_dataframe_has_a_row_per_phase_and_units_in_its_columns(report):
    pd = pytest.importorskip("pandas")
    frame = report.to_pandas()
    assert frame.shape == (len(PHASES), len(_frames.PHASE_COLUMNS))
    assert list(frame.index) == PHASES and frame.index.name == "phase"
    assert list(frame.columns) == list(_frames.PHASE_COLUMNS)
    units = ("_ms", "_bytes", "_GBps", "_percent", "samples", "_faults", "ceiling_path")
    assert all(column.endswith(units) for column in frame.columns)
    kernel = report.phase("kernel")
    assert frame.loc["kernel", "time_ms"] == pytest.approx(kernel.time_ns / 1e6)
    assert frame.loc["to-device", "copied_to_device_bytes"] == 2 * MiB
    assert frame.loc["kernel", "bandwidth_GBps"] == pytest.approx(kernel.bandwidth_bytes_per_second / 1e9)
    # Not reported is missing, not zero, in integer columns that stay integers.
    assert str(frame["migrated_to_device_bytes"].dtype) == "Int64"
    assert frame["migrated_to_device_bytes"].isna().all() and frame["cpu_page_faults"].isna().all()
    every = report.to_pandas(per_iteration=True)
    assert every.shape[0] == 3 * 5
    assert set(every["phase"]) == set(PHASES[1:-1]) and every["warmup"].sum() == 5
    assert isinstance(frame, pd.DataFrame)


def test_compare_runs_each_mode_and_frames_them():
    comparison = sharescope.compare(["cl-copy", "cl-use-host-ptr"], size="256KiB", device=CL, iterations=1)
    assert isinstance(comparison, sharescope.Comparison) and comparison.kind == "compare"
    assert comparison.modes == ["cl-copy", "cl-use-host-ptr"] and len(comparison) == 2
    assert comparison["cl-use-host-ptr"].mode == "cl-use-host-ptr"
    assert comparison.command.startswith("sharescope compare ")
    assert all(run.verification.passed for run in comparison)
    pytest.importorskip("pandas")
    frame = comparison.to_pandas()
    assert frame.shape == (2 * len(PHASES), len(_frames.PHASE_COLUMNS))
    assert frame.index.names == ["mode", "size_bytes", "phase"]
    assert frame.loc[("cl-copy", 256 * 1024, "to-device"), "copied_to_device_bytes"] == 512 * 1024


def test_compare_lists_what_it_skipped_and_why():
    comparison = sharescope.compare(["cl-copy", "managed"], size="64KiB", device=CL, iterations=1)
    assert comparison.modes == ["cl-copy"]
    assert [s.mode for s in comparison.skipped] == ["managed"]
    assert comparison.skipped[0].reason


def test_sweep_runs_each_size():
    sweep = sharescope.sweep(["cl-copy"], sizes=["64KiB", "256KiB"], device=CL, iterations=1)
    assert sweep.kind == "sweep"
    assert [run.size_bytes for run in sweep] == [64 * 1024, 256 * 1024]
    assert sweep.command.startswith("sharescope sweep ")


def test_demo_returns_its_comparison_and_lesson():
    demo = sharescope.demo("copies-vs-zero-copy", size="256KiB", device=CL, iterations=1)
    assert isinstance(demo, sharescope.Demo) and demo.name == "copies-vs-zero-copy"
    assert len(demo.comparison) >= 2
    assert "cl-copy" in demo.comparison.modes
    assert "cl-copy" in demo.lesson and str(demo) == demo.lesson


def test_a_demo_this_machine_cannot_run_is_not_supported():
    if any(d.backend == "cuda" for d in sharescope.devices()):
        pytest.skip("this machine has a CUDA device")
    with pytest.raises(sharescope.NotSupported) as raised:
        sharescope.demo("first-touch")
    assert raised.value.exit_code == 3 and "first-touch" in raised.value.stderr


def test_explain_reads_the_pages_in_both_languages():
    listing = sharescope.explain()
    assert "cl-copy" in listing.text and listing.topic is None
    page = sharescope.explain("cl-copy")
    assert page.text.startswith("# cl-copy") and page._repr_markdown_() == page.text
    chinese = sharescope.explain("cl-copy", lang="zh_CN")
    assert any("\u4e00" <= c <= "\u9fff" for c in chinese.text)
    example = sharescope.explain("cl-copy", example="cpp")
    assert "clEnqueueWriteBuffer" in example.text


def test_bad_arguments_are_value_errors_with_the_programs_message():
    with pytest.raises(ValueError) as raised:
        sharescope.run(mode="bogus", device=CL)
    error = raised.value
    assert isinstance(error, sharescope.BadArgument) and isinstance(error, sharescope.SharescopeError)
    assert error.exit_code == 2 and error.message.startswith("unknown mode 'bogus'; accepted:")
    assert error.command[error.command.index("--mode") + 1] == "bogus"
    for call in (
        lambda: sharescope.run(mode="cl-copy", size="12.5B", device=CL),
        lambda: sharescope.run(mode="cl-copy", iterations=0, device=CL),
        lambda: sharescope.sweep(["cl-copy"], sizes="1MiB:4KiB", device=CL),
        lambda: sharescope.explain("no-such-page"),
        lambda: sharescope.modes(device="opencl:9"),
        lambda: sharescope.run(mode="cl-copy", device=CL, no_such_option=1),
    ):
        with pytest.raises(sharescope.BadArgument):
            call()


def test_python_values_of_the_wrong_type_are_type_errors():
    with pytest.raises(TypeError, match="size="):
        sharescope.run(mode="cl-copy", size={"bytes": 1})


def test_a_mode_the_device_cannot_run_is_not_supported():
    with pytest.raises(sharescope.NotSupported) as raised:
        sharescope.run(mode="managed", device=CL)
    assert raised.value.exit_code == 3
    assert "managed is a CUDA mode" in raised.value.message
    assert not isinstance(raised.value, ValueError)


def test_a_failed_run_is_run_failed_and_keeps_what_was_written(fake_program, report):
    fake_program(1, "sharescope: kernel: clFinish failed: CL_OUT_OF_RESOURCES\n", json.dumps(report.raw))
    with pytest.raises(sharescope.RunFailed) as raised:
        sharescope.run(mode="cl-copy")
    error = raised.value
    assert isinstance(error, RuntimeError) and error.exit_code == 1
    assert error.message == "kernel: clFinish failed: CL_OUT_OF_RESOURCES"
    assert isinstance(error.partial, sharescope.Report) and error.partial.command == report.command
    assert "exit code 1" in str(error)


def test_a_failed_run_with_nothing_written_keeps_nothing(fake_program):
    fake_program(1, "sharescope: the device was lost\n")
    with pytest.raises(sharescope.RunFailed) as raised:
        sharescope.compare()
    assert raised.value.partial is None


def test_a_stopped_run_and_other_codes(fake_program):
    fake_program(130, "sharescope: stopped\n")
    with pytest.raises(sharescope.Stopped):
        sharescope.run()
    fake_program(42, "something else\n")
    with pytest.raises(sharescope.SharescopeError) as raised:
        sharescope.devices()
    assert raised.value.exit_code == 42 and raised.value.message == "something else"


def test_a_timeout_stops_the_program_as_ctrl_c_does(tmp_path, monkeypatch):
    script = tmp_path / "sharescope"
    script.write_text("#!/bin/sh\ntrap 'kill $!; echo stopped >&2; exit 130' INT\nsleep 30 &\nwait\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("SHARESCOPE_PROGRAM", str(script))
    with pytest.raises(sharescope.Stopped, match="timeout of 0.5 s") as raised:
        sharescope.run(mode="cl-copy", timeout=0.5)
    assert raised.value.exit_code == 130 and "stopped" in raised.value.stderr


def test_a_missing_program_says_where_it_looked(monkeypatch, tmp_path):
    monkeypatch.setenv("SHARESCOPE_PROGRAM", str(tmp_path / "nowhere"))
    with pytest.raises(sharescope.ProgramNotFound, match="is not an executable file"):
        sharescope.devices()


def test_watch_and_doctor_are_not_supported_by_a_program_without_them(fake_program):
    for command in ("watch", "doctor"):
        fake_program(2, f"sharescope: unknown command '{command}'; accepted: devices, modes, run\n")
        with pytest.raises(sharescope.NotSupported, match=f"has no `{command}` command"):
            sharescope.watch(["true"]) if command == "watch" else sharescope.doctor()


def reporting_program(tmp_path, monkeypatch, document: str, code: int):
    """A program that writes `document` where --json says, keeps its
    arguments in args.txt, and exits with `code`."""
    script = tmp_path / "sharescope"
    script.write_text(
        f'#!/bin/sh\nprintf "%s\\n" "$@" > "{tmp_path}/args.txt"\n'
        f'while [ $# -gt 0 ]; do [ "$1" = --json ] && printf \'%s\' \'{document}\' > "$2"; shift; done\n'
        f"exit {code}\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    monkeypatch.setenv("SHARESCOPE_PROGRAM", str(script))
    return tmp_path / "args.txt"


def test_watch_returns_the_report_whatever_the_commands_status(tmp_path, monkeypatch):
    arguments = reporting_program(tmp_path, monkeypatch, '{"format": "sharescope-watch", "exitStatus": 3}', 3)
    report = sharescope.watch("python3 -c 'exit(3)'", interval="10ms")
    assert report == {"format": "sharescope-watch", "exitStatus": 3}
    given = arguments.read_text(encoding="utf-8").splitlines()
    # --lang never among the watched command's arguments, after --.
    assert given[:3] == ["watch", "--lang", "en"]
    assert given[given.index("--") + 1 :] == ["python3", "-c", "exit(3)"]
    assert given[given.index("--interval") + 1] == "10ms"


def test_a_doctor_that_found_a_problem_is_a_result(tmp_path, monkeypatch):
    reporting_program(tmp_path, monkeypatch, '{"kind": "doctor", "version": 1, "checks": []}', 4)
    assert sharescope.doctor(quick=True)["kind"] == "doctor"
    reporting_program(tmp_path, monkeypatch, '{"kind": "doctor"}', 1)
    with pytest.raises(sharescope.RunFailed):
        sharescope.doctor()


def test_watch_and_doctor_with_the_installed_program():
    # The installed program may or may not have these commands yet: either
    # its JSON, or NotSupported that says so; where it has them, this
    # machine may still refuse a watch (its message, as an exception).
    for call in (lambda: sharescope.doctor(quick=True), lambda: sharescope.watch(["true"])):
        try:
            result = call()
        except sharescope.NotSupported as error:
            assert error.message
        except sharescope.SharescopeError as error:
            assert error.message and error.exit_code not in (0, None)
        else:
            assert isinstance(result, dict)


def test_the_command_line_gui_says_this_build_has_no_window():
    finished = subprocess.run([sharescope.program(), "gui"], capture_output=True, text=True, env={**os.environ,
                              "QT_QPA_PLATFORM": "offscreen"})
    if finished.returncode == 3 and "no window" in finished.stderr:
        assert "built without Qt Widgets" in finished.stderr and finished.stdout == ""
    else:
        pytest.skip("this program was built with the window")
