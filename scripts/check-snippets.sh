#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every code example of resources/explain that this machine can run: the
# OpenCL C++ ones everywhere, the CUDA ones where there is a GPU and nvcc, and
# the Python ones where every library they import is installed.
#
# One line per example, with one of four results:
#   ok                            it ran and checked its own result
#   failed                        it did not compile, crashed, timed out or found
#                                 a wrong result; its error follows
#   not supported by this device  it exited 3: the device lacks what it shows
#   not run here: WHY             this machine cannot run it (no GPU, a library
#                                 that is not installed); never counted as ok
# then a summary. Exits 1 if any example failed.
#
# Usage: scripts/check-snippets.sh [WORD]   only the examples whose path
# contains WORD (e.g. numba, pinned/, cpp.cu).
#
# numba cannot compile kernels with numpy 2.4 or newer. Where .whl/ at the
# top of the repository holds one numpy wheel (a 2.3 one), it is installed
# into a folder of its own and the numba examples run with it first on
# PYTHONPATH, leaving the system's numpy as it is.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/resources/explain" || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ok=0 failed=0 unsupported=0 notrun=0
only=${1:-}
selected() { [[ $1 == *"$only"* ]]; }

have_gpu=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && have_gpu=1

# report PAGE KIND RESULT [LOG]: one line, and the error of a failure.
report() {
  printf '%-18s %-16s %s\n' "$1" "$2" "$3"
  case $3 in
    ok) ok=$((ok + 1)) ;;
    failed*) failed=$((failed + 1)); [ -n "${4:-}" ] && tail -n 20 "$4" | sed 's/^/    | /' ;;
    "not supported"*) unsupported=$((unsupported + 1)) ;;
    *) notrun=$((notrun + 1)) ;;
  esac
}
# The result of an example that ran, from its exit code.
ran() {
  case $1 in
    0) echo ok ;;
    3) echo "not supported by this device" ;;
    124) echo "failed (timed out)" ;;
    *) echo "failed (exit code $1)" ;;
  esac
}

# numpy for numba, from .whl/.
numba_path=
numba_problem=
wheels=("$root"/.whl/numpy-*.whl)
if [ ${#wheels[@]} -gt 1 ]; then
  numba_problem="more than one numpy wheel in .whl/; keep one"
elif [ -e "${wheels[0]}" ]; then
  # A fresh folder each run: pip --target would not replace a numpy already there.
  if python3 -m pip install -q --no-index --no-deps --no-compile --target "$work/site" "${wheels[0]}" \
    >"$work/pip.log" 2>&1; then
    numba_path=$work/site
    echo "numba examples use numpy $(PYTHONPATH=$numba_path python3 -c 'import numpy; print(numpy.__version__)' 2>&1)" \
      "from $(basename "${wheels[0]}")"
  else
    numba_problem="could not install $(basename "${wheels[0]}")"
    echo "check-snippets: $numba_problem:"
    sed 's/^/    | /' "$work/pip.log"
  fi
fi

for snippet in */cpp.cpp; do
  selected "$snippet" || continue
  page=${snippet%%/*}
  if ! g++ -std=c++17 -O1 -Wno-ignored-attributes -o "$work/$page" "$snippet" -lOpenCL 2>"$work/log"; then
    report "$page" c++ "failed (does not compile)" "$work/log"; continue
  fi
  timeout 120 "$work/$page" >"$work/log" 2>&1
  status=$?
  result=$(ran $status)
  report "$page" c++ "$result" "$work/log"
  [ $status = 3 ] && sed 's/^/    | /' "$work/log" # why the device cannot
done

for snippet in */cpp.cu; do
  selected "$snippet" || continue
  page=${snippet%%/*}
  if ! command -v nvcc >/dev/null 2>&1; then report "$page" cuda "not run here: no nvcc"; continue; fi
  if ! nvcc -o "$work/$page" "$snippet" 2>"$work/log"; then
    report "$page" cuda "failed (does not compile)" "$work/log"; continue
  fi
  if [ $have_gpu = 0 ]; then report "$page" cuda "not run here: no GPU (it compiles)"; continue; fi
  timeout 120 "$work/$page" >"$work/log" 2>&1
  report "$page" cuda "$(ran $?)" "$work/log"
done

for snippet in */py-*.py; do
  selected "$snippet" || continue
  page=${snippet%%/*}
  library=${snippet#*/py-}
  library=${library%.py}
  pythonpath=${PYTHONPATH:-}
  if [ "$library" = numba ]; then
    if [ -n "$numba_problem" ]; then report "$page" "$library" "not run here: $numba_problem"; continue; fi
    [ -n "$numba_path" ] && pythonpath=$numba_path${pythonpath:+:$pythonpath}
  fi
  # Compiled, not imported: a syntax error fails even where the example cannot run.
  if ! python3 -c 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "$snippet" 2>"$work/log"; then
    report "$page" "$library" "failed (not valid Python)" "$work/log"; continue
  fi
  # Every library the example imports (numba: its CUDA part) must import here.
  missing=
  # shellcheck disable=SC2013 # one module name per line, no spaces
  for module in $(sed -nE 's/^(import|from) +([A-Za-z_][A-Za-z0-9_]*).*/\2/p' "$snippet" | sort -u); do
    [ "$module" = numba ] && module=numba.cuda
    # From the scratch folder: here, a page's folder (tensorflow/, jax/) would
    # import as an empty namespace package.
    if ! (cd "$work" && PYTHONPATH=$pythonpath python3 -c "import $module") >"$work/log" 2>&1; then
      missing="$module ($(tail -n 1 "$work/log"))"
      break
    fi
  done
  if [ -n "$missing" ]; then report "$page" "$library" "not run here: cannot import $missing"; continue; fi
  if [ "$library" = watch ]; then
    # It watches a program it is given: its test gives it one that opens a
    # file of its own, on any machine.
    python3 "$root/tests/snippet_watch.py" "$root" >"$work/log" 2>&1
    report "$page" "$library" "$(ran $?)" "$work/log"
    continue
  fi
  if [ "$library" != pyopencl ] && [ $have_gpu = 0 ]; then
    report "$page" "$library" "not run here: no GPU"; continue
  fi
  (cd "$work" && PYTHONPATH=$pythonpath PYOPENCL_CTX=0 timeout 300 python3 "$OLDPWD/$snippet" >"$work/log" 2>&1)
  status=$?
  report "$page" "$library" "$(ran $status)" "$work/log"
  [ $status = 3 ] && sed 's/^/    | /' "$work/log"
done

echo
echo "Examples: $ok ok, $failed failed, $unsupported not supported by this device, $notrun not run here"
[ $failed = 0 ]
