#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds the documentation against the program's own tables.

Every command that `sharescope --help` lists, every mode that `sharescope
modes --json` lists and every demo that `sharescope demo --list` lists must
appear in the manual page (resources/desktop/sharescope.1.in), in the tables
of README.md (Commands, Sharing modes, Guided demos) and of README.zh_CN.md
(命令, 共享模式, 引导式演示), and in docs/cli.md; every mode in docs/modes.md.
Every script in scripts/ has its line in docs/testing.md. Every tab of the
window (`gui --tab` names them) has its row in the window's
table of both READMEs, the Chinese under the title the translation gives it.
Every relative link in README.md, README.zh_CN.md and docs/*.md must name a
file that exists, and an anchor in it a heading of that file.

Usage: scripts/check-docs.py SHARESCOPE [SOURCE_DIR]
Exit status: 0 all found, 1 something missing (each listed), 2 bad usage or
the program's tables could not be read.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path


def program_output(binary, *arguments):
    environment = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", QT_QPA_PLATFORM="offscreen")
    environment.pop("LANGUAGE", None)
    result = subprocess.run([binary, *arguments, "--lang", "en"], capture_output=True, text=True,
                            env=environment, timeout=120)
    if result.returncode != 0:
        sys.exit(f"check-docs: `sharescope {' '.join(arguments)}` exited {result.returncode}: {result.stderr}")
    return result.stdout


def program_commands(binary):
    """The commands `--help` lists under "Commands:", up to the blank line."""
    lines = program_output(binary, "--help").splitlines()
    try:
        start = lines.index("Commands:") + 1
    except ValueError:
        sys.exit("check-docs: `sharescope --help` has no 'Commands:' section")
    commands = []
    for line in lines[start:]:
        if not line.strip():
            break
        if not line.startswith("   "):  # a description's next line is indented deeper
            commands.append(line.split()[0])
    return commands


def program_modes(binary):
    listing = json.loads(program_output(binary, "modes", "--json"))
    rows = listing["modes"] if isinstance(listing, dict) else listing
    return [row["mode"] if "mode" in row else row["id"] for row in rows]


def program_demos(binary):
    """The first word of each line of `demo --list` that names a demo, after its header
    (what a demo needs follows on a line indented deeper)."""
    lines = [line for line in program_output(binary, "demo", "--list").splitlines() if line.strip()]
    return [line.split()[0] for line in lines[1:]
            if not line.startswith("   ") and re.fullmatch(r"[a-z][a-z0-9-]*", line.split()[0])]


def program_tabs(root):
    """The window's tabs as `gui --tab` names them (ui/text/windowtab.cpp), each
    with its English title and the title the Chinese translation gives it."""
    source = (root / "ui/text/windowtab.cpp").read_text(encoding="utf-8")
    names = re.findall(r'QStringLiteral\("([a-z]+)"\)', source.split("windowTabNames()", 1)[1].split("}", 1)[0])
    translations = {}
    ts = (root / "resources/translations/sharescope_zh_CN.ts").read_text(encoding="utf-8")
    for source_text, translated in re.findall(
        r"<source>([^<]*)</source>\s*(?:<comment>[^<]*</comment>\s*)?<translation>([^<]*)</translation>", ts
    ):
        translations.setdefault(source_text, translated)
    return [(name, name.capitalize(), translations.get(name.capitalize(), "")) for name in names]


def word_in(name, text):
    return re.search(r"(?<![A-Za-z0-9_-])" + re.escape(name) + r"(?![A-Za-z0-9_-])", text) is not None


def man_sections(source):
    """The manual page's text per .SH section, comments dropped and escapes undone."""
    sections = {}
    current = ""
    for line in source.splitlines():
        if line.startswith('.\\"'):
            continue
        if line.startswith(".SH "):
            current = line[4:].strip().strip('"')
            continue
        line = line.replace("\\-", "-")
        line = re.sub(r"\\f[BIRP]", "", line)
        sections[current] = sections.get(current, "") + line + "\n"
    return sections


def markdown_sections(text):
    """Heading text -> the lines under it, up to the next heading of any level."""
    sections = {}
    current = ""
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and re.match(r"#{1,6} ", line):
            current = line.lstrip("#").strip()
            sections.setdefault(current, [])
            continue
        sections.setdefault(current, []).append(line)
    return sections


def table_names(lines):
    """The names in backticks in the first cell of each table row; `sharescope X` gives X."""
    names = set()
    for line in lines:
        if not line.startswith("|") or re.match(r"\|\s*-", line):
            continue
        first = line.split("|")[1]
        for quoted in re.findall(r"`([^`]+)`", first):
            words = quoted.split()
            if words and words[0] == "sharescope" and len(words) > 1:
                names.add(words[1])
            elif words:
                names.add(words[0])
    return names


def section_named(sections, title):
    for heading, lines in sections.items():
        if heading.lower() == title.lower():
            return lines
    return None


def slug(heading):
    """The anchor GitHub gives a heading."""
    heading = re.sub(r"[`*_]|!?\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading)
    heading = heading.strip().lower()
    heading = "".join(c for c in heading if c.isalnum() or c in " -_")
    return heading.replace(" ", "-")


def anchors(path):
    found = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and re.match(r"#{1,6} ", line):
            base = slug(line.lstrip("#"))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def broken_links(root):
    problems = []
    pages = [root / "README.md", root / "README.zh_CN.md", *sorted((root / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"```.*?```", "", text, flags=re.S)  # code is not links
        text = re.sub(r"`[^`\n]*`", "", text)
        for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (page.parent / file_part).resolve() if file_part else page
            where = f"{page.relative_to(root)}: link to {target}"
            if not linked.exists():
                problems.append(f"{where}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{where}: no heading with that anchor in {linked.relative_to(root)}")
    return problems


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    binary = sys.argv[1]
    root = Path(sys.argv[2] if len(sys.argv) == 3 else Path(__file__).resolve().parent.parent)
    kinds = {
        "command": program_commands(binary),
        "mode": program_modes(binary),
        "demo": program_demos(binary),
    }
    for kind, names in kinds.items():
        if len(names) < 3:
            sys.exit(f"check-docs: read only {names} as the program's {kind}s; has its output changed?")

    problems = []
    man = man_sections((root / "resources/desktop/sharescope.1.in").read_text(encoding="utf-8"))
    man_places = {"command": "COMMANDS", "mode": "SHARING MODES", "demo": "GUIDED DEMOS"}
    for kind, names in kinds.items():
        section = man.get(man_places[kind], "")
        for name in names:
            if kind == "command":
                found = re.search(r"^\.BI? \"?" + re.escape(name) + r"\b", section, re.M)
            else:
                found = word_in(name, section)
            if not found:
                problems.append(f"man page: the {kind} {name} is not in its {man_places[kind]} section")

    readme = markdown_sections((root / "README.md").read_text(encoding="utf-8"))
    readme_places = {"command": "Commands", "mode": "Sharing modes", "demo": "Guided demos"}
    for kind, names in kinds.items():
        lines = section_named(readme, readme_places[kind])
        if lines is None:
            problems.append(f"README.md: no section '{readme_places[kind]}'")
            continue
        listed = table_names(lines)
        for name in names:
            if name not in listed:
                problems.append(f"README.md: the {kind} {name} is not in the table under '{readme_places[kind]}'")

    readme_zh = markdown_sections((root / "README.zh_CN.md").read_text(encoding="utf-8"))
    readme_zh_places = {"command": "命令", "mode": "共享模式", "demo": "引导式演示"}
    for kind, names in kinds.items():
        lines = section_named(readme_zh, readme_zh_places[kind])
        if lines is None:
            problems.append(f"README.zh_CN.md: no section '{readme_zh_places[kind]}'")
            continue
        listed = table_names(lines)
        for name in names:
            if name not in listed:
                problems.append(
                    f"README.zh_CN.md: the {kind} {name} is not in the table under '{readme_zh_places[kind]}'"
                )

    tabs = program_tabs(root)
    if len(tabs) < 3:
        sys.exit(f"check-docs: read only {tabs} as the window's tabs; has ui/text/windowtab.cpp changed?")
    for page, sections, heading, index in (
        ("README.md", readme, "The window", 1),
        ("README.zh_CN.md", readme_zh, "窗口", 2),
    ):
        lines = section_named(sections, heading) or []
        rows = "\n".join(line.split("|")[1] for line in lines if line.startswith("|") and line.count("|") > 2)
        for tab in tabs:
            title = tab[index]
            if not title:
                problems.append(f"resources/translations: the tab title {tab[1]} has no Chinese translation")
            elif f"**{title}**" not in rows:
                problems.append(f"{page}: the tab {tab[0]} (**{title}**) is not in the table under '{heading}'")

    modes_page = (root / "docs/modes.md").read_text(encoding="utf-8")
    for name in kinds["mode"]:
        if f"`{name}`" not in modes_page:
            problems.append(f"docs/modes.md: the mode {name} is not named (looked for '`{name}`')")

    cli = (root / "docs/cli.md").read_text(encoding="utf-8")
    for kind, names in kinds.items():
        for name in names:
            pattern = f"sharescope {name}" if kind == "command" else f"`{name}`"
            if pattern not in cli:
                problems.append(f"docs/cli.md: the {kind} {name} is missing (looked for '{pattern}')")

    testing = (root / "docs/testing.md").read_text(encoding="utf-8")
    for script in sorted((root / "scripts").iterdir()):
        if script.is_file() and f"`scripts/{script.name}`" not in testing:
            problems.append(f"docs/testing.md: the script scripts/{script.name} has no line in 'The scripts'")

    problems += broken_links(root)
    for problem in problems:
        print(problem)
    counts = ", ".join(f"{len(names)} {kind}s" for kind, names in kinds.items())
    if problems:
        print(f"check-docs: {len(problems)} problem(s); the program has {counts}")
        return 1
    print(
        f"check-docs: the man page, both READMEs, docs/cli.md and docs/modes.md name all {counts}"
        f" and {len(tabs)} tabs; every link resolves"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
