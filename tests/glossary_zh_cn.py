#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds the Chinese texts to the glossary (docs/glossary.zh_CN.md).

Fails when
  - a translation (resources/translations/sharescope_zh_CN.ts), an Explain
    page (resources/explain/*/zh_CN.md), README.zh_CN.md or
    docs/details.zh_CN.md uses a word of
    the glossary's 不用 column;
  - a message whose English source contains a checked key of a term is
    translated without that term;
  - an Explain page's title calls memory 统一内存 (a page is about a mode,
    and a mode's memory is 托管内存; 统一内存 is the general concept).

Usage: tests/glossary_zh_cn.py [SOURCE_DIR]   (exit 1 on a finding)
"""

import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.zh_CN.md"
TS = ROOT / "resources" / "translations" / "sharescope_zh_CN.ts"


def glossary():
    """The terms: (Chinese term, forbidden words, English keys)."""
    terms = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("English", "---"):
            continue
        bold = re.search(r"\*\*(.+?)\*\*", cells[1])
        forbidden = re.findall(r"`([^`]+)`", cells[2])
        keys = re.findall(r"`([^`]+)`", cells[3])
        if keys and not bold:
            sys.exit(f"{GLOSSARY}: the term of {cells[0]!r} has keys but no bold Chinese term")
        terms.append((bold.group(1) if bold else cells[1], forbidden, keys))
    if len(terms) < 10:
        sys.exit(f"{GLOSSARY}: found {len(terms)} terms in its table; is the table still there?")
    return terms


def key_pattern(key):
    # The whole word or phrase, any case; not an option's name (--advice).
    return re.compile(r"(?<![-\w])" + re.escape(key) + r"(?![-\w])", re.IGNORECASE)


def messages():
    """(context, source, translation) of every message of the .ts file."""
    tree = ElementTree.parse(TS)
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            translation = message.find("translation")
            text = "".join(translation.itertext()) if translation is not None else ""
            yield name, message.findtext("source") or "", text


def chinese_pages():
    pages = sorted((ROOT / "resources" / "explain").glob("*/zh_CN.md"))
    if not pages:
        sys.exit("no resources/explain/*/zh_CN.md found")
    return pages + [ROOT / "README.zh_CN.md", ROOT / "docs" / "details.zh_CN.md"]


def main():
    terms = glossary()
    problems = []
    for context, source, translation in messages():
        where = f"{TS.name}: {context} / {source[:70]!r}"
        for term, forbidden, keys in terms:
            for word in forbidden:
                if word in translation:
                    problems.append(f"{where}: says {word}; the glossary's word is {term}")
            if any(key_pattern(key).search(source) for key in keys) and term not in translation:
                problems.append(f"{where}: its translation lacks {term} ({translation[:60]!r})")
    for page in chinese_pages():
        text = page.read_text(encoding="utf-8")
        where = page.relative_to(ROOT)
        for number, line in enumerate(text.splitlines(), 1):
            for term, forbidden, _ in terms:
                for word in forbidden:
                    if word in line:
                        problems.append(f"{where}:{number}: says {word}; the glossary's word is {term}")
        title = text.splitlines()[0] if text else ""
        if page.name == "zh_CN.md" and "统一内存" in title:
            problems.append(f"{where}:1: the title says 统一内存; a mode's memory is 托管内存")
    for problem in problems:
        print(problem)
    if problems:
        print(f"\n{len(problems)} finding(s); the terms are in {GLOSSARY.relative_to(ROOT)}")
        return 1
    print(f"{len(terms)} terms held in the translation and {len(chinese_pages())} Chinese pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
