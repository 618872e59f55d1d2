#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds every run of ShareScope JSON reports to its byte budget: what each
phase should move across the bus by the mode's design (core's
counting/bytebudget.h, written into each run as "budget"). Every phase must be
within its budget, or within the allowance for buffers that share the
driver's 2 MiB blocks; a phase whose migrations were not counted, or only as
CUPTI's lower bound, is listed, not failed. Used by scripts/gpu-check.sh on
the GPU machine.

Usage: scripts/gpu-check-budget.py REPORT.json...
Exit status: 0 all within, 1 a phase over its budget, 2 bad usage.
"""
import json
import sys

if len(sys.argv) < 2:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
failed = within = 0
for path in sys.argv[1:]:
    document = json.load(open(path))
    for run in document.get("runs", [document]):
        name = "%s %s %d MiB" % (run["spec"]["mode"], run["spec"]["kernel"], run["spec"]["bytes"] >> 20)
        budget = run.get("budget")
        if budget is None:
            print("FAIL  %s: no budget in the report" % name)
            failed += 1
            continue
        if "none" in budget:
            print("SKIP  %s: %s" % (name, budget["none"]))
            continue
        for phase in budget["phases"]:
            line = "%s %s: moved %s/%s, budget %s/%s (%s)" % (
                name, phase["phase"], phase["movedToDevice"], phase["movedToHost"], phase["toDevice"],
                phase["toHost"], phase["kind"])
            if phase["verdict"] == "over":
                print("FAIL  %s, over by %d" % (line, phase["overBy"]))
                failed += 1
            elif phase["verdict"] in ("within", "within-allowance"):
                within += 1
            else:
                print("NOTE  %s: %s" % (line, phase["verdict"]))
print("%d phases within budget, %d over" % (within, failed))
sys.exit(1 if failed else 0)
