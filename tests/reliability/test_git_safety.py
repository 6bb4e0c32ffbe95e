"""Git safety: nothing from a fetched repository runs — no hooks, no filters, no fsmonitor, no
submodule URL — unsafe transports are refused, file:// only when the user typed it, no shell
anywhere, and a timeout on every git and HTTP call (checked on the source tree)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from conftest import write_skill
from skillpm.errors import SkillpmError
from skillpm.hashing import read_tree

SKILLPM_SRC = Path(__file__).resolve().parents[2] / "skillpm"

# --------------------------------------------------------------------------- nothing runs


def _hook_script(marker: Path) -> str:
    return f"#!/bin/sh\necho \"$0\" >> '{marker}'\n"


def test_filters_hooks_and_fsmonitor_never_run(cli, project, git_repo, tmp_path, home):
    """The upstream marks every file `filter=evil`; the user's own ~/.gitconfig defines that
    filter (as git-lfs does for `lfs`) plus hooks and an fsmonitor. skillpm never checks out a
    work tree and forces hooksPath/fsmonitor off, so none of them runs and the committed bytes land."""
    marker = tmp_path / "ran"
    hooks = tmp_path / "user-hooks"
    hooks.mkdir()
    for name in ("post-checkout", "post-merge", "reference-transaction", "pre-auto-gc", "post-rewrite",
                 "fsmonitor-watchman", "post-index-change"):
        (hooks / name).write_text(_hook_script(marker))
        (hooks / name).chmod(0o755)
    (home / ".gitconfig").write_text(
        "[filter \"evil\"]\n"
        f"\tsmudge = sh -c 'echo smudge >> {marker}; cat'\n"
        f"\tclean = sh -c 'echo clean >> {marker}; cat'\n"
        "\trequired = true\n"
        f"[core]\n\thooksPath = {hooks}\n\tfsmonitor = {hooks}/fsmonitor-watchman\n")
    up = git_repo("filtered")
    up.add_skill("demo", description="Filtered upstream.", files={"references/a.md": "raw bytes\n"})
    up.write({".gitattributes": "* filter=evil\n"})
    # Commit without the filter (the user's config would run it on `git add` in the test itself).
    import subprocess

    env = dict(os.environ, HOME=str(tmp_path / "nohome"))
    for args in (["add", "-A"], ["commit", "-q", "-m", "filtered"]):
        subprocess.run(["git", "-c", "commit.gpgsign=false", *args], cwd=up.path, env=env, check=True,
                       capture_output=True, timeout=60)
    r = cli("add", up.url, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/demo/references/a.md").read_text() == "raw bytes\n"
    assert not marker.exists(), marker.read_text()


def test_upstream_repository_config_and_hooks_never_run(cli, project, git_repo, tmp_path):
    """What the upstream's own .git holds (config, hooks) is not transferred by a fetch; over
    file:// git runs upload-pack inside it, and even then none of it may run."""
    marker = tmp_path / "ran"
    up = git_repo("hooked")
    up.add_skill("demo", description="Hooked upstream.")
    up.commit()
    for name in ("post-checkout", "post-merge", "pre-push", "post-update", "reference-transaction", "fsmonitor"):
        h = up.path / ".git" / "hooks" / name
        h.write_text(_hook_script(marker))
        h.chmod(0o755)
    with open(up.path / ".git" / "config", "a") as fh:
        fh.write(f"[core]\n\tfsmonitor = {up.path}/.git/hooks/fsmonitor\n\tsshCommand = touch {marker}\n"
                 f"[uploadpack]\n\tpackObjectsHook = {up.path}/.git/hooks/fsmonitor\n")
    r = cli("add", up.url, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert (project / ".claude/skills/demo/SKILL.md").exists()
    assert not marker.exists(), marker.read_text()
    assert not (project / ".claude/skills/demo/.git").exists()


def test_gitmodules_with_malicious_url_is_never_followed(cli, project, git_repo, tmp_path):
    marker = tmp_path / "ran"
    up = git_repo("submod")
    up.add_skill("demo", description="Has a submodule.")
    up.write({".gitmodules": f'[submodule "x"]\n\tpath = skills/demo/vendor\n\turl = ext::sh -c touch% {marker}\n'})
    import subprocess

    sub_commit = up.commit()
    subprocess.run(["git", "update-index", "--add", "--cacheinfo", f"160000,{sub_commit},skills/demo/vendor"],
                   cwd=up.path, check=True, capture_output=True, timeout=60)
    subprocess.run(["git", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "submodule"], cwd=up.path, check=True,
                   capture_output=True, timeout=60)
    r = cli("add", up.url, "-a", "claude-code", "--yes")
    assert r.exit_code == 0, r.output
    assert sorted(os.listdir(project / ".claude/skills/demo")) == ["SKILL.md"]
    assert not marker.exists()


# --------------------------------------------------------------------------- transports


@pytest.mark.parametrize("url", [
    "ext::sh -c touch% {marker}",
    "git+ext::sh -c touch% {marker}",
    "EXT::sh -c touch% {marker}",
    "fd::17",
    "-uhelp",
    "--upload-pack=touch {marker}",
    "ssh://-oProxyCommand=touch%20{marker}/x/y",
    "-oProxyCommand=touch {marker}:x/y",
])
def test_unsafe_transports_are_refused_and_nothing_runs(url, cli, project, tmp_path):
    marker = tmp_path / "ran"
    r = cli("add", "--", url.format(marker=marker), "-a", "claude-code", "--yes")
    assert r.exit_code != 0, r.output
    assert "error:" in r.stderr and "Traceback" not in r.output
    assert not marker.exists()
    assert not (project / ".claude").exists() and not (project / "skillpm.lock").exists()


@pytest.mark.parametrize("url", ["ssh://-oProxyCommand=touch%20x/x/y", "ssh://git@-oProxyCommand=x/y",
                                 "ssh://%2DoProxyCommand=x/y", "-oProxyCommand=x:y/z"])
def test_option_like_ssh_hosts_refused_by_skillpm_itself(url):
    from skillpm.gitutil import check_url

    with pytest.raises(SkillpmError, match="refusing"):
        check_url(url)


def test_file_url_refused_when_it_comes_from_the_index(git_repo):
    from skillpm.sources import SourceSpec, resolve_source

    up = git_repo("local")
    up.add_skill("demo")
    up.commit()
    with pytest.raises(SkillpmError, match="file://"):
        resolve_source(SourceSpec("git", up.url, None, "", "index entry", from_user_file=False))
    # The same URL typed by the user is fine.
    assert [c.name for c in resolve_source(SourceSpec("git", up.url, None, "", up.url))] == ["demo"]


def test_file_url_typed_by_user_works_end_to_end(cli, project, git_repo):
    up = git_repo("mine")
    up.add_skill("demo")
    up.commit()
    assert cli("add", up.url, "-a", "claude-code", "--yes").exit_code == 0
    assert read_tree(project / ".claude/skills/demo").h1 == read_tree(up.path / "skills/demo").h1


def test_git_timeout_is_a_clear_error(monkeypatch, git_repo, tmp_path):
    """A git call that hangs is stopped by its timeout. The stall is real: a fake `git` on PATH that sleeps."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "git").write_text("#!/bin/sh\nsleep 30\n")
    (fake / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{os.pathsep}{os.environ['PATH']}")
    from skillpm import gitutil

    with pytest.raises(SkillpmError, match="timed out"):
        gitutil.run(["ls-remote", "--", "https://example.invalid/x"], timeout=1, network=True)


# --------------------------------------------------------------------------- the source tree


def _py_files():
    return sorted(p for p in SKILLPM_SRC.rglob("*.py") if "_registry_index" not in p.parts)


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            base = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
            yield node, base, name


def test_no_shell_anywhere():
    bad = []
    for p in _py_files():
        tree = ast.parse(p.read_text(), str(p))
        for node, base, name in _calls(tree):
            kws = {k.arg: k.value for k in node.keywords}
            if "shell" in kws and not (isinstance(kws["shell"], ast.Constant) and kws["shell"].value is False):
                bad.append(f"{p.name}:{node.lineno} shell=")
            if (base, name) in {("os", "system"), ("os", "popen"), ("subprocess", "getoutput"),
                                ("subprocess", "getstatusoutput"), ("os", "execl"), ("os", "execlp"),
                                ("os", "spawnl"), ("os", "spawnlp")}:
                bad.append(f"{p.name}:{node.lineno} {base}.{name}")
    assert bad == []
    assert sum(1 for _ in _py_files()) > 10  # the walk really saw the package


def test_every_subprocess_and_http_call_has_a_timeout():
    missing, seen = [], 0
    for p in _py_files():
        tree = ast.parse(p.read_text(), str(p))
        for node, base, name in _calls(tree):
            kws = {k.arg for k in node.keywords}
            sub = base == "subprocess" and name in ("run", "call", "check_call", "check_output", "Popen")
            http = base in ("httpx", "requests") and name in ("get", "post", "head", "stream", "request", "Client",
                                                             "AsyncClient")
            url = name == "urlopen"
            if sub or http or url:
                seen += 1
                if "timeout" not in kws:
                    missing.append(f"{p.relative_to(SKILLPM_SRC.parent)}:{node.lineno} {base}.{name}")
    assert missing == []
    assert seen >= 1  # gitutil.run at least
