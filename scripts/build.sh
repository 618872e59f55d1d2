#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Configures (once) and builds ShareScope with a CMake preset.
# Usage: scripts/build.sh [PRESET [TARGET...]]   (PRESET: default, asan or tsan,
# see CMakePresets.json; TARGETs: only those, e.g. sharescope; else the
# preset's, every target for default and asan)
# SHARESCOPE_WERROR=ON in the environment makes the project's warnings
# errors (CI sets it); SHARESCOPE_CUDA_ARCHITECTURES chooses the GPUs the
# CUDA kernels are compiled for (CI, which runs none, compiles for one);
# SHARESCOPE_DEBUG_INFO=lines compiles faster, with debug information of
# files and lines only (CI; cmake/ShareScopeDebugInfo.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-default}
shift || true
options=()
[ -n "${SHARESCOPE_WERROR:-}" ] && options+=("-DSHARESCOPE_WERROR=$SHARESCOPE_WERROR")
[ -n "${SHARESCOPE_DEBUG_INFO:-}" ] && options+=("-DSHARESCOPE_DEBUG_INFO=$SHARESCOPE_DEBUG_INFO")
[ -n "${SHARESCOPE_CUDA_ARCHITECTURES:-}" ] && options+=("-DCMAKE_CUDA_ARCHITECTURES=$SHARESCOPE_CUDA_ARCHITECTURES")
if [ ! -f "build/$preset/CMakeCache.txt" ] || [ ${#options[@]} -gt 0 ]; then
  log=$(mktemp)
  if ! cmake --preset "$preset" "${options[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  grep -A3 -E '^-- The following (features have been enabled|OPTIONAL packages have not been found)' "$log" >&2 || true
  rm -f "$log"
fi
if [ $# -gt 0 ]; then
  cmake --build --preset "$preset" --target "$@"
else
  cmake --build --preset "$preset"
fi
