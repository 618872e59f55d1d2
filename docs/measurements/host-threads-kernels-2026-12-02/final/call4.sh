#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 4: the final program after the review's mends: every OpenCL device (NVIDIA's OpenCL on the H200
# included) on host threads with the new slice launches; the CUDA tests the mends touched.
set -uo pipefail
export QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
export SHARESCOPE_SELF_BINARY=$S SHARESCOPE_BINARY=$S
mkdir -p /tmp/t && tar -C /tmp/t -xJf "$B/tests.tar.xz"
mkdir -p "$OUT/m" && cd "$OUT/m" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > gpu.txt
( cd /tmp/t/tests && timeout 200 ./tst_opencl > "$OUT/m/tst_opencl.txt" 2>&1; echo "tst_opencl exit $?" >> "$OUT/m/exits.txt" )
( cd /tmp/t/tests && SHARESCOPE_NO_POCL=1 timeout 200 ./tst_cuda readsTheClockAndWarmsItUp splitsEveryKernelOverHostThreads splitsEveryModeOverHostThreads runsEveryModeAndKernel > "$OUT/m/tst_cuda.txt" 2>&1; echo "tst_cuda exit $?" >> "$OUT/m/exits.txt" )
( cd /tmp/t/tests && timeout 30 ./tst_gpuclock > "$OUT/m/tst_gpuclock.txt" 2>&1; echo "tst_gpuclock exit $?" >> "$OUT/m/exits.txt" )
for k in ping-pong stride gather; do
  timeout 60 "$S" compare --device opencl:0 --modes all --kernel $k --size 16MiB --iterations 2 --host-threads 8 > cl-threads-$k.txt 2>&1; echo "compare opencl:0 threads $k exit $?" >> exits.txt
done
timeout 60 "$S" run --mode managed --size 64MiB --iterations 3 --no-counters > run-managed.txt 2>&1; echo "run managed exit $?" >> exits.txt
cat gpu.txt; sort exits.txt
grep -h "^Totals" tst_*.txt
grep -hE "^FAIL" -A3 tst_*.txt | head -30
grep -h "QINFO.*clock warm-up" tst_cuda.txt
grep -c "^PASS.*splitsEveryModeOverHostThreads(opencl:0" tst_opencl.txt
grep -hE "^(cl-|mode)" cl-threads-*.txt | awk '{print $1, $NF}' | sort | uniq -c
grep -h "^clock" run-managed.txt
