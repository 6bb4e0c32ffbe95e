"""SQL that drops or empties every table the database's catalog lists, however the statement is spelled.

A migration runner, a "housekeeping" task or a test helper that asks the catalog for its tables
(``pg_tables``, ``information_schema.tables``, ``sqlite_master``, ``sys.tables``) and builds a ``DROP
TABLE`` or ``TRUNCATE`` for each of them, then runs what it built, deletes all of the data, whatever
a table is called. The patterns look for ``DROP SCHEMA … CASCADE`` written out; this statement is
generated, and its words may be glued from SQL string pieces (``'DROP ' || 'TABLE '``, ``' CAS' ||
'CADE'``) in a settings file a script executes.

``generated_drops`` reads each script, and each settings file a script of the skill names, with SQL's
adjacent string literals joined, and reports DX-06 on the line of a DROP/TRUNCATE that is built, within
a statement's reach, from a catalog query. Only a file a script runs is read: a settings file no
script names is documentation. A skill whose description says it resets a database is lowered.
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import flow
from skillpm.scan.assembled import CODE_EXT
from skillpm.scan.result import Finding

FILE_MAX = 256 * 1024
# The catalogs that list a database's tables: read FROM or JOIN by name, or named with the table view they hold
TABLE_CATALOGS = ("pg_tables", "pg_class", "sqlite_master", "sqlite_schema", "all_tables", "user_tables")
QUALIFIED_CATALOGS = ("information_schema", "sys.tables")
API_CATALOGS = ("get_table_names", "table_names(", "SHOW TABLES", "show tables")  # an ORM's or client's table list
CATALOG_WORDS = (*TABLE_CATALOGS, *QUALIFIED_CATALOGS, "pg_namespace", *API_CATALOGS)
# the catalog's names as bytes, in the two cases SQL is written in (a file with none is not read further)
CATALOG_BYTES = tuple({v.encode() for w in CATALOG_WORDS for v in (w, w.upper())})
SETTINGS_SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".conf", ".sql")
# 'DROP ' || 'TABLE ' (SQL), "DROP " + "TABLE " is left to the script folding: two literals glued by ||
SQL_GLUE_RE = re.compile(r"""'([^'\n]{0,200})'\s*\|\|\s*'([^'\n]{0,200})'""")
CATALOG = r"""(?:\bFROM|\bJOIN)\s+(?:["`]?\w+["`]?\.)?["`]?(?:""" + "|".join(TABLE_CATALOGS) + r""")\b""" \
          r"""|\binformation_schema\.tables\b|\bsys\.tables\b""" \
          r"""|\bget_table_names\s*\(|\bintrospection\.table_names\s*\(|\bSHOW\s+(?:FULL\s+)?TABLES\b"""
DROP = r"""\bDROP\s+(?:TABLE|VIEW|SCHEMA)\b|\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?[\w"`'$%{(]"""
# the drop built from the catalog's rows (the DROP first: SELECT 'DROP TABLE ' || … FROM pg_tables),
# or the catalog read and each of its rows dropped a few lines on (SELECT name FROM sqlite_master … DROP TABLE ${name})
GENERATED_DROP_RE = re.compile(r"(?:" + DROP + r")(?:[^;]|(?<=['\"]);(?=['\"]))(?:[^;]|(?<=['\"]);(?=['\"])){0,400}?(?:" + CATALOG + r")|(?:" + CATALOG + r")[\s\S]{0,600}?(?:" + DROP + r")",
                               re.IGNORECASE)
RESET_DESCRIPTION_RE = re.compile(r"\b(?:reset|recreat|rebuild|wip|drop|re-?seed|teardown|tear down)\w*\b[^.\n]{0,40}?\b(?:database|db|schema|tables?)s?\b",
                                  re.IGNORECASE)


# the script stops for the user's typed answer before it goes on: input("… [y/N]"), read -p, a confirm prompt
CONFIRM_RE = re.compile(r"""\binput\(\s*[fr]?["'][^"'\n]{0,120}(?:\?|\[y/n\]|confirm|type)|\bread\s+-[a-z]*p\b|\bconfirm\(|"""
                        r"""\bprompt\(\s*["'][^"'\n]{0,120}(?:\?|\[y/n\])|\[y/N\]""", re.IGNORECASE)


def _glued(text: str) -> str:
    """SQL's adjacent string literals joined (``'DROP ' || 'TABLE'`` is ``'DROP TABLE'``), line count kept."""
    for _ in range(8):
        new = SQL_GLUE_RE.sub(lambda m: "'" + m.group(1) + m.group(2) + "'" + "\n" * m.group(0).count("\n"), text)
        if new == text:
            break
        text = new
    return text


CATALOG_FIND_RE = re.compile("|".join(map(re.escape, (*TABLE_CATALOGS, *QUALIFIED_CATALOGS, *API_CATALOGS))), re.IGNORECASE)
REACH = 700  # characters each side of a catalog's name that the drop built from it is looked for in
MAX_NAMES = 50  # catalog names weighed per file


def _read_as_code(path: str, data: bytes) -> bool:
    """A script (by extension or shebang) or a settings/SQL file: what runs or is run; prose is not read."""
    low = path.lower()
    return low.endswith(SETTINGS_SUFFIXES) or low.endswith(CODE_EXT) or "." not in posixpath.basename(low) and data[:2] == b"#!"


def _generated_drop(text: str) -> int | None:
    """The offset of a DROP/TRUNCATE built from a catalog query (GENERATED_DROP_RE), looked for only
    around the catalog's names (a large file's prose is not searched), or None."""
    done = 0
    for n, c in enumerate(CATALOG_FIND_RE.finditer(text)):
        if n >= MAX_NAMES:
            break
        lo, hi = max(done, c.start() - REACH), c.end() + REACH
        if lo >= hi:
            continue
        m = GENERATED_DROP_RE.search(text, max(0, c.start() - REACH), hi)
        done = hi
        if m is not None:
            d = re.search(DROP, m.group(0), re.IGNORECASE)
            return m.start() + (d.start() if d else 0)
    return None


def _sql_run(path: str, files: dict[str, bytes]) -> bool:
    """A .sql file SKILL.md or a script names, or runs by its folder's ``*.sql`` glob (builtsql's reading)."""
    from skillpm.scan.builtsql import FILE_MAX as MAX, _runs

    texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
             if len(d) <= MAX and not p.lower().endswith(".sql")}
    return _runs(path, files[path], files, texts)


def generated_drops(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.engine import _window

    candidates = [p for p, d in files.items() if len(d) <= FILE_MAX and _read_as_code(p, d)
                  and any(w in d for w in CATALOG_BYTES)]
    if not candidates:
        return []
    scripts = None
    out = []
    for path in candidates:
        data = files[path]
        low = data.lower()
        if b"drop" not in low and b"truncate" not in low and b"||" not in low:
            continue
        text = data.decode("utf-8", errors="replace")
        read = _glued(text) if "||" in text else text
        at = _generated_drop(read)
        if at is None:
            continue
        if scripts is None:
            scripts = {p: d.decode("utf-8", errors="replace") for p, d in files.items() if len(d) <= FILE_MAX
                       and flow.language(p, d[:200].decode("utf-8", errors="replace")) is not None}
        if path not in scripts and not (path.lower().endswith(SETTINGS_SUFFIXES)
                                        and any(posixpath.basename(path) in t for t in scripts.values())) \
                and not (path.lower().endswith(".sql") and _sql_run(path, files)):
            continue
        if any(f.file == path and f.rule == "DX-06" and f.grades for f in (*found, *out)):
            continue
        line = read.count("\n", 0, at) + 1
        rule = sc.by_id["DX-06"]
        said = RESET_DESCRIPTION_RE.search(description or "") is not None
        runner = text if path in scripts else "\n".join(t for t in scripts.values() if posixpath.basename(path) in t)
        asks = CONFIRM_RE.search(runner) is not None
        sev = "low" if said and asks else "medium" if said or asks else "high"
        out.append(Finding("DX-06", rule.category, sev, path, line,
                           _window(text.split("\n")[line - 1].rstrip("\r"), 0), rule.message,
                           note="builds a DROP/TRUNCATE for every table the database's catalog lists"
                                + (" (the SQL's string pieces joined)" if read is not text else "")
                                + ("; lowered: the skill's description says it resets a database" if said else "")
                                + ("; lowered: the script that runs it asks the user first" if asks else "")))
    return out
