#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The link ceilings and the peer calibration steps on one H200.
B=$PWD/.gpu-bin
export SHARESCOPE_NO_POCL=1 SHARESCOPE_SELF_BINARY=$B/app/sharescope SHARESCOPE_BINARY=$B/app/sharescope
export HOME=$(mktemp -d)
L=$OUT/logs; mkdir -p $L
{ date -u; nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv; nvidia-smi nvlink -s 2>&1 | head -5; } > $L/machine.txt 2>&1
$B/app/sharescope devices > $L/devices.txt 2>&1; echo "rc=$?" >> $L/devices.txt
timeout 180 $B/tests/tst_cudacalibration > $L/tst_cudacalibration.txt 2>&1; echo "rc=$?" >> $L/tst_cudacalibration.txt
( time timeout 120 $B/app/sharescope calibrate --device cuda:0 --json $L/calibrate.json ) > $L/calibrate.txt 2>&1; echo "rc=$?" >> $L/calibrate.txt
timeout 60 $B/app/sharescope run --mode pinned --size 256MiB --iterations 3 > $L/run-pinned.txt 2>&1; echo "rc=$?" >> $L/run-pinned.txt
timeout 60 $B/app/sharescope run --mode peer-copy --size 16MiB > $L/run-peer-copy.txt 2>&1; echo "rc=$?" >> $L/run-peer-copy.txt
( time timeout 220 $B/tests/tst_cuda ) > $L/tst_cuda.txt 2>&1; echo "rc=$?" >> $L/tst_cuda.txt
tail -3 $L/*.txt
