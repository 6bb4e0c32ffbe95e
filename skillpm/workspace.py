"""The scope an operation works in: a project (its root, manifest and lock) or the user's global setup."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from skillpm.lockfile import LOCKFILE, Lock, load_lock, save_lock
from skillpm.manifest import MANIFEST, Manifest, load_manifest, save_manifest


@dataclass
class Workspace:
    scope: str  # "project" | "global"
    root: Path  # skills folders resolve against this (project root, or home)
    state_dir: Path  # where skillpm.toml and skillpm.lock live

    def manifest(self) -> Manifest:
        return load_manifest(self.state_dir)

    def lock(self) -> Lock:
        return load_lock(self.state_dir)

    def save(self, manifest: Manifest | None, lock: Lock) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        save_lock(lock)
        if manifest is not None:
            save_manifest(manifest)

    @contextlib.contextmanager
    def locked(self):
        """Hold the inter-process lock of this scope (8 concurrent `add`s serialise here)."""
        from skillpm.store import project_lock

        with project_lock(self.state_dir):
            from skillpm.fsutil import clean_leftovers

            # Temporary files of a run killed while writing the lock or manifest (crash trials found them).
            clean_leftovers(self.state_dir)
            yield

    def rel(self, path: Path) -> str:
        """A path for the manifest and lock: relative to the state dir ("./x", "../x"), so a clone works."""
        import os

        rel = Path(os.path.relpath(Path(path).resolve(), self.state_dir.resolve())).as_posix()
        if rel.startswith("../../../") or self.scope == "global":
            return str(Path(path).resolve())
        return rel if rel.startswith("..") else "./" + rel.removeprefix("./")


def find_project_root(start: Path | None = None) -> Path:
    """The nearest folder holding skillpm.toml or skillpm.lock, else the current folder."""
    here = Path(start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        if (d / MANIFEST).exists() or (d / LOCKFILE).exists():
            return d
    return here


def open_workspace(global_: bool = False, project: Path | None = None) -> Workspace:
    if global_:
        from skillpm.paths import data_dir, home

        return Workspace("global", home(), data_dir())
    root = find_project_root(project)
    return Workspace("project", root, root)
