#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (the fuzz preset: clang, ASan, UBSan; only the
# libraries they need) and runs each for SECONDS (default 30) from its seed
# corpus in tests/fuzz/corpus/<target>, then prints executions and crashes
# per target, one target per core at a time. New inputs go to
# build/fuzz/corpus/<target>, never into the repository; an input that crashed, hung or broke an invariant is kept in
# build/fuzz/crashes/<target>/ (run the target on it to see why; add it to
# the seed corpus once fixed). Exit status 1 when any target failed.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_bytesize fuzz_commandline fuzz_ipcprotocol fuzz_report fuzz_migration
                                     fuzz_pagemap fuzz_uvmcounters fuzz_uvmevents fuzz_pythonresults fuzz_watch
                                     fuzz_doctor)
scripts/setup.sh fuzz
options=()
[ -n "${SHARESCOPE_DEBUG_INFO:-}" ] && options+=("-DSHARESCOPE_DEBUG_INFO=$SHARESCOPE_DEBUG_INFO")
cmake --preset fuzz "${options[@]}" >/dev/null
nice cmake --build --preset fuzz

# One target per core at a time (each fuzzer is one process), SECONDS each.
fuzz_one() {
  local target=$1
  local work=build/fuzz/corpus/$target crashes=build/fuzz/crashes/$target log=build/fuzz/$target.log
  mkdir -p "$work" "$crashes"
  local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
                 -artifact_prefix="$crashes/")
  [ -f "tests/fuzz/$target.dict" ] && options+=(-dict="tests/fuzz/$target.dict")
  [ "$target" = fuzz_report ] && options+=(-max_len=65536)
  local code=0
  # A detected problem ends the run; its log says which input and why.
  "build/fuzz/tests/fuzz/$target" "${options[@]}" "$work" "tests/fuzz/corpus/$target" >"$log" 2>&1 || code=$?
  echo "$code" >"build/fuzz/$target.exit"
}
jobs=$(nproc)
running=0
for target in "${targets[@]}"; do
  echo "== $target: ${seconds}s" >&2
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

results=()
status=0
for target in "${targets[@]}"; do
  log=build/fuzz/$target.log
  code=$(cat "build/fuzz/$target.exit" 2>/dev/null || echo "?")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  found=$(find "build/fuzz/crashes/$target" -type f | wc -l)
  if [ "$code" != 0 ]; then
    status=1
    tail -n 30 "$log" >&2
  fi
  results+=("$(printf '%-18s %12s executions  %3s crashes  exit %s' "$target" "${runs:-?}" "$found" "$code")")
done

echo
echo "== ShareScope fuzzing (${seconds}s per target) =="
printf '%s\n' "${results[@]}"
if [ $status -eq 0 ]; then
  echo "No crash, hang or broken invariant found."
else
  echo "Problems FOUND: the logs are in build/fuzz/TARGET.log, the inputs in build/fuzz/crashes/TARGET/."
fi
exit $status
