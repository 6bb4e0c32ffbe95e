"""The value a run makes of a literal: one decoding layer every reader of hosts, URLs, paths, commands and settings asks.

A key string (a metadata address, a package mirror, a home folder given as a delete root) is often not spelled in a
file as the value the run makes: it is kept base64 (standard or URL-safe), hex (plain digits, ``\\x`` escapes, ``0x``
bytes, ``%`` escapes), reversed, as character codes (``chr``, ``String.fromCharCode``, ``[char]``, a byte or rune
array in Go, Rust, Java, Kotlin, C#), as ``\\u`` escapes, in parts joined at run time, or as the raw bytes of an
address (``net.IP(hex.DecodeString("a9fea9fe"))``), and these composed (base64 of a reversed string, hex of
base64). Each reader used to decode its own subset; this module is the one place that does it.

- ``doings(text)``: which transforms a file's code performs (a base64 or hex decoder, a reversal, a char-code
  builder, an address made of bytes), from its words in every language the scanner reads. A transform the file
  does not perform is not applied to its literals (reversing every literal of every file would make noise).
- ``decodings(s, how)``: every value the run may make of the literal ``s`` under those transforms, composed up to
  ``DEPTH`` steps, each step kept only when it makes printable text (or, last, an address from four bytes).
- ``run_value(s, how)``: the one of those that reads as a value a reader looks for (an address, a path, a home, a
  command line, a word), or None.
- ``view(text, how, env)``: the file line for line with each literal, char-code array, joined list and shell decode
  pipeline written as the value the run makes of it (quoted); None when nothing changes. ``env`` holds names a
  shell file assigns literals to (its own and those of the files it sources), so ``$(printf %s "$SPEC" | base64 -d
  | rev)`` is read with ``SPEC``'s literal.

Bounded: literals up to ``LIT_MAX`` characters, ``DEPTH`` steps, ``MAX_LITS`` literals per file; a file that names
no transform is returned at once.
"""

from __future__ import annotations

import re

from skillpm.scan import hidden

LIT_MAX = 4096
DEPTH = 3
MAX_LITS = 400

# ---------------------------------------------------------------- what a file does to its literals, by language

B64_WORDS = ("b64decode", "base64 -d", "base64 --decode", "base64 -D", "base64 -di", "atob(", "Base64.getDecoder",
             "Base64.getUrlDecoder", "Base64.getMimeDecoder", "FromBase64String", "base64_decode", "decode64", "unpack1('m",
             'unpack1("m', "unpack('m", 'unpack("m', "'base64'", '"base64"', "base64.StdEncoding", "base64.URLEncoding",
             "base64.RawStdEncoding", "base64.RawURLEncoding", "base64::decode", "STANDARD.decode", "Base64.decode",
             "decodeBase64", "base64decode", "textdecodebase64", "urlsafe_b64decode", "b64_decode", "Base64.strict_decode64",
             "Base64.urlsafe_decode64", "decode_base64", "base64.decode",
             # (the words spelledsql and assembled kept their own lists of: Go's and C#'s DecodeString, Ruby's and Perl's
             # unpack, Java's static getDecoder(), Rust's base64:: engines, Swift's Data(base64Encoded:), Dart's
             # base64Decode, MySQL's FROM_BASE64, Python's binascii.a2b_base64, Node's base64url)
             "DecodeString(", "unpack1(", "unpack(", "getDecoder()", "getMimeDecoder()", "getUrlDecoder()", "base64::",
             "base64Encoded:", "base64Decode(", "FROM_BASE64(", "from_base64(", "a2b_base64", "'base64url'", '"base64url"')
# the generic ones of those (hex's and base32's DecodeString, every unpack format): a file's transforms, never a gate
B64_GENERIC = frozenset(("DecodeString(", "unpack1(", "unpack("))
HEX_WORDS = (*hidden.HEX_DECODER_WORDS, "toInt(16)", "toInt(radix = 16)", "parseInt(", "Integer.parseInt(", "Integer.valueOf(",
             "Byte.parseByte(", "from_str_radix(", "HexFormat", "ToByte(", "ToInt32(", "int(h, 16)", ", 16)", ",16)", "'hex')",
             "\"hex\")", "hex2bin", "xxd")
