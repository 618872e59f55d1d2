#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 1: the GPU's clock. Alone on the machine: a compare started on an idle GPU, without and with the
# clock warm-up, twice, alternating; then every GPU test, NVML loaded for real, and compute-sanitizer on the warm-up.
set -uo pipefail
export SHARESCOPE_NO_POCL=1 QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
export SHARESCOPE_SELF_BINARY=$S SHARESCOPE_BINARY=$S
mkdir -p /tmp/t && tar -C /tmp/t -xJf "$B/tests.tar.xz"
mkdir -p "$OUT/j/logs" && cd "$OUT/j" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version,persistence_mode,clocks.sm,clocks.max.sm,clocks.applications.graphics,power.limit --format=csv; } | tee gpu.txt
start=$(date +%s)
for rep in 1 2; do
  for way in cold warm; do
    sleep 10
    nvidia-smi --query-gpu=clocks.sm,pstate --format=csv,noheader > logs/idle-$way-$rep.txt
    flag=""; [ $way = cold ] && flag="--no-clock-warmup"
    timeout 60 "$S" compare --modes device,pinned,managed-prefetch --size 256MiB --iterations 5 --no-counters $flag --json logs/$way-$rep.json > logs/$way-$rep.txt 2>&1; echo "compare $way $rep exit $?" >> logs/exits.txt
  done
done
echo "clock compares took $(( $(date +%s) - start )) s"
timeout 60 "$S" run --mode managed --size 256MiB --iterations 3 > logs/run-managed.txt 2>&1; echo "run managed exit $?" >> logs/exits.txt
for k in gather ping-pong stride first-touch; do timeout 60 "$S" compare --modes pinned,managed,managed-prefetch,managed-discard,managed-discard-prefetch --kernel $k --size 64MiB --iterations 3 --host-threads 8 --default-stream per-thread --no-counters --json logs/threads-$k.json > logs/threads-$k.txt 2>&1; echo "compare threads $k exit $?" >> logs/exits.txt; done
( cd /tmp/t/tests && timeout 30 ./tst_gpuclock > "$OUT/j/logs/tst_gpuclock.txt" 2>&1; echo "tst_gpuclock exit $?" >> "$OUT/j/logs/exits.txt"
  timeout 330 ./tst_cuda > "$OUT/j/logs/tst_cuda.txt" 2>&1; echo "tst_cuda exit $?" >> "$OUT/j/logs/exits.txt" ) &
( for tool in memcheck racecheck; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 "$S" run --mode managed --size 4MiB --iterations 1 --no-counters > logs/san-$tool.txt 2>&1; echo "compute-sanitizer $tool managed (with the clock warm-up) exit $?" >> logs/exits.txt
    for case in "managed-discard vector-add" "managed-discard-prefetch vector-add" "pinned gather" "managed ping-pong" "zero-copy stride" "managed-prefetch first-touch"; do
      set -- $case; extra=""; [ $2 = stride ] && extra="--stride 64"
      timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 "$S" run --mode $1 --kernel $2 $extra --host-threads 8 --default-stream per-thread --size 1MiB --iterations 1 --warmup 0 --no-counters > logs/san-$tool-$1-$2.txt 2>&1; echo "compute-sanitizer $tool $1 $2 --host-threads 8 exit $?" >> logs/exits.txt
    done
  done ) &
wait
echo "took $(( $(date +%s) - start )) s"
python3 - logs/cold-*.json logs/warm-*.json > clocks.txt <<'PY'
import json, statistics, sys
for path in sys.argv[1:]:
    print(path)
    for r in json.load(open(path))["runs"]:
        m = [it for it in r["iterations"] if not it["warmup"]]
        k = [p for it in m for p in it["phases"] if p["phase"] == "kernel"]
        bw = statistics.median(p["bytesAccessed"] / p["deviceNs"] for p in k if p.get("deviceNs"))
        clocks = [p.get("smClockMHz") for p in k]
        w = (r.get("clocks") or {}).get("warmup")
        print("  %-17s kernel %7.1f GB/s  SM at kernel ends %s  warm-up %s" % (r["spec"]["mode"], bw, clocks,
              None if not w else "%d rounds %.1f ms %s->%s settled %s" % (w["rounds"], w["ns"] / 1e6, w["fromMHz"], w["toMHz"], w["settled"])))
PY
python3 - logs/threads-*.json > threads.txt <<'PY'
import json, statistics, sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    for r in d["runs"]:
        s = r["spec"]
        med = {ph: statistics.median([p["hostNs"] for it in r["iterations"] if not it["warmup"] for p in it["phases"] if p["phase"] == ph]) / 1e6 for ph in ("host-init", "to-device", "kernel", "to-host", "host-read")}
        print("%-12s %-25s N=%-2d %s verified %s" % (s["kernel"], s["mode"], s["hostThreads"], "  ".join("%s %7.2f ms" % kv for kv in med.items()), r["verification"]["passed"]))
    for k in d.get("skipped", []):
        print("skipped", k)
PY
cat gpu.txt; cat logs/idle-*.txt; cat threads.txt
sort logs/exits.txt
cat clocks.txt
grep -h "^clock" logs/*.txt | head -20
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" logs/san-*.txt | sort | uniq -c
grep -h "clock warm-up" logs/tst_cuda.txt
grep -h "^Totals" logs/tst_*.txt
grep -hE "^FAIL" -A4 logs/*.txt | head -40
tar -czf logs.tar.gz logs && rm -rf logs
