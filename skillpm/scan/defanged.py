"""A data file of defanged samples: command lines kept for an analyst, their addresses made unreachable.

Threat-intelligence and triage skills keep the command lines of real alerts as practice input or examples, with
every address defanged (``hxxp://``, ``evil[.]example``, ``1.2.3[.]4``) or taken from the ranges set aside for
documentation (RFC 5737's 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24; ``example.com``/``.net``/``.org``). Such
a line matches the patterns of a download piped to a shell or of text decoded and run, and is none: as written,
and as each of its layers decodes (base64, UTF-16 PowerShell ``-Enc``, zlib/gzip), it reaches no host.

``defanged_samples`` lowers, in place, to low each finding at medium or above on a line of a data file (not a script,
not Markdown; a ``.txt`` or ``.log`` of samples is data) that itself names a defanged address, as written or in a blob
it carries, when the file's text and its decoded layers name at least one defanged address and no live one, and no
program of the skill puts the addresses back (``replace("hxxp", "http")``, ``s/hxxp/http/``, ``"[.]" → "."``).
A file with one live address anywhere keeps every finding; so does every line that is no defanged sample, and
no finding that is an order to the agent (prompt injection, anti-refusal, prompt leakage, snooping) or invisible text
(only a blob, HT-04, can be a sample) is ever lowered: a skill cannot quiet its own orders by adding a defanged address. Gated on ``hxxp``/``[.]``/"defang" in the file: other skills
pay a few substring tests per file with a finding.
"""

from __future__ import annotations

import re

from skillpm.scan.result import Finding

GATE = (b"hxxp", b"[.]", b"[:]", b"defang", b"Defang", b"DEFANG")
URL_RE = re.compile(r"\b([a-z][a-z0-9+.-]{1,10})(?:\[:\]|:)//([^\s'\"`)<>|]+)", re.I)
IP_RE = re.compile(r"(?<![\w.])(\d{1,3})(?:\.|\[\.\])(\d{1,3})(?:\.|\[\.\])(\d{1,3})(?:\.|\[\.\])(\d{1,3})(?![\w.])")
DOC_NETS = ("192.0.2.", "198.51.100.", "203.0.113.")
DOC_HOST_RE = re.compile(r"(?:^|\.)(?:example\.(?:com|net|org)|[\w-]+\.(?:example|invalid|test))(?::\d+)?(?:/|$)", re.I)
B64_RE = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
# a program that makes a defanged address live again
REFANG_RE = re.compile(r"""hxxp['"]?\s*[,)]\s*['"]?https?|s[/|#]hxxp[/|#]http|\[\.\]['"]?\s*,\s*['"]\.['"]|\\\[\\\.\\\]['"]?\s*,\s*['"]\.""", re.I)
DATA_MAX = 256 * 1024
# text files of samples the engine reads as prose (a .txt is Markdown to it): still data, not instructions
# what a sample file can never lower: orders to the agent are not command lines kept for an analyst
KEPT_CATEGORIES = frozenset({"prompt-injection", "anti-refusal", "prompt-leakage", "agent-snooping"})
SAMPLE_EXT = (".txt", ".log", ".csv", ".tsv", ".jsonl", ".ndjson")


def _layers(text: str) -> list[str]:
    """The texts the base64 blobs of ``text`` decode to (inflated when compressed, UTF-16 when PowerShell's)."""
    from skillpm.scan.hidden import decode_b64_strict, inflated

    out = []
    for m in B64_RE.finditer(text):
        raw = decode_b64_strict(m.group(0))
        if raw is None:
            continue
        raw = inflated(raw)
        if len(raw) > 4 and raw[1:2] == b"\x00" and raw[3:4] == b"\x00":
            t = raw.decode("utf-16le", errors="replace")
        else:
            t = raw.decode("utf-8", errors="replace")
        if sum(c.isprintable() for c in t) >= 0.9 * len(t):
            out.append(t)
    return out


def _addresses(text: str) -> tuple[int, int]:
    """(defanged or documentation addresses, live addresses) that ``text`` names."""
    fanged = live = 0
    for m in URL_RE.finditer(text):
        scheme, rest = m.group(1).lower(), m.group(2)
        host = rest.split("/", 1)[0]
        if scheme.startswith(("hxxp", "fxp", "hxxps")) or "[.]" in rest or "[:]" in m.group(0) \
                or host.startswith(DOC_NETS) or DOC_HOST_RE.search(host + "/"):
            fanged += 1
        elif scheme in ("http", "https", "ftp", "ftps", "ws", "wss", "tcp", "udp"):
            live += 1
    for m in IP_RE.finditer(text):
        ip = ".".join(m.groups())
        if "[.]" in m.group(0) or ip.startswith(DOC_NETS):
            fanged += 1
        elif not ip.startswith(("127.", "0.", "10.", "192.168.")) and all(int(x) < 256 for x in m.groups()):
            live += 1
    return fanged, live


def _sample_line(lines: list[str], number: int) -> bool:
    """Whether line ``number`` (1-based) names a defanged address itself or in a blob it carries."""
    if not 0 < number <= len(lines):
        return False
    line = lines[number - 1]
    if _addresses(line)[0]:
        return True
    return any(_addresses(layer)[0] for layer in _layers(line))


def defanged_samples(files: dict[str, bytes], findings: list[Finding]) -> None:
    """Lower, in place, the findings of a data file of defanged samples (module doc)."""
    cands = {f.file for f in findings if f.severity in ("medium", "high", "critical") and f.file in files}
    cands = {p for p in cands if len(files[p]) <= DATA_MAX and any(g in files[p] for g in GATE)}
    if not cands:
        return
    from skillpm.scan.engine import classify  # only here: a cached scan of most skills never loads the engine

    verdict: dict[str, bool] = {}
    for p in sorted(cands):
        data = files[p]
        if classify(p, data[:8192], False) != "data" and not p.lower().endswith(SAMPLE_EXT):
            continue
        text = data.decode("utf-8", errors="replace")
        fanged, live = _addresses(text)
        for layer in _layers(text) if not live else ():
            a, b = _addresses(layer)
            fanged, live = fanged + a, live + b
        verdict[p] = fanged > 0 and live == 0
    if not any(verdict.values()):
        return
    for q, d in files.items():
        if len(d) <= DATA_MAX and (b"hxxp" in d or b"[.]" in d) and REFANG_RE.search(d.decode("utf-8", errors="replace")):
            return  # a program of the skill makes the addresses live again
    lines: dict[str, list[str]] = {}
    for f in findings:
        if not (verdict.get(f.file) and f.severity in ("medium", "high", "critical")):
            continue
        if f.category in KEPT_CATEGORIES or (f.category == "hidden-text" and f.rule != "HT-04"):
            continue  # an order to the agent, or text a reviewer cannot see, is no sample of a command line
        if f.file not in lines:
            lines[f.file] = files[f.file].decode("utf-8", errors="replace").splitlines()
        if not _sample_line(lines[f.file], f.line):
            continue  # only the lines that are themselves defanged samples
        f.severity = "low"
        f.note = (f.note + "; " if f.note else "") + ("lowered: a data file of defanged samples (every address in it "
                                                      "and in its decoded layers defanged or a documentation range)")
