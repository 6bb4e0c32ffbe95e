"""Shell completion (Typer's): the scripts are generated, and the completion protocol answers."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def _run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "skillpm", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **(env or {})})


@pytest.mark.parametrize("shell,marker", [("bash", "complete -o default -F _skillpm_completion skillpm"),
                                          ("zsh", "#compdef skillpm"),
                                          ("fish", "complete --command skillpm")])
def test_show_completion_prints_a_script(shell, marker):
    r = _run("--show-completion", shell, env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert r.returncode == 0, r.stderr
    assert marker in r.stdout
    assert "_SKILLPM_COMPLETE" in r.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
def test_bash_accepts_the_script(tmp_path):
    gen = _run("--show-completion", "bash", env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    # (a failure here once read only "no completion specification": say what generating printed)
    assert gen.returncode == 0 and "_skillpm_completion" in gen.stdout, (gen.returncode, gen.stdout, gen.stderr)
    script = tmp_path / "skillpm.bash"
    script.write_text(gen.stdout)
    r = subprocess.run(["bash", "-c", f"source {script} && complete -p skillpm"], capture_output=True, text=True,
                       timeout=30)
    assert r.returncode == 0, r.stderr
    assert "_skillpm_completion" in r.stdout


def test_completion_protocol_completes_commands_and_options():
    r = _run(env={"_SKILLPM_COMPLETE": "complete_bash", "COMP_WORDS": "skillpm doc", "COMP_CWORD": "1"})
    assert r.stdout.split() == ["doctor"]
    r = _run(env={"_SKILLPM_COMPLETE": "complete_bash", "COMP_WORDS": "skillpm badge --o", "COMP_CWORD": "2"})
    assert "--out" in r.stdout.split()
