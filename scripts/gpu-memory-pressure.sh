#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Memory taken by another program while a sweep runs: `sharescope sweep`
# over growing sizes on a CUDA device, and a second process (CuPy's
# cudaMalloc, plain device memory) that takes all but HOG_LEAVE of the free
# memory two seconds in and holds it until the sweep ends. The sweep must
# keep the sizes it finished and refuse the later ones with the free memory
# and the need named. Prints the sizes that ran, those refused and why.
# Usage: scripts/gpu-memory-pressure.sh [path/to/sharescope]
# Environment: DEVICE (cuda:0), HOG_LEAVE (bytes left free, 1 GiB), OUT.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=${1:-build-gpu/app/sharescope}
[ -x "$bin" ] || { echo "gpu-memory-pressure: $bin is not an executable" >&2; exit 2; }
python3 -c 'import cupy' 2>/dev/null || { echo "gpu-memory-pressure: needs CuPy in python3 (the other program)" >&2; exit 2; }
device=${DEVICE:-cuda:0}
index=${device#cuda:}
out=${OUT:-/tmp/sharescope-gpu}/pressure
mkdir -p "$out"
rm -f "$out/taken.txt" "$out/sweep.json"

"$bin" sweep --device "$device" --modes device --sizes 64MiB,128MiB,256MiB,512MiB,1GiB,2GiB --iterations 20 \
  --no-counters --json "$out/sweep.json" >"$out/sweep.txt" 2>&1 &
sweep=$!
trap 'kill "$sweep" ${hog:+"$hog"} 2>/dev/null' EXIT
sleep 2
python3 - "$out/taken.txt" "${HOG_LEAVE:-1073741824}" "$index" <<'PY' &
import sys, time, cupy
cupy.cuda.Device(int(sys.argv[3])).use()
free, total = cupy.cuda.runtime.memGetInfo()
leave = int(sys.argv[2])
pointer = cupy.cuda.runtime.malloc(free - leave)
with open(sys.argv[1], 'w') as f:
    f.write('took %d of %d free bytes, leaving %d\n' % (free - leave, free, leave))
time.sleep(600)
PY
hog=$!
wait "$sweep"
code=$?
kill "$hog" 2>/dev/null
wait "$hog" 2>/dev/null
cat "$out/taken.txt" 2>/dev/null || echo "the other program took nothing"
echo "sweep exit $code"
python3 - "$out/sweep.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
ran = [r['spec']['bytes'] >> 20 for r in report['runs']]
print('finished (MiB per buffer):', ran, 'all verified' if all(r['verification']['mismatches'] == 0 for r in report['runs']) else 'MISMATCHES')
for s in report['skipped']:
    print('refused %d MiB: %s' % (s['bytes'] >> 20, s['reason']))
ok = (ran and report['skipped'] and all('free of its' in s['reason'] for s in report['skipped'])
      and all(r['verification']['mismatches'] == 0 and r['verification']['checked'] > 0 for r in report['runs']))
sys.exit(0 if ok else 1)
PY
checked=$?
if [ "$checked" != 0 ] || [ "$code" != 0 ]; then
  echo "gpu-memory-pressure: FAIL (the sweep exited $code; its report's check exited $checked)" >&2
  exit 1
fi
