"""Content identity of a skill: Go's dirhash ``h1``, per-file sha256, executables.

A skill's folder is read into a ``Tree`` (relative '/' path → bytes) by
``read_tree``, which applies the rules of DESIGN §3: ``.git/`` left out,
symlinks inside the skill materialised as copies, symlinks leaving it refused,
device files refused, names that collide after NFC + case folding refused.
``h1`` is then computed over the tree, so the same bytes hash the same whether
they came from a folder, a git checkout or an archive.
"""

from __future__ import annotations

import base64
import hashlib
import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

# Caps on what one skill may hold (issue 7: configurable; see config.limits()).
DEFAULT_LIMITS = {
    "max_files": 5_000,
    "max_total_bytes": 64 * 1024 * 1024,
    "max_file_bytes": 16 * 1024 * 1024,
    "max_depth": 24,
    "max_name_bytes": 255,
    "max_path_bytes": 1024,
}

SKIPPED_DIRS = {".git"}
WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                    *(f"lpt{i}" for i in range(1, 10))}


@dataclass
class Tree:
    """The regular files of a skill folder, in memory."""

    files: dict[str, bytes] = field(default_factory=dict)
    executables: set[str] = field(default_factory=set)

    def digests(self) -> dict[str, str]:
        return {p: "sha256:" + hashlib.sha256(b).hexdigest() for p, b in sorted(self.files.items())}

    @property
    def h1(self) -> str:
        return dirhash(self.files)

    @property
    def size(self) -> int:
        return sum(len(b) for b in self.files.values())


class SizeBudget:
    """The caps on one skill (file count, single file size, total bytes), checked as files arrive.

    The one place the caps are enforced, whether the files come from a folder, git objects or an
    archive; ``what`` names the skill in the error.
    """

    def __init__(self, limits: dict | None, what: str):
        self.lim = limits or DEFAULT_LIMITS
        self.what = what
        self.files = 0
        self.total = 0

    def check_count(self, count: int) -> None:
        if count > self.lim["max_files"]:
            raise SkillpmError(f"{self.what} holds more than {self.lim['max_files']} files",
                               "raise limits.max-files in the config if this is intended")

    def add(self, rel: str, size: int) -> None:
        """Account for one more file of ``size`` bytes; raise when a cap is passed."""
        if size > self.lim["max_file_bytes"]:
            raise SkillpmError(f"file {rel} is {size} bytes, over the cap of {self.lim['max_file_bytes']}",
                               "raise limits.max-file-bytes in the config if this is intended")
        self.total += size
        if self.total > self.lim["max_total_bytes"]:
            raise SkillpmError(f"{self.what} is over the size cap of {self.lim['max_total_bytes']} bytes",
                               "raise limits.max-total-bytes in the config if this is intended")
        self.files += 1
        self.check_count(self.files)


def dirhash(files: dict[str, bytes]) -> str:
    """Go's ``dirhash.Hash1`` over ``files`` (path → bytes), paths sorted in byte order."""
    return dirhash_from_digests({p: hashlib.sha256(b).hexdigest() for p, b in files.items()})


def dirhash_from_digests(digests: dict[str, str]) -> str:
    """``h1`` from per-file sha256 hex digests (a ``sha256:`` prefix is accepted)."""
    summary = hashlib.sha256()
    for path in sorted(digests, key=lambda p: p.encode("utf-8")):
        hexd = digests[path].removeprefix("sha256:")
        if "\n" in path:
            raise SkillpmError(f"file name contains a newline: {path!r}", "rename the file")
        summary.update(f"{hexd}  {path}\n".encode("utf-8"))
    return "h1:" + base64.b64encode(summary.digest()).decode("ascii")


_checked: dict[tuple[str, int, int, int], str] = {}  # paths that passed check_relpath, under which limits


def check_relpath(rel: str, limits: dict | None = None) -> str:
    """Validate one relative '/' path of a skill; return its NFC form or raise.

    Refuses absolute paths, ``..`` and ``.`` segments, empty segments, control
    characters, backslashes, Windows-reserved names, and over-long names.
    """
    lim = limits or DEFAULT_LIMITS
    # `list` and `install` re-read every installed folder: the same few names ("SKILL.md",
    # "scripts/…") come back hundreds of times, so a path that passed is remembered.
    key = (rel, lim["max_path_bytes"], lim["max_depth"], lim["max_name_bytes"])
    done = _checked.get(key)
    if done is not None:
        return done
    if len(_checked) > 20_000:
        _checked.clear()
    _checked[key] = done = _check_relpath(rel, lim)
    return done


