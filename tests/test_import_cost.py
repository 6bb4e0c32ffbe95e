"""Importing the CLI must stay cheap: `skillpm --help` and every command pay for it.

The heavy libraries (tiktoken, httpx, the scanner, PyYAML, tomlkit, rich) are imported inside
the functions that need them. Checked in a fresh interpreter, since this test process has
imported everything already.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

# Module prefixes that `import skillpm.cli.app` must not pull in, with the reason.
HEAVY = {
    "tiktoken": "tokenizer: only commands that count tokens load it",
    "httpx": "HTTP client: only network fetches need it",
    "skillpm.scan": "scanner: compiles its rule table on import",
    "yaml": "PyYAML: only parsing a SKILL.md needs it",
    "rich": "help and errors render as plain text; rich costs ~50-150 ms to import",
    "tomlkit": "only writing a manifest or lock needs it",
}


def _modules_after(code: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), *filter(None, [env.get("PYTHONPATH")])])
    proc = subprocess.run([sys.executable, "-c", f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, env=env, cwd=REPO_ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout.splitlines()[-1]))


def _offenders(modules: set[str]) -> dict[str, str]:
    return {m: why for m, why in HEAVY.items() if any(x == m or x.startswith(m + ".") for x in modules)}


def test_importing_the_cli_does_not_import_heavy_modules():
    modules = _modules_after("import skillpm.cli.app")
    assert "typer" in modules  # the check itself works: the CLI's framework is there
    assert _offenders(modules) == {}


def test_building_the_help_does_not_import_heavy_modules():
    """`skillpm --help` renders the whole command tree: every command's module is imported
    (or its signature read), so a heavy import at the top of any command module shows up here."""
    code = ("import sys\nsys.argv = ['skillpm', '--help']\nimport skillpm.cli.app as a\n"
            "import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n        a.main()\n    except SystemExit:\n        pass")
    modules = _modules_after(code)
    assert _offenders(modules) == {}


@pytest.mark.parametrize("module", sorted(HEAVY))
def test_the_heavy_list_names_real_modules(module):
    """Guard against a typo in HEAVY making the test above pass vacuously."""
    top = module.split(".")[0]
    if top == "skillpm":
        where = REPO_ROOT / Path(*module.split("."))
        if not (where.with_suffix(".py").exists() or where.is_dir()):
            pytest.skip(f"{module} is not part of this checkout yet")
    else:
        __import__(top)
