"""Helpers for the reliability tests: the real CLI as a subprocess, with the test's own HOME and caches."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_cli(args, cwd, env=None, timeout=300, **kw) -> subprocess.CompletedProcess:
    """``python -m skillpm ARGS`` in ``cwd`` with the test's environment (temp HOME, caches, tokenizer)."""
    e = dict(os.environ if env is None else env)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "skillpm", *map(str, args)], cwd=cwd, env=e, capture_output=True,
                          text=True, timeout=timeout, **kw)


def start_cli(args, cwd, env=None) -> subprocess.Popen:
    e = dict(os.environ if env is None else env)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    return subprocess.Popen([sys.executable, "-m", "skillpm", *map(str, args)], cwd=cwd, env=e,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def tree_snapshot(root: Path) -> list[str]:
    """Every path under ``root`` (to prove that nothing was written)."""
    return sorted(str(p.relative_to(root)) for p in Path(root).rglob("*"))
