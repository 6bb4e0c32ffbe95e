"""Deletions whose scope widens to everything by a value (widescope): a root that falls back to the home or the
filesystem root, and a matcher that matches every name; each beside its honest form (a fallback to a folder under
the home, a pattern without an empty branch, a non-empty prefix list), which must stay clean."""

from __future__ import annotations

import pytest

from skillpm.scan.widescope import matches_everything
from tests.scan.gap_helpers import found

WALK_DELETE = {
    "sh": "find \"$ROOT\" -type f -mtime +1 -delete\n",
    "py": "import os, shutil\nfor e in os.scandir(ROOT):\n    shutil.rmtree(e.path, ignore_errors=True)\n",
    "js": "const fs = require('fs'), os = require('os');\nfor (const n of fs.readdirSync(root)) fs.rmSync(`${root}/${n}`, { recursive: true });\n",
    "rb": "require 'fileutils'\nDir.children(root).each { |n| FileUtils.rm_rf(File.join(root, n)) }\n",
    "php": "<?php\nforeach (scandir($root) as $n) { if ($n[0] !== '.') { @unlink(\"$root/$n\"); } }\n",
    "ps1": "Get-ChildItem $root | Remove-Item -Recurse -Force\n",
    "kt": "import java.io.File\nfun main() { File(root).listFiles()?.forEach { it.deleteRecursively() } }\n",
    "java": "import java.nio.file.*;\nclass C { void run() throws Exception { for (Path p : Files.newDirectoryStream(Paths.get(root))) Files.delete(p); } }\n",
    "rs": "fn main() {\n    for e in std::fs::read_dir(&root).unwrap() { let _ = std::fs::remove_dir_all(e.unwrap().path()); }\n}\n",
}
FALLBACKS = [
    ("scripts/clean.sh", "ROOT=\"${SCRATCH_DIR:-$HOME}\"\n", "sh"),
    ("scripts/clean.sh", "ROOT=${BUILD_OUT:-/}\n", "sh"),
    ("scripts/clean.py", "import os\nfrom pathlib import Path\nROOT = os.environ.get('SCRATCH', str(Path.home()))\n", "py"),
    ("scripts/clean.py", "import os\nROOT = os.getenv('SCRATCH') or os.path.expanduser('~')\n", "py"),
    ("scripts/clean.js", "const root = process.env.SCRATCH_DIR ?? require('os').homedir();\n", "js"),
    ("scripts/clean.rb", "root = ENV.fetch('SCRATCH_DIR', Dir.home)\n", "rb"),
    ("scripts/clean.php", "$root = getenv('SCRATCH_DIR') ?: getenv('HOME');\n", "php"),
    ("scripts/clean.ps1", "$root = $env:SCRATCH_DIR ?? $HOME\n", "ps1"),
    ("src/Clean.kt", "val root = System.getenv(\"SCRATCH\") ?: System.getProperty(\"user.home\")\n", "kt"),
    ("src/Clean.java", "String root = System.getenv().getOrDefault(\"SCRATCH\", System.getProperty(\"user.home\"));\n", "java"),
    ("src/main.rs", "let root = std::env::var(\"SCRATCH\").unwrap_or_else(|_| dirs::home_dir().unwrap().display().to_string());\n", "rs"),
]
HONEST = [
    ("scripts/clean.sh", "ROOT=\"${XDG_CACHE_HOME:-$HOME/.cache}/mytool\"\n", "sh"),
    ("scripts/clean.py", "import os\nfrom pathlib import Path\nROOT = os.environ.get('SCRATCH', str(Path.home() / '.cache' / 'mytool'))\n", "py"),
    ("scripts/clean.js", "const root = process.env.SCRATCH_DIR || require('path').join(require('os').homedir(), '.cache', 'mytool');\n", "js"),
    ("scripts/clean.rb", "root = ENV.fetch('SCRATCH_DIR', File.join(Dir.home, '.cache', 'mytool'))\n", "rb"),
]


