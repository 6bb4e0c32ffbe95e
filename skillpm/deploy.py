"""Putting a skill's bytes into agents' skills folders, and reading back what is there.

Every write builds the new folder beside the target and swaps it in atomically
(``fsutil.replace_dir``). In link mode the one real copy lives in the canonical
folder (``.agents/skills``) and the other folders hold relative symlinks to it.
Nothing here deletes a folder the caller has not checked is skillpm's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.fsutil import clean_leftovers, remove_path, replace_dir, temp_sibling, write_tree
from skillpm.hashing import Tree, dirhash_from_digests, read_tree


@dataclass
class DiskState:
    """What a target folder holds for one skill."""

    path: Path
    exists: bool
    h1: str | None = None
    digests: dict[str, str] = field(default_factory=dict)
    is_link: bool = False
    link_target: str | None = None
    error: str | None = None  # unreadable or unsafe (e.g. a symlink leaving the skill)

    def diff(self, expected: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
        """(added, removed, changed) files relative to ``expected`` (path → "sha256:…")."""
        added = sorted(set(self.digests) - set(expected))
        removed = sorted(set(expected) - set(self.digests))
        changed = sorted(p for p in set(expected) & set(self.digests) if expected[p] != self.digests[p])
        return added, removed, changed


def inspect_folder(path: Path) -> DiskState:
    path = Path(path)
    if not (path.exists() or path.is_symlink()):
        return DiskState(path, False)
    st = DiskState(path, True, is_link=path.is_symlink())
    if st.is_link:
        st.link_target = os.readlink(path)
        if not path.exists():
            st.error = f"broken link to {st.link_target}"
            return st
    if not path.is_dir():
        st.error = "not a folder"
        return st
    try:
        tree = read_tree(path)
    except SkillpmError as exc:
        st.error = exc.message
        return st
    st.digests = tree.digests()
    st.h1 = dirhash_from_digests(st.digests)  # each file hashed once, not once for h1 and again here
    return st


def place_copy(tree: Tree, dest: Path) -> None:
    """Atomically make ``dest`` a real folder holding exactly ``tree``."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    clean_leftovers(dest.parent)
    build = temp_sibling(dest)
    os.rmdir(build)  # write_tree makes it
    try:
        write_tree(build, tree.files, tree.executables)
        replace_dir(build, dest)
    except BaseException:
        if build.exists():
            remove_path(build)
        raise


def place_link(dest: Path, canonical: Path) -> None:
    """Atomically make ``dest`` a relative symlink to ``canonical``."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    rel = os.path.relpath(canonical, dest.parent)
    tmp = dest.parent / f".skillpm-tmp-link-{dest.name}-{os.getpid()}"
    if tmp.is_symlink() or tmp.exists():
        remove_path(tmp)
    os.symlink(rel, tmp)
    if dest.is_dir() and not dest.is_symlink():
        replace_dir(tmp, dest)
    else:
        os.replace(tmp, dest)


def remove_folder(path: Path) -> None:
    """Remove an installed skill (a link is unlinked, never followed)."""
    path = Path(path)
    if path.is_symlink():
        path.unlink()
    elif path.exists():
        # Rename first so a crash leaves no half-deleted skill under the real name.
        aside = path.parent / f".skillpm-tmp-rm-{path.name}-{os.getpid()}"
        os.rename(path, aside)
        remove_path(aside)
