# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/python-api.md is what the package's docstrings say, and help() works."""

import pydoc
import subprocess
import sys

import pytest

import sharescope
from conftest import ROOT


def test_the_api_reference_is_generated_from_the_docstrings():
    script = ROOT / "scripts" / "python-api-reference.py"
    if not (ROOT / "docs" / "python-api.md").exists():
        pytest.skip("no docs here (a source distribution)")
    finished = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert finished.returncode == 0, finished.stderr


def test_every_public_name_has_its_help():
    for name in sharescope.__all__:
        thing = getattr(sharescope, name)
        if callable(thing) or isinstance(thing, type):
            assert thing.__doc__ and thing.__doc__.strip(), name
    text = pydoc.render_doc(sharescope.run, renderer=pydoc.plaintext)
    assert "Runs one experiment" in text and "BadArgument" in text
