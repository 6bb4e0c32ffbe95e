"""Source a script decodes from one of its own constants and runs: read for what the decoded code does.

``instance_eval(INDEX.tr("A-Za-z", "N-ZA-Mn-za-m"))``, ``exec(codecs.decode(PAYLOAD, "rot13"))``,
``eval(Buffer.from(blob, "base64").toString())``, ``exec(zlib.decompress(base64.b85decode(BLOB)))``: the
runner is reported as obfuscated execution (SC-02), but the program it runs (a stealer posting
``~/.gem/credentials``, a wiper, a copy of itself put in IPython's startup folder) is the harm, and its
categories are those of what it does. ``unpacked_runs`` finds an interpreter call whose argument decodes
a name the file binds to a literal (a constant, a heredoc, a triple-quoted string, strings glued inside
parentheses), or names a variable one assignment before that does (``code = compile(lzma.decompress(…))``
then ``exec(code)``), undoes the decoding (rot13, base64/32/85, Ascii85, hex, a reversal, and zlib, gzip,
bz2 or xz/lzma decompression, known by the blob's own header and bounded in size, in the order the argument
applies them), and scans the decoded text as a script of the same language; what the rules find there
(hidden text aside) is reported on the interpreter call's line, once per rule, as hidden from the reader.
Not read: marshal'd or pickled code objects (bytecode, not source; loading them is unsafe).
"""

from __future__ import annotations

import base64
import binascii
import bz2
import codecs
import lzma
import posixpath
import re
import zlib

from skillpm.scan import flow
from skillpm.scan.hidden import decode_b64_strict

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
            # (a module's name is no decoder: ``base64.b85decode`` is base85)
            ("base64", re.compile(r"b64decode|base64(?![.\w])|base64_decode|decodebytes|decode64|unpack1?\(\s*['\"]m|atob\(",
                                  re.I)),
            ("base85", re.compile(r"b85decode", re.I)),
            ("ascii85", re.compile(r"a85decode|ascii85", re.I)),
            ("base32", re.compile(r"b32decode|base32(?![.\w])|decode32", re.I)),
            ("hex", re.compile(r"fromhex|unhexlify|['\"]hex['\"]|hex2bin|pack\(\s*['\"]H\*", re.I)),
            ("reverse", re.compile(r"\[::-1\]|\.reverse\b|strrev\(|reversed\(")),
            # the format is read from the blob's header (zlib, gzip, bz2, xz, raw deflate), whatever the alias
            ("inflate", re.compile(r"decompress|inflate|gunzip|gzdecode|gzuncompress|zlib_decode|GzipReader|unzip"
                                   r"|Zlib::|bunzip|unxz|zcat", re.I)))
NAME_RE = re.compile(r"[A-Za-z_$@][\w$]{0,60}")
# a name bound to a literal: one-line strings, Python's triple-quoted strings, Ruby's heredocs
ONE_LINE = r"""(?m)^[ \t]*(?:(?:const|let|var|local)\s+)?{name}\s*=\s*[rbuRBU]{{0,2}}(?:(['"`])((?:(?!\1)[^\\\n]|\\.){{8,}})\1)"""
TRIPLE = r"""(?m)^[ \t]*{name}\s*=\s*[rbu]{{0,2}}(\"\"\"|''')([\s\S]{{8,}}?)\1"""
GLUED = r"""(?m)^[ \t]*{name}\s*=\s*\(\s*((?:[rbuRBU]{{0,2}}(['"])(?:(?!\2)[^\\\n]|\\.)*\2\s*(?:#[^\n]*\n\s*)?){{1,4000}})\)"""
GLUED_PIECE_RE = re.compile(r"""(['"])((?:(?!\1)[^\\\n]|\\.)*)\1""")
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
    if "(" in text:
        m = re.search(GLUED.format(name=n), text)  # NAME = ("piece" "piece" …): Python glues them into one
        if m:
            body = "".join(p.group(2) for p in GLUED_PIECE_RE.finditer(m.group(1)))
            return _unescaped(body)
    m = re.search(ONE_LINE.format(name=n), text)
    if m:
        return _unescaped(m.group(2))
    return None