@pytest.mark.parametrize("name,head,lang", FALLBACKS, ids=[f"{i}-{x[2]}" for i, x in enumerate(FALLBACKS)])
def test_a_root_that_falls_back_to_the_home_is_read(name, head, lang):
    line = head.count("\n", 0, len(head) - 1) + 1  # the fallback's line (a plain $HOME the patterns call critical)
    got = found(name, head + WALK_DELETE[lang], "DX-01")
    assert ("high", line) in got or ("critical", line) in got, got


@pytest.mark.parametrize("name,head,lang", HONEST, ids=[f"{i}-{x[2]}" for i, x in enumerate(HONEST)])
def test_a_fallback_to_a_folder_under_the_home_stays_quiet(name, head, lang):
    assert not found(name, head + WALK_DELETE[lang], "DX-01")


@pytest.mark.parametrize("body", [
    'find "$ROOT/.cache/mytool" -type f -mtime +1 -delete\n',  # every use of the root names a folder under it
    'find "${ROOT%/}/${SUB_DIR:-rotated}" -mindepth 1 -delete\n',  # ... or a sub-folder with a non-empty default
    'find "$ROOT" -name "*.log.gz" -mtime +7 -delete\n',  # a prune that selects by a literal name pattern
])
def test_a_shell_fallback_root_under_a_named_folder_or_a_selective_prune_stays_quiet(body):
    assert not found("scripts/clean.sh", 'ROOT="${SCRATCH_DIR:-$HOME}"\n' + body, "DX-01")


def test_a_shell_fallback_root_used_bare_once_is_read():
    # one use names a folder, another deletes under the root itself: the root is the home when SCRATCH_DIR is unset
    body = 'mkdir -p "$ROOT/.cache"\nfind "$ROOT" -type f -mtime +1 -delete\n'
    got = found("scripts/clean.sh", 'ROOT="${SCRATCH_DIR:-$HOME}"\n' + body, "DX-01")
    assert ("high", 1) in got or ("critical", 1) in got, got


def test_a_fallback_joined_with_a_named_folder_stays_quiet():
    # found on the index re-grade after the merge: a download folder under the home, in a script that deletes elsewhere
    js = ("const path = require('path'), os = require('os'), fs = require('fs');\n"
          "const out = path.join(process.env.USERPROFILE || os.homedir(), 'Downloads');\n"
          "fs.rmSync(path.join(out, 'feed.tmp'), { force: true });\n")
    assert not found("scripts/sync.js", js, "DX-01")


def test_a_fallback_that_deletes_nothing_stays_quiet():
    assert not found("scripts/report.sh", "OUT=\"${REPORT_DIR:-$HOME}\"\necho hi > \"$OUT/report.txt\"\n", "DX-01")


GO_EARLY_RETURN = (
    "package main\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\n"
    "func root() string {\n\tif d := os.Getenv(\"OUT_DIR\"); d != \"\" {\n\t\treturn d\n\t}\n\th, _ := os.UserHomeDir()\n\treturn h\n}\n\n"
    "func main() {\n\tents, _ := os.ReadDir(root())\n\tfor _, e := range ents {\n\t\tos.RemoveAll(filepath.Join(root(), e.Name()))\n\t}\n}\n")


def test_go_returns_the_home_when_the_variable_is_empty():
    assert found("cmd/clean/main.go", GO_EARLY_RETURN, "DX-01")


def test_go_returns_a_folder_under_the_home():
    honest = GO_EARLY_RETURN.replace("\th, _ := os.UserHomeDir()\n\treturn h\n",
                                     "\th, _ := os.UserHomeDir()\n\treturn filepath.Join(h, \".cache\", \"tool\")\n")
    assert not found("cmd/clean/main.go", honest, "DX-01")


# ---------------------------------------------------------------- matchers

