"""Fixtures shared by every test: a temporary HOME and project, the real tokenizer
seeded from ../shared, real git repositories, and a real HTTP server on 127.0.0.1.

Nothing here reaches the internet.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from skillpm_testing import GitRepo, git, write_skill  # noqa: F401  (re-exported for fixtures)

REPO_ROOT = Path(__file__).resolve().parent.parent
TIKTOKEN_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"


def _tokenizer_file() -> Path | None:
    env = os.environ.get("SKILLPM_TEST_TIKTOKEN")
    for cand in ([Path(env)] if env else []) + [REPO_ROOT.parent / "shared" / "data" / "o200k_base.tiktoken"]:
        if cand.is_file():
            return cand
    return None


@pytest.fixture(scope="session")
def tiktoken_dir(tmp_path_factory) -> Path:
    """A TIKTOKEN_CACHE_DIR holding the exact o200k_base file, as tiktoken names it."""
    src = _tokenizer_file()
    if src is None:
        pytest.fail("o200k_base.tiktoken not found: put ../shared beside the checkout or set SKILLPM_TEST_TIKTOKEN")
    d = tmp_path_factory.mktemp("tiktoken")
    shutil.copyfile(src, d / hashlib.sha1(TIKTOKEN_URL.encode()).hexdigest())
    return d


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch, tiktoken_dir):
    """Every test runs with its own HOME, caches and config, and no colour."""
    home = tmp_path / "home"
    home.mkdir()
    for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
                "SKILLPM_INDEX", "AUTOHAND_HOME", "GROK_HOME", "HERMES_HOME", "VIBE_HOME", "SARVAM_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("SKILLPM_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SKILLPM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SKILLPM_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tiktoken_dir))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "test@example.com")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "test@example.com")
    from skillpm import config

    config._cached.cache_clear()
    yield home
    config._cached.cache_clear()


@pytest.fixture
def home(isolated_env) -> Path:
    return isolated_env


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """An empty project folder, made the current directory."""
    p = tmp_path / "project"
    p.mkdir()
    monkeypatch.chdir(p)
    return p


@pytest.fixture
def git_repo(tmp_path):
    """Factory: ``git_repo("name")`` makes a new upstream repository."""
    made = {}

    def factory(name: str = "upstream") -> GitRepo:
        made[name] = GitRepo(tmp_path / "remotes" / name)
        return made[name]

    return factory


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture
def http_server(tmp_path):
    """A real HTTP server on 127.0.0.1 serving ``root`` (a folder); yields (root, base_url)."""
    root = tmp_path / "www"
    root.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def cli():
    """Run the CLI in-process; returns a result with exit_code, stdout, stderr."""
    from typer.testing import CliRunner

    from skillpm.cli.app import app

    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return run


# The scanner's evaluation corpus holds skills, some with their own tests/ folders: data, not tests.
collect_ignore_glob = ["scan/corpus/*"]
