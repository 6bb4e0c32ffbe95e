"""A value spelled another way, then used by name: read where it is used, as the run makes it.

A script hides a URL or a command word by spelling it as char codes (``-join [char[]]@(104,116,…)``,
``String.fromCharCode(…)``, ``''.join(map(chr, […]))``, ``[…].pack('c*')``), hex, base64 or reversed,
keeps it in a variable, and uses the variable later: in a string it interpolates (PowerShell's
``"… GetCmdlet('$x') … DownloadString('$u') …"``, Python's f-strings, JavaScript's template
literals, Ruby's ``#{}``) or glues (``"curl " + u + " | sh"``). The transforms pass decodes the
literal where it stands, but the line that runs it holds only the name.

``interpolated_literals`` reads such a script again with every decoded value written where its
variable is used (inside a string as its text, outside one as a quoted literal, literals glued with
``+`` folded), and reports what the rules find in that copy and not in the script as written, on the
line of the use. Only a script that decodes something is read this way (a plain literal used by name
needs no second reading: the rules see it where it is written).
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import litgate  # one of many literals in a file (speed)


INTERP_MAX = 256 * 1024
LANGS = {".ps1": "ps", ".psm1": "ps", ".py": "py", ".pyw": "py", ".js": "js", ".mjs": "js", ".cjs": "js", ".ts": "js",
         ".rb": "rb"}
# what a script must hold for a value to be spelled another way in it (bytes)
DECODE_BYTES = (b"fromCharCode", b"[char", b"chr(", b"chr,", b"pack(", b".chr", b"fromhex", b"unhexlify", b"'hex'", b'"hex"',
                b"FromBase64String", b"b64decode", b"atob(", b"base64", b"decode64", b"[::-1]", b".reverse()", b"strrev(")
B64_DECODERS = ("FromBase64String", "b64decode", "atob(", "base64", "decode64", "unpack1(")
B64_LITERAL_RE = re.compile(r"""(["'])([A-Za-z0-9+/]{8,2000}={0,2})\1""")
ASSIGN_RE = {
    "ps": re.compile(r"^[ \t]*\$(?:script:|global:)?([A-Za-z_]\w{0,40})[ \t]*=(?!=)[ \t]*(.{1,4000})$", re.M),
    "py": re.compile(r"^[ \t]*([A-Za-z_]\w{0,40})[ \t]*(?::[ \t]*\w+[ \t]*)?=(?!=)[ \t]*(.{1,4000})$", re.M),
    "js": re.compile(r"^[ \t]*(?:(?:export[ \t]+)?(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]{0,40})[ \t]*=(?![=>])[ \t]*(.{1,4000})$", re.M),
    "rb": re.compile(r"^[ \t]*([A-Za-z_]\w{0,40})[ \t]*=(?!=)[ \t]*(.{1,4000})$", re.M),
}
# what builds text from char codes: JS fromCharCode, Python chr, PowerShell [char] / [char[]], Ruby .chr / pack
CHARCODE_FN_RE = re.compile(r"fromCharCode|\bchr\b|\[char\b|\.chr\b|\bpack\(", re.I)
LITERAL_RE = re.compile(r"""(["'])((?:(?!\1)[^\\\n]|\\.){0,2000})\1""")
NAMES_MAX = 24
MEMBER_RE = re.compile(r"""([\w$)\]])\[\s*(["'`])([A-Za-z_$][\w$]{0,40})\2\s*\]""")


def _decoded(text: str) -> str:
    """The script with each literal it decodes written as the text it makes (line for line)."""
    from skillpm.scan import engine as E

    base = text
    if CHARCODE_FN_RE.search(text):
        base = E.CHARCODE_ARRAY_RE.sub(E._char_codes, base)
    if any(w in text for w in E.HEX_DECODER_WORDS) and E.HEX_DECODER_RE.search(text):
        base = E.HEX_LITERAL_RE.sub(E._hex_text, base)
    if any(w in text for w in E.REVERSED_CALL_WORDS):
        base = E._reversed_in_place(base)
    if any(w in text for w in B64_DECODERS):
        base = "\n".join(B64_LITERAL_RE.sub(_b64_text, ln) if any(w in ln for w in B64_DECODERS) else ln
                         for ln in base.split("\n"))
    return base


def _b64_text(m: re.Match) -> str:
    from skillpm.scan import hidden

    tok = m.group(2)
    if tok.rstrip("=").isalpha() or tok.isdigit():
        return m.group(0)
    raw = hidden.decode_b64(tok)
    if raw and raw[1:2] == b"\x00":  # UTF-16LE, as PowerShell's [Text.Encoding]::Unicode reads it
        raw = raw[::2] if not raw[1::2].strip(b"\x00") else None
    try:
        out = raw.decode("ascii") if raw else ""
    except UnicodeDecodeError:
        return m.group(0)
    if len(out) < 4 or not out.isprintable() or '"' in out or "\\" in out:
        return m.group(0)
    return '"' + out + '"'


# a value made only of literals glued with +
GLUED_ONLY_RE = re.compile(r"""^\s*(?:(["'])[^"'\\\n]{0,200}\1\s*\+\s*)+(["'])[^"'\\\n]{0,200}\2\s*;?\s*$""")


def _values(lang: str, text: str) -> dict[str, str]:
    """Variables assigned one literal (empty and short format strings aside: ``[…].pack('c*')``)."""
    out: dict[str, str] = {}
    from skillpm.scan.assembled import _concat

    for m in ASSIGN_RE[lang].finditer(text):
        rhs = m.group(2)
        if "+" in rhs and GLUED_ONLY_RE.match(rhs):
            rhs = _concat(rhs)  # '--' + 'admin': one value, its short pieces kept
        lits = [x.group(2) for x in LITERAL_RE.finditer(rhs)]
        long = [s for s in lits if len(s) > 3]
        if len(long) != 1 or "$" in long[0] or "{" in long[0] or "#" in long[0] and lang == "rb":
            out.pop(m.group(1), None)  # assigned again, to something else: not followed
            continue
        out[m.group(1)] = long[0]
        if len(out) >= NAMES_MAX:
            break
    return out


# A helper that turns its argument into text (``const str = (a) => String.fromCharCode.apply(null, a)``,
# ``def s(c): return ''.join(map(chr, c))``, ``s = lambda b: base64.b64decode(b).decode()``): its name, on a
# line that defines it and names a decoder on that line or the next two
HELPER_DEF_RE = re.compile(r"^[ \t]*(?:(?:export[ \t]+)?(?:async[ \t]+)?function[ \t]+([A-Za-z_$][\w$]{0,40})[ \t]*\(|"
                           r"(?:export[ \t]+)?(?:const|let|var)[ \t]+([A-Za-z_$][\w$]{0,40})[ \t]*=[ \t]*(?:function\b|\([^()\n]{0,40}\)[ \t]*=>|[A-Za-z_$][\w$]{0,20}[ \t]*=>)|"
                           r"def[ \t]+(?:self\.)?([A-Za-z_]\w{0,40})[ \t]*\(|([A-Za-z_]\w{0,40})[ \t]*=[ \t]*(?:lambda\b|->|proc\b))", re.M)
HELPER_BODY_RE = re.compile(r"fromCharCode|\bchr\b|\.chr\b|\bpack\(|b64decode|\batob\(|decode64|unpack1?\(|fromhex|unhexlify|"
                            r"['\"](?:base64|hex)['\"]|\.reverse\(\)|\[::-1\]|\.reverse\b")


def decoder_helpers(text: str) -> set[str]:
    """The names of the script's functions that decode their argument into text (see HELPER_DEF_RE)."""
    out: set[str] = set()
    for m in HELPER_DEF_RE.finditer(text):
        end = m.end()
        for _ in range(3):
            nl = text.find("\n", end + 1)
            end = len(text) if nl < 0 else nl
        if HELPER_BODY_RE.search(text, m.end(), end):
            out.add(next(g for g in m.groups() if g))
            if len(out) >= NAMES_MAX:
                break
    return out


def _helper_calls(text: str, helpers: set[str]) -> str:
    """Each call of a decoding helper on a literal (``str("Function")``, once the literal is decoded in
    place) written as the literal: the helper only made it text."""
    names = "|".join(re.escape(n) for n in sorted(helpers, key=len, reverse=True))
    call = re.compile(r"(?<![\w$.])(?:" + names + r""")\(\s*((["'])[^"'\\\n]{1,400}\2)\s*\)""")
    return call.sub(lambda m: m.group(1), text)


def _expanded(lang: str, text: str, values: dict[str, str]) -> str:
    """Each line that uses a variable of ``values`` (not on its assignment's left), the value written there."""
    from skillpm.scan.assembled import _concat, _quoted

    names = "|".join(re.escape(n) for n in sorted(values, key=len, reverse=True))
    if lang == "ps":
        use = re.compile(r"\$(?:\{(" + names + r")\}|(" + names + r")\b)", re.I)
        lower = {k.lower(): v for k, v in values.items()}
        return use.sub(lambda m: lower[(m.group(1) or m.group(2)).lower()], text)
    inside = {"py": r"\{(" + names + r")(?:!r|!s)?\}", "js": r"\$\{\s*(" + names + r")\s*\}", "rb": r"#\{(" + names + r")\}"}[lang]
    bare = r"(?<![\w$.'\"])(" + names + r")(?![\w$]|\s*=[^=]|\s*\()"
    helpers = decoder_helpers(text)
    rx = re.compile(inside + "|" + bare)
    out = []
    for ln in text.split("\n"):
        if not rx.search(ln):
            out.append(ln)
            continue
        a = ASSIGN_RE[lang].match(ln)
        head, tail = (ln[:a.start(2)], ln[a.start(2):]) if a else ("", ln)
        tail = rx.sub(lambda m: values[m.group(1)] if m.group(1) else _quoted(values[m.group(2)]), tail)
        new = head + tail
        if helpers and "(" in new:
            new = _helper_calls(new, helpers)
        if lang != "py" and "[" in new:  # globalThis["eval"](…), obj['send'](…): a member named by a literal
            new = MEMBER_RE.sub(lambda m: m.group(1) + "." + m.group(3), new)
        out.append(_concat(new) if "+" in new else new)
    return "\n".join(out)


def interpolated_literals(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each script that decodes a value into a variable, read again with the value where the variable is
    used; what the rules find there, and not in the script as written, is reported on its line."""
    from skillpm.scan.assembled import rescanned
    from skillpm.scan.engine import classify

    out = []
    for path, data in files.items():
        lang = LANGS.get(posixpath.splitext(path.lower())[1])
        if lang is None or len(data) > INTERP_MAX or not litgate.any_in(data, DECODE_BYTES):
            continue
        if classify(path, data[:8192], False) != "script":
            continue
        text = data.decode("utf-8", errors="replace")
        base = _decoded(text)
        if base == text:
            continue
        values = {k: v for k, v in _values(lang, base).items() if k in _values_changed(lang, text, base)}
        if not values:
            continue
        copy = _expanded(lang, base, values)
        if copy.count("\n") != text.count("\n"):
            continue
        known = {f.rule for f in (*found, *out) if f.file == path and f.grades}
        out += rescanned(sc, path, text, copy, description, known,
                         "with the values the script decodes written where it uses them")
    return out


def _values_changed(lang: str, text: str, base: str) -> set[str]:
    """The variables whose assignment the decoding changed: the values spelled another way."""
    was = {m.group(1): m.group(2) for m in ASSIGN_RE[lang].finditer(text)}
    return {m.group(1) for m in ASSIGN_RE[lang].finditer(base) if was.get(m.group(1)) != m.group(2)}
