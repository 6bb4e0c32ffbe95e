"""Source a script decodes from one of its own constants and runs: read for what the decoded code does.

``instance_eval(INDEX.tr("A-Za-z", "N-ZA-Mn-za-m"))``, ``exec(codecs.decode(PAYLOAD, "rot13"))``,
``eval(Buffer.from(blob, "base64").toString())``: the runner is reported as obfuscated execution
(SC-02), but the program it runs (a stealer posting ``~/.gem/credentials``, a wiper) is the harm, and its
categories are those of what it does. ``unpacked_runs`` finds an interpreter call whose argument decodes
a name the file binds to a literal (a constant, a heredoc, a triple-quoted string), undoes the decoding
(rot13, base64, hex, a reversal, in the order the argument applies them), and scans the decoded text as
a script of the same language; what the rules find there (hidden text aside) is reported on the
interpreter call's line, once per rule, as hidden from the reader.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import posixpath
import re

from skillpm.scan import flow

SCRIPT_MAX = 256 * 1024
LITERAL_MAX = 64 * 1024
LANGS = ("python", "ruby", "javascript", "php", "shell")
SINK_RE = {
    "python": re.compile(r"(?<![\w.])(?:exec|eval)\s*\("),
    "ruby": re.compile(r"(?<!\w)(?:eval|instance_eval|class_eval|module_eval|instance_exec)\s*[( ]"),
    "javascript": re.compile(r"(?<![\w$.])(?:eval|(?:new\s+)?Function)\s*\(|\bvm\.runIn\w*Context\s*\(|\bnew\s+vm\.Script\s*\("),
    "php": re.compile(r"(?<![\w$>:])(?:eval|assert)\s*\("),
    "shell": re.compile(r"(?<![\w-])eval\s+|(?<![\w-])(?:ba|z|da)?sh\s+-c\s+"),
}
SINK_BYTES = (b"exec", b"eval", b"Function", b"vm.", b"assert", b"sh -c")
NOT_CODE = (".md", ".markdown", ".txt", ".json", ".yaml", ".yml", ".toml")  # documents and data: no script language
# the decoders an argument may apply, each named by what it undoes
DECODERS = (("rot13", re.compile(r"rot_?13|N-ZA-M|n-za-m|str_rot13", re.I)),
            ("base64", re.compile(r"b64decode|base64|decode64|unpack1?\(\s*['\"]m|atob\(", re.I)),
            ("hex", re.compile(r"fromhex|unhexlify|['\"]hex['\"]|hex2bin|pack\(\s*['\"]H\*", re.I)),
            ("reverse", re.compile(r"\[::-1\]|\.reverse\b|strrev\(|reversed\(")))
NAME_RE = re.compile(r"[A-Za-z_$@][\w$]{0,60}")
# a name bound to a literal: one-line strings, Python's triple-quoted strings, Ruby's heredocs
ONE_LINE = r"""(?m)^[ \t]*(?:(?:const|let|var|local)\s+)?{name}\s*=\s*(?:(['"`])((?:(?!\1)[^\\\n]|\\.){{8,}})\1)"""
TRIPLE = r"""(?m)^[ \t]*{name}\s*=\s*[rbu]{{0,2}}(\"\"\"|''')([\s\S]{{8,}}?)\1"""
HEREDOC = r"""(?m)^[ \t]*{name}\s*=\s*<<[~-]?(['"]?)(\w+)\1[^\n]*\n([\s\S]*?)^[ \t]*\2[ \t]*$"""
EXT = {"python": ".py", "ruby": ".rb", "javascript": ".js", "php": ".php", "shell": ".sh"}


def _literal(text: str, name: str) -> str | None:
    """The literal ``name`` is bound to in ``text`` (escapes of one-line strings undone), or None."""
    n = re.escape(name)
    m = re.search(HEREDOC.format(name=n), text)
    if m:
        return m.group(3)
    m = re.search(TRIPLE.format(name=n), text)
    if m:
        return m.group(2)
    m = re.search(ONE_LINE.format(name=n), text)
    if m:
        body = m.group(2)
        if "\\" in body:
            try:
                body = codecs.decode(body, "unicode_escape")
            except (UnicodeDecodeError, ValueError):
                return None
        return body
    return None


def _undo(kind: str, s: str) -> str | None:
    try:
        if kind == "rot13":
            return codecs.encode(s, "rot13")
        if kind == "reverse":
            return s[::-1]
        if kind == "hex":
            return bytes.fromhex("".join(s.split())).decode("utf-8")
        raw = "".join(s.split())
        return base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError, binascii.Error):
        return None


def _readable(s: str | None) -> bool:
    if not s or len(s) < 8:
        return False
    printable = sum(c.isprintable() or c in "\n\t\r" for c in s)
    return printable >= 0.97 * len(s) and sum(c.isalpha() for c in s) >= len(s) // 3


def _decoded(arg: str, literal: str) -> str | None:
    """``literal`` with the decoders named in ``arg`` undone: innermost (last written, as calls nest) first,
    else in written order (a method chain); None when neither reads as text."""
    kinds = [(m.start(), k) for k, rx in DECODERS for m in [rx.search(arg)] if m]
    if not kinds:
        return None
    order = [k for _, k in sorted(kinds)]
    for seq in (order[::-1], order) if len(order) > 1 else (order,):
        s: str | None = literal
        for k in seq:
            s = _undo(k, s) if s is not None else None
        if _readable(s):
            return s
    return None


def unpacked_runs(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or path.lower().endswith(NOT_CODE):
            continue
        lang = flow.language_of_file(path, data)
        if lang not in LANGS or not any(w in data for w in SINK_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        known = {f.rule for f in found if f.file == path and f.grades}
        for m in SINK_RE[lang].finditer(text):
            end = text.find("\n", m.end())
            arg = text[m.end(): end if end >= 0 else len(text)][:400]
            if not any(rx.search(arg) for _, rx in DECODERS):
                continue
            payload = None
            for nm in NAME_RE.finditer(arg):
                name = nm.group(0).lstrip("$@")
                if len(name) < 2:
                    continue
                lit = _literal(text, nm.group(0) if nm.group(0)[0] in "$@" else name)
                if lit is None or len(lit) > LITERAL_MAX:
                    continue
                payload = _decoded(arg, lit)
                if payload is not None:
                    break
            if payload is None:
                continue
            line = text.count("\n", 0, m.start()) + 1
            inner = posixpath.splitext(path)[0] + ".decoded" + EXT[lang]
            for f in sc.scan_text(inner, payload, "script", description, nested=1):
                if f.rule in known or not f.grades or f.category == "hidden-text":
                    continue
                known.add(f.rule)
                f.file, f.line = path, line
                f.note = (f.note + "; " if f.note else "") + "in the code this line decodes and runs: " + f.text[:120]
                f.text = _window(text.split("\n")[line - 1].rstrip("\r"), 0)
                out.append(f)
    return out
