"""``skillpm import``: switch from Vercel's ``skills`` CLI without reinstalling by hand.

Formats, as written by the npm package ``skills`` 1.5.18 (vercel-labs/skills,
``dist/cli.mjs``: ``writeLocalLock``/``addSkillToLocalLock`` and
``writeSkillLock``/``addSkillToLock``):

- project ``skills-lock.json``, ``{"version": 1, "skills": {NAME: {...}}}``; an entry has
  ``source`` ("owner/repo" for GitHub, else the URL or local path), ``sourceUrl`` (git and
  gitlab only), ``ref`` (optional), ``sourceType`` ("github", "gitlab", "git", "local",
  "well-known", "node_modules"), ``skillPath`` ("skills/pdf/SKILL.md", optional) and
  ``computedHash``: sha256 over each file's relative path then its bytes, files sorted
  with JavaScript's ``localeCompare``.
- global ``~/.agents/.skill-lock.json`` (``$XDG_STATE_HOME/skills/.skill-lock.json`` when
  set), ``{"version": 3, "skills": {...}, "dismissed": {...}, "lastSelectedAgents": [...]}``;
  an entry has ``source``, ``sourceType``, ``sourceUrl``, ``ref``, ``skillPath``,
  ``skillFolderHash`` (the git tree id of the skill folder), ``installedAt``, ``updatedAt``.

Neither records a commit, so the import resolves each source at its ref today and checks
the result against the recorded hash and against the bytes already on disk: a folder
that already holds exactly those bytes is adopted in place, untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.manifest import Requirement

PROJECT_LOCK = "skills-lock.json"
PROJECT_VERSION = 1
GLOBAL_VERSION = 3
# The one real copy Vercel's CLI writes for "universal" agents; Codex is the best-known reader of it.
UNIVERSAL_DIR = ".agents/skills"
UNIVERSAL_AGENT = "codex"


def global_lock_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME")
    if state:
        return Path(state) / "skills" / ".skill-lock.json"
    return Path(os.path.expanduser("~")) / ".agents" / ".skill-lock.json"


# ---------------------------------------------------------------- Vercel's content hash

# ICU root collation puts punctuation and symbols before digits and digits before letters,
# in this order; JavaScript's localeCompare (which Vercel sorts with) follows it.
_PUNCT = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def _collation_key(s: str) -> tuple:
    """An approximation of ICU root collation (localeCompare) for file paths: primary
    (punctuation < digits < letters, case and accents ignored), then accents, then case with
    lowercase first."""
    primary, secondary, tertiary = [], [], []
    for ch in s:
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c)) or ch
        low = base.casefold()
        if ch in _PUNCT:
            primary.append((1, _PUNCT.index(ch)))
        elif ch.isspace():
            primary.append((0, ord(ch)))
        elif low.isdigit():
            primary.append((2, low))
        elif low.isalpha():
            primary.append((3, low))
        else:
            primary.append((1, 100 + ord(ch)))
        secondary.append(unicodedata.normalize("NFD", ch)[1:])
        tertiary.append(0 if ch == low or not ch.isalpha() else 1)
    return (primary, secondary, tertiary)


def vercel_folder_hash(files: dict[str, bytes]) -> str:
    """``computeSkillFolderHash`` of Vercel's ``skills`` CLI, for a tree of files."""
    h = hashlib.sha256()
    for path in sorted(files, key=_collation_key):
        h.update(path.encode("utf-8"))
        h.update(files[path])
    return h.hexdigest()


# ---------------------------------------------------------------- reading


def read_vercel_lock(path: Path) -> tuple[int, dict]:
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError:
        raise SkillpmError(f"no {path.name} at {path}", "give the path of a skills-lock.json or .skill-lock.json") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise SkillpmError(f"{path} is not valid JSON: {exc}", "restore it from version control") from None
    if not isinstance(data, dict) or not isinstance(data.get("version"), int) or not isinstance(data.get("skills"), dict):
        raise SkillpmError(f"{path} is not a skills lock (needs an integer 'version' and a 'skills' object)",
                           "give a skills-lock.json (version 1) or ~/.agents/.skill-lock.json (version 3)")
    version = data["version"]
    if version not in (PROJECT_VERSION, GLOBAL_VERSION):
        raise SkillpmError(f"{path} is version {version}; skillpm reads versions {PROJECT_VERSION} and {GLOBAL_VERSION}",
                           "upgrade skillpm, or reinstall the skills with `skillpm add`")
    return version, data


def _folder(skill_path: str) -> str:
    """Vercel's ``deriveSkillFolder``: "skills/pdf/SKILL.md" → "skills/pdf"."""
    folder = skill_path.replace("\\", "/")
    if folder.lower().endswith("skill.md"):
        folder = folder[: -len("skill.md")]
    return folder.strip("/")


def requirement_from(name: str, entry: dict) -> Requirement:
    """The ``skillpm.toml`` requirement equivalent to one Vercel lock entry; raises for what has none."""
    kind = entry.get("sourceType") or "github"
    source = str(entry.get("source") or "")
    ref = entry.get("ref") or None
    path = _folder(str(entry["skillPath"])) if entry.get("skillPath") else None
    if kind == "github":
        if "://" in source or source.startswith("git@"):
            url = source
        elif source.count("/") == 1:
            url = f"https://github.com/{source}"
        else:
            url = str(entry.get("sourceUrl") or f"https://github.com/{source}")
        url = url.removesuffix(".git") if url.startswith("https://github.com/") else url
        return Requirement(name, git=url, path=path or None, rev=ref)
    if kind in ("gitlab", "git"):
        url = str(entry.get("sourceUrl") or source)
        if not url:
            raise SkillpmError(f"{name}: no source URL recorded", "add it with `skillpm add URL`")
        return Requirement(name, git=url, path=path or None, rev=ref)
    if kind == "local":
        folder = Path(source)
        return Requirement(name, path=str(folder / path if path and not (folder / "SKILL.md").exists() else folder))
    raise SkillpmError(f"{name}: source type {kind!r} ({source}) has no skillpm equivalent",
                       "well-known and node_modules skills are not git sources; add it with `skillpm add` if you can")


