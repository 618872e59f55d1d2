#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up, builds and runs every test, then prints a summary.
# Usage: scripts/test.sh [PRESET] [CTEST ARGS...]   (PRESET: default, asan or tsan;
# tsan builds and runs the tests of the threaded parts only)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=default
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then preset=$1; shift; fi
scripts/setup.sh
scripts/build.sh "$preset"
log=build/$preset/ctest.log
status=0
# One test per core at a time; those that time what they test run alone
# (RUN_SERIAL in tests/CMakeLists.txt). A -j in ARGS decides instead.
ctest --preset "$preset" -j "$(nproc)" "$@" 2>&1 | tee "$log" || status=$?
echo
echo "== ShareScope tests ($preset) =="
grep -E '^[0-9]+% tests passed' "$log" || true
grep -E 'Skipped|Not Run' "$log" | sed 's/^/  /' || true
if [ $status -eq 0 ]; then
  echo "All tests passed. The gpu-labelled tests skip themselves without an NVIDIA GPU."
else
  echo "Some tests FAILED; the output above shows which and why (full log: $log)."
fi
exit $status
