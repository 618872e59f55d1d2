#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Session 6, call 3: what NVML says of the H200's NVLink, beside nvidia-smi's own view; the NVML tests on the real library.
set -uo pipefail
export SHARESCOPE_NO_POCL=1 QT_QPA_PLATFORM=offscreen
R=$PWD; B=$R/.gpu-bin; S=$B/app/sharescope
mkdir -p /tmp/t && tar -C /tmp/t -xJf "$B/tests.tar.xz"
mkdir -p "$OUT/l" && cd "$OUT/l" || exit 1
{ date -u; nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv,noheader; } > gpu.txt
nvidia-smi nvlink -s > nvidia-smi-nvlink-status.txt 2>&1; echo "nvidia-smi nvlink -s exit $?" >> exits.txt
nvidia-smi nvlink -c > nvidia-smi-nvlink-capabilities.txt 2>&1; echo "nvidia-smi nvlink -c exit $?" >> exits.txt
nvidia-smi topo -m > nvidia-smi-topo.txt 2>&1
timeout 30 "$S" devices > devices.txt 2>&1; echo "devices exit $?" >> exits.txt
timeout 30 "$S" devices --json > devices.json 2>/dev/null; echo "devices --json exit $?" >> exits.txt
timeout 30 "$S" devices --lang zh_CN > devices-zh_CN.txt 2>&1; echo "devices zh_CN exit $?" >> exits.txt
timeout 60 "$S" run --mode managed --size 16MiB --iterations 2 > run-managed.txt 2>&1; echo "run managed exit $?" >> exits.txt
( cd /tmp/t/tests && timeout 30 ./tst_gpuclock > "$OUT/l/tst_gpuclock.txt" 2>&1; echo "tst_gpuclock exit $?" >> "$OUT/l/exits.txt" )
cat gpu.txt exits.txt devices.txt devices-zh_CN.txt
head -40 nvidia-smi-nvlink-status.txt
grep -c "Link" nvidia-smi-nvlink-status.txt
python3 -c "import json; d=json.load(open('devices.json'))['devices']; print([(x['id'], x.get('nvlinkActiveLinks'), x.get('nvlinkVersion'), x.get('nvlinkNote')) for x in d])"
grep -E "^(Totals|FAIL)" -A2 tst_gpuclock.txt
grep "^clock" run-managed.txt
