#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Formats every C++ and CUDA source of the project with its .clang-format.
# Usage: scripts/format.sh [--check]   (--check changes nothing: it lists the
# files off the format and exits 1 if there are any; CI runs it so)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh format
mapfile -t files < <(git ls-files -- '*.h' '*.cpp' '*.cu' ':!:tests/fuzz/corpus/*')
if [ "${1:-}" = --check ]; then
  off=()
  for file in "${files[@]}"; do
    clang-format --dry-run -Werror "$file" >/dev/null 2>&1 || off+=("$file")
  done
  if [ ${#off[@]} -gt 0 ]; then
    printf 'format: not formatted by .clang-format (scripts/format.sh formats them):\n' >&2
    printf '  %s\n' "${off[@]}" >&2
    exit 1
  fi
  echo "format: all ${#files[@]} C++ and CUDA sources follow .clang-format"
  exit 0
fi
clang-format -i "${files[@]}"
echo "format: formatted ${#files[@]} C++ and CUDA sources"
