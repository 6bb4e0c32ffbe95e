#!/usr/bin/env python3
"""Read-only checker for RTL translation files (JSON key -> ICU string)."""
import json
import re
import sys
from pathlib import Path

RTL = {"ar", "he", "fa", "ur", "yi", "ps"}
FSI, LRI, RLI, PDI = "\u2068", "\u2066", "\u2067", "\u2069"
EMBED = {"\u202a": "LRE", "\u202b": "RLE", "\u202d": "LRO", "\u202e": "RLO", "\u202c": "PDF"}
PH = re.compile(r"\{(\w+)[^{}]*\}")


def placeholders(s):
    return set(PH.findall(s))


def check(src, tr, locale):
    issues = []
    for key, text in src.items():
        if key not in tr:
            issues.append((key, "missing translation"))
            continue
        t = tr[key]
        miss = placeholders(text) - placeholders(t)
        if miss:
            issues.append((key, "missing placeholders: " + ", ".join(sorted(miss))))
        opens = sum(t.count(c) for c in (FSI, LRI, RLI))
        if opens != t.count(PDI):
            issues.append((key, f"unbalanced isolates ({opens} open, {t.count(PDI)} close)"))
        for ch, name in EMBED.items():
            if ch in t:
                issues.append((key, f"contains {name} (U+{ord(ch):04X}); prefer isolates"))
        if locale in RTL:
            for m in PH.finditer(t):
                before = t[m.start() - 1] if m.start() else ""
                after = t[m.end()] if m.end() < len(t) else ""
                if before not in (FSI, LRI, RLI) or after != PDI:
                    issues.append((key, f"placeholder {{{m.group(1)}}} not isolated"))
    return issues


def main(argv):
    if len(argv) < 2:
        print("usage: check_rtl.py source.json translation.json [...]")
        return 2
    src = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    bad = 0
    for f in argv[1:]:
        loc = Path(f).stem.split("-")[0].split("_")[0]
        issues = check(src, json.loads(Path(f).read_text(encoding="utf-8")), loc)
        bad += len(issues)
        print(f"{f}: {'OK' if not issues else str(len(issues)) + ' issue(s)'}")
        for key, msg in issues:
            print(f"  {key}: {msg}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
