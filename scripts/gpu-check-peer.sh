#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on a machine with two GPUs (two H200s joined by NVLink): the peer
# tests, the topology, every peer mode with every kernel at 256 MiB, the
# peer-access demo, the ratio benchmark and a screenshot of the Migration
# tab's residency map with three places. At most 8 files under $OUT:
#   peer-tests.log     tst_cudapeer, every line but the passes
#   peer-devices.txt   sharescope devices (the pair's topology) and --json
#   peer-runs.tar.gz   one report per mode and kernel (--json), 25 of them
#   peer-runs.txt      what each run printed, and a summary table of them
#   peer-demo.txt      sharescope demo peer-access (its table and lesson)
#   peer-bench.txt     bench_peer: peer-copy against a bare cudaMemcpyPeer
#   peer-map.png       the Migration tab after a managed-peer run
#   peer-summary.txt   what this script printed
# Expects a build in build-gpu (BUILD overrides) and the runtime in .gpu.
# Takes about 4 minutes; every step has a time limit, and nothing runs past
# 7.5 minutes (SECONDS_LIMIT=N: N seconds). Exit 1 when a test, run or target fails, 3 without two GPUs.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck disable=SC1091 # packed by ../shared/gpu/pack-runtime.sh
[ -f .gpu/enter.sh ] && source .gpu/enter.sh
out=${OUT:-/tmp/sharescope-gpu}
mkdir -p "$out"
b=${BUILD:-build-gpu}
s=$PWD/$b/app/sharescope
export SHARESCOPE_BINARY=$s SHARESCOPE_SELF_BINARY=$s SHARESCOPE_NO_POCL=1 XDG_CACHE_HOME=$out/.cache XDG_DATA_HOME=$out/.data
work=$(mktemp -d)
trap 'rm -rf "$work" "$out/.cache" "$out/.data"' EXIT
start=$SECONDS
limit_all=${SECONDS_LIMIT:-450}
status=0
exec > >(tee "$out/peer-summary.txt") 2>&1
exec 3>&1 # the summary, for steps whose output goes to a file

# step NAME LIMIT COMMAND...: runs it within LIMIT seconds, and within
# $limit_all seconds of the start (a step that would start later does not
# run); a failure, a timeout or a step not run makes the script's status 1.
step() {
  local name=$1 limit=$2
  shift 2
  local left=$((limit_all - (SECONDS - start)))
  [ "$left" -lt "$limit" ] && limit=$left
  if [ "$limit" -lt 10 ]; then
    echo "== $name: not run, $limit_all seconds have gone" >&3
    status=1
    return
  fi
  local began=$SECONDS
  timeout "$limit" "$@"
  local code=$?
  echo "== $name: exit $code after $((SECONDS - began)) s" >&3
  [ "$code" = 0 ] || status=1
}

date -u
nvidia-smi --query-gpu=index,name,driver_version,memory.total,memory.free --format=csv
nvidia-smi topo -m 2>&1 | head -n 8
# Every run here holds at most 3 x 256 MiB per GPU, and ShareScope refuses
# beyond 80% of what each GPU has free: do not start on cards nearly full.
free=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | sort -n | head -n 1)
if [ "$(nvidia-smi -L | wc -l)" -lt 2 ] || [ "${free:-0}" -lt 4096 ]; then
  echo "gpu-check-peer: needs two GPUs with at least 4 GiB free each (least free: ${free:-?} MiB)"
  exit 3
fi

{
  echo '$ sharescope devices'; "$s" devices
  echo; echo '$ sharescope devices --json'; "$s" devices --json
  echo; echo '$ sharescope modes --device cuda:0'; "$s" modes --device cuda:0
} > "$out/peer-devices.txt" 2>&1
grep -E '→|^peer-|^managed-peer' "$out/peer-devices.txt" | head -n 12

step tst_cudapeer 240 "$b/tests/tst_cudapeer" > "$work/tests.log" 2>&1
grep -vE '^PASS   :' "$work/tests.log" > "$out/peer-tests.log"
grep -E '^(FAIL|SKIP|Totals)|QWARN|^QINFO' "$out/peer-tests.log"

# Every peer mode (peer-copy with peer access on and off) with every kernel.
{
  for mode in peer-copy:on peer-copy:off peer-access managed-peer managed-peer-prefetch; do
    name=${mode%%:*}
    access=()
    [ "$mode" != "$name" ] && access=(--peer-access "${mode#*:}")
    for kernel in vector-add scale stride gather ping-pong; do
      echo "\$ sharescope run --device cuda:0 --peer cuda:1 --mode $name ${access[*]} --kernel $kernel --size 256MiB"
      step "$name ${access[*]} $kernel" 45 "$s" run --device cuda:0 --peer cuda:1 --mode "$name" "${access[@]}" \
        --kernel "$kernel" --size 256MiB --iterations 2 --warmup 1 --json "$work/run-${mode/:/-access-}-$kernel.json"
    done
  done
} > "$out/peer-runs.txt" 2>&1
python3 - "$work" <<'PY' | tee -a "$out/peer-runs.txt"
import glob, json, sys
print(f"{'mode':26} {'kernel':10} {'ok':3} {'to-device':>10} {'kernel':>10} {'to-host':>10} {'GPU→GPU':>9} {'D→D rec':>9}")
for path in sorted(glob.glob(sys.argv[1] + "/run-*.json")):
    r = json.load(open(path))
    phases = {p["phase"]: p for p in r["summary"]}
    def ms(name):
        if name not in phases:
            return "-"
        p = phases[name]
        return f"{(p['deviceNs'] or p['hostNs'])['median'] / 1e6:.2f} ms"
    between = sum(phases[p].get("bytesBetweenDevices", 0) for p in ("to-device", "to-host") if p in phases)
    dtod = [(p.get("counters") or {}).get("bytesDeviceToDevice") for p in phases.values()]
    dtod = "-" if all(v is None for v in dtod) else f"{sum(v or 0 for v in dtod) >> 20} MiB"
    access = r["spec"].get("peerAccess")
    mode = r["spec"]["mode"] + ("" if access is None else " (access " + ("on" if access else "off") + ")")
    print(f"{mode:26} {r['spec']['kernel']:10} {'yes' if r['verification']['passed'] else 'NO':3} "
          f"{ms('to-device'):>10} {ms('kernel'):>10} {ms('to-host'):>10} {between >> 20:>5} MiB {dtod:>9}")
PY
tar -C "$work" -czf "$out/peer-runs.tar.gz" --exclude tests.log .

step "demo peer-access" 150 "$s" demo peer-access --device cuda:0 --peer cuda:1 > "$out/peer-demo.txt" 2>&1
sed -n '/^Two GPUs/,$p' "$out/peer-demo.txt"

step bench_peer 120 "$b/tests/bench/bench_peer" --size 256MiB --rounds 3 > "$out/peer-bench.txt" 2>&1
cat "$out/peer-bench.txt"

step "screenshot of the residency map" 90 env QT_QPA_PLATFORM=offscreen "$s" gui --device cuda:0 --peer cuda:1 \
  --mode managed-peer --kernel vector-add --size 64MiB --iterations 2 --run --tab migration \
  --screenshot "$out/peer-map.png"

echo "gpu-check-peer: exit $status after $((SECONDS - start)) s; files in $out"
exit $status
