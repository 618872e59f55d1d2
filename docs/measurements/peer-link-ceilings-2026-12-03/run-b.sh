#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tst_opencl on NVIDIA's OpenCL and PoCL: the injected out-of-memory fault.
B=$PWD/.gpu-bin
export SHARESCOPE_SELF_BINARY=$B/app/sharescope SHARESCOPE_BINARY=$B/app/sharescope
export HOME=$(mktemp -d)
L=$OUT/logs; mkdir -p $L
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > $L/machine.txt 2>&1
( time timeout 200 $B/tests/tst_opencl ) > $L/tst_opencl.txt 2>&1; echo "rc=$?" >> $L/tst_opencl.txt
grep -E "Totals|FAIL" -A2 $L/tst_opencl.txt | head -20
