#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up, builds and starts ShareScope. ARGS go to `sharescope`. Without
# ARGS it opens the window where there is a display and the window is built,
# and otherwise prints a comparison of every mode of the default device.
# Usage: scripts/run.sh [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The CUDA kernels for this machine's GPU where there is one, and for one
# generation where there is none (nothing runs them then): a first build in
# minutes, not the six generations of a release.
if [ -z "${SHARESCOPE_CUDA_ARCHITECTURES:-}" ] && [ ! -f build/default/CMakeCache.txt ]; then
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    export SHARESCOPE_CUDA_ARCHITECTURES=native
  else
    export SHARESCOPE_CUDA_ARCHITECTURES=90-real
  fi
  # Debug information of files and lines only (what a backtrace prints), a
  # third less compile time; SHARESCOPE_DEBUG_INFO=full for a debugger.
  export SHARESCOPE_DEBUG_INFO=${SHARESCOPE_DEBUG_INFO:-lines}
fi
# The program alone; scripts/test.sh builds the tests.
scripts/build.sh default sharescope >&2
binary=build/default/app/sharescope
if [ $# -gt 0 ]; then
  exec "$binary" "$@"
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  status=0
  "$binary" gui || status=$?
  [ $status -ne 3 ] && exit $status   # 3: this build has no window
fi
echo "Comparing every sharing mode of the default device (sharescope compare):" >&2
exec "$binary" compare
