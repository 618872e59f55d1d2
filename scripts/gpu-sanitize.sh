#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs NVIDIA's compute-sanitizer over ShareScope's CUDA modes and kernels
# at 1 MiB (one iteration, no warm-up, no counted pass): memcheck (with leak
# checking), initcheck, racecheck and synccheck, each over every CUDA mode
# this GPU supports (asked of the binary: `modes --device D --json`) × every
# kernel, following the ipc modes' peer process (--target-processes all).
# JOBS runs at a time (each its own process and GPU context; 1 MiB buffers).
# One line per run (tool, mode, kernel, result, the sanitizer's error count),
# then a summary; the whole output of a run that found something stays in
# $OUT/sanitizer/. Exit 1 when any run reported an error or failed, or did
# not run in time; 0 when all were clean. initcheck is not run on the ipc
# modes (listed as not applicable): it tracks each process alone, so the
# buffers one process wrote look uninitialised to the other's kernel
# (docs/measurements.md shows the reports it gives there).
# Usage: scripts/gpu-sanitize.sh [path/to/sharescope]
# Environment: TOOLS, MODES, KERNELS (space-separated subsets), DEVICE
# (cuda:0), JOBS (half the CPUs), SECONDS_LIMIT (the whole script, default
# 600), OUT (/tmp/sharescope-gpu).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=${1:-build-gpu/app/sharescope}
[ -x "$bin" ] || { echo "gpu-sanitize: $bin is not an executable (build with CUDA first)" >&2; exit 2; }
command -v compute-sanitizer >/dev/null || { echo "gpu-sanitize: compute-sanitizer not found (it comes with the CUDA toolkit)" >&2; exit 2; }
# shellcheck disable=SC1091 # packed by ../shared/gpu/pack-runtime.sh
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}/sanitizer
mkdir -p "$out"
device=${DEVICE:-cuda:0}
tools=${TOOLS:-memcheck initcheck racecheck synccheck}
if [ -z "${MODES:-}" ]; then
  MODES=$("$bin" modes --device "$device" --json | python3 -c '
import json, sys
print(" ".join(m["id"] for m in json.load(sys.stdin)["modes"] if m["backend"] == "cuda" and m["supported"]))')
  [ -n "$MODES" ] || { echo "gpu-sanitize: $device supports no CUDA mode" >&2; exit 2; }
fi
kernels=${KERNELS:-vector-add scale stride gather ping-pong first-touch}
jobs=${JOBS:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}
limit=${SECONDS_LIMIT:-600}
export SHARESCOPE_SELF_BINARY=${SHARESCOPE_SELF_BINARY:-$bin}
deadline=$(( $(date +%s) + limit ))

# One run: prints its line; the log stays only where something was found.
# shellcheck disable=SC2317 # called through xargs
one() {
  local tool=$1 mode=$2 kernel=$3 name="$1 $2 $3" left extra=() log code summary
  if [ "$tool" = initcheck ] && [[ "$mode" == ipc* ]]; then
    printf '%-48s n/a     (initcheck tracks each process alone; the other process wrote these buffers)\n' "$name"
    return
  fi
  left=$(( deadline - $(date +%s) ))
  if [ "$left" -lt 20 ]; then printf '%-48s not run (time limit)\n' "$name"; return; fi
  [ "$left" -gt 180 ] && left=180
  [ "$tool" = memcheck ] && extra=(--leak-check full)
  log=$out/$tool-$mode-$kernel.txt
  timeout "$left" compute-sanitizer --tool "$tool" "${extra[@]}" --target-processes all --error-exitcode 9 \
    "$bin" run --device "$device" --mode "$mode" --kernel "$kernel" --size 1MiB --iterations 1 --warmup 0 \
    --no-counters >"$log" 2>&1
  code=$?
  summary=$(grep -E '^========= (ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY)' "$log" | tr '\n' ' ')
  if [ "$code" = 0 ]; then
    printf '%-48s clean   %s\n' "$name" "$summary"; rm -f "$log"
  else
    printf '%-48s FOUND   exit %s %s (%s)\n' "$name" "$code" "$summary" "$log"
  fi
}
export -f one
export out device bin deadline

start=$SECONDS
results=$out/results.txt
for tool in $tools; do for mode in $MODES; do for kernel in $kernels; do
  printf '%s %s %s\n' "$tool" "$mode" "$kernel"
done; done; done | xargs -P "$jobs" -n 3 bash -c 'one "$@"' _ | tee "$results"
clean=$(grep -c ' clean ' "$results")
found=$(grep -c ' FOUND ' "$results")
notrun=$(grep -c 'not run' "$results")
na=$(grep -c ' n/a ' "$results")
echo "compute-sanitizer: $clean clean, $found with errors or failed, $notrun not run, $na not applicable," \
  "in $((SECONDS - start)) s" \
  "($jobs at a time; modes: $MODES)"
[ "$found" = 0 ] && [ "$notrun" = 0 ] || exit 1
exit 0
