"""The on-disk format of the registry index (registry-index/README.md).

One TOML file per skill id under ``entries/<aa>/<bb>/`` where ``aabb`` are the
first hex digits of sha256(id): 256 folders of 256, so even a million entries
leave about fifteen files per leaf folder. ``catalog.tsv`` is a derived one-line
summary per entry that search and bare-name resolution read without opening
every entry. Entries are written by ``skillpm index build`` only.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

SCHEMA_VERSION = 1
ENTRIES_DIR = "entries"
CATALOG = "catalog.tsv"
CATALOG_HEADER = ["id", "name", "grade", "session", "repo", "first_seen", "description", "copies"]
SEVERITIES = ("critical", "high", "medium", "low", "info")
_SEGMENT_RE = re.compile(r"[^a-z0-9._-]+")


def slug(text: str) -> str:
    """A lowercase id segment: letters, digits, '.', '_' and '-' only."""
    s = _SEGMENT_RE.sub("-", text.strip().lower()).strip("-.")
    return re.sub(r"-{2,}", "-", s) or "skill"


def repo_id(repo_url: str) -> str:
    """``https://github.com/o/r`` → ``o/r``; other hosts keep their host: ``gitlab.com/g/r``."""
    u = re.sub(r"^(git\+)?(https?|ssh|git)://", "", repo_url.strip()).removesuffix("/").removesuffix(".git")
    u = u.split("@", 1)[-1] if "@" in u.split("/", 1)[0] else u
    parts = [p for p in u.split("/") if p]
    if parts and parts[0] == "github.com":
        parts = parts[1:]
    return "/".join(p.lower() for p in parts)


def entry_relpath(skill_id: str) -> str:
    """Where the entry of ``skill_id`` lives, relative to the index root ('/' separated)."""
    digest = hashlib.sha256(skill_id.encode("utf-8")).hexdigest()
    leaf = skill_id.replace("/", "+").replace(":", "_")  # ':' (a host's port) is not allowed on Windows
    return f"{ENTRIES_DIR}/{digest[:2]}/{digest[2:4]}/{leaf}.toml"


@dataclass
class Version:
    """One content version of a skill: appended when its h1 changes, never rewritten otherwise."""

    commit: str
    tree: str
    h1: str
    first_seen: str
    last_seen: str
    lines: int = 0
    tokens: dict[str, int] = field(default_factory=dict)  # session, invoke, resources
    grade: str | None = None
    findings: dict[str, int] = field(default_factory=dict)  # counts by severity
    rules: str | None = None
    files: list[dict] = field(default_factory=list)  # {path, size, sha256}
    executables: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # frontmatter errors/warnings, "file:line: level: msg"
    finding: list[dict] = field(default_factory=list)  # every finding: rule, severity, file, line, text, message

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in ("commit", "tree", "h1", "first_seen", "last_seen", "lines")}
        d["tokens"] = dict(self.tokens)
        if self.grade is not None:
            d["grade"] = self.grade
        d["findings"] = dict(self.findings)
        if self.rules is not None:
            d["rules"] = self.rules
        d["executables"] = list(self.executables)
        d["problems"] = list(self.problems)
        d["files"] = [dict(f) for f in self.files]
        d["finding"] = [dict(f) for f in self.finding]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Version":
        return cls(commit=d["commit"], tree=d.get("tree", ""), h1=d["h1"], first_seen=d.get("first_seen", ""),
                   last_seen=d.get("last_seen", ""), lines=d.get("lines", 0), tokens=dict(d.get("tokens", {})),
                   grade=d.get("grade"), findings=dict(d.get("findings", {})), rules=d.get("rules"),
                   files=list(d.get("files", [])), executables=list(d.get("executables", [])),
                   problems=list(d.get("problems", [])), finding=list(d.get("finding", [])))


