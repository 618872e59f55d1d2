#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes again every screenshot in docs/images that this machine can take:
# the window offscreen on PoCL (the CPU as OpenCL device), in English and
# Chinese, at the window's default size (1280 x 800; a screenshot ignores the
# remembered window size), and in docs/images/sizes the first look at
# 1280 x 800 and 1024 x 700: the start, every shipped example on the tab it
# opens at, Explain on an example, a demo's question and answer. Each image goes through pngquant where it is
# installed, as the committed ones did. The images of NVIDIA H200 runs are not
# made here: the script lists each with the commands that made it on the GPU
# machine. Look at every image before committing it.
# Usage: scripts/screenshots.sh [SHARESCOPE]   (default: build/default/app/sharescope)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/default/app/sharescope}
[ -x "$binary" ] || { echo "screenshots: no program at $binary (scripts/build.sh default sharescope builds it)" >&2; exit 2; }
images=docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh home: no remembered settings, and a calibration of its own, so
# that the tables show the Of measured column as a user's calibrated
# machine does. PoCL alone, even where an NVIDIA GPU is present.
export HOME=$work/home XDG_CACHE_HOME=$work/home/.cache XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 CUDA_VISIBLE_DEVICES=-1
mkdir -p "$HOME" "$work/vendors"
pocl=$(grep -lis pocl /etc/OpenCL/vendors/*.icd | head -1 || true)
[ -n "$pocl" ] || { echo "screenshots: PoCL is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
cp "$pocl" "$work/vendors/"
export OCL_ICD_VENDORS=$work/vendors
s() { "$binary" "$@"; }

shot() { # NAME-en NAME-zh_CN ARGS...: one screenshot in each language
  local english=$1 chinese=$2
  shift 2
  for lang in en zh_CN; do
    local file=$english
    [ "$lang" = zh_CN ] && file=$chinese
    echo "$images/$file: sharescope gui $* --lang $lang" >&2
    s gui "$@" --lang "$lang" --screenshot "$work/$file"
    if command -v pngquant >/dev/null 2>&1; then
      pngquant --force --skip-if-larger --output "$images/$file" -- "$work/$file" || cp "$work/$file" "$images/$file"
    else
      cp "$work/$file" "$images/$file"
    fi
  done
}

shots() { # DIR NAME ARGS...: DIR/NAME-en.png and DIR/NAME-zh_CN.png
  local dir=$1 name=$2
  shift 2
  mkdir -p "$dir"
  for lang in en zh_CN; do
    local file=$dir/$name-$lang.png
    echo "$file: sharescope gui $* --lang $lang" >&2
    s gui "$@" --lang "$lang" --screenshot "$work/shot.png"
    if command -v pngquant >/dev/null 2>&1; then
      pngquant --force --skip-if-larger --output "$file" -- "$work/shot.png" || cp "$work/shot.png" "$file"
    else
      cp "$work/shot.png" "$file"
    fi
  done
}

echo "Calibrating opencl:0 (the Of measured columns):" >&2
s calibrate --device opencl:0 >/dev/null
s sweep --device opencl:0 --modes all --sizes 64KiB:16MiB:x4 --json "$work/sweep.json" >/dev/null

shot timeline-pocl-1280x800.png timeline-pocl-zh_CN.png --device opencl:0 --mode cl-copy --size 16MiB --run --tab timeline
shot migration-opencl.png migration-opencl-zh_CN.png --device opencl:0 --mode cl-use-host-ptr --size 16MiB --run --tab migration
shot buffers.png buffers-zh_CN.png --device opencl:0 --mode cl-copy --kernel gather --size 16MiB --run --tab buffers
shot compare-pocl-1280x800.png compare-pocl-zh_CN.png --device opencl:0 --size 16MiB --compare --tab compare
shot sweep.png sweep-zh_CN.png --open "$work/sweep.json" --tab sweep
shot explain-en.png explain-zh_CN.png --device opencl:0 --mode cl-use-host-ptr --tab explain
# A CUDA mode's page on a machine without CUDA: readable, marked as not runnable here.
shot explain-managed-en.png explain-managed-zh_CN.png --device opencl:0 --mode managed --tab explain
shot demo-en.png demo-zh_CN.png --device opencl:0 --demo copies-vs-zero-copy
# A CUDA demo on PoCL: the H200's example it ships, labelled.
shot demo-example-en.png demo-example-zh_CN.png --device opencl:0 --demo prefetch
# Predict, then measure: the question before the run, then the answer (1:
# "nothing: the memory is shared") beside what the H200 measured.
shot demo-question-en.png demo-question-zh_CN.png --device opencl:0 --demo prefetch --predict
shot demo-answer-en.png demo-answer-zh_CN.png --device opencl:0 --demo prefetch --answer 1
# The four page-fault experiments (the H200's example on PoCL): the question,
# the answer (3: "2 x 64 MiB"), and where each buffer's pages were.
shot demo-first-touch-question-en.png demo-first-touch-question-zh_CN.png --device opencl:0 --demo first-touch --predict
shot demo-first-touch-answer-en.png demo-first-touch-answer-zh_CN.png --device opencl:0 --demo first-touch --answer 3
shot migration-first-touch-en.png migration-first-touch-zh_CN.png --example first-touch --tab migration
# Help → Check this machine, with a soft open-file limit of 256 set for the
# occasion, so that the dialog shows a problem in full.
(ulimit -Sn 256 && shot doctor-en.png doctor-zh_CN.png --check-machine)

# The first look, at the default size and at 1024 x 700: the start, every
# example shipped with the program on the tab it opens at, Explain on an
# example, a CUDA demo's question and its answer from the H200's example,
# and a demo whose point needs CUDA run on PoCL, pointing to its H200 run.
for size in 1280x800 1024x700; do
  shots "$images/sizes" "start-$size" --device opencl:0 --window-size "$size"
  for example in $("$binary" show | awk '/^  [a-z]/ { print $1 }'); do
    shots "$images/sizes" "example-$example-$size" --example "$example" --window-size "$size"
  done
  shots "$images/sizes" "explain-example-$size" --example managed --tab explain --window-size "$size"
  shots "$images/sizes" "demo-question-$size" --device opencl:0 --demo prefetch --predict --window-size "$size"
  shots "$images/sizes" "demo-answer-$size" --device opencl:0 --demo prefetch --answer 1 --window-size "$size"
  shots "$images/sizes" "demo-pocl-$size" --device opencl:0 --demo pages-move-whole --size 16MiB --window-size "$size"
done

cat <<'EOF'

Not made here: these need an NVIDIA H200 (two for the peer image). Each is in
English and, with --lang zh_CN, in Chinese (NAME-zh_CN.png), made with
QT_QPA_PLATFORM=offscreen after sharescope calibrate; where a report is
saved with --json, its gui --open step may run on any machine that has it:
  timeline-h200-managed.png, migration-h200.png: taken on the GPU machine with:
    sharescope run --device cuda:0 --mode managed --size 16MiB --json managed.json
    sharescope gui --open managed.json --tab timeline --screenshot docs/images/timeline-h200-managed.png
    sharescope gui --open managed.json --tab migration --screenshot docs/images/migration-h200.png
  compare-h200.png: taken on the GPU machine with:
    sharescope compare --device cuda:0 --modes all --size 64MiB --json compare.json
    sharescope gui --open compare.json --tab compare --screenshot docs/images/compare-h200.png
  sweep-h200.png: taken on the GPU machine with:
    sharescope sweep --device cuda:0 --modes device,pinned,zero-copy,managed,managed-prefetch --sizes 64KiB:64MiB:x4 --json sweep.json
    sharescope gui --open sweep.json --tab sweep --screenshot docs/images/sweep-h200.png
  what-profilers-miss-h200.png: taken on the GPU machine with:
    sharescope demo what-profilers-miss --device cuda:0 --json profilers.json
    sharescope gui --open profilers.json --tab compare --screenshot docs/images/what-profilers-miss-h200.png
  demo-prefetch-h200-en.png: taken on the GPU machine with:
    sharescope gui --device cuda:0 --demo prefetch --lang en --screenshot docs/images/demo-prefetch-h200-en.png
  migration-discard-h200.png: taken on the GPU machine with:
    sharescope gui --device cuda:0 --mode managed-discard --size 64MiB --run --tab migration --screenshot docs/images/migration-discard-h200.png
  migration-peer-h200.png (English only): taken on the GPU machine (two H200s) with:
    sharescope run --device cuda:0 --peer cuda:1 --mode managed-peer --kernel vector-add --size 256MiB --iterations 2 --warmup 1 --json peer.json
    sharescope gui --open peer.json --tab migration --screenshot docs/images/migration-peer-h200.png
EOF
echo "Made the PoCL screenshots in $images; look at each before committing it." >&2