def _check_relpath(rel: str, lim: dict) -> str:
    shown = rel.encode("unicode_escape").decode("ascii")
    if not rel or rel.startswith("/") or (len(rel) > 1 and rel[1] == ":"):
        raise SkillpmError(f"unsafe path in skill: {shown!r} is absolute", "a skill may only contain relative paths")
    if len(rel.encode("utf-8", "surrogateescape")) > lim["max_path_bytes"]:
        raise SkillpmError(f"path in skill is too long: {shown[:80]}…",
                           f"paths are capped at {lim['max_path_bytes']} bytes")
    parts = rel.split("/")
    if len(parts) > lim["max_depth"]:
        raise SkillpmError(f"path in skill is nested too deep: {shown[:80]}",
                           f"paths are capped at {lim['max_depth']} levels")
    for part in parts:
        if part in ("", ".", ".."):
            raise SkillpmError(f"unsafe path in skill: {shown!r}", "a skill may not contain '..', '.' or empty path segments")
        if any(ord(c) < 32 or ord(c) == 127 for c in part) or "\\" in part:
            raise SkillpmError(f"unsafe file name in skill: {shown!r} has control characters or a backslash",
                               "rename the file")
        if len(part.encode("utf-8", "surrogateescape")) > lim["max_name_bytes"]:
            raise SkillpmError(f"file name in skill is too long: {shown[:80]}…",
                               f"names are capped at {lim['max_name_bytes']} bytes")
        if part.casefold() == ".git":
            # A nested .git (file or folder) would make the installed skill a git repository whose
            # config (core.fsmonitor, hooks) runs when any git command, e.g. a shell prompt, runs there.
            raise SkillpmError(f"unsafe path in skill: {shown!r} is a .git entry",
                               "a skill may not carry git metadata; remove the nested .git")
        stem = part.split(".")[0].rstrip(" ").lower()
        if stem in WINDOWS_RESERVED or part.endswith((" ", ".")):
            raise SkillpmError(f"file name {part!r} in skill is reserved on Windows",
                               "rename the file; it cannot be created on Windows")
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        raise SkillpmError(f"file name in skill is not valid UTF-8: {shown!r}", "rename the file") from None
    return unicodedata.normalize("NFC", rel)


def check_collisions(paths: list[str]) -> None:
    """Refuse names that would clobber each other on macOS or Windows."""
    seen: dict[str, str] = {}
    for p in paths:
        key = unicodedata.normalize("NFC", p).casefold()
        if key in seen and seen[key] != p:
            raise SkillpmError(
                f"file names collide after Unicode normalisation or case folding: {seen[key]!r} and {p!r}",
                "they would overwrite each other on macOS and Windows; rename one of them")
        seen[key] = p
    # A file and a folder of the same name (after folding) collide too.
    dirs = {}
    for p in paths:
        parts = p.split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            dirs[unicodedata.normalize("NFC", d).casefold()] = d
    for key, p in seen.items():
        if key in dirs:
            raise SkillpmError(f"a file and a folder share a name in the skill: {p!r}", "rename one of them")


def read_tree(root: Path, limits: dict | None = None) -> Tree:
    """Read the regular files under ``root`` following DESIGN §3; raise on anything unsafe."""
    lim = limits or DEFAULT_LIMITS
    root = Path(root)
    root_real = None  # resolved only if the folder holds a symlink
    tree = Tree()
    budget = SizeBudget(lim, f"skill at {root}")
    stack: list[tuple[Path | str, str, int]] = [(root, "", 0)]  # (folder on disk, relative prefix, link depth)
    while stack:
        folder, prefix, link_depth = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            raise SkillpmError(f"cannot read {folder}: {exc.strerror}", "check the folder's permissions") from None
        for entry in entries:
            if not prefix and entry.name in SKIPPED_DIRS:
                continue
            rel = check_relpath(prefix + entry.name, lim)
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISLNK(st.st_mode):
                if root_real is None:
                    root_real = Path(os.path.realpath(root))
                target = os.readlink(entry.path)
                resolved = Path(os.path.realpath(entry.path))
                if os.path.isabs(target) or not resolved.is_relative_to(root_real) or not resolved.exists():
                    why = ("points outside the skill (an absolute link)" if os.path.isabs(target) else
                           "dangles (its target does not exist)" if not resolved.exists() else
                           "points outside the skill")
                    raise SkillpmError(
                        f"symlink {rel} -> {target} {why}",
                        "skillpm never follows a link out of a skill; replace the link with the file itself")
                if link_depth > 8:
                    raise SkillpmError(f"symlink {rel} nests links too deep", "replace the links with files")
                if resolved.is_dir():
                    stack.append((resolved, rel + "/", link_depth + 1))
                    continue
                st = resolved.stat()
                path_to_read = resolved
            elif stat.S_ISDIR(st.st_mode):
                stack.append((entry.path, rel + "/", link_depth))
                continue
            elif stat.S_ISREG(st.st_mode):
                path_to_read = entry.path
            else:
                raise SkillpmError(f"{rel} is a device, socket or pipe, not a regular file",
                                   "a skill may only contain regular files and folders")
            budget.add(rel, st.st_size)
            if rel in tree.files:
                raise SkillpmError(f"file names collide after Unicode normalisation: two files are named {rel!r}",
                                   "they would overwrite each other on macOS and Windows; rename one of them")
            with open(path_to_read, "rb") as fh:
                tree.files[rel] = fh.read()
            if st.st_mode & 0o111:
                tree.executables.add(rel)
    check_collisions(list(tree.files))
    return tree
