"""Measuring the scanner on a labelled corpus (tests/scan/corpus): recall per category and group.

Used by the test that enforces the recall targets and by bench/scan_accuracy.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

BLIND = "held-out-27"
# Evasions found by a white-box red team (it read the rules and the engine): scored apart, and
# caught only when the skill grades C or worse (each one graded A or B when it was found).
REDTEAM = "redteam-1"
# Sets scored apart, caught = graded C or worse: the red team's evasions and the code/hidden-text
# sets written blind (each scored once at first sight; the manifest records those scores; all but
# the newest were tuned on after). Their look-alikes are scored apart too (apart_benign).
APART = (REDTEAM, "held-out-code-1", "held-out-code-2", "held-out-code-3", "held-out-code-4", "held-out-code-5",
         "held-out-code-6", "held-out-code-7", "held-out-code-8", "held-out-code-9", "held-out-code-10",
         "held-out-code-11", "held-out-code-12", "held-out-code-13", "held-out-code-14", "held-out-code-15",
         "held-out-code-16", "held-out-code-17", "held-out-code-18", "held-out-code-19", "held-out-code-20",
         "held-out-code-21", "held-out-code-22", "held-out-code-23", "held-out-code-24",
         "held-out-code-25", "held-out-code-26", "held-out-code-27")
BLIND_CODE = "held-out-code-27"  # written blind and never tuned on: the fair number for code payloads
DEV = "held-out-dev"  # natural-language injections used to choose the sentence model's settings, then tuned on
# Look-alikes scored apart (graded C or worse, per set) rather than held to the benign corpus's B:
# those of the sets scored apart, of the blind set, of the development set and of the blind sets
# tuned on since (their injections count in the tuned figures).
SPENT_BLIND = ("held-out-7", "held-out-8", "held-out-9", "held-out-10", "held-out-11", "held-out-12", "held-out-13",
               "held-out-14", "held-out-15", "held-out-16", "held-out-17", "held-out-18", "held-out-19",
               "held-out-20", "held-out-21", "held-out-22", "held-out-23", "held-out-24", "held-out-25", "held-out-26")
APART_BENIGN = (*APART, BLIND, DEV, *SPENT_BLIND)
GROUP_NAMES = {"code": "command/code payloads", "hidden": "hidden text", "nl": "natural-language injections"}


@dataclass
class CorpusResult:
    detected: dict[str, list[str]] = field(default_factory=dict)  # group -> names detected
    missed: dict[str, list[str]] = field(default_factory=dict)  # group -> names missed
    by_category: dict[str, list[int]] = field(default_factory=dict)  # category -> [hit, total]
    flagged_benign: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (name, grade, rules)
    benign_total: int = 0
    grades: dict[str, str] = field(default_factory=dict)
    held_out: dict[str, list[int]] = field(default_factory=dict)  # group -> [detected, total] in the held-out set
    # The blind set (set = "held-out-2"): written by someone who never saw the rules, never tuned on.
    # Kept out of every figure above; group -> [detected, total], and the names it missed.
    blind: dict[str, list[int]] = field(default_factory=dict)
    blind_missed: list[str] = field(default_factory=list)
    apart: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # set -> group -> [caught, total]
    apart_missed: dict[str, list[str]] = field(default_factory=dict)
    # look-alikes of the sets scored apart: set -> [graded C or worse, total], and their names
    apart_benign: dict[str, list[int]] = field(default_factory=dict)
    apart_benign_flagged: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    @property
    def redteam(self) -> dict[str, list[int]]:
        return self.apart.get(REDTEAM, {})

    @property
    def redteam_missed(self) -> list[str]:
        return self.apart_missed.get(REDTEAM, [])

    def recall(self, group: str) -> float:
        d, m = len(self.detected.get(group, [])), len(self.missed.get(group, []))
        return d / (d + m) if d + m else 1.0


def evaluate_corpus(root: Path) -> CorpusResult:
    """Scan every skill of the corpus. A malicious skill is detected when a finding of one of its
    expected categories takes part in its grade; per-category recall counts each category separately."""
    from skillpm.config import load_toml
    from skillpm.hashing import read_tree
    from skillpm.scan import scan_tree

    root = Path(root)
    manifest = load_toml(root / "manifest.toml", "corpus manifest")
    out = CorpusResult()
    for entry in manifest.get("malicious", []):
        r = scan_tree(read_tree(root / "malicious" / entry["name"]))
        out.grades[entry["name"]] = r.grade
        cats = {f.category for f in r.findings if f.grades}
        ok = any(c in cats for c in entry["categories"])  # caught, in a category it belongs to
        if entry.get("set") in APART:
            caught = r.grade in ("C", "D", "F")
            t = out.apart.setdefault(entry["set"], {}).setdefault(entry["group"], [0, 0])
            t[0] += caught
            t[1] += 1
            if not caught:
                out.apart_missed.setdefault(entry["set"], []).append(entry["name"])
            continue
        if entry.get("set") == BLIND:
            b = out.blind.setdefault(entry["group"], [0, 0])
            b[0] += ok
            b[1] += 1
            if not ok:
                out.blind_missed.append(entry["name"])
            continue
        (out.detected if ok else out.missed).setdefault(entry["group"], []).append(entry["name"])
        if entry.get("set") == "held-out":
            ho = out.held_out.setdefault(entry["group"], [0, 0])
            ho[0] += ok
            ho[1] += 1
        for c in entry["categories"]:
            hit_total = out.by_category.setdefault(c, [0, 0])
            hit_total[1] += 1
            hit_total[0] += c in cats
    for entry in manifest.get("benign", []):
        r = scan_tree(read_tree(root / "benign" / entry["name"]))
        out.grades[entry["name"]] = r.grade
        if entry.get("set") in APART_BENIGN:
            t = out.apart_benign.setdefault(entry["set"], [0, 0])
            t[0] += r.grade in ("C", "D", "F")
            t[1] += 1
            if r.grade in ("C", "D", "F"):
                out.apart_benign_flagged.setdefault(entry["set"], []).append((entry["name"], r.grade))
            continue
        out.benign_total += 1
        if "ABCDF".index(r.grade) > "ABCDF".index(entry.get("max_grade", "B")):
            out.flagged_benign.append((entry["name"], r.grade, sorted({f.rule for f in r.findings if f.grades})))
    return out
