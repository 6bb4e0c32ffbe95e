"""The words of a destructive SQL statement that a script spells only at run time, however it assembles them.

``builtsql`` reads a statement the run glues or joins from pieces that begin it. A payload can keep the words
apart and put them together any way it likes: ``_KW = {"d": "PORD", "s": "AMEHCS"}`` looked up through a
helper that reverses and formatted into ``f'{_kw("d")} {_kw("s")} "{schema}"'``, a verb as char codes
(``string([]byte{84, 82, 85, 78, 67, 65, 84, 69})``), a statement in base64 decoded and interpolated
(``Base64.decode64(OPS[:wipe])``). How the words meet is the program's business and varies without end;
what does not vary is that the words themselves are stored so that no reader sees them.

So this reads words, not assembly: in a script that runs SQL (``builtsql.runs_sql``), each string literal is
read as the run may make it, by every transform the script applies (reversed, letters shifted, char codes
spelled, hex and base64 decoded: ``engine._transformed``, and here base64 and byte arrays), and the words
that appear only so (hidden words) are kept. A hidden verb that removes data with what it needs beside it
(``DROP`` with ``SCHEMA``/``DATABASE``/``TABLE``/``OWNED`` anywhere in the script or its hidden words,
``TRUNCATE``, ``DELETE`` with a hidden ``FROM``) is DX-06 high, on the line of the literal that hides the
verb. An honest script writes its SQL where it means it, and a keyword list for a highlighter is not hidden.

Each decoder is read in every language a skill's code comes in, by what the language calls it (the tables
below: ``B64_WORDS``, ``hidden.HEX_DECODER_RE``, ``TEXT_FROM_CODES``): Go's ``hex.DecodeString`` and
``string([]byte{…})``, Rust's ``hex::decode`` and ``String::from_utf8(vec![…])``, Java/Kotlin's
``Base64.getDecoder()``, ``HexFormat.parseHex`` and ``byteArrayOf(…)``, C#'s ``Encoding.UTF8.GetString`` and
``(char)68``, Perl's ``decode_base64`` and ``pack('C*', …)``, Lua's ``string.char(…)``, Python's
``bytes([…])``, Swift's and Dart's ``fromCharCodes``; and a literal spelled in hex, unicode or octal escapes,
which every compiler turns into the text without any call.

Only a script that both runs SQL and applies some transform is read; a file without one of the words those
need pays a few substring tests.
"""

from __future__ import annotations

import re

from skillpm.scan import builtsql, litgate, values
from skillpm.scan.hidden import decode_b64_strict

FILE_MAX = builtsql.FILE_MAX
# verb -> the words one of which must stand beside it (hidden or not; None: the verb alone is the statement)
VERBS = {"drop": ("schema", "database", "table", "owned"), "truncate": None, "delete": ("from",)}
# DELETE is also a word of every HTTP client and ORM: it needs its FROM hidden as well
NEEDS_HIDDEN_OBJECT = frozenset({"delete"})
# what decodes base64 in a program (Python, JS, Ruby, PHP, Go, C#, PowerShell, shell; Java/Kotlin's getDecoder()
# and Base64.decode, Rust's base64:: engines, Perl's and Lua's decode_base64, Elixir's Base.decode64, Swift's
# Data(base64Encoded:), Dart's base64Decode, Deno's and Nim's base64.decode)
B64_WORDS = values.B64_WORDS  # (the shared layer's list: one list of base64 decoders for every reader)
B64_LITERAL_RE = re.compile(r"""(["'`])([A-Za-z0-9+/]{8,400}={0,2})\1""")
# a byte or rune array spelled as numbers: Go's []byte{…}, Java/C#'s new byte[]{…}, Rust's vec![…] / &[…]
BYTE_ARRAY_RE = re.compile(r"(?:\[\]byte|\[\]rune|byte\[\]|char\[\])\s*\{\s*(\d{2,3}(?:\s*,\s*\d{2,3}){2,400})\s*,?\s*\}")
BYTE_ARRAY_WORDS = ("[]byte{", "[]rune{", "byte[]", "char[]", "[]byte {", "[]rune {")
# what makes text of a list of char codes, by language (a list of numbers is read as text only beside one):
# Go's string([]byte{…}) and rune(…), Rust's String::from_utf8(vec![…]) / char::from, Java/C#'s new String(…) and
# Encoding.*.GetString, Kotlin's byteArrayOf / charArrayOf / toChar, Python's bytes([…]) and bytearray, Perl's
# and Ruby's pack, Lua's string.char, Swift's String(bytes:) and UnicodeScalar, Dart's fromCharCodes, Elixir's
# List.to_string, PHP's chr, JavaScript's fromCharCode
TEXT_FROM_CODES = ("[]byte", "[]rune", "rune(", "from_utf8", "char::from", "as char", "new String(", "GetString(",
                   "byteArrayOf(", "charArrayOf(", "toChar", "bytes([", "bytes((", "bytearray(", "pack(", "string.char(",
                   "String(bytes:", "UnicodeScalar(", "fromCharCodes(", "List.to_string", "chr(", "fromCharCode",
                   "(char)", "Chr(", "ChrW(", "CHAR(", "CHR(", "NCHAR(")
