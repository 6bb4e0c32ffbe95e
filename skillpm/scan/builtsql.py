"""A destructive SQL statement the code builds at run time from pieces that do not show it.

An honest migration writes ``DROP TABLE audit_log`` where it means it. A payload that wipes a database
keeps the statement out of sight and has the run put it together: words stored reversed and turned
back (``" ".join(w[::-1] for w in ["PORD", "AMEHCS", "cilbup", "EDACSAC"])``, ``reverse('etacnurt')``,
``strrev(…)``, ``echo '…' | rev``), a statement split into a list of words joined with blanks
(``['DROP', 'DATABASE'].join(' ')``, ``strings.Join([]string{"DROP", …}, " ")``), or SQL's string pieces
glued (``'DR' || 'OP TABLE '``). What matters is what the run makes, not how it is spelled: each such
piece is read as the text the run produces, and a piece that begins a ``DROP SCHEMA/DATABASE/TABLE``,
``TRUNCATE`` or ``DELETE FROM`` which its own source does not spell out is DX-06 high, on its line.

Only a file that runs is read: a script (by extension, shebang, or a Go/Java/C# source), or a ``.sql``
file that a script or SKILL.md names (or runs by a ``*.sql`` glob of its folder). A list of keywords
(``['SELECT', 'FROM', 'DROP', …]``, a highlighter's) does not begin with the statement and is quiet; a
list is read only when the file joins something, a reversed literal only when the file reverses one.
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import flow

FILE_MAX = 256 * 1024
# what a statement that empties or removes data begins with (read in the piece the run makes)
STATEMENT_RE = re.compile(r"^\W{0,3}(?:DROP\s+(?:SCHEMA|DATABASE|TABLE|OWNED)\b|TRUNCATE\b|DELETE\s+FROM\b)", re.IGNORECASE)
SPELLED_RE = re.compile(r"\b(?:DROP\s+(?:SCHEMA|DATABASE|TABLE|OWNED)|TRUNCATE|DELETE\s+FROM)\b", re.IGNORECASE)
# the file undoes a reversal: Python's [::-1], SQL/JS reverse(), PHP strrev(), shell's rev, Ruby's .reverse (REVERSE_WORDS)
REVERSE_BYTES = (b"[::-1]", b"reverse", b"strrev", b"rev")
LITERAL_RE = re.compile(r"""'([^'\\\n]{2,200})'|"([^"\\\n]{2,200})\"""")
WORD_LIT = r"""(?:'[\w ]{1,40}'|"[\w ]{1,40}")"""
# a list of two to ten quoted words: [..], {..}, (..), %w(..) is left to Ruby's own reading
# (the list may end in a name the run fills in: ``['DELETE', 'FROM', `"${t}"`].join(' ')``, ``" ".join(["DROP",
# "TABLE", name])``: its words still begin the statement)
LIST_RE = re.compile(r"[\[{(]\s*(" + WORD_LIT + r"(?:\s*,\s*" + WORD_LIT + r"){1,9})\s*,?\s*"
                     r"(?:[^\[\]{}()'\"`\n,]{1,80}|`[^`\n]{0,80}`|'[^'\n]{0,80}'|\"[^\"\n]{0,80}\")?\s*[\]})]")
GLUE_RE = re.compile(r"""'([^'\n]{0,200})'\s*(?:\|\||\+|\.)\s*'([^'\n]{0,200})'|"([^"\n]{0,200})"\s*(?:\|\||\+|\.)\s*"([^"\n]{0,200})\"""")
# what runs SQL: a driver's execute/query/exec, PL/pgSQL's EXECUTE, a client on the command line (plain
# substrings: a case-blind alternation searched over every script cost more than the rest of the module)
RUNS_SQL_WORDS = ("execute(", "executemany(", "executescript(", "exec(", "query(", "raw(", "run(", "prepare(", "Exec(",
                  "ExecContext(", "Query(", "EXECUTE", "->exec", "->query", "->prepare", "psql", "mysql", "sqlite3", "mariadb",
                  "sqlcmd", "clickhouse-client", "\\gexec")
REVERSE_WORDS = ("[::-1]", "reverse(", ".reverse", "strrev(", "| rev", "|rev", "reversed(")
JOIN_WORDS = ("join(", "Join(", "implode(", "concat_ws(", "* ' '", '* " "')


def runs_sql(text: str) -> bool:
    """Whether a script runs SQL (a driver's call, a client, PL/pgSQL's EXECUTE)."""
    return any(w in text for w in RUNS_SQL_WORDS)


# sources the shell-and-script languages of flow do not cover, which run SQL as well: Go, the JVM's, .NET's, Rust,
# Swift, Perl, Lua, Elixir, Dart
OTHER_CODE = (".go", ".java", ".cs", ".kt", ".kts", ".rs", ".scala", ".swift", ".groovy", ".fs", ".vb", ".pl", ".pm", ".lua",
              ".ex", ".exs", ".dart")
SQL_RUN_RE = re.compile(r"""(?:^|[\s"'/=(])([\w./-]{0,200}\*\.sql)\b""")
HAS_BYTES = (b"DROP", b"drop", b"TRUNCATE", b"truncate", b"DELETE", b"delete", b"Drop", b"Truncate", b"Delete",
             b"join", b"Join", b"implode", b"||")


# what runs_sql needs, tested on the bytes first
RUN_BYTES = (b"exec", b"Exec", b"EXEC", b"query", b"Query", b"raw", b"run", b"prepare", b"psql", b"mysql", b"sqlite3",
             b"mariadb", b"sqlcmd", b"clickhouse", b"gexec")


