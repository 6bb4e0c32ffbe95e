"""Unpack ONE skill folder from a repository archive into memory, refusing anything unsafe.

The archive is a ``.tar.gz`` shaped like GitHub's archive endpoint: one top
folder (``<repo>-<commit>/``) holding the repository's paths. It is read as a
stream (``tarfile`` mode ``"r|"`` over our own gunzip, so the decompressed
bytes are counted as they come out, never trusting a header), and only the
members under the requested sub-path are kept, in a ``hashing.Tree``. Nothing
touches the disk, so a refusal leaves nothing behind.

Refused, with a ``SkillpmError`` naming the member:

- anywhere in the archive: absolute names, ``..`` segments, more than one top
  folder, more decompressed bytes or members than the archive caps;
- inside the skill: hard links, devices, fifos and other non-files; symlinks
  that are absolute, dangle or leave the skill; names that fail
  ``hashing.check_relpath`` (control characters, Windows-reserved names, too
  long, too deep); names that collide after NFC + case folding; a name that
  appears twice; more files or bytes than ``config.limits()`` allows.

Symlinks that stay inside the skill are materialised as copies of their
target, exactly as ``hashing.read_tree`` does for a folder on disk (DESIGN §3),
so a skill hashes to the same ``h1`` from an archive, a checkout or a folder.
Members outside the skill are skipped (their bytes still count toward the
archive caps) and their names are checked only for ``..`` and absolute paths.
"""

from __future__ import annotations

import io
import posixpath
import zlib
from typing import BinaryIO

from skillpm.errors import IntegrityError, SkillpmError
from skillpm.hashing import Tree, check_collisions, check_relpath

# Caps on the whole archive (the skill inside has its own, from config.limits()).
# Overridable under [limits] as max-archive-bytes / max-archive-members.
MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024  # decompressed
MAX_ARCHIVE_MEMBERS = 500_000
MAX_LINK_HOPS = 8
_READ = 64 * 1024


def archive_limits(limits: dict | None = None) -> dict:
    """``config.limits()`` plus the whole-archive caps, each overridable under ``[limits]``."""
    from skillpm.config import limits as skill_limits
    from skillpm.config import user_config

    merged = dict(limits if limits is not None else skill_limits())
    defaults = {"max_archive_bytes": MAX_ARCHIVE_BYTES, "max_archive_members": MAX_ARCHIVE_MEMBERS}
    for key, value in user_config().get("limits", {}).items():
        k = key.replace("-", "_")
        if k in defaults and isinstance(value, int) and not isinstance(value, bool) and value > 0:
            defaults[k] = value
    for k, value in defaults.items():
        merged.setdefault(k, value)  # a caller's explicit cap wins over the config
    return merged


def _refuse(message: str, hint: str = "the archive is not a plain repository snapshot; nothing was installed"):
    return IntegrityError(message, hint)


class _Gunzip(io.RawIOBase):
    """Decompress a gzip stream, counting every byte that comes out against a cap.

    Plain (uncompressed) tar is passed through, counted the same way. Several
    concatenated gzip members are decompressed one after the other.
    """

    def __init__(self, raw: BinaryIO, cap: int, what: str):
        super().__init__()
        self._raw = raw
        self._cap = cap
        self._what = what
        self.count = 0
        head = self._read_raw(2)
        self._gz = head == b"\x1f\x8b"
        self._pending = head  # bytes read from raw not yet fed through
        self._z = zlib.decompressobj(wbits=31) if self._gz else None
        self._eof = False

    def readable(self) -> bool:
        return True

    def _read_raw(self, n: int) -> bytes:
        data = self._raw.read(n)
        return data or b""

    def _produce(self, n: int) -> bytes:
        if not self._gz:
            data = self._pending or self._read_raw(n)
            self._pending = b""
            return data
        while True:
            assert self._z is not None
            if self._z.unconsumed_tail:
                out = self._z.decompress(self._z.unconsumed_tail, n)
            else:
                if self._z.eof:
                    rest = self._z.unused_data or self._read_raw(_READ)
                    if not rest.strip(b"\0"):
                        return b""  # end of stream (or zero padding after it)
                    self._z = zlib.decompressobj(wbits=31)
                    self._pending = rest
                data = self._pending or self._read_raw(_READ)
                self._pending = b""
                if not data:
                    raise _refuse(f"{self._what} is truncated: the compressed stream ends early",
                                  "download it again; nothing was installed")
                out = self._z.decompress(data, n)
            if out:
                return out

    def readinto(self, b) -> int:  # type: ignore[override]
        if self._eof:
            return 0
        try:
            out = self._produce(len(b))
        except zlib.error as exc:
            raise _refuse(f"{self._what} is not a valid gzip stream ({exc})",
                          "download it again; nothing was installed") from None
        if not out:
            self._eof = True
            return 0
        self.count += len(out)
        if self.count > self._cap:
            raise _refuse(f"{self._what} unpacks to more than {self._cap} bytes (a decompression bomb?)",
                          "raise limits.max-archive-bytes in the config if this repository is really that big")
        n = len(out)
        b[:n] = out
        return n


