"""A data file of paths that a script iterates and reads: the paths are the script's.

A script that loads a list of paths from a data file of its skill (JSON, YAML, INI, a plain list) and walks
or reads each one reads what the list names, however the list is stored: plain, base64 or rot13 (a letter
shift the script undoes: ``tr 'A-Za-z' 'N-ZA-Mn-za-m'``, ``codecs.decode(v, 'rot13')``, or a hand-written
``(c - base + 13) % 26``). When the decoded list names other agents' transcripts, sessions or memories
(concept agent_history) and the program the script belongs to (the script, the modules it imports and
the scripts that import it) sends data over the network, the skill collects and uploads them: AS-01 high
on the line of the script that names the data file.

What stays clean: a list of cache or build folders; agent folders listed but never sent (a local index);
a data file no script names.
"""

from __future__ import annotations

import codecs
import posixpath
import re

from skillpm.scan.hidden import decode_b64_strict

DATA_EXT = (".json", ".yaml", ".yml", ".ini", ".toml", ".txt", ".lst", ".list", ".conf", ".cfg")
DATA_MAX = 64 * 1024
CODE_EXT = (".py", ".js", ".mjs", ".cjs", ".ts", ".sh", ".bash", ".rb", ".ps1", ".php")
CODE_MAX = 256 * 1024
# a letter shift undone in the script: by name, by tr's ranges, or by hand (13 added modulo 26)
SHIFT_RE = re.compile(r"rot_?13|N-ZA-M|n-za-m|\+\s*13\b[^\n]{0,40}%\s*26|%\s*26[^\n]{0,40}\+\s*13\b", re.I)
B64_RE = re.compile(r"(?<![\w+/=])[A-Za-z0-9+/]{8,}={0,2}(?![\w+/=])")
WORD_RE = re.compile(r"[A-Za-z][\w.-]{2,}")


def _b64_words(text: str) -> str:
    out = []
    for m in B64_RE.finditer(text):
        tok = m.group(0)
        raw = decode_b64_strict(tok)
        try:
            s = raw.decode("ascii") if raw is not None else None
        except UnicodeDecodeError:
            continue
        if s is None:
            continue
        if s.isprintable():
            out.append(s)
    return "\n".join(out)


def _decoded(text: str, shift: bool) -> str:
    """The data file's text as the script may read it: as written, with rot13 undone (when the program
    shifts letters), and its base64 words decoded."""
    parts = [text]
    if shift:
        parts.append(codecs.encode(text, "rot13"))
    if B64_RE.search(text):
        parts.append(_b64_words(text))
    return "\n".join(p for p in parts if p)


def _names(text: str, dpath: str) -> bool:
    name = posixpath.basename(dpath)
    return len(name) >= 5 and name in text


def listed_agent_stores(sc, files: dict[str, bytes], found: list) -> list:
    data = {p: d for p, d in files.items() if p.lower().endswith(DATA_EXT) and len(d) <= DATA_MAX}
    if not data:
        return []
    code = {p: d for p, d in files.items() if p.lower().endswith(CODE_EXT) and len(d) <= CODE_MAX}
    if not code:
        return []
    texts: dict[str, str] = {}

    def read(p: str) -> str:
        if p not in texts:
            texts[p] = files[p].decode("utf-8", errors="replace")
        return texts[p]

    bases = [(q, posixpath.basename(q).encode()) for q in sorted(data)]
    bases = [(q, b) for q, b in bases if len(b) >= 5]
    users = [(p, q) for p in sorted(code) for q, b in bases if b in code[p] and _names(read(p), q)]
    if not users:
        return []
    from skillpm.scan import assembled, encodedlists
    from skillpm.scan.engine import _window

    agent_rx, net_rx = sc._def("agent_history"), sc._def("egress")
    importers = None
    how = None
    out: list = []
    for path, dpath in users:
        if any(f.file == path and f.category == "agent-snooping" and f.grades for f in (*found, *out)):
            continue
        group = {path}
        if importers is None:
            importers = assembled.importers(files)
        group |= importers.get(path, set())
        text = read(path)
        group |= {q for q in code if q != path and posixpath.splitext(posixpath.basename(q))[0] in text
                  and posixpath.splitext(q)[1] == posixpath.splitext(path)[1]}
        shift = any(SHIFT_RE.search(read(p)) for p in group)
        dtext = _decoded(read(dpath), shift)
        if how is None:
            how = encodedlists.transforms(files)
        if how:  # hex, reversed or char-code entries, as a program of the skill decodes them
            dtext = encodedlists.decoded(dtext, how)
        m = agent_rx.search(dtext)
        if m is None:
            continue
        if not any(net_rx.search(read(p)) for p in group):
            continue
        lines = text.split("\n")
        base = posixpath.basename(dpath)
        at = next((k + 1 for k, ln in enumerate(lines) if base in ln), 1)
        note = (f"{dpath}, which this script reads, lists other agents' stores once decoded ({m.group(0)[:60]}), "
                f"and the program sends data out")
        out.append(sc._finding("AS-01", "high", path, at, _window(lines[at - 1].rstrip("\r"), 0), note=note))
    return out
