#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds a `sharescope watch` report against what the watched program says
it must move (its "expected: toDevice=N toHost=M" lines): within 0.1 %.

Usage: scripts/gpu-check-watch.py [--workers | --copies] REPORT.json PROGRAM.out
  (default: one process moved it all; --workers: each "worker k pid=P"
  line against that process; --copies: no migration at all, and the pinned
  and pageable copy routes seen)
Exit status: 0 all held, 1 one did not (said which), 2 unreadable input.
"""
import json
import re
import sys

TOLERANCE = 0.001


def within(measured, expected):
    if expected == 0:
        return measured == 0
    return abs(measured - expected) / expected <= TOLERANCE


def main():
    mode = "one"
    args = sys.argv[1:]
    if args and args[0] in ("--workers", "--copies"):
        mode = args.pop(0)[2:]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    report = json.load(open(args[0]))
    text = open(args[1]).read()
    problems = []
    processes = report["processes"]
    if mode == "one":
        match = re.search(r"expected: toDevice=(\d+) toHost=(\d+)", text)
        if not match:
            print(f"{args[1]}: no 'expected:' line", file=sys.stderr)
            return 2
        want = (int(match.group(1)), int(match.group(2)))
        counted = [p for p in processes if p["totals"]]
        got = (sum(p["totals"]["bytesHostToDevice"] for p in counted),
               sum(p["totals"]["bytesDeviceToHost"] for p in counted))
        held = all(p["attach"] == "held" for p in counted)
        print(f"{args[0]}: to device {got[0]:,} (must {want[0]:,}), to host {got[1]:,} (must {want[1]:,}), "
              f"attached: {[p['attach'] for p in counted]}")
        if not counted or not all(within(g, w) for g, w in zip(got, want)) or not held:
            problems.append("the bytes differ from what must move, or a process was not held")
    elif mode == "workers":
        for k, pid, nbytes in re.findall(r"worker (\d+) pid=(\d+) expected: toDevice=(\d+)", text):
            line = next((p for p in processes if p["pid"] == int(pid)), None)
            if not line or not line["totals"]:
                problems.append(f"worker {k} (pid {pid}) has no line of its own")
                continue
            got = (line["totals"]["bytesHostToDevice"], line["totals"]["bytesDeviceToHost"])
            print(f"worker {k} pid {pid}: to device {got[0]:,}, to host {got[1]:,} (must {int(nbytes):,} each)")
            if not (within(got[0], int(nbytes)) and within(got[1], int(nbytes))):
                problems.append(f"worker {k}: the bytes differ")
        parent = processes[0]
        if parent["totals"] and (parent["totals"]["bytesHostToDevice"] or parent["totals"]["bytesDeviceToHost"]):
            problems.append("the parent moved bytes it should not have")
    else:
        moved = sum(p["totals"]["bytesHostToDevice"] + p["totals"]["bytesDeviceToHost"]
                    for p in processes if p["totals"])
        routes = {r["route"] for p in processes for r in p["routes"]}
        print(f"{args[0]}: migrated {moved:,} bytes; routes {sorted(routes)}")
        if moved != 0:
            problems.append("a program without managed memory migrated bytes")
        if not {"device-copy-pinned", "device-copy-pageable"} <= routes:
            problems.append("the pinned and pageable copies were not both seen")
    for problem in problems:
        print(f"FAIL {args[0]}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
