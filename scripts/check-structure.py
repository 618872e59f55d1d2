#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the structure of ShareScope's sources: includes and licence lines.

A unit is a header and the sources that implement it (foo.h, foo.cpp, and a
source without a header of its own, such as residencypages.cpp, belongs to
the unit of the first header it includes). Unit A depends on unit B when a
file of A includes B's header. The check fails when:

  - units depend on each other in a loop (a back-arrow: a lower unit
    including a higher one), except the pairs listed in ALLOWED_LOOPS with
    the reason;
  - a file of one layer includes a header of a higher layer
    (core < ui/text < ui < app: `app -> ui -> text -> core`);
  - inside core, a file includes a header of a higher floor (CORE_FLOORS:
    the files at core/'s root are the ground, each folder stands on those
    listed before it), except the includes listed in ALLOWED_CLIMBS;
  - a project include is not written from its library's root
    (`"run/engine.h"`, never `"../engine.h"` nor `"engine.h"` from run/);
  - a core file includes a Qt header;
  - a source file (C++, CUDA, OpenCL, CMake, shell, Python) lacks its
    SPDX licence line in its first three lines.

It also draws core's floors as text (--floors), the picture that
docs/architecture.md shows under its marker `<!-- floors -->`: a picture
that no longer matches the code is a finding too.

Usage: scripts/check-structure.py [--verbose | --floors [--write]]   (exit 1 on a finding;
--floors --write puts the picture into docs/architecture.md)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["core", "ui/text", "ui", "app"]  # lowest first
# Loops kept on purpose, each with why (docs/architecture.md).
ALLOWED_LOOPS = {
    # The ipc facade: core/ipc.h is what the front ends call whether or not
    # CUDA is built in; its CUDA implementation lives in cuda/ and uses the
    # facade's own value types.
    frozenset({"core/ipc", "core/cuda/ipcexport"}): "the ipc facade and its CUDA implementation",
}
# core's floors, the ground first: a file may include its own floor and the
# floors below it (docs/architecture.md draws them).
CORE_FLOORS = [
    ["core"],  # the ground: value types, the catalogue, experiments, the pre-flight
    ["core/system"],  # the system's files (/proc, /sys) through one door, the kernel's rules
    ["core/counting"],  # migration records, residency, the pages
    ["core/ceilings"],  # the limit of every path, calibrations and their cache
    ["core/report"],  # the run report, its JSON and CSV, budgets, shares, traces
    ["core/lessons"],  # the demos, their questions, the shipped examples
    ["core/uvm"],  # the UVM driver's counters and event queue (no CUDA needed)
    ["core/backend", "core/cuda", "core/opencl"],  # the Backend interface and its two backends
    ["core/run"],  # the engine, sets of runs, the counted pass, devices, calibration runs
    ["core/watch"],  # watching another program: its process tree, held calls, trackers, routes, its report
    ["core/python"],  # the Python routes and the DLPack matrix
    ["core/doctor"],  # the machine check: reads, probes and measures (with run/'s engine), decides verdicts
]
# Includes that climb on purpose, each with why (docs/architecture.md).
ALLOWED_CLIMBS = {
    # The ipc facade: what the front ends call with or without CUDA.
    ("core/ipc.cpp", "core/cuda/ipcexport.h"): "the ipc facade and its CUDA implementation",
    ("core/ipc.cpp", "core/cuda/ipcpeer.h"): "the ipc facade and its CUDA implementation",
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
QT_INCLUDE = re.compile(r"^\s*#\s*include\s+<Q[A-Za-z]*(/[A-Za-z]+)?>", re.MULTILINE)


def layer_of(path: Path) -> int:
    rel = path.relative_to(ROOT).as_posix()
    for prefix, layer in (("ui/text/", "ui/text"), ("ui/", "ui"), ("app/", "app"), ("core/", "core")):
        if rel.startswith(prefix):
            return LAYERS.index(layer)
    return -1


def floor_of(rel: str) -> int | None:
    """The floor of a core file, None outside core or in a folder not listed."""
    if not rel.startswith("core/"):
        return None
    folder = rel.rsplit("/", 1)[0]
    for index, folders in enumerate(CORE_FLOORS):
        if folder in folders:
            return index
    return None


def library_root(rel: str) -> str | None:
    for root in ("ui/text", "ui", "app", "core", "tests"):
        if rel.startswith(root + "/"):
            return root
    return None


def sources():
    for folder in ("core", "ui", "app"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".h", ".cpp", ".cu") and "build" not in path.parts:
                yield path


def resolve(including: Path, name: str, headers: dict) -> Path | None:
    """The project header an include names: beside the file, else by the
    include folders of the targets (core/, ui/, ui/text/, app/)."""
    candidate = (including.parent / name).resolve()
    if candidate in headers:
        return candidate
    for folder in ("core", "ui/text", "ui", "app"):
        candidate = (ROOT / folder / name).resolve()
        if candidate in headers:
            return candidate
    return None


LICENCE = "SPDX-License-Identifier: GPL-3.0-or-later"


def missing_licences():
    """Tracked sources whose first three lines lack the licence line."""
    import subprocess

    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False)
    if listed.returncode != 0:
        return []  # not a git checkout (a source tarball): nothing to compare against
    missing = []
    for name in listed.stdout.split():
        path = ROOT / name
        if "corpus" in path.parts or not path.is_file():
            continue
        source = path.suffix in (".cpp", ".h", ".cu", ".cl", ".py", ".sh", ".cmake") or path.name == "CMakeLists.txt"
        if not source:
            continue
        head = path.read_text(encoding="utf-8", errors="replace").split("\n", 3)[:3]
        if not any(LICENCE in line for line in head):
            missing.append(f"{name}: no '{LICENCE}' line at the top")
    return missing


