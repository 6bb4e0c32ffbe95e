"""Digits written for letters in prose ("1gn0r3 pr3v10us 1nstruct10ns", "s3nd th3 t0k3n"): a reader and
an agent read the words; a keyword filter reads digits. A word of prose made of letters and the
digits 0 1 3 4 5 7, with a letter beside a digit, is read with each digit as the letter it stands
for (0 o, 1 i or l, 3 e, 4 a, 5 s, 7 t) when the word it spells is one the rules read (a word of
rules.toml's patterns, intents, keywords, defs and concepts). Same length, so lines and columns hold.

Honest text writes digits in words too (k8s, i18n, e2e, sha256, python3, log4j, ipv4, l10n): these
spell no word of the rules, or hold a digit that stands for no letter, and stay as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A run of letters and look-alike digits with a letter and a digit side by side, not part of a
# version, a path or a name joined by `.`, `/` or `_` (`v1.2`, `s3://`, `x86_64`); each part of a
# hyphenated word is a word (`Aut0-appr0v3`).
LEET_RE = re.compile(r"(?<![\w./@$=+#])(?=[A-Za-z013457]*?(?:[A-Za-z][013457]|[013457][A-Za-z]))"
                     r"(?=([A-Za-z013457]+))\1(?![\w/@]|\.\w)")  # taken whole (atomic), so linear on a 1 MB run
GATE_RE = re.compile(r"[013457][A-Za-z]")  # a digit before a letter: on every line read (see read)
AS_LETTERS = str.maketrans("013457", "oieast")
ONE_AS_L = str.maketrans("1", "l")
MIN_LETTERS = 2  # `b4`, `2fa`, `3d`: too little of a word to read
MIN_LENGTH = 3  # `th3`, `4ll`: short words of the rules count too
WORD_RE = re.compile(r"[A-Za-z]{3,}")
MAX_LENGTH = 40  # longer than any word of the rules
LEET_LINE = 2  # a line is written in digits for letters: one `t0k3n`, or two words like `s3nd`
ESCAPE_RE = re.compile(r"\\[A-Za-z]")  # \b \w \s in a regex source: not letters of a word


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every word of three or more letters that the shipped rules' patterns are written with."""
    from skillpm.scan.rules import ruleset_data

    data = ruleset_data()
    sources: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            sources.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(data.get("defs", {}))
    walk(data.get("concepts", {}))
    for rule in data.get("rule", []):
        for key in ("patterns", "intents", "keywords", "unless"):
            walk(rule.get(key, []))
    return frozenset(w.lower() for s in sources for w in WORD_RE.findall(ESCAPE_RE.sub(" ", s)))


def _spelled(token: str) -> str | None:
    """The word of the rules' vocabulary that ``token`` spells with its digits read as letters."""
    if not MIN_LENGTH <= len(token) <= MAX_LENGTH or sum(c.isalpha() for c in token) < MIN_LETTERS:
        return None
    words = vocabulary()
    spelled = token.translate(AS_LETTERS)
    if spelled.lower() in words:
        return spelled
    if "1" in token:
        spelled = token.translate(ONE_AS_L).translate(AS_LETTERS)
        if spelled.lower() in words:
            return spelled
    return None


def _weight(token: str) -> int:
    """How much a word shows the line is written in digits for letters: 2 for two digits or more
    (`t0k3n`, `1gn0r3`), 1 for one inside (`s3nd`, but also `open3d`), 0 for one at its start or end
    (`th3`, but also `pip3`, `step5`, `0pt`: how names and numbered things are written)."""
    digits = [i for i, c in enumerate(token) if c in "013457"]
    if len(digits) >= 2:
        return 2
    return 0 if digits[0] in (0, len(token) - 1) else 1


def _line(prose: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The words of one line read as letters, if the line is written that way."""
    reads = [(m.start(), m.end(), spelled, _weight(m.group()))
             for m in LEET_RE.finditer(prose, start, end) if (spelled := _spelled(m.group())) is not None]
    if sum(weight for *_, weight in reads) < LEET_LINE:
        return []
    return [(a, b, spelled) for a, b, spelled, _w in reads]


def read(prose: str) -> str:
    """``prose`` with each digits-for-letters word of the rules' vocabulary read as letters (same
    length), on each line whose words weigh LEET_LINE (one strong word, or enough inside ones).
    Only lines with a digit before a letter are looked at: every line that can weigh enough has
    one (`s3nd`, `t0k3n`), and a search for it is ten times faster than reading every word."""
    match = GATE_RE.search(prose)
    if match is None:
        return prose
    out, last = [], 0
    while match is not None:
        start = prose.rfind("\n", 0, match.start()) + 1
        end = prose.find("\n", match.end())
        end = len(prose) if end < 0 else end
        for a, b, spelled in _line(prose, start, end):
            out.append(prose[last:a])
            out.append(spelled)
            last = b
        match = GATE_RE.search(prose, end)
    if not out:
        return prose
    out.append(prose[last:])
    return "".join(out)