REV_WORDS = ("[::-1]", "reversed(", ".reverse", "strrev(", "::Reverse(", "| rev", "|rev", "rev <<<", "rev<<<", ":= 0, len(",
             ".Reverse(", ".rev()", "scalar reverse", "asReversed(", ".reversed()", "StringBuilder(", "[-1..", "Reverse(")
CODE_WORDS = ("chr(", "chr)", "fromCharCode", "FromCharCode", "[char]", "[char[]]", "pack(", ".chr", "map(chr", "from_utf8",
              "String(bytes", "new String(", "string([]byte", "string([]rune", "[]byte{", "[]rune{", "toChar()",
              "byteArrayOf(", "charArrayOf(", "GetString(", "bytes([", "bytes((", "vec![", "b\"", "decode(\"", ".decode()",
              "-join", "join(map(", "implode(", "new byte[]", "new char[]", "(char)", "utf8.decode(", "as char", "char::from",
              "byte[]")
IP_WORDS = ("net.IP(", "net.IPv4(", "inet_ntoa(", "inet_ntop(", "ip_address(", "IPv4Address(", "getByAddress(", "IPAddress(",
            "Ipv4Addr::", "IpAddr::", "IPAddr.new_ntoh", "long2ip(", "IPAddress.Parse(")
# base32 and base85/Ascii85 (Python's b32decode/b85decode/a85decode, Go's base32.StdEncoding, Java's and Kotlin's
# Base32 libraries, Node's and Rust's base32/base85 crates, the shell's base32 -d, PowerShell's and C#'s Base32 helpers)
B32_WORDS = ("b32decode", "b32hexdecode", "base32", "Base32", "BASE32")
B85_WORDS = ("b85decode", "a85decode", "base85", "Base85", "Ascii85", "ascii85", "ASCII85", "z85")
# what builds text of a byte array it changes first: XOR with a constant, a shift, an offset, in any language (the
# constant is read where it stands: ``b ^ 0x5A``, ``(b - 7) as char``, ``[char]($_ - 3)``, ``-bxor 42``,
# ``wrapping_sub(7)``, ``c + 3``, ``b >> 1``)
ARITH_RE = re.compile(r"(?:(?<![\w)\]])(?:\$_|\b[a-zA-Z_]\w{0,12}(?:\[\w{0,8}\])?|\(\s*\w{1,12}\s*\))\s*(\^|-|\+|>>|<<)\s*(0x[0-9a-fA-F]{1,2}|\d{1,3})\b"
                      r"|-bxor\s*(0x[0-9a-fA-F]{1,2}|\d{1,3})\b|\bwrapping_(sub|add)\(\s*(0x[0-9a-fA-F]{1,2}|\d{1,3})\s*\))")
ARITH_WORDS = ("^", "-bxor", "wrapping_", " - ", " + ", "-", "+", ">>", "<<")
ARITH_CONTEXT = ("as char", "(char)", "[char]", "toChar", "chr(", "fromCharCode", "new String(", "String(", "string(",
                 "GetString(", "from_utf8", "bytes(", "collect", "-join", "join(", "pack(", "char::from", "byte(")
# a shell's own escapes made text: `$(printf '\x6e\x70…')`, `$(printf %b '…')`, `$(echo -e '…')`, `$'\x6e…'`
ESC_WORDS = ("printf '\\x", 'printf "\\x', "printf '\\1", 'printf "\\1', "%b '\\", '%b "\\', "echo -e '\\", 'echo -e "\\',
             "echo -ne '\\", 'echo -ne "\\', "$'\\x", "$'\\1")
PCT_WORDS = ("unquote(", "decodeURIComponent(", "decodeURI(", "unescape(", "PathUnescape(", "QueryUnescape(",
             "UrlDecode(", "URLDecoder.decode(", "urldecode(", "rawurldecode(", "percent_decode", "CGI.unescape(",
             "UnescapeDataString(")
