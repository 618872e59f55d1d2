#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 5: what the driver's migration records cost in the counted pass, phase by phase, against the
# number of records each phase gets: managed (faults: many small migrations) and managed-prefetch (prefetches:
# few large ones), the driver's records against none (its exact counters alone), twice, alternating.
set -uo pipefail
export SHARESCOPE_NO_POCL=1 QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
mkdir -p "$OUT/n/logs" && cd "$OUT/n" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > gpu.txt
for rep in 1 2; do
  for mode in managed managed-prefetch; do
    for rec in driver-events none; do
      timeout 120 "$S" run --mode $mode --size 32MiB --iterations 4 --records $rec --json logs/$mode-$rec-$rep.json > logs/$mode-$rec-$rep.txt 2>&1; echo "run $mode $rec $rep exit $?" >> logs/exits.txt
    done
  done
done
python3 - logs/*.json > cost.txt <<'PY'
import json, sys, statistics, collections
counted = collections.defaultdict(list); timed = collections.defaultdict(list); records = collections.defaultdict(list); kept = {}
for path in sys.argv[1:]:
    r = json.load(open(path))
    mode, rec = r["spec"]["mode"], r["spec"]["records"]
    n = collections.Counter((e["iteration"], e["phase"]) for e in r["migrations"]["events"] if e["kind"].startswith("bytes"))
    kept[path] = (len(r["migrations"]["events"]), r["migrations"]["dropped"], r["counters"]["lost"])
    for it in r["iterations"]:
        if it["warmup"]:
            continue
        for p in it["phases"]:
            if p.get("countedNs"):
                counted[(mode, rec, p["phase"])].append(p["countedNs"])
                timed[(mode, rec, p["phase"])].append(p["hostNs"])
            if rec == "driver-events":
                records[(mode, p["phase"])].append(n[(it["index"], p["phase"])])
print("kept, beyond the cap, lost:", kept)
for mode in ("managed", "managed-prefetch"):
    for ph in ("host-init", "to-device", "kernel", "to-host", "host-read"):
        t = statistics.median(timed[(mode, "none", ph)] + timed[(mode, "driver-events", ph)]) / 1e6
        cn = statistics.median(counted[(mode, "none", ph)]) / 1e6
        cd = statistics.median(counted[(mode, "driver-events", ph)]) / 1e6
        nrec = statistics.median(records[(mode, ph)]) if records[(mode, ph)] else 0
        per = (cd - cn) * 1e3 / nrec if nrec else float("nan")
        print("%-17s %-9s timed %8.3f ms | counted: none %8.3f ms (%.2f x), driver's records %8.3f ms (%.2f x) | records %6d | %.2f us a record" % (
            mode, ph, t, cn, cn / t if t else 0, cd, cd / t if t else 0, nrec, per))
PY
cat gpu.txt; sort logs/exits.txt; cat cost.txt
tar -czf logs.tar.gz logs && rm -rf logs
