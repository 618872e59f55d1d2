#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes a measured report small enough to ship as an example.

A report keeps the first 20,000 migration events of each run and counts the
rest as dropped (the totals come from the counters all the same, and the
Counters tab says "N migration records from CUPTI, of which K kept in the
report"). An example keeps fewer: the first `budget / runs` events of each
run (at least 50), the rest added to that run's dropped count, exactly as
the program's own cap does; nothing else changes, and the JSON is written
without indentation. Usage: trim-example.py IN.json OUT.json [BUDGET]
(default budget: 2000 events per report)."""
import json
import sys


def trim_run(run, keep):
    migrations = run.get("migrations")
    if not migrations:
        return
    events = migrations.get("events", [])
    if len(events) > keep:
        migrations["dropped"] = migrations.get("dropped", 0) + len(events) - keep
        migrations["events"] = events[:keep]


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    budget = int(sys.argv[3]) if len(sys.argv) == 4 else 2000
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    runs = report["runs"] if "runs" in report else [report]
    keep = max(50, budget // max(1, len(runs)))
    for run in runs:
        trim_run(run, keep)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
