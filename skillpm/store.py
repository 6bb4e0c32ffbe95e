"""Content-addressed store of skill trees, shared by every project on the machine.

A tree is stored once under the hex of its h1 (``store/ab/abcd….pack``) and read
back only after its h1 is checked again, so a corrupted or tampered cache entry
is refetched, never installed. Writes are atomic, so several processes can share
the store; inter-process locks live in ``cache/locks``.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import marshal
import os
from pathlib import Path

from skillpm.hashing import Tree, dirhash
from skillpm.paths import cache_dir

FORMAT = 1


def _key(h1: str) -> str:
    return base64.b64decode(h1.removeprefix("h1:")).hex()


def pack_path(h1: str) -> Path:
    k = _key(h1)
    return cache_dir() / "store" / k[:2] / f"{k}.pack"


def put(tree: Tree) -> str:
    """Store ``tree``; return its h1. Storing the same tree twice is a no-op."""
    from skillpm.fsutil import atomic_write_bytes

    h1 = tree.h1
    path = pack_path(h1)
    if not path.exists():
        blob = marshal.dumps((FORMAT, dict(tree.files), sorted(tree.executables)))
        atomic_write_bytes(path, blob)
    return h1


def get(h1: str) -> Tree | None:
    """The stored tree with this h1, verified; None if absent or damaged (a damaged entry is removed)."""
    path = pack_path(h1)
    try:
        blob = path.read_bytes()
    except (FileNotFoundError, ValueError):
        return None
    try:
        fmt, files, execs = marshal.loads(blob)
        if fmt != FORMAT or not isinstance(files, dict):
            raise ValueError("format")
        if dirhash(files) != h1:
            raise ValueError("hash")
    except (ValueError, EOFError, TypeError):
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    return Tree(files, set(execs))


@contextlib.contextmanager
def file_lock(name: str, shared: bool = False):
    """An inter-process lock on ``cache/locks/<name>.lock`` (flock; a no-op where unsupported)."""
    d = cache_dir() / "locks"
    d.mkdir(parents=True, exist_ok=True)
    fd = os.open(d / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - Windows
            pass
        yield
    finally:
        os.close(fd)


def repo_lock(git_dir: Path):
    return file_lock("git-" + hashlib.sha256(str(git_dir).encode()).hexdigest()[:16])


def project_lock(root: Path):
    """Serialises skillpm processes working on one project (or the global scope)."""
    return file_lock("project-" + hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:16])
