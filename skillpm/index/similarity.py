"""Near-duplicate detection between SKILL.md files.

Signature: a bottom-k MinHash sketch — the 64 smallest 32-bit hashes of the word
5-shingles of SKILL.md (lowercased; words and punctuation marks as tokens) — stored in
each entry as hex. Two sketches estimate the Jaccard similarity of the shingle sets; entries that
share enough sketch values are compared line by line (difflib) when both texts are
at hand. A copy is linked to its closest *older* match (earlier upstream creation
date, then earlier first-seen date, then id): the older one is treated as the original.
"""

from __future__ import annotations

import re

K = 64
SHINGLE = 5
NEAR = 0.80  # line similarity at or above which a skill is called a near-copy
CANDIDATE = 0.5  # sketch Jaccard estimate worth a line comparison
MAX_DIFF_LINES = 30
_WORD = re.compile(r"\w+|[^\w\s]")


def _shingle_hashes(text: str) -> set[int]:
    """32-bit hashes of the word 5-shingles of ``text``: crc32 per word, combined polynomially
    and mixed (murmur3's finaliser). Deterministic across processes and platforms."""
    import zlib

    words = [zlib.crc32(w.encode("utf-8")) for w in _WORD.findall(text.lower())]
    if not words:
        return set()
    mask = 0xFFFFFFFF
    out = set()
    for i in range(max(1, len(words) - SHINGLE + 1)):
        h = 0
        for w in words[i:i + SHINGLE]:
            h = (h * 0x01000193 + w) & mask
        h ^= h >> 16
        h = (h * 0x85EBCA6B) & mask
        h ^= h >> 13
        h = (h * 0xC2B2AE35) & mask
        h ^= h >> 16
        out.add(h)
    return out


def signature(text: str) -> str:
    """The bottom-k sketch of ``text`` as a hex string (8 hex digits per value, ascending)."""
    import heapq

    return "".join(f"{h:08x}" for h in heapq.nsmallest(K, _shingle_hashes(text)))


def parse_signature(sig: str) -> list[int]:
    return [int(sig[i:i + 8], 16) for i in range(0, len(sig), 8)]


def estimate(a: list[int], b: list[int]) -> float:
    """Bottom-k Jaccard estimate: of the k smallest values of the union, the share found in both."""
    if not a or not b:
        return 0.0
    sa, sb = set(a), set(b)
    union_k = sorted(sa | sb)[:K]
    both = sum(1 for h in union_k if h in sa and h in sb)
    return both / len(union_k)


def line_similarity(a: str, b: str, floor: float = 0.0) -> float:
    """difflib's ratio over lines; the cheap upper bounds are tried first so that clearly
    different files (below ``floor``) cost linear time, not quadratic."""
    import difflib

    m = difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(), autojunk=False)
    if m.real_quick_ratio() < floor or m.quick_ratio() < floor:
        return 0.0
    return m.ratio()


def differing_lines(copy: str, original: str) -> list[dict]:
    """Lines of ``copy`` that are not in ``original`` (added or changed), with 1-based line numbers."""
    import difflib

    a, b = original.splitlines(), copy.splitlines()
    out = []
    for op, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op in ("replace", "insert"):
            for j in range(j1, j2):
                out.append({"line": j + 1, "op": "changed" if op == "replace" else "added", "text": b[j][:200]})
        elif op == "delete":
            out.append({"line": j1 + 1, "op": "removed", "text": f"({_i2 - _i1} line(s) of the original removed here)"})
    return out[:MAX_DIFF_LINES]


def candidates(sigs: dict[str, list[int]], min_shared: int = 8, max_posting: int = 64) -> dict[str, set[str]]:
    """For each id, the ids sharing at least ``min_shared`` sketch values (an inverted index)."""
    postings: dict[int, list[str]] = {}
    for sid, sig in sigs.items():
        for h in sig:
            postings.setdefault(h, []).append(sid)
    shared: dict[str, dict[str, int]] = {}
    for ids in postings.values():
        if len(ids) < 2 or len(ids) > max_posting:
            continue  # boilerplate shingles shared by everyone say nothing
        for x in ids:
            row = shared.setdefault(x, {})
            for y in ids:
                if y != x:
                    row[y] = row.get(y, 0) + 1
    return {x: {y for y, n in row.items() if n >= min_shared} for x, row in shared.items()}
