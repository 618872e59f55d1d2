#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The first look on an NVIDIA H200, at the window's two sizes and in both
# languages: a compare of every CUDA mode (13 or more on one GPU) on the
# Compare tab, and the managed run on its Timeline and Migration tabs, each
# saved with --json on the GPU and shown with gui --open, offscreen. What
# scripts/screenshots.sh makes on PoCL, for the GPU's own reports. Checks:
# every screenshot is made (exit 0) at its size; look at each, as the
# PoCL ones were looked at, before committing them to docs/images/sizes.
# Usage: scripts/gpu-screenshots.sh [SHARESCOPE_BINARY]   (default: build-gpu/app/sharescope)
# Writes $OUT/screenshots.tar.gz: the PNGs, the two reports, gpu.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
s=$(realpath "${1:-build-gpu/app/sharescope}")
top=${OUT:-/tmp/sharescope-gpu}
out=$(mktemp -d)/screenshots
mkdir -p "$out" "$top"
export SHARESCOPE_SELF_BINARY=$s QT_QPA_PLATFORM=offscreen
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv
} > "$out/gpu.txt" 2>&1
"$s" calibrate --device cuda:0 > "$out/calibrate.txt" 2>&1
"$s" compare --device cuda:0 --modes all --size 64MiB --json "$out/compare-h200.json" > "$out/compare-h200.txt" 2>&1
"$s" run --device cuda:0 --mode managed --size 16MiB --json "$out/managed-h200.json" > "$out/managed-h200.txt" 2>&1
status=0
for size in 1280x800 1024x700; do
  for lang in en zh_CN; do
    for shot in "compare-h200:compare-h200.json:compare" "managed-h200-timeline:managed-h200.json:timeline" \
                "managed-h200-migration:managed-h200.json:migration"; do
      IFS=: read -r name report tab <<< "$shot"
      file="$out/$name-$size-$lang.png"
      if ! "$s" gui --open "$out/$report" --tab "$tab" --window-size "$size" --lang "$lang" --screenshot "$file" \
          2>> "$out/gui.txt"; then
        echo "$name $size $lang: failed" | tee -a "$out/gui.txt"
        status=1
      fi
    done
  done
done
ls -l "$out"/*.png >> "$out/gui.txt"
tar -C "$(dirname "$out")" -czf "$top/screenshots.tar.gz" screenshots
echo "gpu-screenshots: exit $status; $top/screenshots.tar.gz"
exit $status