# the words that name a decoder specifically (a reader's cheap gate, litgate.any_in over a file's bytes): the generic
# ones above (".decode()", "parseInt(", "StringBuilder(") only say which transforms a file that passed may perform
GATE_WORDS = tuple(dict.fromkeys((*(w for w in B64_WORDS if w not in B64_GENERIC), *B32_WORDS, *B85_WORDS, *hidden.HEX_DECODER_WORDS, *IP_WORDS, "toInt(16)", "from_str_radix(", "HexFormat",
                                  "fromCharCode", "FromCharCode", "from_utf8", "[]byte{", "[]rune{", "byteArrayOf(", "vec![",
                                  "toChar()", "[char]", "chr(", "strrev(", "[::-1]", "| rev", "|rev", "rev <<<",
                                  "as char", "(char)", "(byte)0x", "-bxor", *ESC_WORDS)))
GATE_BYTES = tuple(w.encode() for w in GATE_WORDS)
# the words of the decoders this layer has that the older readers' own copies (spelledsql.copies) lack: base32,
# base85, a shell's escapes, byte arrays changed by arithmetic; those readers ask for this layer's view only then
EXTRA_BYTES = tuple(w.encode() for w in dict.fromkeys((*B32_WORDS, *B85_WORDS, *ESC_WORDS, "as char", "(char)", "(byte)0x", "-bxor",
                                                        "wrapping_sub", "wrapping_add")))
WORDS = {"b64": B64_WORDS, "b32": B32_WORDS, "b85": B85_WORDS, "hex": HEX_WORDS, "rev": REV_WORDS, "code": CODE_WORDS,
         "ip": IP_WORDS, "pct": PCT_WORDS, "esc": ESC_WORDS}
ALL = frozenset(WORDS)


def doings(text: str) -> frozenset[str]:
    """The transforms ``text``'s code performs on its literals (keys of WORDS), by the words that name them."""
    return frozenset(k for k, ws in WORDS.items() if any(w in text for w in ws))


# ---------------------------------------------------------------- one literal

B64_TOKEN_RE = re.compile(r"[A-Za-z0-9+/_-]{6,}={0,2}")
HEX_PLAIN_RE = re.compile(r"(?:[0-9a-fA-F]{2}){3,}")
HEX_ESC_RE = re.compile(r"(?:\\x[0-9a-fA-F]{2}){3,}")
HEX_SEP_RE = re.compile(r"(?:0x)?[0-9a-fA-F]{2}(?:[\s,:-]+(?:0x)?[0-9a-fA-F]{2}){3,}")
PCT_RE = re.compile(r"(?:%[0-9a-fA-F]{2}){2,}")
UESC_RE = re.compile(r"\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]{1,6})\}")


def _text(raw: bytes | None) -> str | None:
    if not raw or len(raw) < 3:
        return None
    try:
        s = raw.decode("ascii")
    except UnicodeDecodeError:
        return None
    return s if s.replace("\n", " ").replace("\t", " ").isprintable() else None


def text_of(raw: bytes | None) -> str | None:
    """Decoded bytes as the text they make (ASCII, printable but for line breaks and tabs), or None."""
    return _text(raw)


def _ip(raw: bytes | None) -> str | None:
    return ".".join(str(b) for b in raw) if raw is not None and len(raw) == 4 else None


def _unhex(s: str) -> bytes | None:
    t = s.strip()
    if HEX_ESC_RE.fullmatch(t):
        t = t.replace("\\x", "")
    elif HEX_SEP_RE.fullmatch(t) and not HEX_PLAIN_RE.fullmatch(t):
        t = re.sub(r"0x|[\s,:-]", "", t)
    elif len(t) >= 8 and HEX_PLAIN_RE.fullmatch(t) is None:
        return None
    try:
        return bytes.fromhex(t)
    except ValueError:
        return None


def _unb64(s: str) -> bytes | None:
    t = s.strip()
    if not B64_TOKEN_RE.fullmatch(t) or t.rstrip("=").isalpha() or t.isdigit():
        return None
    if t.rstrip("=").isalnum() and t.lower() == t and len(t) % 4:
        return None  # a word or an identifier, not an encoding
    return hidden.decode_b64_strict(t, urlsafe="-" in t or "_" in t)


B32_TOKEN_RE = re.compile(r"[A-Z2-7]{8,}={0,6}|[a-z2-7]{8,}={0,6}")
B85_TOKEN_RE = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{10,}")


def _unb32(s: str) -> bytes | None:
    import base64

    t = s.strip()
    if not B32_TOKEN_RE.fullmatch(t) or t.rstrip("=").isalpha() and "=" not in t and len(t) % 8:
        return None
    try:
        return base64.b32decode(t.upper() + "=" * (-len(t) % 8), casefold=False)
    except ValueError:
        return None


