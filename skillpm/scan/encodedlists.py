"""A data file's entries read as the skill's programs decode them: hex, reversed, char codes.

``Scanner.related_files`` judges what a data file of the skill names when a script reads its paths from
it (a list of credential files or agent stores, and a script that sends data out); base64 entries are read
decoded when a program of the skill decodes base64. The same list may be stored in any other reversible
form a program undoes at run time; each is read decoded only when some program of the skill applies the
transform:

- hex (``Buffer.from(h, 'hex')``, ``bytes.fromhex``, ``unhexlify``, ``hex2bin``, ``pack('H*')``,
  ``[H*]``, ``FromHexString``): a run of hex digits that decodes to a printable line;
- reversal (``.reverse()``, ``[::-1]``, ``strrev``, ``.reverse``, ``Array.Reverse``): each path-like token
  (a slash, or a leading or trailing dot) reversed, added beside the file's text (which entries are
  reversed is the program's choice);
- char codes (``chr``, ``fromCharCode``, ``.chr``, ``pack('C*')``, ``[char]``): a list of three or more
  numbers in the printable range, spelled.

What the decoded entries name is weighed as if the file held it plainly; a file no program decodes this way
is read as written.
"""

from __future__ import annotations

import re

HEX_WORDS = (b"'hex'", b'"hex"', b"fromhex", b"unhexlify", b"hex2bin", b"H*", b"FromHexString", b"hex_decode",
             b"decode('hex", b'decode("hex', b"HexDecode", b"hex.decode", b"DecodeString(")
REV_WORDS = (b".reverse()", b"[::-1]", b"strrev", b".reverse", b"Array.Reverse", b"reversed(", b"| rev", b"StrReverse")
CODE_WORDS = (b"chr(", b"fromCharCode", b".chr", b"C*", b"[char]", b"chr)", b"map(chr", b"FromCharCode")
HEX_RE = re.compile(r"(?<![\w/.-])(?:[0-9a-fA-F]{2}){6,2000}(?![\w/.-])")
TOKEN_RE = re.compile(r"""[^\s"',\[\]{}()=:]{4,200}""")
CODES_RE = re.compile(r"\[\s*((?:\d{2,3}\s*,\s*){2,400}\d{2,3})\s*,?\s*\]")
PROGRAM_EXT = (".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rb", ".php", ".sh", ".bash", ".zsh", ".ps1", ".psm1",
               ".pl", ".lua", ".go", ".rs", ".java", ".kt", ".cs", ".swift", ".mk", ".just")
PROGRAM_MAX = 256 * 1024
_LAST: list = [None, frozenset()]  # the files of the last skill asked about, and its answer (asked up to three times)


def transforms(files: dict[str, bytes]) -> frozenset[str]:
    """The transforms some program of the skill (a script by its extension or shebang; not a document or
    data file) applies."""
    if _LAST[0] is files:
        return _LAST[1]
    found = set()
    for path, data in files.items():
        if len(data) > PROGRAM_MAX or not (path.lower().endswith(PROGRAM_EXT) or data[:2] == b"#!"):
            continue
        if "hex" not in found and any(map(data.__contains__, HEX_WORDS)):
            found.add("hex")
        if "rev" not in found and any(map(data.__contains__, REV_WORDS)):
            found.add("rev")
        if "codes" not in found and any(map(data.__contains__, CODE_WORDS)):
            found.add("codes")
    out = frozenset(found)
    _LAST[0], _LAST[1] = files, out
    return out


def _hex(m: re.Match) -> str:
    tok = m.group(0)
    if tok.isdigit():
        return tok  # a number, not an encoding
    try:
        s = bytes.fromhex(tok).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return tok
    return s if s.isprintable() else tok


def _codes(m: re.Match) -> str:
    nums = [int(n) for n in re.findall(r"\d+", m.group(1))]
    if not all(32 <= n < 127 for n in nums):
        return m.group(0)
    return '"' + "".join(map(chr, nums)) + '"'


def decoded(text: str, how: frozenset[str]) -> str:
    """``text`` with its entries decoded as ``how`` says the skill's programs decode them (module doc)."""
    if "hex" in how and HEX_RE.search(text):
        text = HEX_RE.sub(_hex, text)
    if "codes" in how and "," in text:
        text = CODES_RE.sub(_codes, text)
    if "rev" in how:  # the path-like tokens (a slash, or a leading or trailing dot), each reversed, on lines added
        rev = [t[::-1] for t in TOKEN_RE.findall(text) if "/" in t or "\\" in t or t[0] == "." or t[-1] == "."]
        if rev:
            text = text + "\n" + "\n".join(rev)
    return text


def decoded_values(values: list[str], how: frozenset[str]) -> str:
    """A settings file's values joined by blanks, each decoded as ``how`` says (hex, char codes); when the
    skill reverses strings, a second line holds each value reversed, in the same order."""
    one = [decoded(v, how - {"rev"}) for v in values]
    joined = " ".join(one)
    if "rev" in how:
        joined += "\n" + " ".join(v[::-1] for v in one)
    return joined
