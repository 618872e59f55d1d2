#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Groups sources for clang-tidy into units of several files each.

clang-tidy's checks walk the whole syntax tree of a file, Qt's and
nlohmann-json's headers included: most of a file's time goes there, the
same for every file of a target. A unit includes up to SIZE sources of one
target (the same compile command), so those headers are walked once per
unit instead of once per file; diagnostics in the included sources are
reported as before, since .clang-tidy's HeaderFilterRegex names them.

Usage: tidy-units.py COMMANDS_DIR UNITS_DIR SIZE FILE...
Reads COMMANDS_DIR/compile_commands.json (where a library is a unity build,
its sources are found through the generated units that include them) and
writes into UNITS_DIR, for each
unit N: unit-N.files (its sources, one per line) and unit-N-L-R.cpp, which
includes sources L to R-1, for the whole unit and for each half, quarter ...
down to two files (scripts/tidy.sh checks the halves of a unit whose files
do not compile together); and compile_commands.json for all of them. Prints
"N 0 COUNT" per unit, the largest first, then "- FILE" for each file without
a compile command (clang-tidy, run on it, says why it cannot check it).
"""
import json
import os
import shlex
import sys


def command_key(entry):
    """The compile command without its source and output."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    kept = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-o", "-c"):
            skip = True
            continue
        kept.append(arg)
    return entry["directory"], tuple(kept)


def main():
    commands_dir, units_dir, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    files = [os.path.abspath(f) for f in sys.argv[4:]]
    with open(os.path.join(commands_dir, "compile_commands.json"), encoding="utf-8") as f:
        database = json.load(f)
    by_file = {}
    for entry in database:
        path = os.path.abspath(os.path.join(entry["directory"], entry["file"]))
        by_file[path] = entry
        # A unity build (SHARESCOPE_UNITY) compiles a library's sources in
        # generated units: each source gets its unit's command.
        if os.path.basename(os.path.dirname(path)) == "Unity" and os.path.exists(path):
            with open(path, encoding="utf-8") as unity:
                for line in unity:
                    if line.startswith('#include "'):
                        by_file.setdefault(os.path.abspath(line.split('"')[1]), entry)

    groups = {}
    alone = []
    for path in files:
        entry = by_file.get(path)
        if entry is None:
            alone.append(path)
            continue
        groups.setdefault(command_key(entry), []).append(path)

    entries = []
    units = []
    for (directory, args), members in groups.items():
        for start in range(0, len(members), size):
            chunk = members[start:start + size]
            number = len(units)
            with open(os.path.join(units_dir, f"unit-{number}.files"), "w", encoding="utf-8") as out:
                out.writelines(f"{m}\n" for m in chunk)
            # Each source alone too, with its command (a unity build's
            # database names only the generated units).
            entries += [{"directory": directory, "file": m, "arguments": list(args) + ["-c", m]} for m in chunk]
            ranges = [(0, len(chunk))]
            while ranges:
                left, right = ranges.pop()
                if right - left < 2:
                    continue
                name = os.path.join(units_dir, f"unit-{number}-{left}-{right}.cpp")
                with open(name, "w", encoding="utf-8") as out:
                    out.writelines(f'#include "{m}"\n' for m in chunk[left:right])
                entries.append({"directory": directory, "file": name,
                                "arguments": list(args) + ["-c", name]})
                middle = (left + right) // 2
                ranges += [(left, middle), (middle, right)]
            cost = sum(os.path.getsize(m) for m in chunk)
            units.append((cost, number, len(chunk)))
    with open(os.path.join(units_dir, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries, f)
    for _, number, count in sorted(units, reverse=True):
        print(number, 0, count)
    for path in alone:
        print("-", path)


if __name__ == "__main__":
    main()
