"""Tests for lint.py using the text fixtures (fixtures are never executed)."""
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
LINT = HERE.parent / "scripts" / "lint.py"


def run(target):
    r = subprocess.run([sys.executable, str(LINT), str(target), "--json"], capture_output=True, text=True)
    return r.returncode, {f["rule"] for f in json.loads(r.stdout)}


def test_bad_install():
    code, rules = run(HERE / "fixtures" / "bad_install.sh.txt")
    assert code == 1
    assert {"pipe-to-shell", "base64-exec", "eval-remote", "rm-root", "force-push", "sudoers-edit"} <= rules


def test_leaky_config():
    _, rules = run(HERE / "fixtures" / "leaky_config.txt")
    assert {"aws-access-key", "cloud-metadata", "ssh-key-read"} <= rules


def test_invisible():
    _, rules = run(HERE / "fixtures" / "invisible.md.txt")
    assert "invisible-unicode" in rules