def _split(name: str) -> list[str]:
    return [p for p in name.split("/") if p not in ("", ".")]


def extract_skill(fileobj: BinaryIO, subpath: str, *, limits: dict | None = None,
                  what: str = "the archive") -> Tree:
    """Read a repository ``.tar.gz`` (or ``.tar``) stream; return the files under ``subpath``.

    ``subpath`` is relative to the repository root ('' or '.' for the root).
    Raises ``IntegrityError`` for an unsafe or malformed archive and
    ``SkillpmError`` for a skill over the caps or with bad names.
    """
    import tarfile

    lim = archive_limits(limits)
    sub = "/".join(_split(subpath))
    if sub:
        check_relpath(sub, lim)
    sub_parts = sub.split("/") if sub else []
    stream = _Gunzip(fileobj, lim["max_archive_bytes"], what)
    files: dict[str, bytes] = {}  # relative to the skill → bytes
    modes: dict[str, int] = {}
    links: dict[str, str] = {}  # relative to the skill → link target as written
    raw_of: dict[str, str] = {}  # NFC name → name as in the archive
    dirs: set[str] = set()
    top: str | None = None
    members = 0
    total = 0
    try:
        tar = tarfile.open(fileobj=stream, mode="r|")  # noqa: SIM115 - closed below
    except tarfile.TarError as exc:
        raise _refuse(f"{what} is not a tar archive ({exc})") from None
    try:
        while True:
            try:
                member = tar.next()
            except tarfile.TarError as exc:
                raise _refuse(f"{what} is damaged or truncated ({exc})", "download it again; nothing was installed") from None
            if member is None:
                break
            members += 1
            if members > lim["max_archive_members"]:
                raise _refuse(f"{what} holds more than {lim['max_archive_members']} entries",
                              "raise limits.max-archive-members in the config if this repository is really that big")
            name = member.name
            shown = name.encode("unicode_escape").decode("ascii")[:200]
            if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
                raise _refuse(f"{what} holds an absolute path: {shown!r}")
            parts = _split(name)
            if ".." in parts:
                raise _refuse(f"{what} holds a path with '..': {shown!r}")
            if not parts:
                continue
            if top is None:
                top = parts[0]
            elif parts[0] != top:
                raise _refuse(f"{what} has more than one top folder ({top!r} and {parts[0][:80]!r})",
                              "expected one folder <repo>-<commit>/ as GitHub's archives have; nothing was installed")
            rest = parts[1:]
            if len(rest) == len(sub_parts) and rest == sub_parts and not member.isdir():
                raise SkillpmError(f"{sub or 'the repository root'} in {what} is a "
                                   f"{'link' if member.issym() or member.islnk() else 'file'}, not a folder",
                                   "point the skill at the folder holding SKILL.md")
            if len(rest) <= len(sub_parts) or rest[: len(sub_parts)] != sub_parts:
                continue  # outside the skill: skipped, its bytes already counted by _Gunzip
            raw_rel = "/".join(rest[len(sub_parts):])
            rel = check_relpath(raw_rel, lim)
            if member.isdir():
                dirs.add(rel)
                continue
            if rel in raw_of:
                check_collisions([raw_of[rel], raw_rel])  # same name in NFC: a collision
                raise _refuse(f"{what} holds {rel!r} more than once")
            raw_of[rel] = raw_rel
            if member.issym():
                links[rel] = member.linkname
                continue
            if member.islnk():
                raise _refuse(f"{rel} in {what} is a hard link",
                              "skillpm accepts only regular files, folders and symlinks inside the skill")
            if not member.isreg():
                raise _refuse(f"{rel} in {what} is a device, fifo or other special file",
                              "a skill may only contain regular files and folders")
            if member.size > lim["max_file_bytes"]:
                raise SkillpmError(f"file {rel} is {member.size} bytes, over the cap of {lim['max_file_bytes']}",
                                   "raise limits.max-file-bytes in the config if this is intended")
            total += member.size
            if total > lim["max_total_bytes"]:
                raise SkillpmError(f"the skill {sub or '(repository root)'} in {what} is over the size cap of "
                                   f"{lim['max_total_bytes']} bytes",
                                   "raise limits.max-total-bytes in the config if this is intended")
            if len(files) + len(links) >= lim["max_files"]:
                raise SkillpmError(f"the skill {sub or '(repository root)'} in {what} holds more than "
                                   f"{lim['max_files']} files",
                                   "raise limits.max-files in the config if this is intended")
            extracted = tar.extractfile(member)
            assert extracted is not None
            try:
                data = extracted.read()
            except tarfile.TarError as exc:
                raise _refuse(f"{what} is damaged or truncated ({exc})", "download it again; nothing was installed") from None
            if len(data) != member.size:
                raise _refuse(f"{what} is truncated inside {rel}", "download it again; nothing was installed")
            files[rel] = data
            modes[rel] = member.mode
    finally:
        tar.close()
    if top is None:
        raise _refuse(f"{what} is empty")
    if not files and not links:
        raise SkillpmError(f"{what} has no folder {sub!r}" if sub else f"{what} holds no files",
                           "check the skill's path in the repository (it is case-sensitive)")
    tree = Tree()
    for rel, data in files.items():
        tree.files[rel] = data
        if modes[rel] & 0o111:
            tree.executables.add(rel)
    if links:
        _materialise_links(tree, links, dirs, lim, what)
    check_collisions([raw_of[p] for p in files] + [p for p in tree.files if p not in files])
    return tree


