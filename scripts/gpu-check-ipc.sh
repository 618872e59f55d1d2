#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The three ways of sharing with another process against the physics, on the
# GPU machine (called by scripts/gpu-check.sh): ipc, ipc-vmm and ipc-pool
# beside device mode, vector-add, one compare. Each must verify, copy exactly
# what device mode copies (x and y in, out back: the peer's kernel works on
# this process's memory, nothing else may cross the bus), run its kernel
# within 10 % of device mode's GPU time (the same kernel on the same memory),
# and name handles that fit: 64 bytes of hex, or for ipc-vmm a descriptor
# mapping whole granules of at least the buffer; and time each setup step
# (export, pass, import, map). Exit 1 on any failure.
# Usage: scripts/gpu-check-ipc.sh [SHARESCOPE_BINARY [SIZE]]   (default: build-gpu/app/sharescope, 256MiB)
set -uo pipefail
cd "$(dirname "$0")/.."
s=${1:-build-gpu/app/sharescope}
size=${2:-256MiB}
echo "\$ sharescope compare --modes device,ipc,ipc-vmm,ipc-pool --size $size --iterations 10 --no-counters --json -"
"$s" compare --modes device,ipc,ipc-vmm,ipc-pool --size "$size" --iterations 10 --no-counters --json - 2>/dev/null |
python3 -c '
import json, re, sys
report = json.load(sys.stdin)
runs = {r["spec"]["mode"]: r for r in report["runs"]}
failed = 0
def check(ok, what):
    global failed
    print(("PASS  " if ok else "FAIL  ") + what)
    failed += not ok
def median(run, phase, key):
    for p in run["summary"]:
        if p["phase"] == phase and p[key]:
            return p[key]["median"]
    return None
def copied(run):  # the phases both runs have (ipc-open: the peer alone)
    return [(p["phase"], p["bytesToDevice"], p["bytesToHost"]) for p in run["summary"] if p["phase"] != "ipc-open"]
device = runs.get("device")
check(device is not None and device["verification"]["passed"], "device mode ran and verified")
for mode in ("ipc", "ipc-vmm", "ipc-pool"):
    run = runs.get(mode)
    if run is None:
        skipped = [s for s in report.get("skipped", []) if s.get("mode") == mode]
        print("SKIP  %s: %s" % (mode, skipped[0].get("reason") if skipped else "not in the report"))
        continue
    check(run["verification"]["passed"], "%s verified" % mode)
    check(copied(run) == copied(device), "%s copied what device mode copied: %s" % (mode, copied(run)))
    size = run["spec"]["bytes"]
    check(("to-device", 2 * size, 0) in copied(run) and ("to-host", 0, size) in copied(run)
          and ("kernel", 0, 0) in copied(run), "%s: x and y in, out back, nothing in the kernel phase" % mode)
    theirs, ours = median(run, "kernel", "deviceNs"), median(device, "kernel", "deviceNs")
    ratio = ours / theirs if theirs and ours else 0
    check(0.9 <= ratio <= 1.1, "%s kernel %s ns on the GPU against device mode %s ns (%.3f)" % (mode, theirs, ours, ratio))
    handles = run["ipc"]["memoryHandles"]
    bytes_ = run["spec"]["bytes"]
    if mode == "ipc-vmm":
        granule = run["device"].get("vmmGranularityBytes") or 1
        sizes = [int(m.group(1)) for m in (re.match(r"fd \d+, (\d+) bytes", h) for h in handles) if m]
        check(len(sizes) == len(handles) and all(x >= bytes_ and x % granule == 0 for x in sizes),
              "%s maps whole granules of %d bytes, at least %d: %s" % (mode, granule, bytes_, sizes))
    else:
        check(all(re.fullmatch("[0-9a-f]{128}", h) for h in handles), "%s handles are 64 bytes of hex" % mode)
    # The setup, step by step: only the legacy handle maps as it opens.
    steps = run["ipc"].get("steps")
    check(steps is not None, "%s times its setup steps" % mode)
    if steps:
        mapped = steps["mapNs"]
        check(steps["exportNs"] > 0 and steps["importNs"] > 0 and (mapped is None) == (mode == "ipc")
              and steps["importNs"] + (mapped or 0) <= run["ipc"]["openNs"] and steps["passNs"] < 10**9,
              "%s setup: export %d ns, pass %d ns, import %d ns, map %s ns, within the open, %d ns"
              % (mode, steps["exportNs"], steps["passNs"], steps["importNs"], mapped, run["ipc"]["openNs"]))
print("%d failed" % failed)
sys.exit(1 if failed else 0)
'
