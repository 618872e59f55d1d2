#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real Python process on the other side of `sharescope ipc-export`, for
# each kind of memory it shares (device: a legacy IPC handle; vmm and pool:
# a file descriptor over a Unix socket): the snippet ipc-export prints is
# run as printed, with CuPy; it doubles every value, and ShareScope must
# read them back doubled. Called by scripts/gpu-check.sh on the GPU machine.
# Exit 1 on any failure.
# Usage: scripts/gpu-check-export.sh [SHARESCOPE_BINARY [KIND...]]   (default kinds: device vmm pool)
set -uo pipefail
cd "$(dirname "$0")/.."
s=${1:-build-gpu/app/sharescope}
shift || true
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(device vmm pool)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for kind in "${kinds[@]}"; do
  echo "== --memory $kind"
  log=$work/$kind.log
  args=(ipc-export --size 16MiB --memory "$kind")
  [ "$kind" != device ] && args+=(--socket "$work/$kind.sock")
  echo "\$ sharescope ${args[*]} &"
  "$s" "${args[@]}" < /dev/null > "$log" 2>&1 &
  exporter=$!
  for _ in $(seq 150); do grep -q 'SIGTERM' "$log" && break; kill -0 "$exporter" 2>/dev/null || break; sleep 0.2; done
  # The snippet as printed: the indented lines after "Open it from another process".
  awk '/^Open it from another process/{on=1; next} on && /^    /{print substr($0, 5)} on && /^(Press|Send)/{exit}' \
    "$log" > "$work/$kind.py"
  echo "\$ python3 $kind.py   # the snippet ipc-export printed"
  python3 "$work/$kind.py" 2>&1; python=$?
  kill -TERM "$exporter" 2>/dev/null; wait "$exporter"; status=$?
  echo "(python exited with $python, ipc-export with $status)"
  echo "--- what ipc-export printed ---"
  cat "$log"
  if [ "$python" -eq 0 ] && [ "$status" -eq 0 ] && grep -q 'changed  4,194,303 of 4,194,304 elements' "$log"; then
    echo "PASS  --memory $kind: CuPy doubled every value in ShareScope's buffer"
  else
    echo "FAIL  --memory $kind"; failed=$((failed + 1))
  fi
  [ "$kind" != device ] && [ -e "$work/$kind.sock" ] && { echo "FAIL  the socket was left behind"; failed=$((failed + 1)); }
done
echo "$failed failed"
[ "$failed" -eq 0 ]
