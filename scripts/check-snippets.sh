#!/usr/bin/env bash
# Runs every code example of resources/explain that this machine can run: the
# OpenCL C++ ones everywhere, the CUDA ones where there is a GPU and nvcc, and
# the Python ones where their library imports. Prints one line per example and
# exits 1 if any that ran failed.
set -uo pipefail
cd "$(dirname "$0")/../resources/explain"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
have_gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && have_gpu=1
report() { printf '%-24s %-10s %s\n' "$1" "$2" "$3"; [ "$3" = "FAILED" ] && failed=1; }
# An example exits 3 when this device lacks what its mode needs (and says so).
ran() { case $1 in 0) echo ok ;; 3) echo "not supported by this device" ;; *) echo FAILED ;; esac; }

for snippet in */cpp.cpp; do
  mode=${snippet%%/*}
  if ! g++ -std=c++17 -O1 -Wno-ignored-attributes -o "$work/$mode" "$snippet" -lOpenCL 2>"$work/log"; then
    report "$mode" c++ FAILED; cat "$work/log"; continue
  fi
  timeout 120 "$work/$mode" >"$work/log" 2>&1
  result=$(ran $?); report "$mode" c++ "$result"; [ "$result" = ok ] || cat "$work/log"
done
for snippet in */cpp.cu; do
  mode=${snippet%%/*}
  if ! command -v nvcc >/dev/null 2>&1; then report "$mode" cuda "skipped (no nvcc)"; continue; fi
  if ! nvcc -o "$work/$mode" "$snippet" 2>"$work/log"; then report "$mode" cuda FAILED; cat "$work/log"; continue; fi
  if [ $have_gpu = 0 ]; then report "$mode" cuda "compiled (no GPU to run it)"; continue; fi
  if timeout 120 "$work/$mode" >"$work/log" 2>&1; then report "$mode" cuda ok; else report "$mode" cuda FAILED; cat "$work/log"; fi
done
for snippet in */py-*.py; do
  mode=${snippet%%/*}
  library=${snippet#*/py-}; library=${library%.py}
  module=$library; [ "$library" = numba ] && module=numba.cuda
  if ! python3 -c "import $module" >/dev/null 2>&1; then report "$mode" "$library" "skipped (no $library)"; continue; fi
  case $library in pyopencl) ;; *) [ $have_gpu = 0 ] && { report "$mode" "$library" "skipped (no GPU)"; continue; } ;; esac
  if (cd "$work" && PYOPENCL_CTX=0 timeout 300 python3 "$OLDPWD/$snippet" >"$work/log" 2>&1); then report "$mode" "$library" ok
  else report "$mode" "$library" FAILED; tail -5 "$work/log"; fi
done
exit $failed
