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
# Not app/python: the Python module builds with pip only (scripts/python-package.sh,
# warnings as errors there), so this build has no command to check it with.
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(git ls-files 'app/*.cpp' 'core/*.cpp' 'ui/*.cpp' ':!:app/python/*'); fi
jobs=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/commands" "$work/units" "$work/logs"
# clang-tidy cannot read GCC's precompiled headers: its compile commands
# leave them out (every source includes what it uses all the same).
sed -E 's# -include [^ ]*cmake_pch\.hxx##g; s# -Winvalid-pch##g' "$db/compile_commands.json" >"$work/commands/compile_commands.json"

# Every source, or the files named: the sources of one target are checked
# UNIT files at a time, one file including the others (scripts/tidy-units.py
# says why: a third of the time). A unit whose files do not compile together
# (two files with a local helper of the same name) is checked again in
# halves, down to single files.
unit=${SHARESCOPE_TIDY_UNIT:-8}
[ $# -gt 0 ] && unit=1
check() { # N L R: sources L to R-1 of unit N (N "-": the file R alone); findings into logs/
  local n=$1 left=$2 right=$3 log
  if [ "$n" = - ] || [ $((right - left)) -eq 1 ]; then
    local source=$left commands=$work/commands
    [ "$n" = - ] || { source=$(sed -n "$((left + 1))p" "$work/units/unit-$n.files"); commands=$work/units; }
    "$tidy" -p "$commands" --config-file="$PWD/.clang-tidy" --quiet "$source" >"$work/logs/${source//\//_}.log" 2>&1 || true
    return
  fi
  log=$work/logs/unit-$n-$left-$right.log
  "$tidy" -p "$work/units" --config-file="$PWD/.clang-tidy" --quiet "$work/units/unit-$n-$left-$right.cpp" >"$log" 2>&1 || true
  if grep -q 'clang-diagnostic-error' "$log"; then
    echo "tidy: $(sed -n "$((left + 1)),${right}p" "$work/units/unit-$n.files" | xargs -n1 basename | tr '\n' ' ')do not compile as one unit; checked in halves" >&2
    rm "$log"
    local middle=$(((left + right) / 2))
    check "$n" "$left" "$middle"
    check "$n" "$middle" "$right"
  fi
}
export -f check
export tidy work
python3 scripts/tidy-units.py "$work/commands" "$work/units" "$unit" "${files[@]}" >"$work/inputs"
xargs -P "$jobs" -L1 bash -c 'check "$@"' _ <"$work/inputs"
log=$work/all.log
cat "$work"/logs/*.log >"$log" 2>/dev/null || : >"$log"
if grep -qE '(warning|error):|Error while processing' "$log"; then
  grep -E -A3 '(warning|error):|Error while processing' "$log"
  echo "tidy: findings above ($(grep -cE '(warning|error):|Error while processing' "$log")); the checks are in .clang-tidy" >&2
  exit 1
fi
echo "tidy: ${#files[@]} files in $(wc -l <"$work/inputs") units, no findings"
