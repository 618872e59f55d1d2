#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `sharescope doctor` on a GPU machine, timed, beside independent readings of
# every figure it reports, taken in the same run: nvidia-smi, the sysfs and
# /proc files, ulimit, and plain copies with ShareScope's own `run --mode
# pinned` and `run --mode device` (the link read by nvidia-smi while they
# run). Builds nothing; writes everything under $OUT, and compare.txt puts
# the doctor's figures beside the independent ones. Under a minute.
# Usage: OUT=DIR scripts/gpu-doctor.sh [SHARESCOPE]   (default: build/default/app/sharescope)
set -uo pipefail
cd "$(dirname "$0")/.."
binary=${1:-build/default/app/sharescope}
out=${OUT:?set OUT to the folder for the results}
[ -x "$binary" ] || { echo "gpu-doctor: no program at $binary" >&2; exit 2; }
mkdir -p "$out"
binary=$(realpath "$binary")
log() { echo "== $*" | tee -a "$out/log.txt" >&2; }
keep() { # NAME COMMAND...: its output (and exit status) in $out/NAME
  local name=$1
  shift
  { "$@"; echo "exit $?"; } >"$out/$name" 2>&1
}

log "doctor: $binary doctor --json $out/doctor.json"
start=$(date +%s.%N)
"$binary" doctor --json "$out/doctor.json" >"$out/doctor.txt" 2>"$out/doctor.err"
echo "exit $?" >>"$out/doctor.txt"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "doctor took %.1f s (the target: under 20 s)\n", e - s }' | tee -a "$out/log.txt"
start=$(date +%s.%N)
"$binary" doctor --quick --json "$out/doctor-quick.json" >"$out/doctor-quick.txt" 2>&1
echo "exit $?" >>"$out/doctor-quick.txt"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "doctor --quick took %.1f s\n", e - s }' | tee -a "$out/log.txt"
"$binary" doctor --lang zh_CN --quick >"$out/doctor-zh_CN.txt" 2>&1

log "independent readings"
keep nvidia-smi-q.txt nvidia-smi -q
keep nvidia-smi-query.csv nvidia-smi --format=csv --query-gpu=pci.bus_id,driver_version,persistence_mode,compute_mode,pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpumax,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max,clocks.sm,clocks.max.sm,memory.free,memory.total
keep nvidia-smi-topo.txt nvidia-smi topo -m
keep ulimit.txt bash -c 'ulimit -a'
keep limits.txt cat /proc/self/limits
keep shm.txt bash -c 'df -B1 /dev/shm; grep " /dev/shm " /proc/self/mountinfo; ls -la /dev/shm | head -20'
keep namespaces.txt bash -c 'readlink /proc/self/ns/pid /proc/self/ns/ipc; cat /proc/1/cgroup; ls -la /.dockerenv /run/.containerenv'
keep ptrace.txt bash -c 'cat /proc/sys/kernel/yama/ptrace_scope; grep -E "^(Uid|CapEff|NoNewPrivs|Seccomp|Cpus_allowed_list)" /proc/self/status; uname -r'
keep driver.txt bash -c 'cat /proc/driver/nvidia/version; cat /sys/module/nvidia/version /sys/module/nvidia_uvm/version; cat /sys/module/nvidia_uvm/parameters/uvm_disable_hmm'
keep kernelconfig.txt bash -c 'zcat /proc/config.gz 2>/dev/null | grep -E "CONFIG_(HMM_MIRROR|DEVICE_PRIVATE|ZONE_DEVICE)[= ]" || grep -E "CONFIG_(HMM_MIRROR|DEVICE_PRIVATE|ZONE_DEVICE)[= ]" "/boot/config-$(uname -r)"'
keep vm.txt bash -c 'cat /proc/sys/vm/max_map_count; wc -l </proc/self/maps'
keep iommu.txt bash -c 'ls /sys/class/iommu; grep -o "[a-z_]*iommu[^ ]*" /proc/cmdline || echo "no iommu option on the kernel command line"; ls /sys/kernel/iommu_groups | wc -l'
keep numa.txt bash -c 'cat /sys/devices/system/node/online; numactl -H'
keep mps.txt bash -c 'echo "CUDA_MPS_PIPE_DIRECTORY=${CUDA_MPS_PIPE_DIRECTORY:-}"; ls -la "${CUDA_MPS_PIPE_DIRECTORY:-/tmp/nvidia-mps}"'
# The first GPU's sysfs files, by the bus id nvidia-smi gives (00000000:1B:00.0 -> 0000:1b:00.0).
bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//')
if [ -n "$bus" ] && [ -d "/sys/bus/pci/devices/$bus" ]; then
  dev=/sys/bus/pci/devices/$bus
  keep sysfs-gpu.txt bash -c "for f in current_link_speed current_link_width max_link_speed max_link_width numa_node local_cpulist; do echo \"\$f: \$(cat $dev/\$f)\"; done; readlink -f $dev; for f in $dev/aer_dev_*; do echo \"\$f\"; cat \"\$f\"; done; readlink $dev/iommu_group"
