#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on the GPU machine: the ceilings of cuda:0 (specification from the
# driver and sysfs, calibration), every single-GPU CUDA mode held against
# them, and the host phases against memset (bench_host); logs under $OUT.
# Expects a build in build-gpu (BUILD overrides) and the runtime in .gpu.
# Exit 1 when any run reports a measurement problem or a test fails.
set -uo pipefail
cd "$(dirname "$0")/.."
source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
b=${BUILD:-build-gpu}
s=$b/app/sharescope
# A cache of its own, so that the first run shows the note and the rest use
# this calibration.
export XDG_CACHE_HOME=$out/cache XDG_DATA_HOME=$out/data SHARESCOPE_BINARY=$PWD/$s
rm -rf "$out/cache" "$out/data"
status=0
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,pcie.link.gen.max,pcie.link.width.max,clocks.max.memory \
    --format=csv
  bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader -i 0 | sed 's/^0000//' | tr 'A-F' 'a-f')
  for f in current_link_speed current_link_width max_link_speed max_link_width; do
    echo "$f: $(cat /sys/bus/pci/devices/$bus/$f 2>&1)"
  done
  echo; echo '== tst_cudacalibration'
  "$b"/tests/tst_cudacalibration || status=1
  echo; echo '$ sharescope run --mode pinned --size 256MiB   (before calibrating: the note on stderr)'
  "$s" run --mode pinned --size 256MiB
  echo; echo '$ sharescope calibrate --device cuda:0'
  "$s" calibrate --device cuda:0 --json "$out/calibration.json" || status=1
  for mode in device pinned zero-copy registered managed managed-prefetch ipc; do
    echo; echo "\$ sharescope run --mode $mode --size 256MiB"
    "$s" run --mode "$mode" --size 256MiB --json "$out/run-$mode.json" || status=1
  done
  echo; echo '$ sharescope run --mode zero-copy --kernel scale --size 1GiB'
  "$s" run --mode zero-copy --kernel scale --size 1GiB --json "$out/run-zero-copy-scale.json" || status=1
  echo; echo '$ sharescope sweep --modes pinned,zero-copy,device --sizes 1MiB:1GiB:x4'
  "$s" sweep --modes pinned,zero-copy,device --sizes 1MiB:1GiB:x4 --json "$out/sweep.json" || status=1
  QT_QPA_PLATFORM=offscreen "$s" gui --open "$out/sweep.json" --screenshot "$out/sweep-ceilings.png" --tab sweep
  echo; echo '== every phase held against its ceilings (problems: measurement problems)'
  python3 - "$out" <<'PY' || status=1
import glob, json, sys
problems = 0
for path in sorted(glob.glob(sys.argv[1] + "/run-*.json")):
    r = json.load(open(path))
    for p in r["summary"]:
        c = p.get("ceiling") or {}
        if c.get("path") is None:
            continue
        bad = c.get("measurementProblem")
        problems += bad is not None
        pct = lambda v: "-" if v is None else f"{v:.0f}%"
        print(f"{r['spec']['mode']:17} {p['phase']:10} {c['path']:15} meas {pct(c['percentOfMeasured']):>5} "
              f"spec {pct(c['percentOfSpecification']):>5} {'PROBLEM ' + json.dumps(bad) if bad else ''}")
print("measurement problems:", problems)
sys.exit(1 if problems else 0)
PY
  echo; echo '== bench_host'
  "$b"/tests/bench/bench_host --size 128MiB || status=1
} > "$out/ceilings.txt" 2>&1
echo "ceilings exit $status (log: $out/ceilings.txt)"
exit $status
