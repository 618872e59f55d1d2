#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# How complete the migration records are, per phase, against the UVM driver's
# exact counters (run reports from `sharescope run --json`). Records from the
# driver's own event queue must hold every byte the counters count, phase by
# phase, unless the driver says it dropped some; CUPTI's are printed beside
# them for comparison. Exit 1 when the driver's records miss a byte it did
# not say it dropped. Usage: gpu-check-records.py REPORT.json...
import json
import sys

failed = False
for path in sys.argv[1:]:
    with open(path) as f:
        data = json.load(f)
    for run in data.get("runs", [data]):
        spec, counters = run["spec"], run["counters"]
        source = counters.get("records", "cupti")
        if counters.get("totals") != "driver":
            print(f"{path}: no exact counters here ({counters.get('exactNote')}): nothing to check")
            continue
        exact_all = recorded_all = 0
        misses = []
        phases = [run["alloc"]] + [p for it in run["iterations"] for p in it["phases"]]
        if run.get("free"):
            phases.append(run["free"])
        for phase in phases:
            c = phase["counters"]
            exact = c["bytesHostToDevice"] + c["bytesDeviceToHost"]
            recorded = (c.get("recordedBytesHostToDevice") or 0) + (c.get("recordedBytesDeviceToHost") or 0)
            exact_all += exact
            recorded_all += recorded
            if recorded != exact:
                misses.append(f"{phase['phase']} {recorded} of {exact}")
        share = 100.0 * recorded_all / exact_all if exact_all else 100.0
        line = (f"{spec['mode']} {spec['kernel']} {spec['bytes'] >> 20} MiB, records {source}: "
                f"{recorded_all} of {exact_all} bytes ({share:.1f}%), the driver dropped {counters['lost']}")
        if source == "driver-events" and counters["lost"] == 0 and misses:
            failed = True
            line += "; MISSED: " + ", ".join(misses[:5])
        print(line)
sys.exit(1 if failed else 0)