def _unb85(s: str) -> bytes | None:
    import base64

    t = s.strip()
    if not B85_TOKEN_RE.fullmatch(t) or t.isalnum():
        return None
    for dec in (base64.b85decode, base64.a85decode):
        try:
            return dec(t)
        except ValueError:
            continue
    return None


def _steps(s: str, how: frozenset[str]):
    """(name, value) for each single transform of ``s`` that makes text (or, from four bytes, an address)."""
    if "b64" in how:
        raw = _unb64(s)
        if raw is not None:
            t = _text(raw)
            if t is not None:
                yield "base64", t
            elif "ip" in how and _ip(raw):
                yield "base64 address", _ip(raw)
    for key, undo, name in (("b32", _unb32, "base32"), ("b85", _unb85, "base85")):
        if key in how:
            t = _text(undo(s))
            if t is not None:
                yield name, t
    if "hex" in how or "\\x" in s:
        raw = _unhex(s)
        if raw is not None:
            t = _text(raw)
            if t is not None:
                yield "hex", t
            elif "ip" in how and _ip(raw):
                yield "hex address", _ip(raw)
    if "%" in s and PCT_RE.search(s):
        from urllib.parse import unquote

        t = unquote(s)
        if t != s and t.isprintable():
            yield "percent", t
    if "\\u" in s and UESC_RE.search(s):
        t = UESC_RE.sub(lambda m: chr(min(int(m.group(1) or m.group(2), 16), 0xFFFD)), s)
        if t.isprintable():
            yield "unicode escapes", t
    if "rev" in how:
        yield "reversed", s[::-1]


def decodings(s: str, how: frozenset[str] = ALL, depth: int = DEPTH) -> list[tuple[str, str]]:
    """Every value the run may make of the literal ``s`` under ``how`` (composed up to ``depth`` steps): (the
    chain of transforms, the value), shortest chains first; ``s`` itself is not among them."""
    if not s or len(s) > LIT_MAX or not how:
        return []
    out, seen, frontier = [], {s}, [("", s)]
    for _ in range(depth):
        nxt = []
        for chain, cur in frontier:
            for name, val in _steps(cur, how):
                if val in seen:
                    continue
                seen.add(val)
                c = name if not chain else f"{name} of {chain}"
                out.append((c, val))
                if "address" not in name:
                    nxt.append((c, val))
        frontier = nxt
        if not frontier or len(out) > 24:
            break
    return out


# what a reader looks for in a value: an address, a path, the home, a command line
_URL_RE = re.compile(r"^[a-z][a-z0-9+.-]{1,15}://[\w.-]+", re.I)
_IP_RE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_PATH_RE = re.compile(r"^(?:~|\$\{?HOME\}?|\$\{?USERPROFILE\}?|%USERPROFILE%|%APPDATA%|/|[A-Za-z]:\\)[\w./\\ ${}%~-]*$")
_HOST_RE = re.compile(r"^(?:[a-z0-9-]{1,63}\.)+[a-z]{2,24}(?::\d+)?(?:/[\w./%?=&-]*)?$", re.I)
_CMD_RE = re.compile(r"^(?:curl|wget|rm|sudo|bash|sh|powershell|pwsh|iex|nc|python3?|node|chmod|find|del|rd)\b")
_REL_RE = re.compile(r"^[\w.-]{2,40}(?:/[\w.-]{1,60}){1,8}/?$")


def meaning(v: str) -> int:
    """How much ``v`` reads as a value a reader looks for: 3 an address or URL, 2 a path, the home or a command,
    1 a relative path or a dotted host, 0 none of these."""
    v = v.strip()
    if _URL_RE.match(v) or _IP_RE.match(v):
        return 3
    if _PATH_RE.match(v) or _CMD_RE.match(v):
        return 2
    if _HOST_RE.match(v) or _REL_RE.match(v):
        return 1
    return 0


