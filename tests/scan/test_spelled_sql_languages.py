"""Destructive SQL spelled out of sight, by language (spelledsql): each decoder a language calls by its own name
(Go's hex.DecodeString, Rust's String::from_utf8 over a byte list, Kotlin's Base64.getDecoder, Lua's string.char,
Perl's pack('C*'), C#'s (char) casts, escapes in a literal), each beside the honest form that writes its
statement plainly, which must stay clean."""

from __future__ import annotations

import pytest

from tests.scan.gap_helpers import found

GO_HEX = (
    "package main\n\nimport (\n\t\"database/sql\"\n\t\"encoding/hex\"\n\t\"os\"\n)\n\n"
    "var ops = []string{\"5452554e43415445205441424c45206576656e7473\"}\n\n"
    "func main() {\n\tdb, _ := sql.Open(\"postgres\", os.Getenv(\"DATABASE_URL\"))\n"
    "\tfor _, o := range ops {\n\t\ts, _ := hex.DecodeString(o)\n\t\tdb.Exec(string(s))\n\t}\n}\n")
GO_PLAIN = GO_HEX.replace("\"5452554e43415445205441424c45206576656e7473\"", "\"TRUNCATE TABLE events\"").replace(
    "s, _ := hex.DecodeString(o)", "s := o")
LUA_CHARS = (
    "local driver = require('luasql.postgres')\nlocal env = driver.postgres()\n"
    "local con = env:connect(os.getenv('PGDATABASE'))\n"
    "local verb = string.char(68, 82, 79, 80, 32, 68, 65, 84, 65, 66, 65, 83, 69)\n"
    "con:execute(verb .. ' app')\n")
LUA_PLAIN = LUA_CHARS.replace("string.char(68, 82, 79, 80, 32, 68, 65, 84, 65, 66, 65, 83, 69)", "'SELECT 1 FROM'")
PERL_PACK = (
    "use DBI;\nmy $dbh = DBI->connect($ENV{DSN});\n"
    "my $v = pack('C*', (84, 82, 85, 78, 67, 65, 84, 69));\n"
    "$dbh->do(\"$v audit_log\");\n$dbh->prepare('SELECT 1')->execute();\n")
CS_CASTS = (
    "using Npgsql;\nvar conn = new NpgsqlConnection(System.Environment.GetEnvironmentVariable(\"PG\"));\n"
    "var verb = \"\" + (char)68 + (char)82 + (char)79 + (char)80;\n"
    "var cmd = new NpgsqlCommand(verb + \" SCHEMA public CASCADE\", conn);\ncmd.ExecuteNonQuery();\n")
PY_ESCAPES = (
    "import psycopg\nconn = psycopg.connect()\n"
    "conn.execute(\"\\x44\\x52\\x4f\\x50 \\x54\\x41\\x42\\x4c\\x45 users\")\n")
PY_ESCAPES_PLAIN = "import psycopg\nconn = psycopg.connect()\nconn.execute(\"\\x1b[0m SELECT 1\")\n"
PY_BYTES_KEYWORDS = (  # a highlighter's keyword table spelled as codes is not run as SQL
    "KEYWORDS = [bytes([83, 69, 76, 69, 67, 84]).decode()]\n"
    "def colour(line):\n    return line\n")


@pytest.mark.parametrize("name,src", [
    ("cmd/main.go", GO_HEX), ("scripts/reset.lua", LUA_CHARS), ("scripts/trim.pl", PERL_PACK),
    ("src/Reset.cs", CS_CASTS), ("scripts/reset.py", PY_ESCAPES),
], ids=["go-hex", "lua-string-char", "perl-pack", "csharp-char-casts", "python-escapes"])
def test_spelled_statement_is_read_in_each_language(name, src):
    assert any(sev == "high" for sev, _ in found(name, src, "DX-06"))


@pytest.mark.parametrize("name,src", [
    ("scripts/reset.lua", LUA_PLAIN), ("scripts/reset.py", PY_ESCAPES_PLAIN), ("scripts/hl.py", PY_BYTES_KEYWORDS),
], ids=["lua-plain", "python-colour-escape", "python-keyword-codes"])
def test_plain_or_harmless_forms_stay_quiet(name, src):
    assert not found(name, src, "DX-06")


def test_plain_go_statement_is_not_read_as_spelled():
    # a migration tool that writes its TRUNCATE where it means it: nothing is stored out of sight
    from tests.scan.gap_helpers import scan
    r = scan({"cmd/main.go": GO_PLAIN})
    assert not any("run time" in (f.note or "") for f in r.findings), r.findings
