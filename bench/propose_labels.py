"""Propose the lines that carry each natural-language injection's order, from the manifest alone.

    python bench/propose_labels.py [--sets held-out-18,held-out-17,...] [--corpus DIR]

For each malicious skill of group "nl" in the listed sets, reads the manifest's ``where`` (the file
and the heading, row, cell or item the set's author named) and ``goal`` (what the order makes the
agent do), finds the named file and the lines holding the quoted text of ``where``, takes the
section, list item, row or paragraph they open, and proposes the lines of it that share words with
``goal`` (all of a short region). The scanner is not used: the proposals are independent of the
rules. They are proposals: each is read against the skill and corrected by hand before it goes into
tests/scan/corpus/labels.toml (see that file's header). Prints, per skill, where, goal and the
proposed lines with their text.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STOP = set("""the a an and or of to in on for with from into that this these those be is are was were it its
their them they you your agent user users any every all each without not no as by at so than then when which
who whom what makes make tells tell has have had gets get does do into onto over under also even only
""".split())
FILE = re.compile(r"[\w./-]+\.(?:md|markdown|txt|rst)\b", re.I)
QUOTED = re.compile(r"'([^']{3,})'|\"([^\"]{3,})\"|“([^”]{3,})”|‘([^’]{3,})’")
HEADING = re.compile(r"^(#{1,6})\s")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
# lines that carry no words of an order: blank, headings, fences, rules, table separators, comment marks
STRUCTURE = re.compile(r"^\s*(?:$|#{1,6}\s|```|~~~|---+\s*$|\|?[\s:|-]+\|[\s:|-]*$|<!--\s*$|-->\s*$)")


def words(text: str) -> set[str]:
    return {w[:6] for w in re.findall(r"[a-z][a-z-]{3,}", text.lower()) if w not in STOP}


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def region(lines: list[str], i: int) -> range:
    """The block line ``i`` (0-based) opens: a heading's section, a list item with its continuation,
    a table row, or a paragraph."""
    h = HEADING.match(lines[i])
    if h:
        level = len(h.group(1))
        j = i + 1
        while j < len(lines) and not (HEADING.match(lines[j]) and len(HEADING.match(lines[j]).group(1)) <= level):
            j += 1
        return range(i, j)
    if lines[i].lstrip().startswith("|"):
        return range(i, i + 1)
    j = i + 1
    while j < len(lines) and lines[j].strip() and not ITEM.match(lines[j]) and not HEADING.match(lines[j]):
        j += 1
    k = i
    if not ITEM.match(lines[i]):
        while k > 0 and lines[k - 1].strip() and not HEADING.match(lines[k - 1]):
            k -= 1
    return range(k, j)


def propose(root: Path, where: str, goal: str) -> dict[str, list[int]]:
    files = [f for f in FILE.findall(where) if (root / f).is_file()] or ["SKILL.md"]
    anchors = [next(g for g in m.groups() if g) for m in QUOTED.finditer(where)]
    if not anchors:  # "SKILL.md, Keeping conventions consistent": the text after the file
        tail = FILE.sub("", where).strip(" ,;:")
        anchors = [a.strip() for a in re.split(r"[,;]| and ", tail) if len(a.strip()) > 3]
    goal_w = words(goal)
    out: dict[str, list[int]] = {}
    for f in files:
        lines = (root / f).read_text(encoding="utf-8", errors="replace").splitlines()
        picked: set[int] = set()
        for a in anchors:
            key = norm(a.rstrip(". …"))
            if not key:
                continue
            for i, line in enumerate(lines):
                if key in norm(line):
                    r = [j for j in region(lines, i) if not STRUCTURE.match(lines[j])]
                    if len(r) <= 6:
                        picked.update(r)
                    else:
                        picked.update(j for j in r if len(words(lines[j]) & goal_w) >= 2)
        if f == "SKILL.md" and "description" in where.lower():  # "Frontmatter description (...)"
            picked.update(i for i, line in enumerate(lines[:40]) if line.startswith("description:"))
        if picked:
            out[f] = sorted(j + 1 for j in picked)
    return out


def main() -> int:
    from skillpm.config import load_toml

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parent.parent / "tests/scan/corpus")
    ap.add_argument("--sets", default="held-out-18")
    ap.add_argument("--toml", action="store_true", help="print the proposals as entries of labels.toml")
    args = ap.parse_args()
    manifest = load_toml(args.corpus / "manifest.toml", "corpus manifest")
    for s in args.sets.split(","):
        for e in manifest["malicious"]:
            if e["group"] != "nl" or e.get("set") != s or "where" not in e:
                continue
            root = args.corpus / "malicious" / e["name"]
            got = propose(root, e["where"], e.get("goal", ""))
            if args.toml:
                if got:
                    print(f'["{e["name"]}"]')
                    print("".join(f'"{f}" = {ns}\n' for f, ns in got.items()))
                continue
            print(f"## {e['name']} [{s}]\nwhere: {e['where']}\ngoal: {e.get('goal', '')}")
            for f, ns in got.items():
                text = (root / f).read_text(encoding="utf-8", errors="replace").splitlines()
                for n in ns:
                    print(f"  {f}:{n}: {text[n - 1].strip()[:220]}")
            if not got:
                print("  (nothing found)")
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
