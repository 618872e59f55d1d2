#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs clang-tidy with the project's .clang-tidy over the sources of app/,
# core/ and ui/ (the CUDA files excepted: clang-tidy cannot parse them with
# this toolchain), using build/default's compile commands. Exit 1 on any
# finding. Usage: scripts/tidy.sh [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
db=build/default
[ -f "$db/compile_commands.json" ] || { echo "tidy: run scripts/build.sh first ($db/compile_commands.json is missing)" >&2; exit 2; }
scripts/setup.sh tidy
tidy=$(command -v clang-tidy || command -v clang-tidy-14 || true)
[ -n "$tidy" ] || { echo "tidy: clang-tidy not found" >&2; exit 2; }
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(git ls-files 'app/*.cpp' 'core/*.cpp' 'ui/*.cpp'); fi
jobs=$(nproc)
log=$(mktemp)
# clang-tidy cannot read GCC's precompiled headers: its compile commands
# leave them out (every source includes what it uses all the same).
commands=$(mktemp -d)
trap 'rm -rf "$log" "$commands"' EXIT
sed -E 's# -include [^ ]*cmake_pch\.hxx##g; s# -Winvalid-pch##g' "$db/compile_commands.json" >"$commands/compile_commands.json"
printf '%s\n' "${files[@]}" | xargs -P "$jobs" -n 4 "$tidy" -p "$commands" --quiet >"$log" 2>&1 || true
if grep -qE '(warning|error):|Error while processing' "$log"; then
  grep -E -A3 '(warning|error):|Error while processing' "$log"
  echo "tidy: findings above ($(grep -cE '(warning|error):|Error while processing' "$log")); the checks are in .clang-tidy" >&2
  exit 1
fi
echo "tidy: ${#files[@]} files, no findings"
