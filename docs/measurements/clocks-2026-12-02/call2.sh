#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 2: where the clock warm-up matters. A compare on an idle GPU with no warm-up iteration, without and
# with the clock warm-up, twice, alternating; the same with the counted pass (the default); then managed-discard* on
# 1 and 8 host threads.
set -uo pipefail
export SHARESCOPE_NO_POCL=1 QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
mkdir -p "$OUT/k/logs" && cd "$OUT/k" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version,persistence_mode,clocks.sm,clocks.max.sm --format=csv,noheader; } | tee gpu.txt
start=$(date +%s)
for rep in 1 2; do
  for way in cold warm; do
    flag=""; [ $way = cold ] && flag="--no-clock-warmup"
    sleep 10; nvidia-smi --query-gpu=clocks.sm --format=csv,noheader > logs/idle-w0-$way-$rep.txt
    timeout 60 "$S" compare --modes device,pinned,managed-prefetch --size 256MiB --iterations 5 --warmup 0 --no-counters $flag --json logs/w0-$way-$rep.json > logs/w0-$way-$rep.txt 2>&1; echo "compare warmup 0 $way $rep exit $?" >> logs/exits.txt
  done
done
for way in cold warm; do
  flag=""; [ $way = cold ] && flag="--no-clock-warmup"
  sleep 10
  timeout 120 "$S" compare --modes device,pinned,managed-prefetch --size 256MiB --iterations 5 $flag --json logs/counted-$way.json > logs/counted-$way.txt 2>&1; echo "compare counted $way exit $?" >> logs/exits.txt
done
echo "clock compares took $(( $(date +%s) - start )) s"
for n in 1 8; do
  timeout 120 "$S" compare --modes managed,managed-discard,managed-discard-prefetch --size 256MiB --iterations 5 --host-threads $n --default-stream per-thread --no-counters --json logs/discard-threads-$n.json > logs/discard-threads-$n.txt 2>&1; echo "compare discard threads $n exit $?" >> logs/exits.txt
done
echo "took $(( $(date +%s) - start )) s"
python3 - logs/w0-*.json logs/counted-*.json > clocks.txt <<'PY'
import json, statistics, sys
for path in sys.argv[1:]:
    print(path)
    for r in json.load(open(path))["runs"]:
        m = [it for it in r["iterations"] if not it["warmup"]]
        k = [p for it in m for p in it["phases"] if p["phase"] == "kernel"]
        bws = ["%.0f" % (p["bytesAccessed"] / p["deviceNs"]) for p in k if p.get("deviceNs")]
        clocks = [p.get("smClockMHz") for p in k]
        w = (r.get("clocks") or {}).get("warmup")
        print("  %-17s kernel GB/s by iteration %s  SM %s  warm-up %s" % (r["spec"]["mode"], bws, clocks,
              None if not w else "%d rounds %.1f ms %s->%s settled %s" % (w["rounds"], w["ns"] / 1e6, w["fromMHz"], w["toMHz"], w["settled"])))
PY
python3 - logs/discard-threads-*.json > threads.txt <<'PY'
import json, statistics, sys
for path in sys.argv[1:]:
    for r in json.load(open(path))["runs"]:
        s = r["spec"]
        med = {ph: statistics.median([p["hostNs"] for it in r["iterations"] if not it["warmup"] for p in it["phases"] if p["phase"] == ph]) / 1e6 for ph in ("host-init", "to-device", "kernel", "to-host", "host-read")}
        print("%-25s N=%-2d %s verified %s" % (s["mode"], s["hostThreads"], "  ".join("%s %8.2f ms" % kv for kv in med.items()), r["verification"]["passed"]))
PY
cat logs/idle-*.txt | sort | uniq -c
sort logs/exits.txt
cat clocks.txt threads.txt
grep -h "^clock" logs/*.txt | sort | uniq -c | head
tar -czf logs.tar.gz logs && rm -rf logs
