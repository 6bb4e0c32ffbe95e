"""A script that removes or empties a database or a store: judged by what the skill says it does and which database it picks.

``DROP DATABASE``, ``TRUNCATE users, orders``, ``DELETE FROM {t}`` with no ``WHERE``, Mongo's
``dropDatabase()``, Redis's ``FLUSHALL``, ``prisma migrate reset --force``, ``rails db:drop``: each loses
every row it reaches, with no undo. A skill whose description says it resets, wipes, reseeds or tears
down a database has such a step for a reason the user asked for (medium, as ``dropdb``). One that says it
checks, migrates, reports or formats does not (high), nor does one that picks a production connection
(``PROD_DATABASE_URL``, ``DATABASE_URL_LIVE``) ahead of the one the app uses (high, whatever it says).
A script that stops for the user's typed answer first is one step lower. A store emptied whole is read the
same way: ``aws s3 rm s3://B --recursive``, ``gsutil rm -r``, boto3's ``bucket.objects.all().delete()``,
``kubectl delete namespace --all`` (said when the description names cleaning a bucket, prefix or cluster).

``wiped_databases`` reads each script (not a test: a fixture that truncates its test database is the
test's business) and each ``.sql`` file a script or SKILL.md runs, for such a statement in a string, on
a command line, or at the start of a line of a file that runs SQL; a comment is not read.
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import flow
from skillpm.scan.builtsql import FILE_MAX, _code, _runs, runs_sql
from skillpm.scan.rules import RANK
from skillpm.scan.sqlgen import CONFIRM_RE

WIPE_BYTES = (b"DROP", b"drop", b"TRUNCATE", b"truncate", b"DELETE", b"delete", b"FLUSHALL", b"FLUSHDB", b"flushall",
              b"flushdb", b"dropDatabase", b"dropdb", b"db:drop", b"db:reset", b"db:purge", b"migrate reset", b"drop_all",
              b"Truncate", b"Drop", b"pg_terminate_backend")
# what removes or empties a database, in parts: each read only in a file whose lowered text holds its word (one
# long alternation read case-blind over a large script cost more than the rest of this module)
_F = re.IGNORECASE | re.MULTILINE
# a table name filled in at run time: {t}, $t, %s, %(t)s, or the string ending to be joined ("DELETE FROM " + t)
_COMPUTED = r"""[\w."`\[\]]{0,60}(?:\{[^}\n]{0,40}\}|\$\{?\w|\$\(|%s|%\(\w{1,30}\)s|#\{)|["'`]\s*(?:\+|\.|\|\|)"""
WIPE_PARTS = (("drop", re.compile(r"\bDROP\s+DATABASE\s+(?:IF\s+EXISTS\s+)?[\w\"`{$%\[]|\bDROP\s+ALL\s+TABLES\b|\.dropDatabase\s*\("
                                  r"|\bdropdb\s+(?!-?-help)[\w\"$'-]|\.drop_all\s*\(|\bdb:drop\b", _F)),
              # (one named table emptied is maintenance: a list of them, CASCADE, or a name filled in at run time)
              ("truncate", re.compile(r"\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?(?:[\w.\"`\[\]{}$%]{1,80}\s*,|[^;\n]{0,200}?\bCASCADE\b"
                                      r"|" + _COMPUTED + r")", _F)),
              ("delete", re.compile(r"\bDELETE\s+FROM\s+(?:" + _COMPUTED + r")(?![^;\n]{0,80}\bWHERE\b)", _F)),
              ("flush", re.compile(r"\bFLUSH(?:ALL|DB)\b|\.flush(?:all|db)\s*\(", _F)),
              ("db:", re.compile(r"\bdb:(?:purge|reset)\b", _F)),
              ("migrate", re.compile(r"\bmigrate\s+reset\b[^\n]{0,60}--force", _F)),
              # every session on the server ended (no database, user or application picked): everyone's open work lost
              ("pg_terminate_backend", re.compile(r"(?:\bSELECT\s+)?\bpg_terminate_backend\s*\([^)\n]{0,40}\)[^;]{0,200}?\bFROM\s+pg_stat_activity\b"
                                                  r"(?![^;]{0,300}?\b(?:datname|usename|application_name|client_addr)\b)", _F)))
# a store emptied whole: a bucket's objects recursively, a bucket removed, a cluster's namespaces or volumes
STORE_BYTES = (b"aws s3", b"s3api", b"gsutil", b"gcloud storage", b"az storage", b"kubectl", b"rclone", b".delete()",
               b"delete_bucket", b"firestore:delete")
STORE_RE = re.compile(
    r"\baws\s+s3\s+rm\b[^\n#]{0,200}?--recursive\b|\baws\s+s3\s+rb\b[^\n#]{0,200}?--force\b|\baws\s+s3api\s+delete-bucket\b"
    r"|\bgsutil\s+(?:-m\s+)?rm\s+(?:-[a-zA-Z]*[rR]|[^\n#]{0,200}?\*\*)|\bgcloud\s+storage\s+rm\b[^\n#]{0,200}?(?:--recursive|\s-r\b)"
    r"|\baz\s+storage\s+(?:blob\s+delete-batch|container\s+delete)\b|\brclone\s+(?:purge|delete)\b"
    r"|\bkubectl\s+delete\s+(?:ns|namespaces?|pvc?|persistentvolume\w*|all|deploy\w*|statefulsets?|secrets?)\b[^\n#]{0,120}?"
    r"(?:--all\b|\s-A\b|--all-namespaces\b)|\bkubectl\s+delete\s+(?:ns|namespaces?)\s+[\"$\w]"
    r"|\.objects\.all\(\)\.delete\(\)|\.object_versions\.all\(\)\.delete\(\)|\.delete_bucket\s*\("
    r"|\bfirebase\s+firestore:delete\b[^\n#]{0,120}?--all-collections")
# a command that is a database client or tool, on the statement's line (a shell line with no quotes)
CLIENT_RE = re.compile(r"\b(?:dropdb|psql|mysql|mariadb|sqlite3|sqlcmd|mongosh|mongo|redis-cli|clickhouse-client|rails|rake|prisma|bin/rails)\b")
# the skill's own account of what it does: a reset, wipe, reseed, teardown of a database or its data
SAID_RE = re.compile(r"\b(?:reset|recreat|rebuild|wip|drop|re-?seed|seed|teardown|tear\s+down|truncat|empt|clear|clean|purg|"
                     r"delet|flush|destroy|fixture|nuke|erase)\w*\b[^.\n]{0,60}?\b(?:database|db|schema|tables?|data|rows|"
                     r"records|collections?|keys|cache|redis|postgres|mysql|sqlite|mongo\w*|buckets?|objects|prefix\w*|namespaces?|"
                     r"clusters?|resources|volumes?|environments?|stacks?|storage)s?\b", re.IGNORECASE)
# a production connection named: PROD_DATABASE_URL, PRODUCTION_DB_HOST, DATABASE_URL_LIVE, MONGO_URI_PROD
PROD_RE = re.compile(r"\b(?:PROD|PRODUCTION|LIVE)_\w{0,30}(?:URL|URI|DSN|HOST|DB|DATABASE)\w{0,10}\b"
                     r"|\b\w{0,30}(?:URL|URI|DSN|HOST|DB|DATABASE)_(?:PROD|PRODUCTION|LIVE)\b")
TEST_PATH_RE = re.compile(r"(?:^|/)(?:tests?|spec|specs|__tests__|fixtures|testdata)/|(?:^|/)(?:test_[^/]*|[^/]*_test\.\w+|"
                          r"[^/]*\.(?:test|spec)\.\w+|conftest\.py)$", re.IGNORECASE)
COMMENT_STARTS = ("#", "//", "--", "*", "/*", "REM ", "rem ")


STORE_WORDS = tuple(w.decode() for w in STORE_BYTES)
# the script reads the user's typed answer: a prompt (`read -r -p`, `input(f"… '{db}' …")`, a confirm call)
ASK_RE = re.compile(r"\bread\s+(?:-\w+\s+)*-\w*p\b|\binput\s*\(|\b(?:click|typer|rich\.prompt\.Confirm)\.(?:confirm|ask)\s*\("
                    r"|\bconfirm\s*\(|\bRead-Host\b|\$stdin\.gets\b|\bgets\.chomp\b|\.question\s*\(|\breadline\s*\(")


def _asks(text: str, before: int) -> bool:
    """Whether the script asks the user before the wipe at ``before`` (sqlgen's prompt, or any typed answer read)."""
    head = text[:before]
    return CONFIRM_RE.search(head) is not None or ASK_RE.search(head) is not None


def _statement(text: str, sql: bool, parts=WIPE_PARTS) -> re.Match | None:
    """The first wiping statement that the file runs (or, ``parts`` given, the first of those statements): in a
    quoted string, on a database client's command line, or starting a line of a file that runs SQL (a .sql file,
    a heredoc, a triple-quoted string); not a comment."""
    runs = True if sql else None  # (read when first needed)
    stores = [] if sql or parts is not WIPE_PARTS or not any(w in text for w in STORE_WORDS) else list(STORE_RE.finditer(text))
    low = text.lower()
    wipes = [m for word, rx in parts if word in low for m in rx.finditer(text)]
    for m in sorted([*wipes, *stores], key=lambda m: m.start()):
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        line = text[ls:le if le >= 0 else len(text)]
        before = text[ls:m.start()]
        if line.lstrip().startswith(COMMENT_STARTS) or "#" in before and before.count("'") % 2 == 0 \
                and before.count('"') % 2 == 0 and re.search(r"(?:^|\s)#", before):
            continue
        if m.re is STORE_RE or m.group(0).endswith("(") and "." in m.group(0)[:2]:
            return m  # a store's command line, a client's method call (.dropDatabase(), .flushall()): code, not a string
        # a string that is the statement (it opens the string: 'TRUNCATE orders', f"DELETE FROM {t}"), not one that
        # quotes it among other words (a guard's "database_destruction:::DROP DATABASE" pattern, a message)
        quoted = re.search(r"""(?:^|[^\w\\])[fFrRbBuU]?["'`]\s*$""", before) is not None and (
            before.count("'") % 2 == 1 or before.count('"') % 2 == 1 or before.count("`") % 2 == 1) \
            or sql and re.fullmatch(r"""\s*(?:format\s*\(\s*)?\$\w{0,20}\$\s*""", before, re.IGNORECASE) is not None
        # (Postgres's dollar quoting opens a string too: `format($f$COPY … TO PROGRAM …$f$, …)` in a DO block)
        if m.group(0)[:5].upper() == "FLUSH" and not CLIENT_RE.search(line) and not re.search(r"command\s*\(|\.execute\s*\(", line):
            continue  # a Redis command word alone in a string: a deny list's entry unless a client sends it
        if quoted or CLIENT_RE.search(line):
            return m
        if not before.strip():
            if runs is None:
                runs = runs_sql(text)
            if runs:
                return m
    return None


def wiped_databases(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """DX-06 on the line of a statement that removes or empties a database, in a script or a .sql file that
    runs: high when the skill's description does not say it resets a database or the script picks a
    production connection, else medium; one step lower when the script asks the user first."""
    from skillpm.scan.engine import _window

    out = []
    texts = None
    said = SAID_RE.search(description or "") is not None
    for path, data in files.items():
        if len(data) > FILE_MAX or not _code(path, data):
            continue  # (the file's kind first: most files are prose or data)
        if not any(w in data for w in WIPE_BYTES) and not any(w in data for w in STORE_BYTES) or TEST_PATH_RE.search(path):
            continue
        sql = path.lower().endswith(".sql")
        text = data.decode("utf-8", errors="replace")
        m = _statement(text, sql)
        if m is None:
            continue
        if texts is None:
            texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
                     if len(d) <= FILE_MAX and not p.lower().endswith(".sql")}
        if sql and not _runs(path, data, files, texts):
            continue
        runners = [text] if not sql else [t for p, t in texts.items() if posixpath.basename(path) in t
                                          or "*.sql" in t and flow.language_of_file(p, files[p]) is not None] or [text]
        prod = any(PROD_RE.search(t) for t in runners)
        asks = any(_asks(t, m.start() if t is text else len(t)) for t in runners)
        sev = "high" if prod or not said else "medium"
        if asks:
            sev = {"high": "medium", "medium": "low"}[sev]
        if any(f.file == path and f.category == "destructive" and (f.grades or f.rule == "DX-06") and RANK[f.severity] >= RANK[sev]
               for f in (*found, *out)):
            continue  # the file's deletion is already read as strongly
        why = ("picks a production connection" if prod else "") + \
              ("" if said else ("; " if prod else "") + "the skill's description does not say it resets or wipes a database")
        line = text.count("\n", 0, m.start()) + 1
        out.append(sc._finding("DX-06", sev, path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               note=f"removes or empties a database or a store ({m.group(0).strip()[:40]!r}) in a file that runs"
                                    + (f": {why}" if why else "") + ("; lowered: the script asks the user first" if asks else "")))
    return out


# ---------------------------------------------------------------- a database's own administrator rights taken

# SQL that makes a role the server's administrator, or has the server run a shell command: Postgres's ALTER ROLE …
# SUPERUSER and COPY … TO/FROM PROGRAM, MySQL's GRANT ALL ON *.* … WITH GRANT OPTION, T-SQL's sysadmin membership and
# xp_cmdshell (NOSUPERUSER, a grant on one schema, a COPY to a file stay as they are)
ELEVATE_PARTS = (("superuser", re.compile(r"\bALTER\s+(?:ROLE|USER)\s+[^;\n]{1,120}?(?<![\w-])SUPERUSER\b", _F)),
                 (" program", re.compile(r"\bCOPY\b[^;]{0,300}?\b(?:TO|FROM)\s+PROGRAM\s+['\"$E]", _F)),
                 ("*.*", re.compile(r"\bGRANT\s+(?:ALL(?:\s+PRIVILEGES)?|SUPER)\s+ON\s+\*\.\*\s+TO\b[^;\n]{0,160}?\bWITH\s+GRANT\s+OPTION\b", _F)),
                 ("sysadmin", re.compile(r"\bALTER\s+SERVER\s+ROLE\s+\[?sysadmin\]?\s+ADD\s+MEMBER\b|\bsp_addsrvrolemember\b[^;\n]{0,120}?sysadmin", _F)),
                 ("xp_cmdshell", re.compile(r"\bxp_cmdshell\b", _F)))
ELEVATE_BYTES = (b"SUPERUSER", b"superuser", b"PROGRAM", b"program", b"*.*", b"sysadmin", b"xp_cmdshell")
# the skill's own account of it: it sets up roles or administers the database server
SAID_ELEVATE_RE = re.compile(r"\b(?:superuser|sysadmin|roles?|privileges?|permissions?|grants?|dba|administ\w+)\b", re.IGNORECASE)


def elevated_sql(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """PE-02 on the line of a statement that gives a role the database server's administrator rights or has the
    server run a shell command, in a script or a .sql file the workflow runs (a seed, a migration, a Makefile's
    psql -f): high, medium when the skill's description says it administers roles or privileges. A test fixture, and
    a container's first-run folder (docker-entrypoint-initdb.d), set up a server of their own: not read; nor is a
    role created a superuser (a new server's first account), only an existing one raised."""
    from skillpm.scan.engine import _window

    out = []
    texts = None
    said = SAID_ELEVATE_RE.search(description or "") is not None
    for path, data in files.items():
        if len(data) > FILE_MAX or not _code(path, data) or TEST_PATH_RE.search(path) or "initdb" in path:
            continue
        if not any(w in data for w in ELEVATE_BYTES):
            continue
        sql = path.lower().endswith(".sql")
        text = data.decode("utf-8", errors="replace")
        m = _statement(text, sql, ELEVATE_PARTS)
        if m is None:
            continue
        if texts is None:
            texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
                     if len(d) <= FILE_MAX and not p.lower().endswith(".sql")}
        if sql and not _runs(path, data, files, texts):
            continue
        if any(f.file == path and f.rule == "PE-02" and f.grades for f in (*found, *out)):
            continue
        sev = "medium" if said else "high"
        line = text.count("\n", 0, m.start()) + 1
        out.append(sc._finding("PE-02", sev, path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               note=f"gives a role the database server's administrator rights or has the server run a shell "
                                    f"command ({m.group(0).strip()[:50]!r}) in a file that runs"
                                    + ("; lowered: the skill's description says it administers roles" if said else "")))
    return out