def run_value(s: str, how: frozenset[str] = ALL) -> tuple[str, str] | None:
    """(chain, value) for the value the run makes of ``s`` that reads most as an address, a path, the home or a
    command (a reversal alone must make one of these; a decoding makes printable text and is enough), or None."""
    best, score = None, 0
    for chain, v in decodings(s, how):
        m = meaning(v)
        plain = chain in ("reversed",)
        if plain and m < 2 or m == 0 and not v.replace(" ", "").isalnum():
            continue
        k = m * 4 - chain.count(" of ")
        if best is None or k > score:
            best, score = (chain, v), k
    return best


# ---------------------------------------------------------------- a file's view, as the run makes its values

# (a literal of any length: a pattern that needs three characters pairs the quotes of `get('X', …)` wrongly)
QUOTED_RE = re.compile(r"""(["'`])((?:(?!\1)[^\\\n]|\\.){0,%d})\1""" % LIT_MAX)
# an array of char codes or bytes, in any language's brackets (`[104, 116]`, `{0x68, 0x74}`, `vec![…]`,
# `byteArrayOf(…)`, `@(…)`); the values decimal or 0x-hex, three or more
# (an element may carry its cast: Java's and C#'s `(byte)0x32`)
_EL = r"(?:\(\s*(?:byte|sbyte|char|u8|int)\s*\)\s*)?(?:0x[0-9a-fA-F]{1,2}|\d{1,3})"
CODE_ARRAY_RE = re.compile(r"""(?:vec!|byteArrayOf|charArrayOf|arrayOf|new\s+(?:byte|char)\s*\[\s*\]\s*|\[\](?:byte|rune|uint8)|@)?"""
                           r"""[\[({]\s*(""" + _EL + r"""(?:\s*,\s*""" + _EL + r"""){3,400})\s*,?\s*[\])}]""")
# a list of two or more literals (over lines, as a constant table is written) that the file joins at run time:
# Go's `[]string{"MN2X…", "MRPM…"}` read through strings.Join, Python's `["aHR0", "cHM6"]` through "".join
LIT_LIST_RE = re.compile(r"""[\[{(]\s*((?:(["'`])[^"'`\\\n]{1,800}\2\s*,\s*){1,40}(["'`])[^"'`\\\n]{1,800}\3)\s*,?\s*[\])}]""")
JOIN_WORDS = ("Join(", ".join(", "-join", "concat(", "Concat(", "implode(", "mkString", "joinToString", "collect::<String>")
# adjacent literals joined where they stand: `"htt" + "ps://"`, `'a' . 'b'`, `"a" "b"` (C, Python), `"a" & "b"`
CONCAT_RE = re.compile(r"""(["'])((?:(?!\1)[^\\\n]){0,400})\1(?:[ \t]*(?:\+|\.|&|<<)?[ \t]*(["'])((?:(?!\3)[^\\\n]){0,400})\3){1,20}""")
PART_RE = re.compile(r"""(["'])((?:(?!\1)[^\\\n]){0,400})\1""")
# a list of literals joined with a literal separator: Python's "/".join([...]), JS/Ruby's [...].join("/"), Go's
# strings.Join([]string{...}, "/"), PowerShell's @(...) -join "/"
JOIN_RES = (re.compile(r"""(["'])([^"'\n]{0,4})\1\.join\(\s*[\[(]([^\[\]()\n]{1,800})[\])]\s*\)"""),
            re.compile(r"""\[([^\[\]\n]{1,800})\]\.join\(\s*(["'])([^"'\n]{0,4})\2\s*\)"""),
            re.compile(r"""strings\.Join\(\s*\[\]string\{([^{}\n]{1,800})\}\s*,\s*(["'])([^"'\n]{0,4})\2\s*\)"""),
            re.compile(r"""@?\(([^()\n]{1,800})\)\s*-join\s*(["'])([^"'\n]{0,4})\2"""))
# a shell decode pipeline in a command substitution: `$(printf '%s' "$X" | base64 -d | rev)`, `$(echo LIT | xxd -r -p)`,
# `$(base64 -d <<< "$X")`
SH_SUB_RE = re.compile(r"""\$\(\s*(?:(?:printf\s+(?:['"]?%s['"]?\s+)?|echo\s+(?:-n\s+)?)(["']?)([^"'|\n)]{1,600})\1\s*\|\s*"""
                       r"""((?:(?:base64\s+(?:-d|--decode|-D|-di)|xxd\s+(?:-\w+\s+)*-r(?:\s+-p)?|rev|tr\s+\S+\s+\S+)[^|\n)]*?\|?\s*)+)"""
                       r"""|((?:base64\s+(?:-d|--decode|-D)|xxd\s+(?:-\w+\s+)*-r(?:\s+-p)?|rev)[^<\n)]*?)<<<\s*(["']?)([^"'\n)]{1,600})\5)\s*\)""")
