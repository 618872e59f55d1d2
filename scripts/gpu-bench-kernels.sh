#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on the GPU machine: do ShareScope's kernels reach the hardware's
# limit? At 256 MiB per buffer, one after the other in this process tree:
#   vector-add  `device` mode's kernel phase (device time from the report)
#               against PyTorch's x + y, timed with CUDA events: at least 0.95
#   scale       (buf *= 2 in place) against a device-to-device copy,
#               PyTorch's y.copy_(x) (a cudaMemcpyAsync), both counting bytes
#               read + written: at least 0.95
#   opencl      vector-add on NVIDIA's OpenCL device (cl-copy, profiling
#               events) against the CUDA kernel above: at least 0.90
# Each PyTorch figure is the better of two timings, per operation (events
# around one call, median) and back to back (events around 10 calls), so
# that the reference is never flattered by launch latency.
# Usage (from anywhere): scripts/gpu-bench-kernels.sh path/to/sharescope
# Environment: SIZE (256MiB), ITERATIONS (20 measured iterations per
# ShareScope run), REPS (50 PyTorch samples), OUT (/tmp/sharescope-gpu:
# kernels-*.json and kernels-summary.txt). Exit 0: every target met; 1: one
# missed; 2: something could not run. About a minute.
set -uo pipefail
bin=${1:-}
[ -n "$bin" ] && [ -x "$bin" ] || { echo "usage: $0 path/to/sharescope" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$(dirname "$0")/.." || exit 2
original_ld=${LD_LIBRARY_PATH-}
case ":${LD_LIBRARY_PATH:-}:" in
*:/tmp/gpu-runtime/lib:*) ;;
*) [ -f .gpu/enter.sh ] && source .gpu/enter.sh ;;
esac
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
size=${SIZE:-256MiB}
iterations=${ITERATIONS:-20}
reps=${REPS:-50}

# PyTorch brings its own CUDA libraries: if the runtime entered above hides
# them, run it with the library path this script was started with.
py=(python3)
if ! python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  py=(env "LD_LIBRARY_PATH=$original_ld" python3)
  "${py[@]}" -c 'import torch; assert torch.cuda.is_available()' ||
    { echo "gpu-bench-kernels: python3 cannot use torch with CUDA" >&2; exit 2; }
fi

bytes=$("${py[@]}" - "$size" <<'EOF'
import re, sys
m = re.fullmatch(r'(\d+)(KiB|MiB|GiB)?', sys.argv[1])
if not m:
    sys.exit('SIZE: a whole number of KiB, MiB or GiB, e.g. 256MiB')
print(int(m[1]) * {None: 1, 'KiB': 1 << 10, 'MiB': 1 << 20, 'GiB': 1 << 30}[m[2]])
EOF
) || exit 2

# ShareScope's kernel phase: the median device time of the measured
# iterations, in ns; nothing (and a message) when the run failed or did not
# verify.
sharescope_kernel_ns() { # NAME ARGS...
  local name=$1
  shift
  local file="$out/kernels-$name.json"
  "$bin" run "$@" --size "$size" --iterations "$iterations" --warmup 2 --no-counters --json "$file" \
    > "$out/kernels-$name.txt" 2>&1 || { echo "gpu-bench-kernels: $name failed, see $out/kernels-$name.txt" >&2; return 1; }
  "${py[@]}" - "$file" <<'EOF'
import json, statistics, sys
r = json.load(open(sys.argv[1]))
ns = [p['deviceNs'] for it in r['iterations'] if not it['warmup'] for p in it['phases'] if p['phase'] == 'kernel']
if not r['verification']['passed'] or not ns:
    sys.exit(f"{sys.argv[1]}: not verified or no kernel time")
print(int(statistics.median(ns)))
EOF
}

# PyTorch's time for OP (add: x + y; copy: y.copy_(x)) at BYTES per tensor,
# in ns: the better of per-call and back-to-back medians. Prints both to
# stderr.
torch_ns() { # OP
  "${py[@]}" - "$1" "$bytes" "$reps" <<'EOF'
import statistics, sys, torch
op, size, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
x = torch.rand(size // 4, device='cuda')
y = torch.rand(size // 4, device='cuda')
fn = (lambda: x + y) if op == 'add' else (lambda: y.copy_(x))
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
def timed(calls):
    start.record()
    for _ in range(calls):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) * 1e6 / calls
for _ in range(10):
    fn()
torch.cuda.synchronize()
single = statistics.median(timed(1) for _ in range(reps))
batch = statistics.median(timed(10) for _ in range(max(reps // 5, 3)))
print(f"  torch {op}: per call {single / 1e3:.1f} us, back to back {batch / 1e3:.1f} us "
      f"(torch {torch.__version__}, {torch.cuda.get_device_name()})", file=sys.stderr)
print(int(min(single, batch)))
EOF
}

opencl_nvidia() {
  "$bin" devices --json 2>/dev/null | "${py[@]}" -c '
import json, sys
for d in json.load(sys.stdin)["devices"]:
    if d["backend"] == "opencl" and "NVIDIA" in (d["vendor"] + d["platform"]).upper():
        print(d["id"]); break'
}

echo "gpu-bench-kernels: $size per buffer, $(date -u '+%Y-%m-%d %H:%M UTC')"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null
failed=0
broken=0
rows=()
# NAME SHARESCOPE_NS REFERENCE_NS BYTES_MOVED TARGET REFERENCE_NAME
row() {
  if [ -z "$2" ] || [ -z "$3" ]; then
    rows+=("$(printf '%-11s %-40s %s' "$1" "$6" "not measured")")
    broken=1
    return
  fi
  local line
  line=$("${py[@]}" - "$@" <<'EOF'
import sys
name, mine, ref, moved, target, refname = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
ratio = ref / mine  # the same bytes: the ratio of bandwidths
verdict = 'PASS' if ratio >= target else 'FAIL'
print(f'{name:<11} {refname:<40} {moved / mine:7.0f} {moved / ref:9.0f} {ratio:6.3f} {target:6.2f}  {verdict}')
EOF
) || { broken=1; return; }
  rows+=("$line")
  case "$line" in *FAIL) failed=1 ;; esac
}

va=$(sharescope_kernel_ns vector-add --mode device --kernel vector-add)
add=$(torch_ns add)
row vector-add "$va" "$add" $((3 * bytes)) 0.95 "PyTorch x + y"

scale=$(sharescope_kernel_ns scale --mode device --kernel scale)
copy=$(torch_ns copy)
row scale "$scale" "$copy" $((2 * bytes)) 0.95 "device-to-device copy (y.copy_(x))"

cl=$(opencl_nvidia)
if [ -n "$cl" ]; then
  clva=$(sharescope_kernel_ns opencl-vector-add --mode cl-copy --device "$cl" --kernel vector-add)
  row opencl "$clva" "$va" $((3 * bytes)) 0.90 "ShareScope CUDA vector-add ($cl)"
else
  echo "gpu-bench-kernels: no NVIDIA OpenCL device in 'sharescope devices'" >&2
  row opencl "" "" 0 0.90 "ShareScope CUDA vector-add"
fi

{
  echo
  echo "ShareScope's kernels against the hardware's limit, $size per buffer (GB/s: bytes read + written / device time)"
  printf '%-11s %-40s %7s %9s %6s %6s  %s\n' kernel "reference" GB/s "ref GB/s" ratio target result
  printf '%s\n' "${rows[@]}"
} | tee "$out/kernels-summary.txt"
[ $broken -eq 0 ] || exit 2
exit $failed
