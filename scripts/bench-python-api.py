#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a sharescope.run() call costs beyond the command line it runs.

Runs the same experiment RUNS times each way, alternating: the command line
alone (`sharescope --lang en run ... --json -`, its output read from a pipe,
as a script would) and sharescope.run() with the same arguments (which
starts that same command, then reads its JSON into a Report). The
difference of the medians is the API's own cost; it must stay within
LIMIT ms (exit 1 otherwise). Also times reading the largest shipped
report (measured on an H200: migration records, residency) alone.

Usage: python scripts/bench-python-api.py [--mode M] [--size S] [--device D]
       [--iterations N] [--no-counters] [--runs 10] [--limit-ms 50]
with the python of an environment where the package is installed (or
PYTHONPATH and SHARESCOPE_PROGRAM pointing at a build tree).
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

import sharescope
from sharescope import _report

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", default="cl-copy")
    parser.add_argument("--size", default="1MiB")
    parser.add_argument("--device", default="opencl:0")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--no-counters", action="store_true", help="no counted pass (a CUDA run's second process)")
    parser.add_argument("--limit-ms", type=float, default=50.0)
    args = parser.parse_args()

    program = sharescope.program()
    options = ["--mode", args.mode, "--size", args.size, "--device", args.device, "--iterations", str(args.iterations)]
    options += ["--no-counters"] if args.no_counters else []
    line = [program, "--lang", "en", "run", *options, "--json", "-"]

    printed = []

    def command_line() -> float:
        start = time.perf_counter()
        finished = subprocess.run(line, stdin=subprocess.DEVNULL, capture_output=True, check=True)
        elapsed = time.perf_counter() - start
        printed[:] = [finished.stdout]
        return elapsed

    def api() -> float:
        start = time.perf_counter()
        sharescope.run(mode=args.mode, size=args.size, device=args.device, iterations=args.iterations,
                       counters=not args.no_counters)
        return time.perf_counter() - start

    command_line(), api()  # warm-up: PoCL's kernel cache, the page cache
    cli_times, api_times = [], []
    for _ in range(args.runs):
        cli_times.append(command_line())
        api_times.append(api())
    cli, python = statistics.median(cli_times), statistics.median(api_times)
    overhead_ms = (python - cli) * 1e3

    # The API's own work alone, without the program's run and its noise:
    # reading the JSON the program printed into a Report.
    reads = []
    for _ in range(args.runs):
        start = time.perf_counter()
        _report.Report.from_json(json.loads(printed[0]))
        reads.append(time.perf_counter() - start)
    read_ms = statistics.median(reads) * 1e3

    example = ROOT / "resources" / "examples" / "managed.json"
    parse_ms = None
    if example.exists():
        document = json.loads(example.read_text(encoding="utf-8"))
        starts = []
        for _ in range(args.runs):
            start = time.perf_counter()
            _report.Report.from_json(document)
            starts.append(time.perf_counter() - start)
        parse_ms = statistics.median(starts) * 1e3

    print(f"command    {' '.join(['sharescope', *line[1:]])}")
    print(f"program    {program}")
    print(f"python     {sys.version.split()[0]}, sharescope {sharescope.__version__}")
    print(f"runs       {args.runs} each way, alternating, after one warm-up each")
    print(f"command line alone   median {cli * 1e3:8.1f} ms  (min {min(cli_times) * 1e3:.1f}, max {max(cli_times) * 1e3:.1f})")
    print(f"sharescope.run()     median {python * 1e3:8.1f} ms  (min {min(api_times) * 1e3:.1f}, max {max(api_times) * 1e3:.1f})")
    print(f"API's own cost       {overhead_ms:+.1f} ms (limit {args.limit_ms:.0f} ms)")
    print(f"reading this run's JSON ({len(printed[0]) / 1e3:.0f} kB) into a Report: median {read_ms:.2f} ms")
    if parse_ms is not None:
        size = example.stat().st_size
        print(f"reading {example.name} ({size / 1e6:.1f} MB, an H200 report with records): median {parse_ms:.1f} ms")
    if overhead_ms > args.limit_ms:
        print("FAILED: the API costs more than the limit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
