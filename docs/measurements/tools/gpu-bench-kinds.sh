#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on the GPU machine: which unified-memory counter kinds make managed
# iterations slower? bench_cuda measures counters on against off in one
# process; here it runs once per set of kinds that CUPTI configures.
# Usage (from the project root, after a build in build-gpu):
#   source .gpu/enter.sh && docs/measurements/tools/gpu-bench-kinds.sh
# Writes $OUT/kinds-<run>.txt (each bench_cuda's output) and
# $OUT/kinds-summary.txt (also printed). Environment: SIZE (64MiB),
# ROUNDS (5), BUDGET_S (450: a run that would end later is skipped),
# BENCH (build-gpu/tests/bench/bench_cuda).
#
# Time: one invocation at 64 MiB and 5 rounds is about 25-40 s (bench_cuda at
# 256 MiB took 77-100 s on the H200, mostly in proportion to the size), so
# the twelve runs take about 5-7.5 minutes. BUDGET_S skips what would end
# later, and each run stops after 120 s: at most about 9 minutes in all.
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 2
case ":${LD_LIBRARY_PATH:-}:" in
*:/tmp/gpu-runtime/lib:*) ;;
*) source .gpu/enter.sh ;;
esac
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
size=${SIZE:-64MiB}
rounds=${ROUNDS:-5}
budget=${BUDGET_S:-450}
bench=${BENCH:-build-gpu/tests/bench/bench_cuda}
[ -x "$bench" ] || { echo "gpu-bench-kinds: no $bench; build build-gpu first" >&2; exit 2; }

# Run name and the kinds it configures, most telling first, so that a run
# the budget skips is the least needed one. all-again measures the noise
# between two processes with the same kinds.
runs=(
  "all all"
  "faults cpuPageFaults,gpuPageFaultGroups"
  "bytes bytesHostToDevice,bytesDeviceToHost"
  "cpuPageFaults cpuPageFaults"
  "gpuPageFaultGroups gpuPageFaultGroups"
  "bytesHostToDevice bytesHostToDevice"
  "bytesDeviceToHost bytesDeviceToHost"
  "thrashing thrashing"
  "throttling throttling"
  "remoteMaps remoteMaps"
  "bytesDeviceToDevice bytesDeviceToDevice"
  "all-again all"
)

# The on/off ratio of a phase row ("  kernel   136 ms   98.7 ms   1.38").
phase_ratio() { awk -v p="$1" '$1 == p && r == "" { r = $NF } END { print (r == "" ? "-" : r) }' "$2"; }

rows=()
last=0
n=0
for run in "${runs[@]}"; do
  n=$((n + 1))
  name=${run%% *}
  kinds=${run#* }
  file="$out/kinds-$name.txt"
  if [ $((SECONDS + last)) -gt "$budget" ]; then
    echo "[$n/${#runs[@]}] $name: skipped (${SECONDS} s gone, the last run took ${last} s, budget ${budget} s)"
    rows+=("$(printf '%-20s %-38s %s' "$name" "$kinds" "skipped: time budget")")
    continue
  fi
  start=$SECONDS
  timeout 120 "$bench" --size "$size" --rounds "$rounds" --kinds "$kinds" > "$file" 2>&1
  rc=$?
  last=$((SECONDS - start))
  # bench_cuda exits 1 when any target is missed: that is expected here.
  cost=$(grep -o 'counters on cost -\?[0-9.]*%' "$file" | awk '{ print $4 }')
  [ -n "$cost" ] || cost=$(grep -q 'counters on cost not measured' "$file" && echo "n/a" || echo "-")
  driver=$(sed -n 's/^counter kinds the driver reports: //p' "$file")
  grep -q '^counters unavailable:' "$file" && driver="unavailable"
  [ "$driver" = "$kinds" ] && driver="same"
  records=$(awk '/records per managed run/ { print $NF }' "$file")
  echo "[$n/${#runs[@]}] $name: counters on cost ${cost}, exit $rc, ${last} s"
  rows+=("$(printf '%-20s %-38s %7s %9s %7s %9s %10s %4s %4s  %s' "$name" "$kinds" "$cost" \
    "$(phase_ratio host-init "$file")" "$(phase_ratio kernel "$file")" "$(phase_ratio host-read "$file")" \
    "${records:--}" "$rc" "$last" "${driver:--}")")
done

{
  echo
  echo "counter kinds against cost, $(date -u '+%Y-%m-%d %H:%M UTC'), $size per buffer, $rounds rounds"
  sed -n 's/^device: //p' "$out/kinds-all.txt" 2>/dev/null | head -1
  echo "cost: managed vector-add iteration, counters on against off (median, one process);"
  echo "host-init, kernel, host-read: on/off ratio of the phase's median; records: per counters-on run;"
  echo "exit 1 is expected (a target missed); 124 means the run timed out. Compare 'all' with"
  echo "'all-again' for the spread between two processes before reading small differences."
  echo
  printf '%-20s %-38s %7s %9s %7s %9s %10s %4s %4s  %s\n' run "kinds configured" cost host-init kernel \
    host-read records exit s "driver reports"
  printf '%s\n' "${rows[@]}"
  echo
  echo "total ${SECONDS} s; outputs in $out/kinds-*.txt"
} | tee "$out/kinds-summary.txt"
