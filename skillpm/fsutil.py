"""The one place that writes files: temporary path in the same folder, fsync, rename.

An interrupted write leaves either the old file or the new one, never a mix.
Folders are installed the same way: built under a temporary name beside the
target, then swapped in with renames.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

TMP_PREFIX = ".skillpm-tmp-"
OLD_PREFIX = ".skillpm-old-"


def _test_pause() -> None:
    """Crash-trial hook (bench/crash_trials.py): with SKILLPM_TEST_WRITE_DELAY=<seconds> set, sleep
    at each write step so that a SIGKILL lands inside the write phase. Unset (the default): no-op."""
    delay = os.environ.get("SKILLPM_TEST_WRITE_DELAY")
    if delay:
        import time

        time.sleep(float(delay))


def fsync_dir(path: Path) -> None:
    """Make a rename inside ``path`` durable."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None, durable: bool = True) -> None:
    """Write ``path`` whole or not at all: a temporary file in its folder, renamed over it.

    ``durable=False`` skips the fsyncs, for a cache whose reader treats a torn or empty entry as
    missing: the rename still means no reader ever sees half a file while the machine runs."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        _test_pause()
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str, mode: int | None = None, durable: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), mode, durable)


def write_tree(dest: Path, files: dict[str, bytes], executables: set[str] | frozenset[str] = frozenset()) -> None:
    """Write ``files`` (relative '/' paths → bytes) into the new folder ``dest``.

    ``dest`` must not exist. Every path was validated by the hasher before it
    gets here; this re-checks that nothing escapes ``dest``.
    """
    dest = Path(dest)
    dest.mkdir(parents=True)
    root = dest.resolve()
    for rel, data in files.items():
        target = dest.joinpath(*rel.split("/"))
        if not target.resolve().is_relative_to(root):  # pragma: no cover - hasher refuses first
            raise ValueError(f"refusing to write outside {dest}: {rel}")
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o755 if rel in executables else 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _test_pause()
    for dirpath, _dirs, _files in os.walk(dest):
        fsync_dir(Path(dirpath))


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths with Linux renameat2(RENAME_EXCHANGE); False if unsupported."""
    global _EXCHANGE_FN
    if _EXCHANGE_FN is False:
        return False
    if _EXCHANGE_FN is None:
        try:
            import ctypes
            import ctypes.util

            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            fn = libc.renameat2
            fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            fn.restype = ctypes.c_int
            _EXCHANGE_FN = fn
        except (OSError, AttributeError):
            _EXCHANGE_FN = False
            return False
    at_fdcwd, rename_exchange = -100, 2
    rc = _EXCHANGE_FN(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return rc == 0


_EXCHANGE_FN = None


def replace_dir(build: Path, target: Path) -> None:
    """Swap the finished folder ``build`` into ``target`` (same parent).

    On Linux the swap is one atomic renameat2(RENAME_EXCHANGE): at every instant
    ``target`` is the old complete folder or the new one. Elsewhere the old
    folder is renamed to ``.skillpm-old-<name>`` first; ``clean_leftovers``
    puts it back if a crash came between the two renames.
    """
    build, target = Path(build), Path(target)
    _test_pause()
    if target.is_symlink() or target.exists():
        if not target.is_symlink() and _exchange(build, target):
            fsync_dir(target.parent)
            remove_path(build)  # now holds the old folder
            return
        old = target.parent / f"{OLD_PREFIX}{target.name}"
        if old.is_symlink() or old.exists():
            remove_path(old)
        os.rename(target, old)
        _test_pause()
        os.rename(build, target)
        fsync_dir(target.parent)
        remove_path(old)
        return
    os.rename(build, target)
    fsync_dir(target.parent)


def temp_sibling(target: Path) -> Path:
    """A fresh temporary path beside ``target`` (same file system, so rename is atomic)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{target.name}-", dir=target.parent))


def remove_path(path: Path) -> None:
    """Remove a file, a link (never its target) or a folder tree."""
    path = Path(path)
    _test_pause()
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def clean_leftovers(folder: Path) -> list[Path]:
    """Tidy what an interrupted run left in ``folder``.

    Temporary build folders are removed; a set-aside old folder whose target is
    missing is put back (the crash came between the two renames), otherwise removed.
    """
    removed = []
    folder = Path(folder)
    if not folder.is_dir():
        return removed
    for entry in folder.iterdir():
        if entry.name.startswith(OLD_PREFIX):
            target = folder / entry.name[len(OLD_PREFIX):]
            if not (target.exists() or target.is_symlink()):
                os.rename(entry, target)
                continue
        if entry.name.startswith((TMP_PREFIX, OLD_PREFIX)):
            remove_path(entry)
            removed.append(entry)
    return removed
