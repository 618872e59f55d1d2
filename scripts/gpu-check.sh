#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on the GPU machine (see docs/testing.md, "On an NVIDIA GPU"): every test, the CUDA
# benchmark and the measurement tables, with logs under $OUT.
# Expects a build in build-gpu and the runtime packed in .gpu.
set -uo pipefail
cd "$(dirname "$0")/.."
source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
b=build-gpu
export SHARESCOPE_BINARY=$PWD/$b/app/sharescope SHARESCOPE_SELF_BINARY=$PWD/$b/app/sharescope SHARESCOPE_NO_POCL=1
[ -z "${SKIP_TESTS:-}" ] && {
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv
  for t in "$b"/tests/tst_*; do
    [ -f "$t" ] && [ -x "$t" ] || continue
    echo "== $(basename "$t")"
    timeout "${TEST_TIMEOUT:-900}" "$t" 2>&1 | grep -vE '^PASS   :'
    echo "== $(basename "$t") exit ${PIPESTATUS[0]}"
  done
} > "$out/tests.log" 2>&1
[ -f "$out/tests.log" ] && grep -E '^== tst_.* exit|^Totals' "$out/tests.log"
if [ -z "${SKIP_BENCH:-}" ]; then
  timeout "${BENCH_TIMEOUT:-900}" "$b"/tests/bench/bench_cuda > "$out/bench_cuda.txt" 2>&1; echo "bench_cuda exit $?"
fi
s="$b/app/sharescope"
{
  date -u
  echo '$ sharescope devices'; "$s" devices
  echo; echo '$ sharescope modes --device cuda:0'; "$s" modes --device cuda:0
  for k in vector-add stride; do
    echo; echo "\$ sharescope compare --modes all --kernel $k --size 256MiB"
    "$s" compare --modes all --kernel "$k" --size 256MiB
  done
  echo; echo '$ sharescope run --mode managed --size 16MiB'
  "$s" run --mode managed --size 16MiB --json "$out/managed.json"
  echo; echo '$ sharescope run --mode managed --size 256MiB'
  "$s" run --mode managed --size 256MiB
  echo; echo '$ sharescope run --mode managed-prefetch --kernel stride --size 64MiB'
  "$s" run --mode managed-prefetch --kernel stride --size 64MiB
} > "$out/measurements.txt" 2>&1
echo "measurements exit $?"
# How complete the migration records are as faulting grows, phase by phase,
# against the driver's exact counters: the driver's own event queue (every
# byte, or a count of what it dropped) and CUPTI's records beside it.
for size in 16MiB 64MiB 128MiB 256MiB 1GiB; do
  for records in driver-events cupti; do
    "$s" run --mode managed --size $size --iterations 3 --records $records --json "$out/records-$records-$size.json" > /dev/null 2>&1
  done
done
scripts/gpu-check-records.py "$out"/records-*.json > "$out/completeness.txt" 2>&1; echo "records exit $?"
cat "$out/completeness.txt"

# A real Python process on the other side: CuPy runs the snippet that
# ipc-export prints (a legacy handle, a VMM descriptor, a pool's descriptor),
# doubles every value, and ShareScope reads them back.
if [ -z "${SKIP_IPC:-}" ]; then
  scripts/gpu-check-export.sh "$s" > "$out/ipc-transcript.txt" 2>&1; echo "ipc-export exit $?"
  grep -E '^(PASS|FAIL)' "$out/ipc-transcript.txt"
fi

# Every mode × kernel against its byte budget (what each phase should move by
# the mode's design), with the driver's exact counters, at a size of whole
# 2 MiB blocks and at one that shares them.
if [ -z "${SKIP_BUDGET:-}" ]; then
  for k in vector-add scale stride gather ping-pong; do
    for size in 64MiB 256KiB; do
      "$s" compare --modes all --kernel "$k" --size "$size" --iterations 3 --json "$out/budget-$k-$size.json" > /dev/null 2>&1
    done
  done
  scripts/gpu-check-budget.py "$out"/budget-*.json > "$out/budget.txt" 2>&1; echo "budget exit $?"
  tail -n 1 "$out/budget.txt"
fi

# The three ways of sharing with another process against the physics.
if [ -z "${SKIP_IPC:-}" ]; then
  scripts/gpu-check-ipc.sh "$s" > "$out/ipc-physics.txt" 2>&1; echo "ipc physics exit $?"
  tail -n 1 "$out/ipc-physics.txt"
fi

# compute-sanitizer over every CUDA mode × kernel (scripts/gpu-sanitize.sh:
# memcheck, initcheck, racecheck, synccheck at 1 MiB). Skipped with
# SANITIZE=0; its own time limit with SANITIZE_SECONDS.
if [ "${SANITIZE:-1}" != 0 ]; then
  echo "== compute-sanitizer"
  SECONDS_LIMIT=${SANITIZE_SECONDS:-1800} OUT=$out scripts/gpu-sanitize.sh "$s" | tee "$out/sanitizer.txt" | tail -n 1
fi
