# SPDX-License-Identifier: GPL-3.0-or-later
"""pytest for the Python package (scripts/python-package.sh installs it in a
fresh virtual environment, then runs these against the installed package
and its bundled command line, on PoCL where there is no GPU).

Tests marked `gpu` need an NVIDIA GPU and skip themselves without one.
"""

import os
import pathlib
import stat

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"


def nvidia_gpu() -> bool:
    """Whether the NVIDIA driver lists a GPU here."""
    gpus = pathlib.Path("/proc/driver/nvidia/gpus")
    return gpus.is_dir() and any(gpus.iterdir())


def opencl_device() -> bool:
    """Whether the program finds opencl:0 (PoCL here; NVIDIA's OpenCL on a GPU machine)."""
    import sharescope

    try:
        return any(d.id == "opencl:0" for d in sharescope.devices())
    except sharescope.SharescopeError:
        return False


needs_opencl = pytest.mark.skipif(not opencl_device(), reason="no OpenCL device opencl:0 here")


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs an NVIDIA GPU (and CuPy for the counts); skipped without one")


def pytest_collection_modifyitems(config, items):
    if nvidia_gpu():
        return
    skip = pytest.mark.skip(reason="needs an NVIDIA GPU; none here")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config):
    import sharescope

    try:
        program = sharescope.program()
    except sharescope.SharescopeError as error:
        program = f"not found ({error})"
    return [f"sharescope package: {pathlib.Path(sharescope.__file__).parent}", f"sharescope program: {program}"]


@pytest.fixture
def fake_program(tmp_path, monkeypatch):
    """Makes SHARESCOPE_PROGRAM a shell script that prints `stdout` and
    `stderr` and exits with `code`: the exit codes no run here can give."""

    def make(code: int, stderr: str = "", stdout: str = "") -> pathlib.Path:
        (tmp_path / "out.txt").write_text(stdout, encoding="utf-8")
        (tmp_path / "err.txt").write_text(stderr, encoding="utf-8")
        script = tmp_path / "sharescope"
        script.write_text(
            f'#!/bin/sh\ncat "{tmp_path}/out.txt"\ncat "{tmp_path}/err.txt" >&2\nexit {code}\n', encoding="utf-8"
        )
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        monkeypatch.setenv("SHARESCOPE_PROGRAM", os.fspath(script))
        return script

    return make
