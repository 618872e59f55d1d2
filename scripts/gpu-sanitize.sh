#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs NVIDIA's compute-sanitizer over ShareScope's CUDA modes and kernels
# at 1 MiB (one iteration, no warm-up, no counted pass): memcheck (with leak
# checking), initcheck, racecheck and synccheck, each over every CUDA mode ×
# kernel, following the ipc mode's peer process (--target-processes all).
# One line per run (tool, mode, kernel, result, the sanitizer's error count),
# then a summary; the whole output of a run that found something stays in
# $OUT/sanitizer/. Exit 1 when any run reported an error or failed, 0 when
# all that ran were clean; runs past the time limit are listed as not run.
# Usage: scripts/gpu-sanitize.sh [path/to/sharescope]
# Environment: TOOLS, MODES, KERNELS (space-separated subsets), SECONDS_LIMIT
# (the whole script, default 1800), OUT (/tmp/sharescope-gpu).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=${1:-build-gpu/app/sharescope}
[ -x "$bin" ] || { echo "gpu-sanitize: $bin is not an executable (build with CUDA first)" >&2; exit 2; }
command -v compute-sanitizer >/dev/null || { echo "gpu-sanitize: compute-sanitizer not found (it comes with the CUDA toolkit)" >&2; exit 2; }
# shellcheck disable=SC1091 # packed by ../shared/gpu/pack-runtime.sh
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}/sanitizer
mkdir -p "$out"
tools=${TOOLS:-memcheck initcheck racecheck synccheck}
modes=${MODES:-device pinned zero-copy registered managed managed-prefetch managed-advise ipc}
kernels=${KERNELS:-vector-add scale stride gather ping-pong}
limit=${SECONDS_LIMIT:-1800}
export SHARESCOPE_SELF_BINARY=${SHARESCOPE_SELF_BINARY:-$bin}
clean=0 found=0 notrun=0
start=$SECONDS
for tool in $tools; do
  extra=()
  [ "$tool" = memcheck ] && extra=(--leak-check full)
  for mode in $modes; do
    for kernel in $kernels; do
      left=$((limit - (SECONDS - start)))
      name="$tool $mode $kernel"
      if [ "$left" -lt 20 ]; then
        printf '%-40s not run (time limit)\n' "$name"; notrun=$((notrun + 1)); continue
      fi
      [ "$left" -gt 120 ] && left=120
      log=$out/$tool-$mode-$kernel.txt
      timeout "$left" compute-sanitizer --tool "$tool" "${extra[@]}" --target-processes all --error-exitcode 9 \
        "$bin" run --device cuda:0 --mode "$mode" --kernel "$kernel" --size 1MiB --iterations 1 --warmup 0 \
        --no-counters >"$log" 2>&1
      code=$?
      summary=$(grep -E '^========= (ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY)' "$log" | tr '\n' ' ')
      if [ "$code" = 0 ]; then
        printf '%-40s clean   %s\n' "$name" "$summary"; clean=$((clean + 1)); rm -f "$log"
      else
        printf '%-40s FOUND   exit %s %s (%s)\n' "$name" "$code" "$summary" "$log"; found=$((found + 1))
      fi
    done
  done
done
echo "compute-sanitizer: $clean clean, $found with errors or failed, $notrun not run, in $((SECONDS - start)) s"
[ "$found" = 0 ] || exit 1
exit 0