def _unescaped(body: str) -> str | None:
    """A string literal's body with its escapes undone (None when they do not read)."""
    if "\\" in body:
        try:
            body = codecs.decode(body, "unicode_escape")
        except (UnicodeDecodeError, ValueError):
            return None
    return body


DECODED_MAX = 256 * 1024  # what a decompression may give: a bomb is cut off here, not read
TEXT_KINDS = ("rot13", "reverse")


def _inflated(raw: bytes) -> bytes | None:
    """``raw`` decompressed by the format its header names (zlib, gzip, bz2, xz/lzma), else as raw deflate;
    at most DECODED_MAX bytes of it."""
    if raw[:3] == b"BZh":
        return bz2.BZ2Decompressor().decompress(raw, DECODED_MAX)
    if raw[:6] == b"\xfd7zXZ\x00" or raw[:1] == b"\x5d":
        return lzma.LZMADecompressor().decompress(raw, DECODED_MAX)
    wbits = 47 if raw[:2] == b"\x1f\x8b" or raw[:1] == b"\x78" else -15  # zlib or gzip by header; else raw deflate
    return zlib.decompressobj(wbits).decompress(raw, DECODED_MAX)


def _undo(kind: str, s: bytes) -> bytes | None:
    try:
        if kind in TEXT_KINDS:
            t = s.decode("utf-8")
            return (codecs.encode(t, "rot13") if kind == "rot13" else t[::-1]).encode("utf-8")
        if kind == "inflate":
            return _inflated(s)
        raw = b"".join(s.split())
        if kind == "hex":
            return bytes.fromhex(raw.decode("ascii"))
        if kind == "base85":
            return base64.b85decode(raw)
        if kind == "ascii85":
            return base64.a85decode(raw.removeprefix(b"<~"), adobe=raw.startswith(b"<~"))
        if kind == "base32":
            return base64.b32decode(raw.upper() + b"=" * (-len(raw) % 8))
        return decode_b64_strict(raw)
    except (ValueError, UnicodeDecodeError, binascii.Error, zlib.error, lzma.LZMAError, OSError, EOFError):
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
        b: bytes | None = literal.encode("utf-8", errors="surrogateescape")
        for k in seq:
            b = _undo(k, b) if b is not None else None
        try:
            s = b.decode("utf-8") if b is not None else None
        except UnicodeDecodeError:
            continue
        if _readable(s):
            return s
    return None


ARG_NAME_RE = re.compile(r"\s*(?:compile\(\s*)?([A-Za-z_$][\w$]{0,60})\s*[,)]")


def _assigned(text: str, before: int, arg: str) -> str | None:
    """When the call's argument is a name, the decoding expression the name was last assigned (a line
    before the call), else None."""
    m = ARG_NAME_RE.match(arg)
    if not m:
        return None
    rhs = None
    for a in re.finditer(r"(?m)^[ \t]*(?:(?:const|let|var|local)\s+)?" + re.escape(m.group(1)) + r"\s*=(?!=)\s*([^\n]{1,400})",
                         text[:before]):
        rhs = a.group(1)
    return rhs if rhs is not None and any(rx.search(rhs) for _, rx in DECODERS) else None


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
        decodes: bool | None = None  # whether the file names any decoder (asked once, when an argument is a bare name)
        for m in SINK_RE[lang].finditer(text):
            end = text.find("\n", m.end())
            arg = text[m.end(): end if end >= 0 else len(text)][:400]
            if not any(rx.search(arg) for _, rx in DECODERS):
                if decodes is None:
                    decodes = any(rx.search(text) for _, rx in DECODERS)
                arg = _assigned(text, m.start(), arg) if decodes else None  # exec(code), code = compile(lzma…)
                if arg is None:
                    continue
            payload = None
            for nm in NAME_RE.finditer(arg):
                name = nm.group(0).lstrip("$@")
                if len(name) < 2 and not name.isupper():
                    continue  # (a one-letter constant, B = "…", is a name; x, i are loop variables)
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
