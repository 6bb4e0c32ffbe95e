"""The --json contract, checked for EVERY registered command.

Every command takes ``--json`` and then prints exactly one JSON document on stdout:
``{"schema": 1, "command": <name>, "result": …, "errors": [...]}``. A run that exits
non-zero carries at least one error, each with ``message``, ``hint`` and ``code``;
a run that exits 0 carries none. Usage errors (an unknown option, a missing
argument) keep the contract too.

Commands are found by introspecting the Typer app, so a command added later is
checked by ``test_every_command_has_json`` and ``test_usage_error_is_an_envelope``
without touching this file; ``CASES`` adds real success and failure runs for the
commands whose arguments this module knows.
"""

from __future__ import annotations

import json
import os

import pytest

from skillpm_testing import write_skill


def command_paths() -> list[tuple[str, ...]]:
    """Every leaf command of the app, as its words: ("list",), ("index", "build"), …"""
    import typer

    from skillpm.cli.app import app

    root = typer.main.get_command(app)
    out = []

    def walk(cmd, prefix):
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in sorted(subs.items()):
                walk(sub, prefix + (name,))
        else:
            out.append(prefix)

    walk(root, ())
    return out


def check_envelope(result, command: str):
    """Parse stdout as exactly one JSON document and check the envelope; return it."""
    text = result.stdout
    try:
        doc = json.loads(text)  # json.loads refuses trailing data: exactly one document
    except json.JSONDecodeError as exc:
        raise AssertionError(f"`{command} --json` printed no single JSON document ({exc}):\n{text!r}\n"
                             f"stderr: {result.stderr!r}") from None
    assert isinstance(doc, dict) and set(doc) == {"schema", "command", "result", "errors"}, doc
    assert doc["schema"] == 1
    assert doc["command"] == command
    assert isinstance(doc["errors"], list)
    if result.exit_code == 0:
        assert doc["errors"] == [], doc["errors"]
    else:
        assert doc["errors"], f"`{command} --json` exited {result.exit_code} with no errors[]"
        for e in doc["errors"]:
            assert isinstance(e["message"], str) and e["message"]
            assert "hint" in e and (e["hint"] is None or isinstance(e["hint"], str))
            assert isinstance(e["code"], int)
        assert result.exit_code in [e["code"] for e in doc["errors"]]
    return doc


