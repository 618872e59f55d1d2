# SPDX-License-Identifier: GPL-3.0-or-later
"""sharescope.counting() and the %%sharescope cell magic where the driver
cannot count (no NVIDIA UVM driver: they say so once and run the code
unchanged), the magic through IPython's own API. The counts themselves are
checked on a GPU (test_gpu.py)."""

import pytest

import sharescope
from conftest import nvidia_gpu
from sharescope import _counting

no_driver = pytest.mark.skipif(nvidia_gpu(), reason="an NVIDIA driver is here: test_gpu.py checks the counts")


@pytest.fixture(autouse=True)
def nothing_said_yet():
    _counting._said.clear()
    yield
    _counting._said.clear()


def test_the_native_module_loads_and_answers():
    from sharescope import _native

    counters, kind, why = _native.open_counters()
    if counters is None:
        assert kind in ("no-driver", "driver", "no-cuda", "refused") and why
    else:
        assert kind == "" and len(counters.read()) == 4
        counters.close()


def test_the_native_module_needs_no_device_library():
    # It links core for the UVM readers alone: not OpenCL, CUDA, CUPTI or Qt.
    import os
    import re
    import shutil
    import subprocess

    from sharescope import _native

    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("no readelf here")
    dynamic = subprocess.run([readelf, "-d", _native.__file__], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dynamic)
    assert needed and not [n for n in needed if n.startswith(("libOpenCL", "libcupti", "libcuda", "libQt"))], needed
    assert os.path.getsize(_native.__file__) < 1 << 20


@no_driver
def test_the_module_says_there_is_no_driver():
    from sharescope import _native

    counters, kind, why = _native.open_counters()
    assert (counters, kind) == (None, "no-driver")
    assert "/sys/module/nvidia_uvm/version" in why


@no_driver
def test_counting_runs_the_block_unchanged_and_says_why_once(capsys):
    ran = []
    with sharescope.counting() as counted:
        ran.append(sum(range(10)))
    assert ran == [45]
    assert not counted.counted and "no NVIDIA UVM driver here" in counted.reason
    assert counted.bytes_host_to_device is None and counted.cpu_page_faults is None  # not counted, never 0
    assert counted.elapsed_ns is not None and counted.elapsed_ns > 0
    first = capsys.readouterr().err
    assert first.count("no NVIDIA UVM driver here") == 1
    with sharescope.counting() as again:
        pass
    assert again.reason == counted.reason
    assert capsys.readouterr().err == ""  # said once
    assert "not counted" in str(counted) and "time" in str(counted)
    assert "no NVIDIA UVM driver" not in str(counted)  # said once, not with every table
    assert "not counted" in counted._repr_html_()


@no_driver
def test_an_exception_in_the_block_goes_through(capsys):
    with pytest.raises(ZeroDivisionError):
        with sharescope.counting(quiet=True) as counted:
            1 / 0
    assert counted.elapsed_ns is not None
    assert capsys.readouterr().err == ""  # quiet


def test_counts_as_a_dataframe():
    pytest.importorskip("pandas")
    counted = sharescope.Counted(1 << 20, 0, 3, 4, 2_000_000, "580.159.04")
    frame = counted.to_pandas()
    assert frame.shape == (1, 5)
    assert frame.loc[0, "migrated_to_device_bytes"] == 1 << 20 and frame.loc[0, "time_ms"] == 2.0
    assert str(frame["cpu_page_faults"].dtype) == "Int64"
    assert counted.counted and "1 MiB (1,048,576 B)" in str(counted)
    none = sharescope.Counted(reason="why").to_pandas()
    assert none["migrated_to_device_bytes"].isna().all()


@pytest.fixture
def shell():
    pytest.importorskip("IPython")
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "sharescope")
    yield shell
    InteractiveShell.clear_instance()


@no_driver
def test_the_cell_magic_runs_the_cell_and_shows_the_counts(shell, capsys):
    result = shell.run_cell("%%sharescope counts\nvalue = 6 * 7\nvalue\n")
    assert result.success
    assert shell.user_ns["value"] == 42
    counted = shell.user_ns["counts"]
    assert isinstance(counted, sharescope.Counted) and "no NVIDIA UVM driver here" in counted.reason
    out, err = capsys.readouterr()
    assert err.count("no NVIDIA UVM driver here") == 1
    assert "42" in out  # the cell's own last value
    assert "not counted" in out and "time" in out  # the small table
    # A second cell: said once, the table again.
    shell.run_cell("%%sharescope\nvalue += 1\n")
    out, err = capsys.readouterr()
    assert shell.user_ns["value"] == 43 and "no NVIDIA UVM driver" not in err and "time" in out


def test_the_cell_magic_shows_the_cells_error_and_still_counts(shell, capsys):
    shell.run_cell("%%sharescope\nbefore = 1\nraise KeyError('inside the cell')\n")
    out, _ = capsys.readouterr()
    assert shell.user_ns["before"] == 1
    assert "KeyError" in out and "inside the cell" in out and "time" in out


def test_the_cell_magic_takes_a_name_or_nothing(shell, capsys):
    from IPython.core.error import UsageError

    result = shell.run_cell("%%sharescope 1x\nran = True\n")
    assert not result.success and isinstance(result.error_in_exec, UsageError)
    assert "takes a variable name" in str(result.error_in_exec)
    assert "ran" not in shell.user_ns
