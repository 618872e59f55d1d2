#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs README.md's sample commands on PoCL and holds their output's shape
against the samples.

A sample is the fenced block after a line `<!-- sample: pocl -->`: lines that
start with `$ ` are commands (`scripts/run.sh ARGS` and `sharescope ARGS` both
run the built binary with ARGS), the lines after each are its standard output.
The figures change from run to run and machine to machine; the shape must not:

- the table lines are checked (a line with a run of two or more spaces
  between words, as the program's tables align their columns); wrapped prose
  is not, since its breaks move with the numbers in it;
- a table's header (its first line, without digits) and a row without
  digits must come out word for word; each other row must come out with
  the same first word (the phase, the mode, the demo), in the same order;
- a sample with a line `...` shows part of the output, in order; one without
  shows all of it: the program may print no table line more or less;
- a line of prose without figures, in a paragraph without figures (a message
  such as `modes`' note, the lines of `demo --list`), must come out whole,
  word for word, in order: its words do not move with any number, so a
  sample that says what the program no longer says fails; a sample shown
  whole (no `...`) must also show every such line the program prints.

The programs run with CUDA hidden, the OpenCL loader limited to PoCL, the
English locale, and a fresh home (no calibration, no settings).

Usage: scripts/check-readme-samples.py SHARESCOPE [README]
Exit status: 0 every sample matches, 1 one does not (each difference
listed), 2 bad usage or no samples, 77 PoCL is not installed (skipped).
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

MARKER = "<!-- sample: pocl -->"


def samples(readme_text):
    """(line number, [(command, [expected lines])]) for every marked block."""
    lines = readme_text.splitlines()
    found = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != MARKER:
            i += 1
            continue
        start = i
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            i += 1
        if i == len(lines):
            sys.exit(f"check-readme-samples: line {start + 1}: a sample marker without a fenced block after it")
        i += 1
        commands = []
        while i < len(lines) and not lines[i].startswith("```"):
            if lines[i].startswith("$ "):
                commands.append((lines[i][2:], []))
            elif commands:
                commands[-1][1].append(lines[i])
            i += 1
        if not commands:
            sys.exit(f"check-readme-samples: line {start + 1}: the sample's block has no `$ ` command")
        found.append((start + 1, commands))
        i += 1
    return found


def arguments_of(command):
    words = shlex.split(command)
    if words[:1] in (["scripts/run.sh"], ["sharescope"]):
        return words[1:]
    sys.exit(f"check-readme-samples: cannot run '{command}': a sample runs scripts/run.sh or sharescope")


def is_table_line(line):
    return re.search(r"\S {2,}\S", line.strip()) is not None


def is_elision(line):
    return line.strip() in ("...", "…")


def table_lines(lines):
    """(line, is it a header) for each table line: a header starts its table
    (the line before it is blank or prose) and holds no digits."""
    found = []
    for i, line in enumerate(lines):
        if not is_table_line(line):
            continue
        before = lines[i - 1] if i > 0 else ""
        starts = not (is_table_line(before) or is_elision(before))
        found.append((line, starts and not re.search(r"\d", line)))
    return found


def matches(expected, header, actual):
    # A header, and a row without figures (the reason a mode cannot run),
    # word for word; a row with figures by its first word.
    if header or not re.search(r"\d", expected):
        return expected.split() == actual.split()
    return expected.split()[0] == actual.split()[0]


def figure_free_lines(lines):
    """The lines of the paragraphs without a digit (a paragraph: lines between
    blank lines, table lines and elisions), which must come out whole."""
    found = []
    paragraph = []

    def close():
        if paragraph and not any(re.search(r"\d", line) for line in paragraph):
            found.extend(paragraph)
        paragraph.clear()

    for line in lines:
        if not line.strip() or is_table_line(line) or is_elision(line):
            close()
        else:
            paragraph.append(line)
    close()
    return found


def compare(expected_lines, output):
    """The differences between a sample's table lines and the output's, in words."""
    abridged = any(is_elision(line) for line in expected_lines)
    expected = table_lines(expected_lines)
    actual = [line for line, _ in table_lines(output.splitlines())]
    problems = []
    j = 0
    for line, header in expected:
        if abridged:
            k = next((k for k in range(j, len(actual)) if matches(line, header, actual[k])), None)
        else:
            k = j if j < len(actual) and matches(line, header, actual[j]) else None
        if k is None:
            kind = "header" if header else f"row '{line.split()[0]}'"
            near = actual[j] if j < len(actual) else "(the output ended)"
            problems.append(f"the {kind} is no longer there, in order:\n    README: {line.strip()}\n"
                            f"    now:    {near.strip()}")
            continue
        j = k + 1
    if not abridged and j < len(actual) and not problems:
        extra = "\n".join("    " + line.strip() for line in actual[j:])
        problems.append(f"the output has table lines the README does not show (add them, or a '...' line):\n{extra}")
    printed = [line.strip() for line in output.splitlines()]
    at = 0
    for line in figure_free_lines(expected_lines):
        k = next((k for k in range(at, len(printed)) if printed[k] == line.strip()), None)
        if k is None:
            problems.append(f"a line the README shows is no longer printed, word for word, in order:\n"
                            f"    README: {line.strip()}")
            continue
        at = k + 1
    # Shown whole, the sample has every such line the program prints.
    if not abridged:
        shown = {line.strip() for line in expected_lines}
        for line in figure_free_lines(output.splitlines()):
            if line.strip() not in shown:
                problems.append(f"the program prints a line the README does not show:\n    now:    {line.strip()}")
    return problems


def pocl_vendors(directory):
    """An ICD vendors directory that names PoCL alone, or None where PoCL is missing."""
    for icd in sorted(Path("/etc/OpenCL/vendors").glob("*.icd")):
        if "pocl" in icd.read_text(errors="replace").lower():
            vendors = Path(directory) / "vendors"
            vendors.mkdir()
            (vendors / icd.name).write_text(icd.read_text())
            return vendors
    return None


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    binary = sys.argv[1]
    readme = Path(sys.argv[2] if len(sys.argv) == 3 else Path(__file__).resolve().parent.parent / "README.md")
    blocks = samples(readme.read_text(encoding="utf-8"))
    if not blocks:
        print(f"check-readme-samples: no '{MARKER}' sample in {readme}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="sharescope-samples-") as home:
        vendors = pocl_vendors(home)
        if vendors is None:
            print("check-readme-samples: skipped: PoCL's OpenCL driver is not installed (/etc/OpenCL/vendors)")
            return 77
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
        environment.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", HOME=home, XDG_CACHE_HOME=f"{home}/cache",
                           XDG_DATA_HOME=f"{home}/data",
                           XDG_CONFIG_HOME=f"{home}/config", OCL_ICD_VENDORS=str(vendors),
                           CUDA_VISIBLE_DEVICES="-1", QT_QPA_PLATFORM="offscreen")
        failures = 0
        count = 0
        for line_number, commands in blocks:
            for command, expected in commands:
                count += 1
                result = subprocess.run([binary, *arguments_of(command)], capture_output=True, text=True,
                                        env=environment, timeout=300)
                if result.returncode != 0:
                    problems = [f"it exited {result.returncode}: {result.stderr.strip()}"]
                else:
                    problems = compare(expected, result.stdout)
                if problems:
                    failures += 1
                    print(f"{readme.name}:{line_number}: $ {command}")
                    for problem in problems:
                        print("  " + problem)
                else:
                    print(f"{readme.name}:{line_number}: $ {command}: matches")
    if failures:
        print(f"check-readme-samples: {failures} of {count} samples no longer match what the program prints; "
              f"run them again and update {readme.name}")
        return 1
    print(f"check-readme-samples: all {count} samples match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
