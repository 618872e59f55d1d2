#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Prepares here what scripts/gpu-python.sh needs on a GPU machine that has
# no network and another Python than this machine (Ubuntu 24.04's 3.12): a
# build tree without the window, with the CUDA backend, and with the
# package's native module built for the GPU machine's Python version (3.12;
# with CMake 3.26 or later it would be abi3, for every Python from 3.12 on),
# the package's Python files beside it (BUILD/app/python/sharescope); and, in
# BUILD/python-wheels, wheels of pytest, pandas and IPython for that Python
# (numpy left out: the GPU machine's own serves, as CuPy was built on it).
#
# Usage: scripts/python-gpu-tree.sh [BUILD]   (default build-python-gpu)
# TARGET_PYTHON: the GPU machine's Python version (default 3.12); PYTHON: a
# Python of that version here, with its headers (default: on PATH, else
# pyenv's).
# Then carry BUILD/app/sharescope, BUILD/app/python/sharescope and
# BUILD/python-wheels (about 25 MB) to the GPU machine with the runtime in
# .gpu (its Qt Core serves this program too), and run scripts/gpu-python.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-python-gpu}
target=${TARGET_PYTHON:-3.12}
# The GPU machine's Python version here (3.12): on PATH, else pyenv's.
find_python() {
  local candidate
  for candidate in "python$target" "${PYENV_ROOT:-$HOME/.pyenv}/versions/$target"*/bin/python3; do
    if "$candidate" -c "import sys; assert '%d.%d' % sys.version_info[:2] == '$target'" 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}
python=${PYTHON:-$(find_python)} || { echo "python-gpu-tree: needs a Python $target with its headers (PYTHON=...)" >&2; exit 2; }
"$python" -c "import sys; assert '%d.%d' % sys.version_info[:2] == '$target'" \
  || { echo "python-gpu-tree: $python is not Python $target: its module would not load there" >&2; exit 2; }
scripts/setup.sh
mkdir -p "$build"
# nanobind (headers and sources, compiled into the module) from PyPI, in a
# venv kept in the tree so that the tree can build again.
[ -x "$build/nanobind-venv/bin/python" ] || "$python" -m venv "$build/nanobind-venv"
"$build/nanobind-venv/bin/pip" install --quiet --disable-pip-version-check nanobind
venv_python=$PWD/$build/nanobind-venv/bin/python
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" \
  -DSHARESCOPE_WITH_WINDOW=OFF -DSHARESCOPE_PYTHON=ON -DCMAKE_CUDA_ARCHITECTURES=90-real \
  -DPython_EXECUTABLE="$venv_python" -Dnanobind_DIR="$("$venv_python" -m nanobind --cmake_dir)" >"$build/configure.log"
sed -n '/features have been enabled/,/features have been disabled/p' "$build/configure.log" | grep -q '\* CUDA,' \
  || echo "python-gpu-tree: warning: no CUDA toolkit found; the program will have no CUDA modes" >&2
cmake --build "$build"
rm -rf "$build/python-wheels"
"$build/nanobind-venv/bin/pip" download --quiet --disable-pip-version-check --only-binary=:all: \
  --python-version "$target" --implementation cp --platform manylinux_2_28_x86_64 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d "$build/python-wheels" pytest pandas ipython
rm -f "$build"/python-wheels/numpy-*.whl
echo "python-gpu-tree: $build/app/sharescope, $(ls "$build"/app/python/sharescope/_native*.so),"
echo "  $(ls "$build"/python-wheels | wc -l) wheels in $build/python-wheels: carry those three and .gpu, then run scripts/gpu-python.sh"