def _code(path: str, data: bytes) -> bool:
    """A file that runs or is run as code: a script by extension or shebang, a Go/Java/C# source, a .sql file."""
    low = path.lower()
    return low.endswith((".sql", *OTHER_CODE)) or flow.language_of_file(path, data) is not None


def _pieces(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, text the run makes, how) for each piece the file builds: literals reversed, word lists
    joined (reversed word by word too, when the file reverses), adjacent literals glued."""
    out = []
    rev = any(w in text for w in REVERSE_WORDS)
    if rev:
        for m in LITERAL_RE.finditer(text):
            s = m.group(1) if m.group(1) is not None else m.group(2)
            out.append((m.start(), m.end(), s[::-1], "reversed"))
    if any(w in text for w in JOIN_WORDS):
        for m in LIST_RE.finditer(text):
            words = [w.group(1) if w.group(1) is not None else w.group(2) for w in LITERAL_RE.finditer(m.group(1))]
            if len(words) < 2:
                continue
            out.append((m.start(), m.end(), " ".join(words), "a word list joined"))
            if rev:
                out.append((m.start(), m.end(), " ".join(w[::-1] for w in words), "a word list reversed word by word and joined"))
    if "||" in text or "+" in text or " . " in text:
        for m in GLUE_RE.finditer(text):
            a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
            out.append((m.start(), m.end(), a + b, "string pieces glued"))
    return out


# A migration or seed tool runs the .sql files of its folder by convention, named by no one: Prisma's
# migrations/*/migration.sql, Flyway's V1__x.sql, golang-migrate's and dbmate's 0001_x.up.sql, Supabase's
# migrations/ and seed.sql, a seeds/ folder. Such a file runs when the skill names a tool that runs them.
MIGRATION_FILE_RE = re.compile(r"(?:^|/)(?:migrations?|migrate|seeds?|seeders|flyway|changelog)/|(?:^|/)(?:V\d+(?:[._]\d+)*__\w+"
                               r"|\d{1,14}[_-][\w.-]+|migration|seeds?)\.sql$", re.IGNORECASE)
MIGRATION_TOOL_RE = re.compile(r"\b(?:prisma\s+(?:migrate|db\s+(?:push|seed))|flyway|liquibase|supabase\s+(?:db|migration)|dbmate"
                               r"|goose\s+(?:up|-dir)|sqitch\s+deploy|migrate\s+(?:-path|-source|-database|up)"
                               r"|(?:knex|sequelize|typeorm|drizzle-kit|db)[\s:]+(?:migrat\w*|seed\w*)"
                               r"|(?:rails|rake)\s+db:\w+|(?:npm\s+run|pnpm|yarn|make)\s+(?:db:)?(?:migrate|seed))\b", re.IGNORECASE)


def _runs(path: str, data: bytes, files: dict[str, bytes], texts: dict[str, str]) -> bool:
    """A script, or a .sql file a script or SKILL.md names (by name, or by its folder's *.sql glob), or one in a
    migration or seed tool's folder when the skill names such a tool (``MIGRATION_FILE_RE``)."""
    low = path.lower()
    if not low.endswith(".sql"):
        return low.endswith(OTHER_CODE) or flow.language_of_file(path, data) is not None
    base, folder = posixpath.basename(path), posixpath.dirname(path)
    if MIGRATION_FILE_RE.search(path) and any(MIGRATION_TOOL_RE.search(t) for t in texts.values()):
        return True
    for p, t in texts.items():
        if base in t:
            return True
        for g in SQL_RUN_RE.finditer(t):
            d = posixpath.dirname(g.group(1)).rsplit("/", 1)[-1]
            if d == "" and folder == "" or d != "" and folder.endswith(d):
                return True
    return False


def built_statements(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """DX-06 high on the line of each destructive SQL statement a runnable file builds from pieces that
    do not spell it (reversed, split into joined words, glued)."""
    from skillpm.scan.engine import _window

    out = []
    texts = None
    for path, data in files.items():
        if len(data) > FILE_MAX or not _code(path, data):
            continue  # (the file's kind first: most files are prose or data, read by no SQL)
        sql = path.lower().endswith(".sql")
        if not any(w in data for w in HAS_BYTES) and not any(w in data for w in REVERSE_BYTES) \
                or not sql and not any(w in data for w in RUN_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if not sql and not runs_sql(text):
            continue
        hit = None
        for at, end, piece, how in _pieces(text):
            if STATEMENT_RE.match(piece) is None:
                continue
            verb = SPELLED_RE.search(piece)
            if verb is None or re.search(r"\s+".join(map(re.escape, verb.group(0).split())), text[at:end], re.IGNORECASE):
                continue  # the source of the piece spells the statement out: written, not built
            hit = (at, piece, how)
            break
        if hit is None:
            continue
        if texts is None:
            texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
                     if len(d) <= FILE_MAX and not p.lower().endswith(".sql")}
        if not _runs(path, data, files, texts):
            continue
        if any(f.file == path and f.category == "destructive" and f.grades and f.severity in ("high", "critical")
               for f in (*found, *out)):
            continue
        at, piece, how = hit
        line = text.count("\n", 0, at) + 1
        out.append(sc._finding("DX-06", "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               note=f"builds a destructive SQL statement at run time from pieces that do not show it "
                                    f"({how}): {piece[:80]!r}, and runs SQL"))
    return out
