#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 6: the final program's GPU tests, whole: tst_cuda (its injected faults last, as declared),
# tst_opencl on NVIDIA's OpenCL and PoCL, tst_gpuclock, tst_cudakernels, tst_childprocess; devices with NVML.
set -uo pipefail
export QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
export SHARESCOPE_SELF_BINARY=$S SHARESCOPE_BINARY=$S
mkdir -p /tmp/t && tar -C /tmp/t -xJf "$B/tests.tar.xz"
mkdir -p "$OUT/o" && cd "$OUT/o" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > gpu.txt
timeout 30 "$S" devices > devices.txt 2>&1; echo "devices exit $?" >> exits.txt
( cd /tmp/t/tests && SHARESCOPE_NO_POCL=1 timeout 360 ./tst_cuda > "$OUT/o/tst_cuda.txt" 2>&1; echo "tst_cuda exit $?" >> "$OUT/o/exits.txt" ) &
( cd /tmp/t/tests && for t in tst_opencl tst_gpuclock tst_cudakernels tst_childprocess; do timeout 200 ./$t > "$OUT/o/$t.txt" 2>&1; echo "$t exit $?" >> "$OUT/o/exits.txt"; done ) &
wait
cat gpu.txt; sort exits.txt; grep "NVLink" devices.txt
for f in tst_*.txt; do echo "$f: $(grep -h '^Totals' $f)"; done
grep -hE "^FAIL" -A3 tst_*.txt | head -30
grep -h "QINFO.*clock warm-up" tst_cuda.txt
tar -czf logs.tar.gz tst_*.txt && rm -f tst_*.txt