# a list of 4 or more char codes in any bracket a language writes one in ([…], {…}, (…), vec![…], <<…>>)
CODE_LIST_RE = re.compile(r"(?:[\[{(]|<<)\s*(\d{2,3}(?:\s*,\s*\d{2,3}){3,400})\s*,?\s*(?:[\]})]|>>)")
# one char code per call, the calls glued: string(rune(68)) + string(rune(82)), chr(68).chr(82), (char)68 + (char)82
# (SQL's too, in either case, glued by ``||`` or ``+``: ``chr(68)||chr(82)``, T-SQL's ``CHAR(68)+NCHAR(82)``)
ONE_CODE = r"(?:\b(?:rune|chr|Chr|ChrW|char|toChar|fromCharCode|CHAR|CHR|NCHAR|nchar)\(\s*(\d{2,3})\s*\)\)?|\(char\)\s*(\d{2,3}))"
CODE_RUN_RE = re.compile(ONE_CODE + r"(?:[ \t]*(?:\+|\.\.|\.|,|\|\|)[ \t]*(?:string\()?" + ONE_CODE + r"){3,200}")
ONE_CODE_RE = re.compile(ONE_CODE)
# a literal spelled in escapes (\x44\x52…, \u0044…, \104\122…), four or more in a row: every compiler makes the text
ESCAPED_LIT_RE = re.compile(r"""(["'`])((?:\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]{2,4}\}|[0-3][0-7]{2})|[ \w]){4,400})\1""")
ESCAPE_RE = re.compile(r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{2,4})\}|([0-3][0-7]{2}))")
WORD_RE = re.compile(r"[a-z]+")
# what a SQL file that runs a statement it builds holds (SQL_RUNS_RE's words, in the cases SQL is written in)
SQL_RUN_BYTES = (b"EXEC", b"exec", b"Exec", b"PREPARE", b"prepare", b"gexec")


def _b64(m: re.Match) -> str:
    body = m.group(2)
    if body.isalpha() and body.islower() or body.isdigit():
        return m.group(0)
    out = values.text_of(decode_b64_strict(body))  # (the shared layer's reading of decoded bytes as text)
    if out is None:
        return m.group(0)
    return '"' + out + '"' if out.isprintable() and '"' not in out and "\\" not in out else m.group(0)


def _bytes_array(m: re.Match) -> str:
    codes = [int(x) for x in m.group(1).split(",")]
    if not all(32 <= c < 127 for c in codes):
        return m.group(0)
    s = "".join(map(chr, codes))
    return '"' + s + '"' if '"' not in s and "\\" not in s else m.group(0)


def _quoted(s: str, m: re.Match) -> str:
    """``s`` quoted in place of ``m`` (its lines kept), when it is printable text that needs no escape."""
    if not s.isprintable() or '"' in s or "\\" in s or sum(c.isalpha() for c in s) < len(s) // 2:
        return m.group(0)
    return '"' + s + '"' + "\n" * m.group(0).count("\n")


def _code_list(m: re.Match) -> str:
    codes = [int(x) for x in m.group(1).split(",")]
    return _quoted("".join(map(chr, codes)), m) if all(32 <= c < 127 for c in codes) else m.group(0)


def _code_run(m: re.Match) -> str:
    codes = [int(a or b) for a, b in ONE_CODE_RE.findall(m.group(0))]
    return _quoted("".join(map(chr, codes)), m) if all(32 <= c < 127 for c in codes) else m.group(0)


def _escaped(m: re.Match) -> str:
    if m.group(2).count("\\") < 4:
        return m.group(0)
    def one(e: re.Match) -> str:
        h = e.group(1) or e.group(2) or e.group(3)
        c = int(h, 16) if h else int(e.group(4), 8)
        return chr(c) if 32 <= c < 127 else e.group(0)
    out = ESCAPE_RE.sub(one, m.group(2))
    return _quoted(out, m) if "\\" not in out else m.group(0)


# SQL's own gluing of string pieces: ``'DRO' || 'P SCHEMA '``, T-SQL's ``'DRO' + 'P '``, and the arguments of
# ``CONCAT('DRO', 'P DATA', 'BASE ', @db)`` (MySQL, T-SQL, Postgres), read as the one piece the server makes
SQL_PIECE = r"'[^'\n]{0,200}'"
SQL_GLUE_RE = re.compile(r"(" + SQL_PIECE + r")(?:\s*(?:\|\||\+)\s*" + SQL_PIECE + r"){1,40}")
SQL_CONCAT_RE = re.compile(r"\bCONCAT(?:_WS)?\s*\(\s*(" + SQL_PIECE + r"(?:\s*,\s*" + SQL_PIECE + r"){1,40})", re.IGNORECASE)
SQL_PIECES_RE = re.compile(SQL_PIECE)
# what runs a statement a SQL file builds: PL/pgSQL's and MySQL's EXECUTE, PREPARE … FROM, T-SQL's EXEC(@s) and
# sp_executesql, psql's \gexec
SQL_RUNS_RE = re.compile(r"\b(?:EXECUTE|EXEC|PREPARE|sp_executesql)\b|\\gexec", re.IGNORECASE)


