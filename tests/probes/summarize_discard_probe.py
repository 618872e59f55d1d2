#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Summarize discard_probe JSON lines: one table per size, per variant and phase.

usage: python3 summarize.py run-256MiB.jsonl [run-1GiB.jsonl ...]

Columns: mean wall ms, mean api ms (asynchronous calls only), mean CPU minor
and major faults, CPU-present pages of x / y / out after the phase (mean), and,
for host-side phases, the extra time per extra minor fault compared with the
same phase of 'plain' (microseconds) -- the number hypothesis H1 predicts to be
a constant of a few microseconds at every size.
"""
import json
import sys
from collections import defaultdict


def load(paths):
    runs = defaultdict(dict)  # size -> variant -> summary
    device = None
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                d = json.loads(line)
                if d.get("type") == "device":
                    device = d
                elif d.get("type") == "summary" and "phases" in d:
                    runs[d["size_bytes"]][d["variant"]] = d
                elif d.get("type") == "summary":
                    print(f"# {d['variant']}: {d.get('error') or d.get('skipped')}")
    return device, runs


def mean(x):
    return None if x is None else x["mean"]


def fmt(v, digits=1):
    return "-" if v is None else f"{v:.{digits}f}"


def main(paths):
    device, runs = load(paths)
    if device:
        print(f"# {device['name']} driver {device['driver_version']} runtime {device['runtime_version']} "
              f"{device.get('nvidia_uvm_module', '')} concurrent={device['concurrent_managed_access']} "
              f"pageable={device['pageable_memory_access']} uvm={device.get('uvm_params')}")
    for size, variants in sorted(runs.items()):
        pages = size // 4096
        print(f"\n## {size / 2**20:.0f} MiB per buffer ({pages} pages of 4 KiB per buffer)")
        plain = variants.get("plain", {}).get("phases", {})
        print(f"{'variant':24} {'phase':26} {'ms':>9} {'api_ms':>8} {'minflt':>9} {'majflt':>8} "
              f"{'x_pres':>8} {'y_pres':>8} {'out_pres':>8} {'sys_ms':>8} {'us/extra_minflt':>15}")
        for name, s in variants.items():
            for phase, p in s["phases"].items():
                ms = mean(p["ms"])
                mn = mean(p["minflt"])
                per = None
                base = plain.get(phase)
                if base and name != "plain" and phase.startswith("host"):
                    dflt = mn - mean(base["minflt"])
                    if dflt > 1000:
                        per = (ms - mean(base["ms"])) * 1000.0 / dflt
                pres = p["cpu_present_pages"]
                print(f"{name:24} {phase:26} {fmt(ms):>9} {fmt(mean(p.get('api_ms')), 2):>8} {fmt(mn, 0):>9} "
                      f"{fmt(mean(p['majflt']), 0):>8} {fmt(mean(pres['x']), 0):>8} {fmt(mean(pres['y']), 0):>8} "
                      f"{fmt(mean(pres['out']), 0):>8} {fmt(mean(p.get('cpu_sys_ms'))):>8} {fmt(per, 2):>15}")
            if s.get("mismatches"):
                print(f"{name:24} WRONG RESULTS: {s['mismatches']} elements")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1:])