# a shell script's own expansion of a leading ~ in a value: `${X/#\~/$HOME}`, `eval echo "$X"`, `${X/#~/$HOME}`
TILDE_EXPAND_RE = re.compile(r"""\$\{\w{1,60}/#\\?~/\$\{?HOME\}?\}|\beval\s+(?:echo|printf)\b""")
SH_ASSIGN_RE = re.compile(r"""^[ \t]*(?:export[ \t]+|readonly[ \t]+|local[ \t]+|declare[ \t]+(?:-\w+[ \t]+)?)?([A-Za-z_]\w{0,60})=(["'])([^"'\n$`]{1,600})\2""", re.M)
SH_SOURCE_RE = re.compile(r"""^[ \t]*(?:source|\.)[ \t]+[^\n;]*?([\w.-]+)["']?[ \t]*$""", re.M)


def shell_env(text: str, files: dict[str, bytes] | None = None) -> dict[str, str]:
    """The names a shell file assigns a literal (no expansion in it), with those of the skill's files it sources
    (by base name), earlier files first."""
    env: dict[str, str] = {}
    if files:
        names = {m.group(1) for m in SH_SOURCE_RE.finditer(text)}
        for path, data in files.items():
            if names and path.rsplit("/", 1)[-1] in names and len(data) <= 64 * 1024:
                env.update((m.group(1), m.group(3)) for m in SH_ASSIGN_RE.finditer(data.decode("utf-8", "replace")))
    env.update((m.group(1), m.group(3)) for m in SH_ASSIGN_RE.finditer(text))
    return env


def _pipeline(src: str, stages: str, env: dict[str, str]) -> str | None:
    """What a shell pipeline of decoders makes of ``src`` (a literal or ``$NAME`` from ``env``), or None."""
    src = src.strip()
    m = re.fullmatch(r"\$\{?(\w+)\}?", src)
    if m:
        src = env.get(m.group(1), "")
    if not src or "$" in src:
        return None
    val = src
    for stage in (s.strip() for s in stages.split("|")):
        if not stage:
            continue
        if stage.startswith("base64"):
            val = _text(hidden.decode_b64_strict(val.strip()))
        elif stage.startswith("xxd"):
            val = _text(_unhex(val))
        elif stage.startswith("rev"):
            val = val[::-1]
        else:
            return None
        if val is None:
            return None
    return val if val != src else None


def arith_ops(text: str) -> tuple[tuple[str, int], ...]:
    """The arithmetic ``text``'s code does to a byte before it makes it a character (ARITH_RE: XOR with a
    constant, an offset, a shift; at most eight), when it makes characters of numbers at all."""
    if not any(w in text for w in ARITH_CONTEXT):
        return ()
    ops: dict[tuple[str, int], None] = {}
    for m in ARITH_RE.finditer(text):
        if m.group(1):
            op, k = m.group(1), m.group(2)
        elif m.group(3):
            op, k = "^", m.group(3)
        else:
            op, k = "-" if m.group(4) == "sub" else "+", m.group(5)
        n = int(k, 0)
        if 0 < n < 256 and not (op in (">>", "<<") and n > 7):
            ops[(op, n)] = None
        if len(ops) >= 8:
            break
    return tuple(ops)


def _apply(op: str, k: int, codes: list[int]) -> list[int]:
    if op == "^":
        return [c ^ k for c in codes]
    if op == "-":
        return [(c - k) & 0xFF for c in codes]
    if op == "+":
        return [(c + k) & 0xFF for c in codes]
    if op == ">>":
        return [c >> k for c in codes]
    return [(c << k) & 0xFF for c in codes]


