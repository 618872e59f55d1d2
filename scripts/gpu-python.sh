#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on the GPU machine: the Python package on an NVIDIA GPU, with the
# machine's own python3 and its CuPy, no network and no pip. The package
# comes from a build tree made by scripts/python-gpu-tree.sh (BUILD, default
# build-python-gpu: the program and the module for its Python 3.12, wheels of
# pytest, pandas and IPython), by PYTHONPATH and SHARESCOPE_PROGRAM; the
# runtime in .gpu gives the program its Qt Core, as for the other gpu-*.sh.
#
# What it checks, logs under $OUT:
#   counting.txt   the module in a process before CUDA ("no-cuda": it says
#                  why), after cuInit alone (getDeviceCount), after a
#                  context (it counts): when the driver lets a process count
#   pytest.log     tests/python, the gpu-marked tests included: a CuPy block
#                  (the CPU writes two 64 MiB managed arrays, the GPU adds
#                  them, the CPU reads the sum) counted by sharescope.counting()
#                  at exactly 128 MiB host to device and 64 MiB back; and
#                  sharescope.run(mode="managed", size="256MiB").to_pandas()
#                  equal to its JSON and to the command line's own run's
#                  bytes; every other test on the CUDA machine
#   bench.txt      sharescope.run() against the same command line on cuda:0
#                  (median of 10, alternating; at most 50 ms more)
#   sharescope.ipynb  docs/examples/sharescope.ipynb with the outputs of its
#                  cells tagged h200 (scripts/notebook-run.py), to copy back
# Exit status: 1 if pytest or the benchmark failed.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu-python}
mkdir -p "$out"
build=${BUILD:-build-python-gpu}
python=${PYTHON:-python3}
[ -x "$build/app/sharescope" ] || { echo "gpu-python: no $build/app/sharescope (scripts/python-gpu-tree.sh makes it)" >&2; exit 2; }

# The wheels of what this python lacks, unpacked (a wheel unpacked is a
# package installed, without its scripts).
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
for wheel in "$build"/python-wheels/*.whl; do
  [ -e "$wheel" ] || continue
  name=$(basename "$wheel" | cut -d- -f1)
  "$python" -c "import importlib.metadata as m, sys; m.version(sys.argv[1])" "$name" 2>/dev/null && continue
  "$python" -m zipfile -e "$wheel" "$site"
done
export PYTHONPATH="$PWD/$build/app/python:$site${PYTHONPATH:+:$PYTHONPATH}"
export SHARESCOPE_PROGRAM="$PWD/$build/app/sharescope"
status=0

{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  "$python" --version
  "$python" - <<'PY'
import sharescope
from sharescope import _native

def state(when):
    counters, kind, why = _native.open_counters()
    if counters is None:
        print(f"{when}: not counting ({kind}): {why}")
    else:
        print(f"{when}: counting, driver {counters.driver_version}, totals so far {counters.read()}")
        counters.close()

print("package", sharescope.__file__, "program", sharescope.program())
state("before any CUDA call")
import cupy as cp
print("CuPy", cp.__version__, "devices", cp.cuda.runtime.getDeviceCount())
state("after cuInit (getDeviceCount) alone")
cp.zeros(1)
cp.cuda.runtime.deviceSynchronize()
state("after a context (cupy.zeros)")
with sharescope.counting() as c:
    pass
print("an empty block:", c.as_dict())
PY
} >"$out/counting.txt" 2>&1
cat "$out/counting.txt"

"$python" -m pytest -p no:cacheprovider -v -rs tests/python >"$out/pytest.log" 2>&1 || status=1
tail -n 5 "$out/pytest.log"

"$python" scripts/bench-python-api.py --mode managed --size 16MiB --device cuda:0 >"$out/bench.txt" 2>&1 || status=1
cat "$out/bench.txt"

label="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), driver $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
"$python" scripts/notebook-run.py docs/examples/sharescope.ipynb --tag h200 --label "$label" \
  --out "$out/sharescope.ipynb" 2>"$out/notebook.log" || { status=1; cat "$out/notebook.log"; }
exit $status
