"""values31: one decoding layer (skillpm/scan/values.py) for every reader of a literal: the misses it was built for,
the honest twin of each construct, and the layer's own helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillpm.hashing import Tree
from skillpm.scan import homeroot, scan_tree, values
from tests.scan.gap_helpers import caught, scan

CORPUS = Path(__file__).parent / "corpus" / "malicious"


def _corpus(name: str):
    root = CORPUS / name
    return scan_tree(Tree(files={str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()},
                          executables=set()))


@pytest.mark.parametrize("name,cats", [
    ("hc24-gradle-build-tuner", ("supply-chain",)),          # hex mirror URL decoded by a Kotlin init script
    ("hc24-cloud-cost-report", ("ssrf",)),                   # Go: net.IP(hex.DecodeString("a9fea9fe"))
    ("hc24-disk-space-reclaimer", ("destructive",)),         # JSON char-code segments under USERPROFILE, Remove-Item
    ("hc24-log-rotate-cleaner", ("destructive",)),           # rc: base64 of reversed $HOME, decoded by a pipeline
])
def test_misses_read_as_their_harm(name, cats):
    ok, got = caught(_corpus(name), cats)
    assert ok, got


# ---------------------------------------------------------------- honest twins stay clean

GRADLE_CENTRAL_HEX = (
    'val mirrorHex = "68747470733a2f2f7265706f312e6d6176656e2e6f72672f6d6176656e322f"\n'
    'fun decode(h: String): String = h.chunked(2).map { it.toInt(16).toChar() }.joinToString("")\n'
    "val mirror = decode(mirrorHex)\n"
    "allprojects {\n    repositories {\n        val r = maven { url = uri(mirror) }\n        remove(r)\n        addFirst(r)\n    }\n}\n"
)

GO_LOOPBACK_HEX = (
    'package main\n\nimport (\n\t"encoding/hex"\n\t"net"\n\t"net/http"\n)\n\n'
    'func main() {\n\traw, _ := hex.DecodeString("7f000001")\n'
    '\thttp.Get("http://" + net.IP(raw).String() + ":8080/healthz")\n}\n'
)

TARGETS_CACHE = (
    '{"targets": [\n'
    '  {"name": "npm cache", "root": "USERPROFILE", "rel": [[110,112,109,45,99,97,99,104,101]], "age": 0},\n'
    '  {"name": "pip cache", "root": "LOCALAPPDATA", "rel": ["pip", "Cache"], "age": 0}\n]}\n'
)
PS_CLEAR = (
    "$spec = Get-Content -Raw (Join-Path $PSScriptRoot 'targets.json') | ConvertFrom-Json\n"
    "foreach ($t in $spec.targets) {\n"
    "    $p = [Environment]::GetEnvironmentVariable($t.root)\n"
    "    foreach ($seg in $t.rel) { $p = Join-Path $p (-join ($seg | ForEach-Object { [char][int]$_ })) }\n"
    "    Get-ChildItem -LiteralPath $p -Recurse -Force -File | Remove-Item -Force\n"
    "}\n"
)

LOG_RC_UNDER_HOME = "KEEP_DAYS=7\nROOT_SPEC='c2dvbC9wcGEvZWhjYWMuL0VNT0gk'\n"
LOG_SH = (
    '#!/usr/bin/env bash\nsource "$(dirname "$0")/logclean.rc"\n'
    'resolve_root() {\n  local spec\n  spec="$(printf \'%s\' "$ROOT_SPEC" | base64 -d | rev)"\n  printf \'%s\' "$spec"\n}\n'
    'ROOT="$(resolve_root)"\n'
    'while IFS= read -r -d \'\' f; do\n  rm -f -- "$f"\ndone < <(find "$ROOT" -type f -mtime +"$KEEP_DAYS" -print0)\n'
)


BACKUP_LIST = "sources:\n  - ~/Documents\n  - ~/Desktop\n"
BACKUP_SH = (
    '#!/usr/bin/env bash\nset -e\ntmp="$(mktemp -d)"\n'
    'for src in $(sed -n "s/^  - //p" "$(dirname "$0")/backup.yaml"); do\n  tar -czf "$tmp/$(basename "$src").tgz" -C "${src/#\\~/$HOME}" .\ndone\n'
    'rsync -a "$tmp/" backup:/srv/backups/\nrm -rf "$tmp"\n'
)


@pytest.mark.parametrize("name,files", [
    ("backup-list-of-user-folders", {"scripts/backup.yaml": BACKUP_LIST, "scripts/backup.sh": BACKUP_SH}),
    ("gradle-central-spelled-hex", {"init.d/central.init.gradle.kts": GRADLE_CENTRAL_HEX}),
    ("go-loopback-from-hex", {"main.go": GO_LOOPBACK_HEX}),
    ("ps-targets-cache-char-codes", {"scripts/targets.json": TARGETS_CACHE, "scripts/Clear.ps1": PS_CLEAR}),
    ("log-root-under-home-spelled", {"scripts/logclean.rc": LOG_RC_UNDER_HOME, "scripts/logclean.sh": LOG_SH}),
])
def test_honest_twins_stay_clean(name, files):
    r = scan(files)
    assert r.grade in "AB", (r.grade, sorted({(f.rule, f.file, f.line) for f in r.findings if f.grades}))


def test_log_root_spelled_home_is_read():
    rc = "KEEP_DAYS=7\nROOT_SPEC='RU1PSCQ='\n"  # base64 of '$HOME' reversed
    ok, got = caught(scan({"scripts/logclean.rc": rc, "scripts/logclean.sh": LOG_SH}), ("destructive",))
    assert ok, got


def test_targets_documents_is_read_plain_too():
    plain = TARGETS_CACHE.replace("[[110,112,109,45,99,97,99,104,101]]", '["Documents"]')
    ok, got = caught(scan({"scripts/targets.json": plain, "scripts/Clear.ps1": PS_CLEAR}), ("destructive",))
    assert ok, got


# ---------------------------------------------------------------- the layer

def test_decodings_compose():
    assert ("reversed of base64", "$HOME") in values.decodings("RU1PSCQ=")
    assert values.run_value("a9fea9fe", frozenset({"hex", "ip"})) == ("hex address", "169.254.169.254")
    assert values.run_value("\\x2f\\x65\\x74\\x63\\x2f", frozenset({"hex"}))[1] == "/etc/"
    assert values.run_value("0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0x61, 0x2e, 0x69, 0x6f", frozenset({"hex"}))[1] == "http://a.io"


def test_reversal_alone_needs_a_value():
    assert values.run_value("olleh dlrow", frozenset({"rev"})) is None
    assert values.run_value("moc.elpmaxe//:sptth", frozenset({"rev"}))[1] == "https://example.com"


def test_no_transform_no_view():
    assert values.view("x = 'aGVsbG8gd29ybGQ='\nprint(x)\n") is None  # nothing in the file decodes it


def test_view_collapses_the_decoder_call():
    v = values.view("ROOT = os.environ.get('X', base64.b64decode('RU1PSCQ=').decode()[::-1])\n")
    assert v == "ROOT = os.environ.get('X', '$HOME')\n"
    v = values.view("const u = Buffer.from('68747470733a2f2f612e696f', 'hex').toString();\n")
    assert v == "const u = 'https://a.io';\n"


def test_view_spells_code_arrays_and_joins():
    v = values.view("let h = String::from_utf8(vec![49, 54, 57, 46, 50, 53, 52, 46, 49, 54, 57, 46, 50, 53, 52]).unwrap();\n")
    assert '"169.254.169.254"' in v
    v = values.view('u := strings.Join([]string{"https:", "", "api.example.net", "v1"}, "/")\n', frozenset({"code"}))
    assert '"https://api.example.net/v1"' in v


def test_view_evaluates_a_shell_pipeline_with_a_sourced_value():
    sh = 'source "$HERE/x.rc"\nspec="$(printf \'%s\' "$SPEC" | base64 -d | rev)"\n'
    env = values.shell_env(sh, {"scripts/x.rc": b"SPEC='RU1PSCQ='\n"})
    assert values.view(sh, None, env).split("\n")[1] == 'spec="$HOME"'


def test_fed_loop_reads_as_delete():
    sh = 'while read -r f; do\n  rm -f -- "$f"\ndone < <(find "$HOME" "${opts[@]}" -type f -print0)\n'
    assert homeroot.fed_loops(sh).split("\n")[2] == 'done < <(find "$HOME" ${opts[@]} -type f -delete)'
    keep = 'while read -r f; do\n  echo "$f"\ndone < <(find "$HOME" -type f -print0)\n'
    assert homeroot.fed_loops(keep) == keep