def _sql_glued(text: str) -> str:
    """``text`` with SQL's glued string pieces written as the one literal each run makes (line for line)."""
    def one(m: re.Match, skip: int = 0) -> str:
        parts = SQL_PIECES_RE.findall(m.group(0)[skip:])
        return m.group(0)[:skip] + "'" + "".join(p[1:-1] for p in parts) + "'" + "\n" * m.group(0).count("\n")
    out = SQL_GLUE_RE.sub(one, text) if "||" in text or "+" in text else text
    if "concat" in text.lower():
        out = SQL_CONCAT_RE.sub(lambda m: one(m, m.start(1) - m.start(0)), out)
    return out


def copies(text: str, sql: bool = False) -> list[str]:
    """The script read as its run may make its literals (line for line): ``engine._transformed``'s copies,
    and one with base64 literals and byte arrays decoded when the script decodes base64 or spells bytes
    (for a SQL file, ``sql``, its glued string pieces joined too)."""
    from skillpm.scan.engine import TRANSFORM_BYTES, _transformed

    out = []
    if sql:
        glued = _sql_glued(text)
        if glued != text:
            out.append(glued)
            text = glued
    raw = text.encode("utf-8", errors="replace")
    if litgate.any_in(raw, TRANSFORM_BYTES):
        out += _transformed(text)
    base = text
    if any(w in text for w in B64_WORDS):
        base = B64_LITERAL_RE.sub(_b64, base)
    if any(w in text for w in BYTE_ARRAY_WORDS):
        base = BYTE_ARRAY_RE.sub(_bytes_array, base)
    if any(w in text for w in TEXT_FROM_CODES):
        base = CODE_LIST_RE.sub(_code_list, base)
        base = CODE_RUN_RE.sub(_code_run, base)
    if "\\" in text and ESCAPE_RE.search(text):
        base = ESCAPED_LIT_RE.sub(_escaped, base)
    if base != text:
        out.append(base)
    if litgate.any_in(raw, values.EXTRA_BYTES):  # the shared layer's copy: base32/base85, arithmetic byte arrays, …
        v = values.view(text)
        if v is not None and v not in out:
            out.append(v)
    return out


def _words(s: str) -> set[str]:
    return set(WORD_RE.findall(s.lower()))


def hidden_statement(text: str, sql: bool = False) -> tuple[str, int] | None:
    """(the statement the hidden words make, the line of the literal that hides the verb) or None (``sql``: the
    text is a SQL file, whose glued string pieces are read joined as well)."""
    from skillpm.scan.engine import STRING_LITERAL_RE

    made = copies(text, sql)
    if not made:
        return None  # (no transform in the script: nothing is hidden, and its words are not listed)
    had = _words(text)
    for copy in made:
        hidden = _words(copy) - had
        verbs = [v for v in VERBS if v in hidden]
        if not verbs:
            continue
        everything = had | hidden
        for verb in verbs:
            need = VERBS[verb]
            pool = hidden if verb in NEEDS_HIDDEN_OBJECT else everything
            obj = None if need is None else next((w for w in need if w in pool), False)
            if obj is False:
                continue
            # the literal of the copy that holds the verb, found at the same line as in the script
            at = next((m.start() for m in STRING_LITERAL_RE.finditer(copy) if verb in _words(m.group(2))), 0)
            return (verb.upper() + (" " + obj.upper() if obj else "")), copy.count("\n", 0, at) + 1
    return None


def spelled_statements(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """DX-06 high where a script that runs SQL stores the words of a destructive statement so that only its
    run spells them (module doc)."""
    from skillpm.scan.engine import _window

    out = []
    texts = None
    for path, data in files.items():
        if len(data) > FILE_MAX or not builtsql._code(path, data):
            continue
        sql = path.lower().endswith(".sql")
        if not any(w in data for w in (SQL_RUN_BYTES if sql else builtsql.RUN_BYTES)):
            continue
        if any(f.file == path and f.category == "destructive" and f.grades and f.severity in ("high", "critical")
               for f in (*found, *out)):
            continue  # the file's deletion is already read as strongly
        text = data.decode("utf-8", errors="replace")
        if not (SQL_RUNS_RE.search(text) if sql else builtsql.runs_sql(text)):
            continue
        hit = hidden_statement(text, sql)
        if hit is not None and sql:
            # a SQL file counts when the workflow runs it: a script, a Makefile or SKILL.md names it (builtsql._runs)
            if texts is None:
                texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
                         if len(d) <= FILE_MAX and not p.lower().endswith(".sql")}
            if not builtsql._runs(path, data, files, texts):
                continue
        if hit is None:
            continue
        what, line = hit
        out.append(sc._finding("DX-06", "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               note=f"spells {what} only at run time (its words are stored reversed, encoded or as "
                                    f"char codes, and decoded where the script runs them), and runs SQL"))
    return out