def _resolve(start: str, target: str, links: dict[str, str], rel: str, what: str) -> str:
    """Resolve link ``rel`` (whose folder is ``start``) → a path inside the skill, following links."""
    if target.startswith("/") or (len(target) > 1 and target[1] == ":") or "\\" in target:
        raise SkillpmError(f"symlink {rel} -> {target} in {what} is absolute",
                           "skillpm never follows a link out of a skill; replace the link with the file itself")
    out: list[str] = []
    todo = _split(start) + target.split("/")
    hops = 0
    while todo:
        seg = todo.pop(0)
        if seg in ("", "."):
            continue
        if seg == "..":
            if not out:
                raise SkillpmError(f"symlink {rel} -> {target} in {what} points outside the skill",
                                   "skillpm never follows a link out of a skill; replace the link with the file itself")
            out.pop()
            continue
        out.append(seg)
        cur = "/".join(out)
        if cur in links:
            hops += 1
            if hops > MAX_LINK_HOPS:
                raise SkillpmError(f"symlink {rel} in {what} nests links too deep", "replace the links with files")
            nxt = links[cur]
            if nxt.startswith("/") or "\\" in nxt:
                raise SkillpmError(f"symlink {rel} -> {target} in {what} leads to an absolute link ({cur} -> {nxt})",
                                   "skillpm never follows a link out of a skill; replace the link with the file itself")
            out.pop()
            todo = nxt.split("/") + todo
    return "/".join(out)