@pytest.fixture
def prepared(cli, project, tmp_path, home):
    """A project with Claude Code detected, one skill installed from a local folder, one more on disk."""
    (home / ".claude").mkdir()
    src = write_skill(tmp_path / "src", "demo", "Demo skill for the JSON contract.")
    other = write_skill(tmp_path / "src2", "other", "Another skill.")
    bad = write_skill(tmp_path / "bad", "bad", frontmatter="name: bad\n")  # no description: invalid
    r = cli("add", src, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    return {"project": project, "src": src, "other": other, "bad": bad, "tmp": tmp_path}


def _plant_unmanaged(p):
    write_skill(p["project"] / ".claude/skills", "stray", "Copied in by hand.")


def _plant_broken_link(p):
    os.symlink(p["tmp"] / "nowhere", p["project"] / ".claude/skills/dangling")


def _edit_installed(p):
    (p["project"] / ".claude/skills/demo/SKILL.md").write_text("---\nname: demo\ndescription: edited\n---\n")


# command -> list of (label, setup(prepared) or None, argv builder, expected exit code)
CASES = {
    "add": [("ok", None, lambda p: ["add", p["other"], "-a", "claude-code", "--yes"], 0),
            ("dry-run", None, lambda p: ["add", p["other"], "-a", "claude-code", "--dry-run"], 0),
            ("missing source", None, lambda p: ["add", "./no-such-folder", "-a", "claude-code", "--yes"], 2),
            ("no terminal", None, lambda p: ["add", p["other"], "-a", "claude-code"], 1)],
    "remove": [("ok", None, lambda p: ["remove", "demo"], 0),
               ("not installed", None, lambda p: ["remove", "nope"], 2)],
    "list": [("ok", None, lambda p: ["list"], 0)],
    "install": [("ok", None, lambda p: ["install"], 0),
                ("nothing to install", None, lambda p: ["install", "--global"], 2)],
    "verify": [("ok", None, lambda p: ["verify"], 0),
               ("edited", _edit_installed, lambda p: ["verify"], 1)],
    "validate": [("ok", None, lambda p: ["validate", p["src"]], 0),
                 ("invalid", None, lambda p: ["validate", p["bad"]], 1)],
    "agents": [("ok", None, lambda p: ["agents"], 0)],
    "doctor": [("ok", None, lambda p: ["doctor"], 0),
               ("broken link", _plant_broken_link, lambda p: ["doctor"], 1)],
    "adopt": [("ok", _plant_unmanaged, lambda p: ["adopt", "stray"], 0),
              ("unknown", None, lambda p: ["adopt", "nope"], 2)],
    "init": [("ok", None, lambda p: ["init", "--force"], 0),
             ("exists", None, lambda p: ["init"], 2)],
    "badge": [("ok", None, lambda p: ["badge", p["src"], "--out", p["tmp"] / "b.svg"], 0),
              ("missing", None, lambda p: ["badge", "./no-such-folder"], 2)],
    "cost": [("ok", None, lambda p: ["cost", p["src"]], 0),
             ("budget", None, lambda p: ["cost", "--budget"], 0),
             ("nothing to cost", None, lambda p: ["cost"], 2),
             ("missing", None, lambda p: ["cost", "./no-such-folder"], 2)],
    "scan": [("ok", None, lambda p: ["scan", p["src"]], 0),
             ("fail-on", None, lambda p: ["scan", p["src"], "--fail-on", "A"], 1),
             ("missing", None, lambda p: ["scan", "./no-such-folder"], 2)],
    "outdated": [("ok", None, lambda p: ["outdated"], 0)],
    "audit": [("offline", None, lambda p: ["audit", "--offline"], 0)],
    "update": [("dry-run", None, lambda p: ["update", "--dry-run"], 0),
               ("not installed", None, lambda p: ["update", "nope"], 2)],
    "import": [("missing", None, lambda p: ["import", "./no-such-lock.json"], 2)],
    "search": [("ok", None, lambda p: ["search", "pdf"], 0)],
    "info": [("unknown", None, lambda p: ["info", "nope/x/y"], 2)],
    "index update": [("shipped", None, lambda p: ["index", "update"], 0)],
    "index build": [("no sources", None, lambda p: ["index", "build"], 2)],
}
_REGISTERED = {" ".join(c) for c in command_paths()}
_RUNS = [(cmd, label, setup, argv, code) for cmd, cases in CASES.items() if cmd in _REGISTERED
         for label, setup, argv, code in cases]


def test_every_command_is_found():
    """The introspection sees the core commands (guards against it silently finding nothing)."""
    for name in ("add", "remove", "list", "install", "verify", "validate", "agents", "doctor", "adopt", "init", "badge"):
        assert name in _REGISTERED


@pytest.mark.parametrize("path", command_paths(), ids=lambda c: " ".join(c))
def test_every_command_has_json(path):
    import typer

    from skillpm.cli.app import app

    cmd = typer.main.get_command(app)
    for word in path:
        cmd = cmd.commands[word]
    opts = {o for p in cmd.params for o in getattr(p, "opts", [])}
    assert "--json" in opts, f"`skillpm {' '.join(path)}` has no --json option"


@pytest.mark.parametrize("path", command_paths(), ids=lambda c: " ".join(c))
def test_usage_error_is_an_envelope(cli, project, path):
    r = cli(*path, "--json", "--no-such-option-for-the-contract")
    assert r.exit_code == 2
    doc = check_envelope(r, " ".join(path))
    assert doc["result"] is None
    assert "--no-such-option-for-the-contract" in doc["errors"][0]["message"]
    assert doc["errors"][0]["hint"].startswith(f"run `skillpm {' '.join(path)} --help`")


@pytest.mark.parametrize("cmd,label,setup,argv,code", _RUNS, ids=[f"{r[0]}: {r[1]}" for r in _RUNS])
def test_json_run(cli, prepared, cmd, label, setup, argv, code):
    if setup:
        setup(prepared)
    r = cli(*argv(prepared), "--json")
    assert r.exit_code == code, (r.stdout, r.stderr)
    doc = check_envelope(r, cmd)
    if code == 0:
        assert doc["result"] is not None


def test_unknown_command_is_an_envelope(cli, project):
    r = cli("no-such-command", "--json")
    assert r.exit_code == 2
    doc = check_envelope(r, "")
    assert "no-such-command" in doc["errors"][0]["message"]


def test_json_results_carry_the_data(cli, prepared):
    """Spot checks that a script can drive the core flow through --json alone."""
    lst = json.loads(cli("list", "--json").stdout)["result"]
    assert [(i["name"], i["status"], i["agents"]) for i in lst] == [("demo", "ok", ["claude-code"])]
    ver = json.loads(cli("verify", "--json").stdout)["result"]
    assert ver["ok"] is True and ver["checked"] == 1
    _edit_installed(prepared)
    doc = json.loads(cli("verify", "--json").stdout)
    assert doc["result"]["problems"][0]["changed"] == ["SKILL.md"]
    assert doc["errors"][0]["code"] == 1 and "install --force" in doc["errors"][0]["hint"]
