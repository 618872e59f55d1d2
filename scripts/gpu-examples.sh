#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Measures the example reports that ship with ShareScope (resources/examples,
# File → Examples, `sharescope gui --example NAME`, and the demos a machine
# without CUDA cannot run): real runs on the GPU machine, one command each,
# the report saying where, when and with which command it was made.
# Each report is made small enough to ship by scripts/trim-example.py (the
# first migration events of each run kept, the rest counted as dropped, as
# the program's own cap does). Writes NAME.json, NAME.txt (what the command
# printed) and gpu.txt into $OUT/examples.tar.gz; its .json files go to
# resources/examples.
# Usage: scripts/gpu-examples.sh [SHARESCOPE_BINARY]   (default: build-gpu/app/sharescope)
# ONLY="compare other-process" measures those examples alone (after the
# calibration), for a change that touches only them.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
s=$(realpath "${1:-build-gpu/app/sharescope}")
top=${OUT:-/tmp/sharescope-gpu}
out=$(mktemp -d)/examples
raw=$(mktemp -d)
mkdir -p "$out"
export SHARESCOPE_SELF_BINARY=$s
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv
} > "$out/gpu.txt" 2>&1

example() {
  local name=$1
  shift
  [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $name "* ]] || return 0
  echo "\$ sharescope $*" > "$out/$name.txt"
  timeout 300 "$s" "$@" --device cuda:0 --json "$raw/$name.json" >> "$out/$name.txt" 2>&1
  local code=$?
  echo "(exit $code)" >> "$out/$name.txt"
  [ -f "$raw/$name.json" ] && python3 scripts/trim-example.py "$raw/$name.json" "$out/$name.json"
  echo "$name: exit $code, $(stat -c %s "$raw/$name.json" 2>/dev/null || echo no) bytes, shipped $(stat -c %s "$out/$name.json" 2>/dev/null || echo no)"
}

# The ceilings first, so that every report holds this GPU's measured ones
# beside the specification's (the calibration cache, as a user's would).
"$s" calibrate --device cuda:0 > "$out/calibrate.txt" 2>&1
example managed run --mode managed --size 256MiB
example compare compare --size 64MiB
example sweep sweep --modes pinned,managed,managed-prefetch --sizes 64KiB:256MiB:x4 --iterations 3
for demo in copies-vs-zero-copy when-pinning-pays first-touch prefetch pages-move-whole ping-pong other-process threads-share-one-gpu what-profilers-miss discard; do
  example "$demo" demo "$demo"
done
# The two-GPU lesson, where a second GPU is there (a machine of two H200s):
# peer-access.json, for a row of its own in core/lessons/examples.cpp.
if [ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')" -ge 2 ]; then
  example peer-access demo peer-access --peer cuda:1
else
  echo "peer-access: skipped, one GPU here (it needs two)" | tee "$out/peer-access.txt"
fi
tar -C "$(dirname "$out")" -czf "$top/examples.tar.gz" examples
