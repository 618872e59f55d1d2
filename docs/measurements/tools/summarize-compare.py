#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# One line per mode of a compare JSON: the medians of to-device, kernel and to-host (host time), verified.
import json, statistics, sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    for run in d.get("runs", []):
        s = run["spec"]
        med = {}
        for ph in ("to-device", "kernel", "to-host"):
            vals = [p["hostNs"] for it in run["iterations"] if not it["warmup"] for p in it["phases"] if p["phase"] == ph]
            med[ph] = statistics.median(vals) / 1e6 if vals else float("nan")
        v = run["verification"]
        print("%-18s %-11s N=%-2d %-10s to-device %9.3f ms  kernel %9.3f ms  to-host %9.3f ms  verified %s" % (
            s["mode"], s["kernel"], s.get("hostThreads", 1), s.get("defaultStream", "legacy"),
            med["to-device"], med["kernel"], med["to-host"], "yes" if v["mismatches"] == 0 and v["checked"] > 0 else "NO"))
    for sk in d.get("skipped", []):
        print("skipped", sk)
