#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# On a CUDA machine: managed-prefetch's three ways of issuing its prefetches
# (SHARESCOPE_PREFETCH_CALLS=batch|each|streams) against pinned copies of the
# same bytes, in one process tree, three rounds alternating, counters off
# (the timed pass alone). Prints each run's to-device and to-host bandwidth
# and its ratio to pinned's in the same run, then the means per way.
# WAYS picks the ways (default "batch each streams"; "default" runs without
# the variable: the mode's own way).
# Usage: [WAYS="..."] docs/measurements/tools/gpu-prefetch-calls.sh [SHARESCOPE] [SIZE]   (default: build/default/app/sharescope 256MiB)
set -euo pipefail
cd "$(dirname "$0")/../../.."
s=${1:-build/default/app/sharescope}
size=${2:-256MiB}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for round in 1 2 3; do
  for calls in ${WAYS:-batch each streams}; do
    if [ "$calls" = default ]; then
      env -u SHARESCOPE_PREFETCH_CALLS timeout 120 "$s" compare --device cuda:0 --modes pinned,managed-prefetch \
        --size "$size" --iterations 5 --no-counters --json "$work/$calls-$round.json" > /dev/null
    else
      SHARESCOPE_PREFETCH_CALLS=$calls timeout 120 "$s" compare --device cuda:0 --modes pinned,managed-prefetch \
        --size "$size" --iterations 5 --no-counters --json "$work/$calls-$round.json" > /dev/null
    fi
  done
done
python3 - "$work" <<'PY'
import glob, json, os, statistics, sys
def bandwidth(run, phase):
    its = [i for i in run["iterations"] if not i.get("warmup")]
    times = sorted(next(p for p in i["phases"] if p["phase"] == phase)["hostNs"] for i in its)
    moved = next(p for p in its[0]["phases"] if p["phase"] == phase)
    moved = moved.get("bytesToDevice", 0) + moved.get("bytesToHost", 0)
    return moved / times[len(times) // 2]  # bytes per ns = GB/s
ratios = {}
print("calls    round  pinned h2d  prefetch h2d  ratio   pinned d2h  prefetch d2h  ratio")
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json")), key=lambda p: (p[-6], p)):
    calls, round_ = os.path.basename(path)[:-5].rsplit("-", 1)
    runs = {r["spec"]["mode"]: r for r in json.load(open(path))["runs"]}
    p, m = runs["pinned"], runs["managed-prefetch"]
    row = []
    for to, back in (("to-device", "to-device"), ("to-host", "to-host")):
        a, b = bandwidth(p, to), bandwidth(m, back)
        row += [a, b, b / a]
    ratios.setdefault(calls, []).append((row[2], row[5]))
    print(f"{calls:8} {round_:5}  {row[0]:6.1f} GB/s   {row[1]:6.1f} GB/s  {row[2]:.3f}   {row[3]:6.1f} GB/s   {row[4]:6.1f} GB/s  {row[5]:.3f}")
for calls, rs in ratios.items():
    print(f"mean {calls}: to-device {statistics.mean(r[0] for r in rs):.3f} x pinned, to-host {statistics.mean(r[1] for r in rs):.3f} x pinned")
PY
