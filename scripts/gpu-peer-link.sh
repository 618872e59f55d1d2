#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on a machine with two GPUs (two H200s joined by NVLink): the link
# between them as a path (#23, items 3 and 4), in one process tree:
#   1. `sharescope devices` (each GPU's NVLink) and `calibrate` on both
#      GPUs: the link's specification and its to-peer-copy and
#      from-peer-copy steps;
#   2. `compare --modes peer-copy,peer-access` at SIZE per buffer, held
#      against those ceilings (the report's summary gives each phase's path
#      and shares);
#   3. PyTorch's y.copy_(x) from cuda:0 to cuda:1 and back, timed with
#      events on the source device's current stream (where PyTorch issues a
#      copy between devices): peer-copy's to-device and to-host against it,
#      target at least 0.98 each way;
#   4. bench_peer: peer-copy against bare copies, and the routes a copy can
#      take (stream of the source or the destination, cudaMemcpyPeerAsync or
#      cudaMemcpyAsync);
#   5. the Compare tab of that compare, as a screenshot.
# Files under $OUT: link-devices.txt, link-calibrate.txt, link-compare.txt,
# link-compare.json, link-torch.txt, link-bench.txt, link-compare.png and
# link-summary.txt (what this script printed).
# Expects a build in build-gpu (BUILD overrides) with tests/bench, the
# runtime in .gpu and torch in python3. Exit 0: both ratios met; 1: one
# missed or a step failed; 3: not two GPUs. About 2 minutes.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck disable=SC1091 # packed by ../shared/gpu/pack-runtime.sh
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
b=${BUILD:-build-gpu}
s=$PWD/$b/app/sharescope
size=${SIZE:-256MiB}
export SHARESCOPE_BINARY=$s SHARESCOPE_SELF_BINARY=$s SHARESCOPE_NO_POCL=1 XDG_CACHE_HOME=$out/.cache XDG_DATA_HOME=$out/.data
trap 'rm -rf "$out/.cache" "$out/.data"' EXIT
status=0
exec > >(tee "$out/link-summary.txt") 2>&1

step() { # NAME LIMIT COMMAND...: within LIMIT seconds; a failure makes the status 1
  local name=$1 limit=$2
  shift 2
  timeout "$limit" "$@"
  local code=$?
  echo "== $name: exit $code"
  [ "$code" = 0 ] || status=1
}

date -u
nvidia-smi --query-gpu=index,name,driver_version,memory.free --format=csv
nvidia-smi topo -m 2>&1 | head -n 6
if [ "$(nvidia-smi -L | wc -l)" -lt 2 ]; then
  echo "gpu-peer-link: needs two GPUs"
  exit 3
fi

"$s" devices > "$out/link-devices.txt" 2>&1
grep -E 'NVLink|→' "$out/link-devices.txt"
for d in cuda:0 cuda:1; do
  echo "\$ sharescope calibrate --device $d"
  step "calibrate $d" 120 "$s" calibrate --device "$d"
done > "$out/link-calibrate.txt" 2>&1
grep -E 'peer|^== ' "$out/link-calibrate.txt"

step compare 300 "$s" compare --device cuda:0 --peer cuda:1 --modes peer-copy,peer-access --size "$size" \
  --iterations 10 --no-counters --json "$out/link-compare.json" > "$out/link-compare.txt" 2>&1
cat "$out/link-compare.txt"

# PyTorch's copy between the devices, each way: events on the source's
# current stream bracket the copy (ATen copies on the source device and
# synchronises both devices' current streams around it).
step torch 120 python3 - "$size" > "$out/link-torch.txt" 2>&1 <<'PY'
import statistics, sys, torch
text = sys.argv[1]
units = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
size = int(text[:-3]) * units[text[-3:]]
a = torch.empty(size, dtype=torch.uint8, device="cuda:0").fill_(1)
b = torch.empty(size, dtype=torch.uint8, device="cuda:1").fill_(2)
for name, dst, src in (("to the peer", b, a), ("back", a, b)):
    with torch.cuda.device(src.device):
        stream = torch.cuda.current_stream()
        times = []
        for i in range(21):
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record(stream)
            dst.copy_(src)
            stop.record(stream)
            stop.synchronize()
            if i:
                times.append(start.elapsed_time(stop) * 1e6)
    torch.cuda.synchronize("cuda:0"); torch.cuda.synchronize("cuda:1")
    print(f"torch {name}: {size / statistics.median(times):.1f} GB/s (median of {len(times)}, {text})")
PY
cat "$out/link-torch.txt"

python3 - "$out/link-compare.json" "$out/link-torch.txt" <<'PY' || status=1
import json, re, statistics, sys
runs = json.load(open(sys.argv[1]))["runs"]
torch = dict(re.findall(r"torch (to the peer|back): ([0-9.]+) GB/s", open(sys.argv[2]).read()))
ok = True
for run in runs:
    mode = run["spec"]["mode"]
    print(f"{mode}:")
    for s in run["summary"]:
        c = s.get("ceiling") or {}
        if c.get("path") in ("device-to-peer", "peer-to-device"):
            share = lambda k: "-" if c.get(k) is None else f"{c[k]:.0f} %"
            print(f"  {s['phase']:10} {c['path']:15} {c['bytesPerSecond'] / 1e9:7.1f} GB/s  "
                  f"of measured {share('percentOfMeasured')}, of spec {share('percentOfSpecification')}")
    if mode != "peer-copy":
        continue
    for phase, way in (("to-device", "to the peer"), ("to-host", "back")):
        rates = [p["bytesBetweenDevices"] / (p["deviceNs"] or p["hostNs"])
                 for it in run["iterations"] if not it["warmup"]
                 for p in it["phases"] if p["phase"] == phase and p["bytesBetweenDevices"]]
        if not rates or way not in torch:
            print(f"  {phase}: no figure to compare"); ok = False; continue
        ratio = statistics.median(rates) / float(torch[way])
        met = ratio >= 0.98
        ok = ok and met
        print(f"  {phase} {statistics.median(rates):.1f} GB/s / torch {torch[way]} GB/s = {ratio:.3f} "
              f"(target >= 0.98) {'met' if met else 'MISSED'}")
sys.exit(0 if ok else 1)
PY

step bench_peer 180 "$b/tests/bench/bench_peer" --size "$size" --rounds 3 > "$out/link-bench.txt" 2>&1
cat "$out/link-bench.txt"

step screenshot 60 env QT_QPA_PLATFORM=offscreen "$s" gui --open "$out/link-compare.json" --tab compare \
  --screenshot "$out/link-compare.png"

echo "gpu-peer-link: exit $status; files in $out"
exit $status