def floors_picture(files, includes, headers) -> str:
    """core's floors, the top first: each folder, and the floors below that it
    includes (no sizes: the picture changes with the structure, not with
    every edit)."""
    folders: dict[str, list[Path]] = {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("core/"):
            folders.setdefault(rel.rsplit("/", 1)[0], []).append(path)
    uses: dict[int, set[int]] = {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        here = floor_of(rel)
        if here is None:
            continue
        for name in includes[path]:
            header = resolve(path, name, headers)
            there = floor_of(header.relative_to(ROOT).as_posix()) if header else None
            if there is not None and there < here:
                uses.setdefault(here, set()).add(there)
    lines = []
    width = max(len(f) for floor in CORE_FLOORS for f in floor) + 14
    for index in range(len(CORE_FLOORS) - 1, -1, -1):
        parts = []
        for folder in CORE_FLOORS[index]:
            parts.append("core/ (the ground)" if folder == "core" else folder + "/")
        below = sorted(uses.get(index, set()), reverse=True)
        reach = ", ".join("ground" if b == 0 else " ".join(f.removeprefix("core/") + "/" for f in CORE_FLOORS[b]) for b in below)
        for n, part in enumerate(parts):
            lines.append((f"{index:>2}  {part:<{width}}" + (f"uses {reach}" if n == 0 and reach else "")).rstrip())
    return "\n".join(lines)


def documented_picture() -> str | None:
    """The picture under `<!-- floors -->` in docs/architecture.md."""
    page = ROOT / "docs/architecture.md"
    if not page.exists():
        return None
    text = page.read_text(encoding="utf-8")
    marker = text.find("<!-- floors -->")
    if marker < 0:
        return None
    start = text.find("```\n", marker) + 4
    end = text.find("\n```", start)
    return text[start:end]


def main() -> int:
    verbose = "--verbose" in sys.argv
    files = list(sources())
    headers = {p.resolve() for p in files if p.suffix == ".h"}
    includes = {p: [m.group(1) for m in INCLUDE.finditer(p.read_text(encoding="utf-8"))] for p in files}

    def unit_of(path: Path) -> str:
        stem = path.with_suffix("")
        if path.suffix == ".h" or path.with_suffix(".h").resolve() in headers:
            return stem.relative_to(ROOT).as_posix()
        for name in includes[path]:
            header = resolve(path, name, headers)
            if header is not None:
                return header.with_suffix("").relative_to(ROOT).as_posix()
        return stem.relative_to(ROOT).as_posix()

    findings = []
    climbs_allowed = []
    graph: dict[str, set[str]] = {}
    for path in files:
        unit = unit_of(path)
        graph.setdefault(unit, set())
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("core/") and QT_INCLUDE.search(text):
            findings.append(f"{rel}: the Qt-free core includes a Qt header")
        for name in includes[path]:
            header = resolve(path, name, headers)
            if header is None:
                continue  # generated (version.h, gitcommit.h) or a system header in quotes
            target = header.with_suffix("").relative_to(ROOT).as_posix()
            header_rel = header.relative_to(ROOT).as_posix()
            if layer_of(header) > layer_of(path):
                findings.append(f"{rel}: includes {header_rel}, from a higher layer")
            root = library_root(header_rel)
            if root and name != header_rel[len(root) + 1 :]:
                findings.append(f'{rel}: includes "{name}"; write it from its library\'s root: "{header_rel[len(root) + 1:]}"')
            here, there = floor_of(rel), floor_of(header_rel)
            if rel.startswith("core/") and here is None:
                findings.append(f"{rel}: a folder of core with no floor in CORE_FLOORS")
            elif here is not None and there is not None and there > here:
                if (rel, header_rel) in ALLOWED_CLIMBS:
                    climbs_allowed.append((rel, header_rel))
                else:
                    findings.append(
                        f"{rel}: includes {header_rel}, from a higher floor of core "
                        f"({CORE_FLOORS[there][0]} stands above {CORE_FLOORS[here][0]})"
                    )
            if target != unit:
                graph[unit].add(target)
                graph.setdefault(target, set())

    # Strongly connected components (Tarjan), iteratively.
    index_of, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index_of:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index_of[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index_of:
                    index_of[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index_of[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index_of[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)

    for component in components:
        if frozenset(component) in ALLOWED_LOOPS:
            if verbose:
                print(f"allowed loop ({ALLOWED_LOOPS[frozenset(component)]}): {', '.join(sorted(component))}")
            continue
        edges = [f"{a} -> {b}" for a in sorted(component) for b in sorted(graph[a]) if b in component]
        findings.append("include loop between units: " + "; ".join(edges))

    findings += missing_licences()

    picture = floors_picture(files, includes, headers)
    if "--floors" in sys.argv:
        if "--write" in sys.argv:
            page = ROOT / "docs/architecture.md"
            text = page.read_text(encoding="utf-8")
            start = text.find("```\n", text.find("<!-- floors -->")) + 4
            end = text.find("\n```", start)
            page.write_text(text[:start] + picture + text[end:], encoding="utf-8")
        print(picture)
        return 0
    documented = documented_picture()
    if documented is not None and documented != picture:
        findings.append(
            "docs/architecture.md: the picture of core's floors is out of date; "
            "scripts/check-structure.py --floors --write puts it there"
        )

    if verbose:
        for rel, header_rel in climbs_allowed:
            print(f"allowed climb ({ALLOWED_CLIMBS[(rel, header_rel)]}): {rel} -> {header_rel}")
        print(f"{len(files)} files, {len(graph)} units, {sum(len(v) for v in graph.values())} unit dependencies")
    for finding in findings:
        print(finding)
    if findings:
        print(f"check-structure: {len(findings)} finding(s)", file=sys.stderr)
        return 1
    print(
        f"check-structure: {len(graph)} units, no include loop, no upward include, core's {len(CORE_FLOORS)} floors "
        f"kept ({len(climbs_allowed)} documented climb(s)); every source has its licence line"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
