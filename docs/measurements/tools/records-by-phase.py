#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Phase by phase of run reports (sharescope run --json): the driver's exact bytes each way, the
# migration records' bytes beside them, the records by direction and cause (of those kept in the report),
# the GPU and CPU faults, and the counted pass's time against the timed one. Usage: records-by-phase.py REPORT.json...
import json, sys, collections
for path in sys.argv[1:]:
    d = json.load(open(path))
    runs = d.get("runs", [d])
    for r in runs:
        s, c = r["spec"], r["counters"]
        print("== %s: %s %s %s MiB, records %s (%s), lost %s, kept %d (+%d beyond the cap), verified %s" % (
            path.split("/")[-1], s["mode"], s["kernel"], s["bytes"] >> 20, c.get("records"), c.get("driverEventsNote") or c.get("recordsNote") or "-",
            c["lost"], len(r["migrations"]["events"]), r["migrations"]["dropped"], r["verification"]["passed"]))
        by = collections.defaultdict(lambda: collections.Counter())
        n = collections.Counter()
        for e in r["migrations"]["events"]:
            if e["kind"].startswith("bytes"):
                by[(e["iteration"], e["phase"])][e["kind"][5:] + ":" + e["cause"]] += e["value"]
                n[(e["iteration"], e["phase"])] += 1
        phases = [(-1, r["alloc"])] + [(it["index"], p) for it in r["iterations"] for p in it["phases"]] + ([(-1, r["free"])] if r.get("free") else [])
        for i, p in phases:
            k = p.get("counters") or {}
            h, dh, rh, rd = k.get("bytesHostToDevice"), k.get("bytesDeviceToHost"), k.get("recordedBytesHostToDevice"), k.get("recordedBytesDeviceToHost")
            cost = (p["countedNs"] / p["hostNs"]) if p.get("countedNs") and p["hostNs"] else None
            causes = " ".join("%s=%.1fMiB" % (key, v / 2**20) for key, v in sorted(by[(i, p["phase"])].items()))
            print("  it %2d %-9s H2D %12s rec %12s | D2H %12s rec %12s | D2D %s | gpuF %s cpuF %s | n %5d | timed %9.3f ms counted/timed %s | %s" % (
                i, p["phase"], h, rh, dh, rd, k.get("bytesDeviceToDevice"), k.get("gpuPageFaults"), k.get("cpuPageFaults"), n[(i, p["phase"])],
                p["hostNs"] / 1e6, "%.2f" % cost if cost else "-", causes))
