"""An action armed by a date: a script that compares today with a fixed date and acts after it.

A logic bomb sleeps through review and testing: ``if today >= date(2026, 6, 1): …``, ``[ "$(date
+%Y%m%d)" -ge 20250915 ]``, ``if (Date.now() > 1763164800000)``. Whatever the branch then does, it was
written not to be seen doing it now. An honest script compares dates it reads (a token's expiry, a
file's age: now minus N days), not a constant it ships.

``armed_by_date`` finds, in each script, a comparison whose one side is a date constant (a date
literal, ``date(Y, M, D)``, a ten-digit epoch, a ``YYYYMMDD`` number, or a name the script assigns one)
in a script that reads the current time, and raises the script's medium findings of the harms a bomb
carries (destructive, exfiltration, supply-chain, privilege-escalation) to high, naming the gate.
"""

from __future__ import annotations

import re

from skillpm.scan import flow
from skillpm.scan.rules import RANK

SCRIPT_MAX = 256 * 1024
HARMS = {"destructive", "exfiltration", "supply-chain", "privilege-escalation"}
NOW_RE = re.compile(r"\bdate\s+(?:-[a-zA-Z]{1,3}\s+){0,3}['\"]?\+%|\b(?:datetime|date)\.(?:today|now|utcnow)\(|\btime\.time\(|\bDate\.now\("
                    r"|\bnew Date\(\s*\)|\bTime\.now\b|\bDate\.today\b|\bGet-Date\b|\[DateTime\]::(?:Now|UtcNow|Today)"
                    r"|\bdate\s*\(\s*['\"][YmdU]|\btime\(\s*\)|\bnow\(\s*\)|\bEPOCHSECONDS\b")
# a date constant: 2026-06-01 / 2026/06/01, date(2026, 6, 1), a ten-digit epoch (2017-2036, in s or ms), 20250915
DATE_CONST = (r"(?:['\"]20[2-3]\d[-/]\d\d[-/]\d\d(?:[T ][\d:]+Z?)?['\"]|\b(?:date|datetime|Date|DateTime)\s*\(\s*20[2-3]\d\s*,"
              r"|\bTime\.(?:new|utc|local|mktime|gm)\s*\(\s*20[2-3]\d"
              r"|(?<![\w.])1[5-9]\d{8}(?:\d{3})?(?![\w.])|(?<![\w.])20[2-3]\d[01]\d(?:[0-3]\d)?(?![\w.])"
              r"|\b0[xX](?:5[9a-fA-F]|6[0-9a-fA-F]|7[0-6])[0-9a-fA-F]{6}\b)")  # (a YYYYMM month, an epoch in hex: the
# decimal epoch's years, 2017-2033; 0x7FFFFFFF, the 32-bit limit a format's spec quotes, is no date)
DATE_CONST_RE = re.compile(DATE_CONST)
ASSIGN_CONST_RE = re.compile(r"(?:^|[\s;({,])\$?([A-Za-z_]\w{0,40})\s*(?:=|:=|:)\s*(?:new\s+)?[^\n;]{0,40}?" + DATE_CONST, re.M)
COMPARE_RE = re.compile(r"(?<!>)>=|(?<!<)<=|(?<![-=>])>(?![>=&])|(?<![<=])<(?![<=])|-(?:ge|gt|le|lt)\b|\bisAfter\b|\bisBefore\b|\bafter\?|\bbefore\?")


def gate_line(text: str) -> int:
    """The line of the first comparison of the current time with a date constant (0: none)."""
    if NOW_RE.search(text) is None or DATE_CONST_RE.search(text) is None:
        return 0
    names = {m.group(1) for m in ASSIGN_CONST_RE.finditer(text)}
    name_rx = re.compile(r"\$?\{?\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b") if names else None
    for i, ln in enumerate(text.split("\n")):
        s = ln.lstrip()
        if s.startswith(("#", "//", "*")) or COMPARE_RE.search(ln) is None:
            continue
        if ASSIGN_CONST_RE.match(ln) and not re.search(r"\bif\b|\?|&&|\|\|", ln):
            continue  # the constant's own assignment
        if DATE_CONST_RE.search(ln) or name_rx is not None and name_rx.search(ln):
            return i + 1
    return 0