@pytest.mark.parametrize("pattern,every", [
    (r"^(?:pr-\d+-|preview-|)", True), (r"^(|tmp-|ci-)", True), (r"^(ci-||tmp-)", True), (r"tmp-|", True),
    (r"^(?:pr-\d+-|preview-)", False), (r"^(a|)$", False), (r"^(tmp|)-build", False), (r"^(?:x|y)", False),
])
def test_a_regex_is_judged_by_what_it_matches(pattern, every):
    assert matches_everything(pattern) is every


PRUNE_JS = ("const { execFileSync } = require('child_process');\nconst cfg = require('../prune.json');\n"
            "const re = new RegExp(cfg.match);\nconst names = JSON.parse(execFileSync('aws', ['s3api', 'list-buckets'])).Buckets;\n"
            "for (const b of names.filter(b => re.test(b.Name))) {\n  execFileSync('aws', ['s3', 'rb', `s3://${b.Name}`, '--force']);\n}\n")


def test_a_settings_pattern_with_an_empty_branch_selects_every_bucket():
    assert found("prune.json", '{\n  "match": "^(?:pr-\\\\d+-|preview-|)",\n  "minAgeDays": 0\n}\n', "DX-01",
                 extra={"src/prune.js": PRUNE_JS})


def test_a_settings_pattern_without_an_empty_branch_stays_quiet():
    assert not found("prune.json", '{\n  "match": "^(?:pr-\\\\d+-|preview-)",\n  "minAgeDays": 3\n}\n', "DX-01",
                     extra={"src/prune.js": PRUNE_JS})


SWEEP_PY = ("import subprocess, yaml\ncfg = yaml.safe_load(open('sweep.yaml'))\n"
            "for n in subprocess.run(['docker', 'volume', 'ls', '-q'], capture_output=True, text=True).stdout.split():\n"
            "    if any(n.startswith(p) for p in cfg['prefixes']):\n        subprocess.run(['docker', 'volume', 'rm', n])\n")


def test_a_yaml_prefix_list_holding_an_empty_string():
    assert found("sweep.yaml", "prefixes:\n  - \"ci-\"\n  - \"\"\n", "DX-01", extra={"scripts/sweep.py": SWEEP_PY})


def test_a_yaml_prefix_list_of_real_prefixes_stays_quiet():
    assert not found("sweep.yaml", "prefixes:\n  - \"ci-\"\n  - \"tmp-\"\n", "DX-01", extra={"scripts/sweep.py": SWEEP_PY})


def test_an_empty_prefix_test_in_code():
    src = "import os, shutil\nfor e in os.scandir('/srv/builds'):\n    if e.name.startswith(''):\n        shutil.rmtree(e.path)\n"
    assert found("scripts/trim.py", src, "DX-01")
    assert not any(line == 3 for _, line in found("scripts/trim.py", src.replace("startswith('')", "startswith('build-')"), "DX-01"))


@pytest.mark.parametrize("src", [
    "const re = /^(?:tmp-|ci-|)/;\nfor (const n of names) if (re.test(n)) fs.rmSync(n, { recursive: true });\n",
    "import re, shutil\nfor p in paths:\n    if re.match(r'^(build-|)', p):\n        shutil.rmtree(p)\n",
    "for d in */; do [[ $d =~ ^(tmp-|) ]] && rm -rf \"$d\"; done\n",
], ids=["js-literal", "py-re-match", "sh-=~"])
def test_a_code_regex_with_an_empty_branch_selects_everything(src):
    name = {"c": "scripts/x.js", "i": "scripts/x.py", "f": "scripts/x.sh"}[src[0]]
    assert found(name, src, "DX-01")


def test_shell_or_operators_in_strings_are_not_patterns():
    src = ('os="$(uname -s 2>/dev/null || true)"\nsum=$(sha256sum f 2>/dev/null | cut -d" " -f1 || shasum -a 256 f)\n'
           "name=$(docker inspect x --format '{{.Name}}' | sed 's|^/||')\nrm -rf \"$TMPDIR/build\"\n")
    assert not [f for f in found("scripts/x.sh", src, "DX-01") if f[1] in (1, 2, 3)]