@dataclass
class Entry:
    """A skill as the index knows it: metadata, similarity signature and version history."""

    id: str
    name: str
    description: str
    repo: str  # https URL of the upstream repository
    path: str  # folder of the skill inside the repository ("" = repository root)
    license: str | None = None
    created: str | None = None  # date SKILL.md appeared at this path upstream (from git history)
    signature: str = ""  # minhash of SKILL.md shingles (see similarity.py)
    original: dict = field(default_factory=dict)  # near-copy link, see similarity.link_entries
    versions: list[Version] = field(default_factory=list)
    schema: int = SCHEMA_VERSION

    @property
    def latest(self) -> Version | None:
        return self.versions[-1] if self.versions else None

    @property
    def grade(self) -> str | None:
        return self.latest.grade if self.latest else None

    @property
    def repo_url(self) -> str:
        return self.repo

    @property
    def repo_id(self) -> str:
        return repo_id(self.repo)

    @property
    def first_seen(self) -> str:
        return self.versions[0].first_seen if self.versions else ""

    def version(self, ref: str | None = None) -> Version:
        """The latest version, or the one whose h1, commit or tree starts with ``ref``."""
        if not self.versions:
            from skillpm.errors import SkillpmError

            raise SkillpmError(f"index entry {self.id} has no versions", "rebuild the index")
        if not ref:
            return self.versions[-1]
        for v in reversed(self.versions):
            if v.h1 == ref or (len(ref) >= 7 and (v.commit.startswith(ref) or v.tree.startswith(ref))):
                return v
        from skillpm.errors import SkillpmError

        raise SkillpmError(f"{self.id} has no version {ref!r}",
                           f"`skillpm info {self.id}` lists its {len(self.versions)} known versions")

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"schema": self.schema, "id": self.id, "name": self.name,
                             "description": self.description, "repo": self.repo, "path": self.path}
        if self.license is not None:
            d["license"] = self.license
        if self.created:
            d["created"] = self.created
        d["signature"] = self.signature
        if self.original:
            d["original"] = dict(self.original)
        d["version"] = [v.to_dict() for v in self.versions]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Entry":
        return cls(id=d["id"], name=d.get("name", ""), description=d.get("description", ""), repo=d["repo"],
                   path=d.get("path", ""), license=d.get("license"), created=d.get("created"),
                   signature=d.get("signature", ""), original=dict(d.get("original", {})),
                   versions=[Version.from_dict(v) for v in d.get("version", [])], schema=d.get("schema", 1))

    def catalog_row(self) -> list[str]:
        v = self.latest
        desc = " ".join(self.description.split())[:300]
        return [self.id, self.name, (v.grade or "-") if v else "-", str(v.tokens.get("session", "")) if v else "",
                self.repo, self.first_seen, desc, str(int(self.original.get("copies", 0)))]


# --- TOML -------------------------------------------------------------------------------------
# A small emitter for the fixed shape of an entry: much faster than tomlkit on 350,000 files and
# byte-stable, so rebuilding an unchanged entry changes nothing in git. Read back with tomllib.

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _key(k: str) -> str:
    return k if _BARE_KEY.match(k) else _str(k)


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_val(x)}" for k, x in v.items()) + " }" if v else "{}"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def dumps_entry(entry: Entry) -> str:
    d = entry.to_dict()
    out = ["# Generated by `skillpm index build`; do not edit by hand."]
    versions = d.pop("version")
    original = d.pop("original", None)
    for k, v in d.items():
        out.append(f"{_key(k)} = {_val(v)}")
    if original:
        out.append("")
        out.append("[original]")
        for k, v in original.items():
            out.append(f"{_key(k)} = {_val(v)}")
    for v in versions:
        out.append("")
        out.append("[[version]]")
        lists = {k: v.pop(k) for k in ("files", "finding")}
        for k, x in v.items():
            out.append(f"{_key(k)} = {_val(x)}")
        out.append("files = [")
        out.extend(f"  {_val(f)}," for f in lists["files"])
        out.append("]")
        for f in lists["finding"]:
            out.append("[[version.finding]]")
            out.extend(f"{_key(k)} = {_val(x)}" for k, x in f.items())
    return "\n".join(out) + "\n"


def loads_entry(text: str, where: str = "index entry") -> Entry:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    from skillpm.errors import SkillpmError

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SkillpmError(f"{where} is not valid TOML: {exc}", "update the index: `skillpm index update`") from None
    if int(data.get("schema", 1)) > SCHEMA_VERSION:
        raise SkillpmError(f"{where} uses index schema {data.get('schema')}, newer than this skillpm understands "
                           f"({SCHEMA_VERSION})", "upgrade skillpm")
    try:
        return Entry.from_dict(data)
    except (KeyError, TypeError) as exc:
        raise SkillpmError(f"{where} is missing field {exc}", "update or rebuild the index") from None