# ---------------------------------------------------------------- planning


@dataclass
class ImportedSkill:
    name: str
    source: str  # as the Vercel lock says
    requirement: str = ""  # as skillpm.toml will say
    status: str = "planned"  # "planned" | "skipped"
    reason: str = ""
    hash_check: str = "unknown"  # "match" | "differs" | "unknown": Vercel's recorded hash vs the resolved bytes
    on_disk: list[str] = field(default_factory=list)  # "folder: same bytes" / "folder: differs"

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class ImportPlan:
    path: Path
    version: int
    skills: list[ImportedSkill]
    add_plan: object | None  # ops.add.AddPlan

    @property
    def planned(self) -> list[ImportedSkill]:
        return [s for s in self.skills if s.status == "planned"]

    def to_dict(self) -> dict:
        return {"from": str(self.path), "version": self.version, "skills": [s.to_dict() for s in self.skills]}


def _agents_holding(name: str, ws) -> list[str]:
    """Agents whose skills folder already holds ``name`` (one agent per shared folder)."""
    from skillpm.agents import load_agents

    table = load_agents()
    by_folder: dict[Path, list[str]] = {}
    for a in table.agents.values():
        folder = a.folder(ws.scope, ws.root)
        if folder is not None and (folder / name).is_dir():
            by_folder.setdefault(folder, []).append(a.id)
    out = []
    for folder, ids in by_folder.items():
        detected = [i for i in sorted(ids) if table.agents[i].detected(ws.root)]
        if detected:
            out.append(detected[0])
        elif UNIVERSAL_AGENT in ids and folder.as_posix().endswith(UNIVERSAL_DIR):
            out.append(UNIVERSAL_AGENT)
        else:
            out.append(sorted(ids)[0])
    return sorted(set(out))


def plan_import(path: str | Path | None = None, *, global_: bool = False, agents: list[str] | None = None,
                force: bool = False, offline: bool = False, min_grade: str | None = None,
                project: Path | None = None) -> ImportPlan:
    from skillpm.deploy import inspect_folder
    from skillpm.ops.add import plan_candidates
    from skillpm.ops.resolve import resolve_requirement
    from skillpm.workspace import open_workspace

    ws = open_workspace(global_, project)
    src = Path(path) if path else (global_lock_path() if global_ else ws.root / PROJECT_LOCK)
    version, data = read_vercel_lock(src)
    skills: list[ImportedSkill] = []
    cands = []
    agent_ids = list(agents or [])
    if not agent_ids and version == GLOBAL_VERSION and isinstance(data.get("lastSelectedAgents"), list):
        from skillpm.agents import load_agents

        known = load_agents().agents
        agent_ids = [a for a in data["lastSelectedAgents"] if isinstance(a, str) and a in known]
    if not agent_ids and not ws.manifest().agents:
        found: set[str] = set()
        for name in data["skills"]:
            found.update(_agents_holding(str(name), ws))
        agent_ids = sorted(found)
    for name in sorted(data["skills"]):
        entry = data["skills"][name]
        item = ImportedSkill(str(name), str(entry.get("source", "")) if isinstance(entry, dict) else "")
        skills.append(item)
        if not isinstance(entry, dict):
            item.status, item.reason = "skipped", "entry is not an object"
            continue
        try:
            req = requirement_from(str(name), entry)
            item.requirement = req.source_text() + (f" (path {req.path})" if req.git and req.path else "")
            found = [c for c in resolve_requirement(req, offline=offline, base=ws.state_dir) if c.name == name]
        except SkillpmError as exc:
            item.status, item.reason = "skipped", exc.message
            continue
        if not found:
            item.status, item.reason = "skipped", f"no skill named {name!r} in {req.source_text()}"
            continue
        c = found[0]
        if entry.get("computedHash"):
            item.hash_check = "match" if vercel_folder_hash(c.skill.tree.files) == entry["computedHash"] else "differs"
        elif entry.get("skillFolderHash") and c.tree_id:
            item.hash_check = "match" if c.tree_id == entry["skillFolderHash"] else "differs"
        cands.append(c)
    add_plan = None
    if cands:
        add_plan = plan_candidates(cands, ws, agent_ids=agent_ids, force=force, min_grade=min_grade)
        by_name = {s.name: s for s in skills}
        for ps in add_plan.skills:
            for p in ps.placements:
                st = inspect_folder(p.dest)
                if st.exists:
                    same = st.h1 == ps.entry.hash
                    by_name[ps.name].on_disk.append(f"{p.dest}: {'same bytes, adopted' if same else 'differs'}")
    return ImportPlan(src, version, skills, add_plan)


def apply_import(plan: ImportPlan, *, accept_asked: bool = False):
    from skillpm.ops.add import apply_plan

    if plan.add_plan is None:
        raise SkillpmError(f"nothing to import from {plan.path}",
                           "every entry was skipped; see the reasons above")
    return apply_plan(plan.add_plan, accept_asked=accept_asked, save_manifest=True)
