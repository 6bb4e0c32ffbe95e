#!/usr/bin/env python3
"""Validate bidi control usage and placeholders in RTL locale JSON files."""
import json, re, sys

EMBED_OPEN = {"\u202a", "\u202b", "\u202d", "\u202e"}   # LRE RLE LRO RLO
EMBED_CLOSE = "\u202c"                                    # PDF
ISO_OPEN = {"\u2066", "\u2067", "\u2068"}                 # LRI RLI FSI
ISO_CLOSE = "\u2069"                                      # PDI
PH = re.compile(r"\{[a-zA-Z_]+\}|%[sd]")

def check_value(key, val, src_val):
    issues, emb, iso = [], 0, 0
    for ch in val:
        if ch in EMBED_OPEN: emb += 1
        elif ch == EMBED_CLOSE: emb -= 1
        elif ch in ISO_OPEN: iso += 1
        elif ch == ISO_CLOSE: iso -= 1
        if emb < 0 or iso < 0:
            issues.append("closing control without opener"); break
    if emb: issues.append(f"{emb} unclosed embedding/override (prefer isolates)")
    if iso: issues.append(f"{iso} unclosed isolate")
    if any(c in val for c in ("\u202d", "\u202e")):
        issues.append("override character present; verify it is intended")
    if src_val is not None:
        missing = set(PH.findall(src_val)) - set(PH.findall(val))
        if missing: issues.append(f"missing placeholders: {sorted(missing)}")
    return [f"{key}: {i}" for i in issues]

def main(target, source=None):
    t = json.load(open(target, encoding="utf-8"))
    s = json.load(open(source, encoding="utf-8")) if source else {}
    problems = [p for k, v in t.items() for p in check_value(k, v, s.get(k))]
    print("\n".join(problems) or "no problems found")
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
