"""Helpers shared by the tests (importable by name: ``from skillpm_testing import write_skill``).

Kept out of conftest.py because several test folders have their own conftest module.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def write_skill(root: Path, name: str, description: str = "A test skill.", body: str = "# Usage\n\nDo the thing.\n",
                files: dict[str, str | bytes] | None = None, frontmatter: str | None = None) -> Path:
    """Create a skill folder ``root/name`` with SKILL.md and extra ``files``."""
    folder = Path(root) / name
    folder.mkdir(parents=True, exist_ok=True)
    fm = frontmatter if frontmatter is not None else f"name: {name}\ndescription: {description}\n"
    (folder / "SKILL.md").write_text(f"---\n{fm}---\n{body}", encoding="utf-8")
    for rel, content in (files or {}).items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
        if rel.startswith("scripts/") or content[:2] in ("#!", b"#!"):
            target.chmod(0o755)
    return folder


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
                          cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


class GitRepo:
    """A real git repository in a temporary folder, for use as an upstream."""

    def __init__(self, path: Path):
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        git(path, "init", "-q")

    @property
    def url(self) -> str:
        return self.path.as_uri()

    def write(self, files: dict[str, str | bytes]) -> None:
        for rel, content in files.items():
            target = self.path / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")

    def add_skill(self, name: str, under: str = "skills", **kw) -> Path:
        return write_skill(self.path / under if under else self.path, name, **kw)

    def commit(self, message: str = "change") -> str:
        git(self.path, "add", "-A")
        git(self.path, "commit", "-q", "--allow-empty", "-m", message)
        return self.head()

    def head(self) -> str:
        return git(self.path, "rev-parse", "HEAD")

    def tag(self, name: str) -> None:
        git(self.path, "tag", "-f", name)

    def branch(self, name: str) -> None:
        git(self.path, "checkout", "-q", "-B", name)

    def checkout(self, ref: str) -> None:
        git(self.path, "checkout", "-q", ref)

    def tree_id(self, path: str, rev: str = "HEAD") -> str:
        return git(self.path, "rev-parse", f"{rev}:{path}")