# a statement that only tells the user something: a print, an echo, a log or warning call
SAYS_RE = re.compile(r"""^\s*(?:print|echo|printf|puts|console\.(?:log|warn|error|info)|warnings\.warn|log(?:ger|ging)?\.\w+|"""
                     r"""Write-(?:Host|Warning|Output)|>&2\s+echo|fi\b|end\b|\}|pass\b|#)""")
GATE_HEAD_RE = re.compile(r"""^(?P<head>.*?(?:\bthen\b|:\s*$|\)\s*\{\s*$|\{\s*$))(?P<rest>.*)$""")


def _only_says(lines: list[str], at: int) -> bool:
    """Whether the branch a gate on line ``at`` (0-based) opens only prints or logs: a notice, not an arming.
    The branch is the rest of the gate's line after ``then``/``:``/``{`` and the lines indented under it."""
    gate = lines[at]
    head = GATE_HEAD_RE.match(gate)
    if head is None:
        return False
    body = [head.group("rest")] if head.group("rest").strip() else []
    indent = len(gate) - len(gate.lstrip())
    for ln in lines[at + 1:at + 40]:
        if not ln.strip():
            continue
        if len(ln) - len(ln.lstrip()) <= indent:
            break
        body.append(ln)
    parts = [p for b in body for p in re.split(r";\s*", re.sub(r"""'[^'\n]*'|"[^"\n]*\"""", "''", b)) if p.strip()]
    return bool(parts) and all(SAYS_RE.match(p) for p in parts)


def arming_gate(text: str) -> int:
    """``gate_line``, passing over a gate whose branch only tells the user something (a deprecation notice):
    the first comparison with a fixed date that may arm what follows (0: none)."""
    lines = text.split("\n")
    for _ in range(6):
        line = gate_line("\n".join(lines))
        if not line or not _only_says(lines, line - 1):
            return line
        lines[line - 1] = ""
    return 0


# a recursive deletion or a dropped schema: what a dormant cleanup does once its date has come
WIPE_RE = re.compile(r"\brm\s+-[a-zA-Z]*[rR]|\bshutil\.rmtree\(|\brm_rf\b|\bremove_dir_all\b|\bRemove-Item\b[^\n]{0,120}-Recurse"
                     r"|\bfs\.(?:rm|rmSync|rmdir|rmdirSync)\([^\n]{0,120}recursive|\bDROP\s+(?:SCHEMA|DATABASE)\b|-exec\s+rm\b|\s-delete\b")


WIPE_BYTES = (b"rm -", b"rmtree", b"rm_rf", b"Remove-Item", b"rmSync", b"fs.rm", b"DROP", b" -delete", b"remove_dir_all",
              b"rmdir")  # what WIPE_RE needs, tested on the bytes first


def dated_wipes(sc, files: dict[str, bytes], found: list) -> list:
    """DX-01 (high) where a script that deletes recursively, and has no counted destructive finding, compares
    today with a fixed date: a cleanup armed to widen or start later (its targets need not be read)."""
    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or (not data.startswith(b"#!") and flow.language(path, "") is None):
            continue  # (no module reads it, by its name, and no shebang names one: SKILL.md, data)
        if not any(w in data for w in WIPE_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if flow.language(path, text[:120]) is None or WIPE_RE.search(text) is None:
            continue
        if any(f.file == path and f.category == "destructive" and f.grades and RANK[f.severity] >= RANK["high"]
               for f in found):
            continue
        line = arming_gate(text)
        if not line:
            continue
        lines = text.split("\n")
        out.append(sc._finding("DX-01", "high", path, line, lines[line - 1].strip()[:300],
                               note="deletes recursively, and compares today with a fixed date here: a cleanup armed by a "
                                    "date (dormant when reviewed or tested), whatever it then deletes"))
    return out


def armed_by_date(files: dict[str, bytes], found: list) -> None:
    by_file: dict[str, list] = {}
    for f in found:
        if f.grades and f.severity == "medium" and f.category in HARMS:
            by_file.setdefault(f.file, []).append(f)
    for path, fs in by_file.items():
        data = files.get(path)
        if data is None or len(data) > SCRIPT_MAX:
            continue
        text = data.decode("utf-8", errors="replace")
        if flow.language(path, text[:120]) is None:
            continue
        line = gate_line(text)
        if not line:
            continue
        for f in fs:
            if RANK[f.severity] == RANK["medium"]:
                f.severity = "high"
                f.note = (f.note + "; " if f.note else "") + \
                    f"armed by a date: line {line} compares today with a fixed date (dormant when reviewed or tested)"