fi

log "plain copies: sharescope run --mode pinned and --mode device (the link read by nvidia-smi meanwhile)"
"$binary" run --mode pinned --size 256MiB --iterations 20 --no-counters --json "$out/run-pinned.json" >"$out/run-pinned.txt" 2>&1 &
copy=$!
for _ in 1 2 3 4 5 6; do
  sleep 0.3
  nvidia-smi --format=csv,noheader --query-gpu=pcie.link.gen.current,pcie.link.width.current,clocks.sm >>"$out/link-under-load.csv" 2>&1
done
wait "$copy"
echo "exit $?" >>"$out/run-pinned.txt"
keep run-device.txt "$binary" run --mode device --size 64MiB --iterations 5 --no-counters --json "$out/run-device.json"
keep run-pinned-64.txt "$binary" run --mode pinned --size 64MiB --iterations 5 --no-counters --json "$out/run-pinned-64.json"

log "compare.txt: the doctor's figures beside the independent readings"
python3 - "$out" <<'PYEOF' >"$out/compare.txt" 2>&1
import json, pathlib, re, sys
out = pathlib.Path(sys.argv[1])
def read(name):
    path = out / name
    return path.read_text(errors="replace") if path.exists() else "(missing)"
try:
    doctor = json.loads(read("doctor.json"))
except json.JSONDecodeError as error:
    print("doctor.json unreadable:", error)
    sys.exit(0)
print(f"doctor: {doctor['seconds']:.1f} s, device {doctor['device']}, summary {doctor['summary']}")
for check in doctor["checks"]:
    print(f"\n[{check['verdict']}] {check['id']}: {check['finding']}")
    for evidence in check["evidence"]:
        print(f"    {evidence['source']}: {evidence['text']}")
print("\n--- independent readings ---")
for name in ("nvidia-smi-query.csv", "link-under-load.csv", "sysfs-gpu.txt", "ulimit.txt", "shm.txt",
             "ptrace.txt", "driver.txt", "kernelconfig.txt", "vm.txt", "numa.txt", "iommu.txt", "mps.txt"):
    print(f"\n# {name}\n{read(name).strip()}")
q = read("nvidia-smi-q.txt")
for field in ("Driver Version", "CUDA Version", "Persistence Mode", "Addressing Mode", "Compute Mode",
              "Replays Since Reset", "Device Current", "Device Max", "Host Max"):
    for line in q.splitlines():
        if line.strip().startswith(field):
            print("nvidia-smi -q:", line.strip())
for name in ("run-pinned-64.json", "run-device.json"):
    try:
        run = json.loads(read(name))
        runs = run.get("runs", [run])
        for r in runs:
            for s in r.get("summary", []):
                if s.get("phase") == "to-device":
                    ns = (s.get("deviceNs") or s.get("hostNs") or {}).get("median")
                    rate = s["bytesToDevice"] / ns if ns else float("nan")
                    print(f"{name}: to-device {s['bytesToDevice']} bytes in {ns} ns (median): {rate:.1f} GB/s")
    except (json.JSONDecodeError, AttributeError):
        print(f"{name}: see {name.replace('.json', '.txt')}")
PYEOF
echo "results in $out (compare.txt first)" >&2
