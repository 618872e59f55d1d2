#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Explain page "watch"'s Python example, run as a reader adapts it:
--file names a file the started program opens (no GPU here), and the example
must take that very open file from the program, say so, and exit with the
program's status; a program that never opens the file, a failing program and
a missing command are said as such."""
import os
import subprocess
import sys
import tempfile

root = sys.argv[1]
snippet = os.path.join(root, "resources", "explain", "watch", "py-watch.py")
failures = []


def run(*args):
    return subprocess.run([sys.executable, snippet, *args], capture_output=True, text=True, timeout=60)


def expect(what, condition, result):
    if not condition:
        failures.append(f"{what}: exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}")


with tempfile.TemporaryDirectory() as folder:
    marker = os.path.join(folder, "held by the program")
    open(marker, "w").close()
    # The child opens the file, writes its descriptor number, keeps it open a while, exits 5.
    child = ("import sys, time; f = open(sys.argv[1]); print('fd', f.fileno(), flush=True); "
             "time.sleep(0.5); sys.exit(5)")
    result = run("--file", marker, "--", sys.executable, "-c", child, marker)
    expect("the program's status is the example's", result.returncode == 5, result)
    opened = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("fd ")]
    expect("the program said which descriptor it opened", len(opened) == 1, result)
    if opened:
        expect("the example took that descriptor",
               f"took descriptor {opened[0]} of pid " in result.stderr, result)
    # kcmp may be missing from a kernel; where it answers, it must say yes.
    expect("the taken file is the program's own open file",
           "the same open file: yes" in result.stderr or "kcmp cannot tell here" in result.stderr, result)
    expect("nothing else went wrong", "could not take" not in result.stderr, result)

result = run("--", "sh", "-c", "exit 3")
expect("a program without CUDA is said so", result.returncode == 3
       and "never opened /dev/nvidia-uvm" in result.stderr, result)
result = run()
expect("no command: usage, exit 2", result.returncode == 2 and "usage:" in result.stderr, result)
result = run("--", "sh", "-c", "kill -TERM $$")
expect("a program killed by a signal: 128 + N", result.returncode == 128 + 15, result)

for failure in failures:
    print("FAIL", failure)
print(f"snippet_watch: {len(failures)} failures")
sys.exit(1 if failures else 0)
