"""``skillpm.lock``: exactly what was installed (DESIGN §5).

Read with tomllib, written with tomlkit, entries sorted by name so a change
touches few lines. A lock from a newer skillpm is refused; a damaged one is
reported with its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

LOCKFILE = "skillpm.lock"
LOCK_VERSION = 1


@dataclass
class LockEntry:
    name: str
    source: str  # "git+<url>" | "path:<folder>"
    path: str
    hash: str
    files: dict[str, str]
    requested: str | None = None
    commit: str | None = None
    tree: str | None = None
    executables: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    grade: str | None = None
    rules: str | None = None
    index_id: str | None = None
    link: bool = False

    @property
    def is_git(self) -> bool:
        return self.source.startswith("git+")

    @property
    def url(self) -> str:
        return self.source[4:] if self.is_git else self.source.removeprefix("path:")

    def to_dict(self) -> dict:
        d = {"name": self.name, "source": self.source, "path": self.path}
        if self.index_id:
            d["index-id"] = self.index_id
        if self.requested is not None:
            d["requested"] = self.requested
        if self.commit:
            d["commit"] = self.commit
        if self.tree:
            d["tree"] = self.tree
        d["hash"] = self.hash
        d["files"] = dict(sorted(self.files.items()))
        d["executables"] = sorted(self.executables)
        d["agents"] = sorted(self.agents)
        if self.link:
            d["link"] = True
        if self.tokens:
            d["tokens"] = dict(self.tokens)
        if self.grade:
            d["grade"] = self.grade
        if self.rules:
            d["rules"] = self.rules
        return d


@dataclass
class Lock:
    path: Path
    skills: dict[str, LockEntry] = field(default_factory=dict)
    index: dict[str, str] = field(default_factory=dict)
    exists: bool = False

    def to_dict(self) -> dict:
        return {"version": LOCK_VERSION, "index": self.index, "skill": [self.skills[n].to_dict() for n in sorted(self.skills)]}


_REQUIRED = {"name": str, "source": str, "path": str, "hash": str, "files": dict}
_OPTIONAL = {"requested": str, "commit": str, "tree": str, "executables": list, "agents": list, "tokens": dict,
             "grade": str, "rules": str, "index-id": str, "link": bool}


def load_lock(root: Path) -> Lock:
    from skillpm.config import load_toml

    path = Path(root) / LOCKFILE
    lock = Lock(path, exists=path.exists())
    if not lock.exists:
        return lock
    try:
        data = load_toml(path, "lockfile")
    except SkillpmError as exc:
        raise SkillpmError(exc.message.replace("is not valid TOML", "is corrupt (not valid TOML)"),
                           f"restore {path.name} from version control, or delete it and run `skillpm install`") from None
    version = data.get("version")
    if not isinstance(version, int):
        raise SkillpmError(f"lockfile {path} has no integer 'version'", f"restore {path.name} from version control")
    if version > LOCK_VERSION:
        raise SkillpmError(f"lockfile {path} is version {version}, written by a newer skillpm (this one reads {LOCK_VERSION})",
                           "upgrade skillpm: pip install -U skillpm")
    idx = data.get("index", {})
    if isinstance(idx, dict):
        lock.index = {k: str(v) for k, v in idx.items()}
    entries = data.get("skill", [])
    if not isinstance(entries, list):
        raise SkillpmError(f"lockfile {path}: 'skill' must be an array of tables", f"restore {path.name}")
    for i, raw in enumerate(entries):
        where = f"lockfile {path}, [[skill]] #{i + 1}"
        if not isinstance(raw, dict):
            raise SkillpmError(f"{where} is not a table", f"restore {path.name} from version control")
        for key, typ in _REQUIRED.items():
            if not isinstance(raw.get(key), typ):
                raise SkillpmError(f"{where}: '{key}' is missing or not a {typ.__name__}",
                                   f"restore {path.name} from version control")
        for key, typ in _OPTIONAL.items():
            if key in raw and not isinstance(raw[key], typ):
                raise SkillpmError(f"{where}: '{key}' must be a {typ.__name__}", f"restore {path.name} from version control")
        if not raw["hash"].startswith("h1:"):
            raise SkillpmError(f"{where}: hash {raw['hash']!r} is not an h1 hash", f"restore {path.name}")
        e = LockEntry(name=raw["name"], source=raw["source"], path=raw["path"], hash=raw["hash"],
                      files={str(k): str(v) for k, v in raw["files"].items()}, requested=raw.get("requested"),
                      commit=raw.get("commit"), tree=raw.get("tree"),
                      executables=[str(x) for x in raw.get("executables", [])],
                      agents=[str(x) for x in raw.get("agents", [])],
                      tokens={str(k): int(v) for k, v in raw.get("tokens", {}).items() if isinstance(v, int)},
                      grade=raw.get("grade"), rules=raw.get("rules"), index_id=raw.get("index-id"),
                      link=bool(raw.get("link", False)))
        from skillpm.skill import is_safe_name

        if not is_safe_name(e.name):
            raise SkillpmError(f"{where}: name {e.name!r} is not a safe folder name", f"restore {path.name}")
        if e.name in lock.skills:
            raise SkillpmError(f"{where}: skill {e.name!r} appears twice", f"restore {path.name}")
        lock.skills[e.name] = e
    return lock


def render_lock(lock: Lock) -> str:
    import tomlkit

    doc = tomlkit.document()
    doc.add(tomlkit.comment("skillpm.lock: generated by skillpm; do not edit"))
    doc["version"] = LOCK_VERSION
    if lock.index:
        t = tomlkit.table()
        for k in sorted(lock.index):
            t[k] = lock.index[k]
        doc["index"] = t
    aot = tomlkit.aot()
    for name in sorted(lock.skills):
        d = lock.skills[name].to_dict()
        t = tomlkit.table()
        for k, v in d.items():
            if isinstance(v, dict):
                it = tomlkit.inline_table()
                it.update(v)
                t[k] = it
            else:
                t[k] = v
        aot.append(t)
    if len(aot):
        doc["skill"] = aot
    return tomlkit.dumps(doc)


def save_lock(lock: Lock) -> None:
    from skillpm.fsutil import atomic_write_text

    atomic_write_text(lock.path, render_lock(lock))
