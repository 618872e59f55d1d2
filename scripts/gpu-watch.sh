#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `sharescope watch` on an NVIDIA GPU, as a user runs it: each program's
# migrations against the bytes it must move (within 0.1 %), a line per
# process of a torch.multiprocessing job, a PyTorch program that migrates
# nothing and copies through pinned and pageable memory, and the benchmark
# (the same CuPy workload with and without the watch, alternating, median of
# 5: the watch's cost, and with --records). Writes under $OUT (default
# build-gpu/watch-check).
# Usage: [OUT=DIR] [PARTS="cpp cupy numba torch records bench"] scripts/gpu-watch.sh [SHARESCOPE] [WATCH_MANAGED]
#   (defaults: build-gpu/app/sharescope, build-gpu/tests/watch_managed; the
#   numba case needs numpy < 2.5 on PYTHONPATH where numba cannot JIT with
#   the installed one: NUMPY_SITE=DIR)
set -uo pipefail
cd "$(dirname "$0")/.."
sharescope=${1:-build-gpu/app/sharescope}
managed=${2:-build-gpu/tests/watch_managed}
out=${OUT:-build-gpu/watch-check}
mkdir -p "$out"
status=0
watch() { # NAME ARGS... -- COMMAND...
  local name=$1
  shift
  "$sharescope" watch --quiet --json "$out/$name.json" --csv "$out/$name.csv" "$@" \
    >"$out/$name.out" 2>"$out/$name.err"
  local code=$?
  echo "== $name (exit $code)"
  cat "$out/$name.out" "$out/$name.err"
  [ $code -eq 0 ] || status=1
  return $code
}
check() { python3 scripts/gpu-check-watch.py "$@" || status=1; }

nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
uname -r
parts=" ${PARTS:-cpp cupy numba torch records bench} "
has() { [[ "$parts" == *" $1 "* ]]; }
for size in 67108864 1073741824; do
  if has cpp; then watch "cpp-$size" -- "$managed" "$size" && check "$out/cpp-$size.json" "$out/cpp-$size.out"; fi
  if has cupy; then
    watch "cupy-$size" -- python3 tests/watch/cupy_managed.py "$size" && check "$out/cupy-$size.json" "$out/cupy-$size.out"
  fi
  if has numba; then
    PYTHONPATH=${NUMPY_SITE:-} watch "numba-$size" -- python3 tests/watch/numba_managed.py "$size" \
      && check "$out/numba-$size.json" "$out/numba-$size.out"
  fi
done
if has torch; then
  watch torch-workers -- python3 tests/watch/torch_workers.py && check --workers "$out/torch-workers.json" "$out/torch-workers.out"
  watch torch-copies -- python3 tests/watch/torch_copies.py && check --copies "$out/torch-copies.json" "$out/torch-copies.out"
fi
if has records; then
  watch records --records -- python3 tests/watch/cupy_managed.py 268435456 && check "$out/records.json" "$out/records.out"
  # The trace of one of them, for the docs.
  "$sharescope" watch --quiet --trace "$out/cupy.trace.json" -- python3 tests/watch/cupy_managed.py 67108864 >/dev/null 2>&1
fi
has bench || { echo "gpu-watch: status $status"; exit $status; }

# The benchmark: the program's own time for its work, alternating: alone,
# watched with the counters only (--no-api), with the routes too (the
# default where CUPTI is found), and with the driver's records; then a long
# run (10 rounds, 30 GiB migrated) for the watch's own CPU time once started.
python3 - "$sharescope" "$out" <<'PY' || status=1
import json, re, statistics, subprocess, sys
sharescope, out = sys.argv[1], sys.argv[2]
program = ["python3", "tests/watch/cupy_managed.py", str(1 << 30)]
def seconds(text):
    return float(re.search(r"seconds=([0-9.]+)", text).group(1))
kinds = {"alone": None, "counters": ["--no-api"], "routes": [], "records": ["--no-api", "--records"]}
runs = {kind: [] for kind in kinds}
for i in range(5):
    for kind, extra in kinds.items():
        if extra is None:
            text = subprocess.run(program, capture_output=True, text=True, check=True).stdout
        else:
            report = f"{out}/bench-{kind}-{i}.json"
            text = subprocess.run([sharescope, "watch", "--quiet", *extra, "--json", report, "--", *program],
                                  capture_output=True, text=True, check=True).stdout
        runs[kind].append(seconds(text))
medians = {kind: statistics.median(values) for kind, values in runs.items()}
print("benchmark (CuPy, 3 x 1 GiB managed, the program's own time, median of 5, alternating):")
for kind, values in runs.items():
    ratio = medians[kind] / medians["alone"]
    print(f"  {kind:9s} median {medians[kind] * 1e3:8.1f} ms  {ratio:5.3f} x alone   runs {[round(v * 1e3, 1) for v in values]}")
long = f"{out}/bench-long.json"
text = subprocess.run([sharescope, "watch", "--quiet", "--no-api", "--json", long, "--", *program, "10"],
                      capture_output=True, text=True, check=True).stdout
document = json.load(open(long))
share = document["watcherCpuNs"] / document["durationNs"]
print(f"  long run (10 rounds, {document['durationNs'] / 1e9:.1f} s): the watch's own CPU time "
      f"{document['watcherCpuNs'] / 1e6:.0f} ms, {share * 100:.2f} % of one core (target < 1 %); {text.strip()}")
counters = medians["counters"] / medians["alone"]
print(f"  counters only / alone = {counters:.3f} (target <= 1.02)")
sys.exit(0 if counters <= 1.02 and share < 0.01 else 1)
PY
echo "gpu-watch: status $status"
exit $status