def _materialise_links(tree: Tree, links: dict[str, str], dirs: set[str], lim: dict, what: str) -> None:
    """Replace each symlink by a copy of what it points to (a file, or a folder's files).

    Mirrors ``hashing.read_tree``: a link to a folder is walked like the folder,
    links met inside it are resolved from where they really are, and more than
    ``MAX_LINK_HOPS`` folder links deep is refused (this also stops loops).
    """
    regular = dict(tree.files)
    execs = set(tree.executables)
    all_dirs = set(dirs)
    for p in list(regular) + list(links):
        parts = p.split("/")
        all_dirs.update("/".join(parts[:i]) for i in range(1, len(parts)))

    def add(rel: str, data: bytes, executable: bool) -> None:
        rel = check_relpath(rel, lim)
        if rel in tree.files:  # pragma: no cover - every output path is distinct by construction
            raise IntegrityError(f"{rel} in {what} is reached twice through symlinks",
                                 "replace the links with files; nothing was installed")
        if len(tree.files) >= lim["max_files"]:
            raise SkillpmError(f"the skill in {what} holds more than {lim['max_files']} files once its links are copied",
                               "raise limits.max-files in the config if this is intended")
        if tree.size + len(data) > lim["max_total_bytes"]:
            raise SkillpmError(f"the skill in {what} is over the size cap of {lim['max_total_bytes']} bytes "
                               "once its links are copied", "raise limits.max-total-bytes in the config")
        tree.files[rel] = data
        if executable:
            tree.executables.add(rel)

    def emit(out: str, link: str, depth: int) -> None:
        """Put what the link at real path ``link`` resolves to at output path ``out``."""
        target = links[link]
        resolved = _resolve(posixpath.dirname(link), target, links, link, what)
        if resolved in regular:
            add(out, regular[resolved], resolved in execs)
            return
        if resolved != "" and resolved not in all_dirs:
            raise SkillpmError(f"symlink {link} -> {target} in {what} dangles",
                               "skillpm never follows a link out of a skill; replace the link with the file itself")
        if depth >= MAX_LINK_HOPS:
            raise SkillpmError(f"symlink {link} in {what} nests links too deep (a loop?)",
                               "replace the links with files")
        prefix = resolved + "/" if resolved else ""
        for path in sorted(regular):
            if path.startswith(prefix):
                add(out + "/" + path[len(prefix):], regular[path], path in execs)
        for inner in sorted(links):
            if inner.startswith(prefix):
                emit(out + "/" + inner[len(prefix):], inner, depth + 1)

    for rel in sorted(links):
        emit(rel, rel, 0)


def fetch_skill(url: str, subpath: str, *, expected_h1: str | None = None, expected_sha256: str | None = None,
                limits: dict | None = None, max_bytes: int | None = None) -> Tree:
    """Download a repository archive from ``url`` and unpack ``subpath`` into memory.

    The download streams straight into the unpacker (never written to disk).
    ``expected_sha256`` checks the archive's bytes; ``expected_h1`` checks the
    skill's content hash (what an index entry records). Either mismatch is an
    ``IntegrityError`` and nothing is returned, so nothing can be written.
    """
    from skillpm import http

    lim = archive_limits(limits)
    cap = max_bytes if max_bytes is not None else lim["max_archive_bytes"]
    shown = http.shown_url(url)
    tree, _resp = http.stream(url, lambda body: extract_skill(body, subpath, limits=lim, what=shown),
                              max_bytes=cap, expected_sha256=expected_sha256)
    assert tree is not None
    if expected_h1 is not None and tree.h1 != expected_h1:
        raise IntegrityError(f"the skill {subpath or '(repository root)'} from {shown} does not match the hash "
                             "the index recorded",
                             "nothing was installed; the source changed or was tampered with — refresh the index "
                             "and check the source before trusting it",
                             details=[f"expected {expected_h1}", f"received {tree.h1}"])
    return tree
