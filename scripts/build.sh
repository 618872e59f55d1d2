#!/usr/bin/env bash
# Configures (once) and builds ShareScope with a CMake preset.
# Usage: scripts/build.sh [PRESET]   (default, asan or tsan; see CMakePresets.json)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-default}
if [ ! -f "build/$preset/CMakeCache.txt" ]; then
  log=$(mktemp)
  if ! cmake --preset "$preset" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  grep -A3 -E '^-- The following (features have been enabled|OPTIONAL packages have not been found)' "$log" >&2 || true
  rm -f "$log"
fi
cmake --build --preset "$preset"