def _codes(body: str, ops: tuple[tuple[str, int], ...] = ()) -> str | None:
    """The text an array of char codes or bytes spells, as written or (``ops``) after the arithmetic the file does to
    each byte; arithmetic is taken only when its text reads as an address, a path, a host or a command."""
    try:
        codes = [int(re.sub(r"^\(\s*\w+\s*\)\s*", "", x), 0) for x in re.split(r"\s*,\s*", body.strip().rstrip(","))]
    except ValueError:
        return None
    plain = None
    for n, cs in enumerate([codes] + [_apply(op, k, codes) for op, k in ops]):
        if not all(32 <= c < 127 for c in cs):
            continue
        s = "".join(map(chr, cs))
        if '"' in s or "\\" in s:
            continue
        if meaning(s):
            return s
        if n == 0 and sum(c.isalpha() for c in s) >= max(3, len(s) // 2):
            plain = s
    return plain


def _parts(body: str) -> list[str] | None:
    parts = [m.group(2) for m in PART_RE.finditer(body)]
    rest = PART_RE.sub("", body).replace(",", "").strip()
    return parts if parts and not rest else None


# a decoder call around a literal, and what turns its bytes into text after it: collapsed to the value in a view
# (`base64.b64decode('…').decode()[::-1]`, `Buffer.from('…', 'hex').toString()`, `strrev(base64_decode('…'))`,
# `[Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('…'))`, `new StringBuilder("…").reverse().toString()`)
CALL_OPEN_RE = re.compile(r"""(?:\bnew\s+)?(?:\[[\w.]{1,60}\]::)?[\w.$:]{0,80}\(\s*$""")
CALL_CLOSE_RE = re.compile(r"""(?:\s*,\s*['"](?:base64|hex|utf-?8|ascii|latin1|binary)['"])?\s*\)""")
TAIL_RE = re.compile(r"""(?:\.(?:decode|toString|to_string|reverse|reversed|join|ToString|String|force_encoding|encode)\((?:\s*['"][^'"\n]{0,12}['"]\s*)?\)"""
                     r"""|\[::-1\]|\.split\(\s*['"]{2}\s*\)|\.unwrap\(\)|!!|\?)""")
DECODER_CALL_WORDS = ("b64decode", "fromhex", "unhexlify", "atob", "Base64", "base64", "FromBase64", "GetString", "Buffer.from",
                      "hex2bin", "strrev", "reverse", "Reverse", "decode", "Decode", "StringBuilder", "unquote", "URIComponent",
                      "pack", "String", "bytes", "from_utf8")


def _call_span(text: str, a: int, b: int) -> tuple[int, int]:
    """The span of the literal at ``text[a:b]`` widened over the decoder calls around it and the conversions after it
    (at most four calls deep): where the value the run makes stands."""
    for _ in range(4):
        head = CALL_OPEN_RE.search(text, max(0, a - 90), a)
        close = CALL_CLOSE_RE.match(text, b, b + 40) if head else None
        if not head or not close or not any(w in head.group(0) for w in DECODER_CALL_WORDS):
            break
        a, b = head.start(), close.end()
        while (t := TAIL_RE.match(text, b, b + 40)):
            b = t.end()
    while (t := TAIL_RE.match(text, b, b + 40)):
        b = t.end()
    return a, b


_SH_ESC = r"""((?:\\x[0-9a-fA-F]{2}|\\0?[0-3][0-7]{2}|[\w./:@+=-]){3,400})"""
SH_ESC_RE = re.compile(r"""\$\(\s*(?:printf\s+(?:(['"]?)%b\1\s+)?|echo\s+-[neE]{1,3}\s+)(['"])""" + _SH_ESC + r"""\2\s*\)|\$'""" + _SH_ESC + "'")
SH_ONE_ESC_RE = re.compile(r"\\x([0-9a-fA-F]{2})|\\0?([0-3][0-7]{2})")


def _sh_escaped(m: re.Match) -> str:
    """A shell's escaped string (SH_ESC_RE) as the text it makes, quoted; unchanged when it has under three escapes
    or makes anything but printable ASCII."""
    body = m.group(3) or m.group(4)
    if len(SH_ONE_ESC_RE.findall(body)) < 3:
        return m.group(0)
    out = SH_ONE_ESC_RE.sub(lambda e: chr(int(e.group(1), 16) if e.group(1) else int(e.group(2), 8)), body)
    if not out.isprintable() or not out.isascii() or '"' in out or "\\" in out:
        return m.group(0)
    return '"' + out + '"'


def _joined_lists(text: str, how: frozenset[str]) -> str:
    """``text`` with each list of literals whose joined text decodes (under ``how``) to a value a reader looks for
    written as that one value (its lines kept), where no single literal of it does."""
    def one(m: re.Match) -> str:
        parts = [p.group(2) for p in PART_RE.finditer(m.group(1))]
        if len(parts) < 2 or len(parts) > 40:
            return m.group(0)
        got = run_value("".join(parts), how)
        if got is None or not meaning(got[1]) or '"' in got[1] or "\n" in got[1]:
            return m.group(0)
        return m.group(0)[0] + '"' + got[1] + '"' + "\n" * m.group(0).count("\n") + m.group(0)[-1]
    return LIT_LIST_RE.sub(one, text)


def view(text: str, how: frozenset[str] | None = None, env: dict[str, str] | None = None) -> str | None:
    """``text`` line for line with each literal written as the value its run makes (``run_value``), char-code
    arrays spelled, adjacent literals and joined lists of literals joined, and shell decode pipelines evaluated;
    None when ``text`` names no transform or nothing changes."""
    how = doings(text) if how is None else how
    out = text
    if "code" in how and CODE_ARRAY_RE.search(out):
        ops = arith_ops(out)

        def spelled(m: re.Match) -> str:
            s = _codes(m.group(1), ops)
            if s is None:
                return m.group(0)
            q = '"' + s + '"' + "\n" * m.group(0).count("\n")
            return "(" + q + ")" if m.group(0).startswith("(") else q  # (a call's arguments stay a call's)
        out = CODE_ARRAY_RE.sub(spelled, out)
    if "esc" in how and ("$(" in out or "$'" in out):
        out = SH_ESC_RE.sub(_sh_escaped, out)
    if "$(" in out and any(w in out for w in ("base64", "xxd", "rev")):
        env = env or {}

        def sub(m: re.Match) -> str:
            v = _pipeline(m.group(2), m.group(3), env) if m.group(2) else _pipeline(m.group(6), m.group(4), env)
            if not v or '"' in v or "\n" in v:
                return m.group(0)
            if v.startswith("~") and TILDE_EXPAND_RE.search(out):
                v = "$HOME" + v[1:]  # the script expands a leading ~ of its values itself (`${ROOT/#\~/$HOME}`)
            inside = m.start() > 0 and out[m.start() - 1] == '"' and out[m.end():m.end() + 1] == '"'
            return v if inside else '"' + v + '"'
        out = SH_SUB_RE.sub(sub, out)
    if any(w in out for w in JOIN_WORDS) and how - {"code", "rev"}:
        out = _joined_lists(out, how - {"code"})
    if ".join" in out or "Join(" in out or "-join" in out:
        for rx in JOIN_RES:
            def joined(m: re.Match, rx=rx) -> str:
                sep, body = (m.group(2), m.group(3)) if rx is JOIN_RES[0] else (m.group(3), m.group(1))
                parts = _parts(body)
                if parts is None or len(parts) < 2:
                    return m.group(0)
                s = sep.join(parts)
                return '"' + s + '"' if '"' not in s else m.group(0)
            out = rx.sub(joined, out)
    if how - {"code"} and CONCAT_RE.search(out):  # (parts joined so that a decoder reads the whole)
        def concat(m: re.Match) -> str:
            parts = [p.group(2) for p in PART_RE.finditer(m.group(0))]
            s = "".join(parts)
            if len(parts) < 2 or '"' in s or not (meaning(s) or any(c in s for c in "/.:")):
                return m.group(0)
            return '"' + s + '"'
        out = CONCAT_RE.sub(concat, out)
    dec = how - {"code"}
    if dec:
        res, last = [], 0
        for n, m in enumerate(QUOTED_RE.finditer(out)):
            if n >= MAX_LITS:
                break
            got = run_value(m.group(2), dec)
            if got is None or m.group(1) in got[1] or "\n" in got[1] or "\\" in got[1] and "\\" not in m.group(2):
                continue
            a, b = _call_span(out, m.start(), m.end())
            if a < last:
                a, b = m.start(), m.end()
            res.append(out[last:a] + m.group(1) + got[1] + m.group(1))
            last = b
        if res:
            out = "".join(res) + out[last:]
    return out if out != text else None
