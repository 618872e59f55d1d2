#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What CUDA 13's discard and batch prefetch cost, measured on the GPU machine
# (docs/testing.md, "On an NVIDIA GPU"): managed against managed-discard and
# managed-discard-prefetch with the driver's exact counters per phase, at
# 16 MiB, 256 MiB and 1 GiB per buffer; managed-prefetch with one
# cudaMemPrefetchBatchAsync against one cudaMemPrefetchAsync per buffer,
# beside pinned copies; and compute-sanitizer's memcheck on the new modes.
# Logs and reports under $OUT. Expects a build in build-gpu and .gpu/.
# Usage: docs/measurements/tools/gpu-discard.sh [SIZES]   (default: 16MiB 256MiB 1GiB)
set -uo pipefail
cd "$(dirname "$0")/../../.."
source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
s=$PWD/build-gpu/app/sharescope
export SHARESCOPE_SELF_BINARY=$s SHARESCOPE_NO_POCL=1
sizes=${*:-16MiB 256MiB 1GiB}
modes=managed,managed-discard,managed-discard-prefetch,managed-prefetch
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv
  "$s" modes --device cuda:0 | grep -E 'managed'
} > "$out/discard.txt" 2>&1
for size in $sizes; do
  iterations=3
  [ "$size" = 1GiB ] && iterations=2
  echo "\$ sharescope compare --modes $modes --size $size --iterations $iterations" >> "$out/discard.txt"
  timeout 300 "$s" compare --modes "$modes" --size "$size" --iterations "$iterations" \
    --json "$out/discard-$size.json" >> "$out/discard.txt" 2>&1
  echo "(exit $?)" >> "$out/discard.txt"
done
# One batch call against one call per buffer, in one process tree, three
# rounds alternating, counters off (the timed pass alone).
for round in 1 2 3; do
  for calls in batch each; do
    echo "\$ SHARESCOPE_PREFETCH_CALLS=$calls sharescope compare --modes pinned,managed-prefetch --size 256MiB --no-counters"
    SHARESCOPE_PREFETCH_CALLS=$calls timeout 120 "$s" compare --modes pinned,managed-prefetch --size 256MiB \
      --iterations 5 --no-counters --json "$out/prefetch-$calls-$round.json" 2>&1 | tail -n 4
  done
done > "$out/prefetch.txt" 2>&1
if command -v compute-sanitizer >/dev/null; then
  for mode in managed-discard managed-discard-prefetch managed-prefetch; do
    for kernel in vector-add scale; do
      echo "== memcheck $mode $kernel"
      timeout 120 compute-sanitizer --tool memcheck --leak-check full --target-processes all \
        "$s" run --mode "$mode" --kernel "$kernel" --size 1MiB --iterations 2 --no-counters 2>&1 | tail -n 3
    done
  done > "$out/sanitizer-discard.txt" 2>&1
fi
grep -E 'ERROR SUMMARY' "$out/sanitizer-discard.txt" 2>/dev/null | sort | uniq -c
