"""The agent table (``agents.toml`` from the index) and where each agent reads skills.

Project scope writes under the project root; global scope under the home
directory, following ``$CLAUDE_CONFIG_DIR`` and ``$XDG_CONFIG_HOME`` where the
agent does. Agents that read the same folder share one copy.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

CANONICAL_PROJECT = ".agents/skills"  # where --link keeps the one real copy
CANONICAL_GLOBAL = "~/.agents/skills"


@dataclass(frozen=True)
class Agent:
    id: str
    name: str
    project: str
    global_dir: str | None
    detect: tuple[str, ...] = ()
    env: str | None = None
    explicit: bool = False

    def folder(self, scope: str, project_root: Path) -> Path | None:
        """The skills folder of this agent for ``scope`` ("project" | "global"); None if it has none."""
        if scope == "project":
            return Path(project_root) / self.project
        if not self.global_dir:
            return None
        if self.env and os.environ.get(self.env):
            return Path(os.environ[self.env]) / "skills"
        return expand_home(self.global_dir)

    def detected(self, project_root: Path) -> bool:
        """True when any probe path exists ("$VAR/rest" uses the variable, "./x" the project)."""
        if self.explicit:
            return False
        return any(p is not None and p.exists() for p in (_probe_path(x, project_root) for x in self.detect))


def _probe_path(probe: str, project_root: Path) -> Path | None:
    if probe.startswith("$"):
        var, _, rest = probe[1:].partition("/")
        val = os.environ.get(var)
        if not val and var == "XDG_CONFIG_HOME":
            val = str(Path(os.path.expanduser("~")) / ".config")
        return (Path(val) / rest) if val else None
    if probe.startswith("./"):
        return Path(project_root) / probe[2:]
    return expand_home(probe)


def expand_home(p: str) -> Path:
    home = Path(os.path.expanduser("~"))
    if p.startswith("~/.config/") and os.environ.get("XDG_CONFIG_HOME"):
        return Path(os.environ["XDG_CONFIG_HOME"]) / p[len("~/.config/"):]
    if p == "~" or p.startswith("~/"):
        return home / p[2:]
    return Path(p)


@dataclass
class AgentTable:
    agents: dict[str, Agent] = field(default_factory=dict)

    def get(self, agent_id: str) -> Agent:
        try:
            return self.agents[agent_id]
        except KeyError:
            close = difflib.get_close_matches(agent_id, list(self.agents), n=3)
            hint = f"did you mean {' or '.join(close)}?" if close else "`skillpm agents` lists every agent id"
            raise SkillpmError(f"unknown agent {agent_id!r}", hint) from None

    def select(self, ids: list[str]) -> list[Agent]:
        if "*" in ids or "all" in ids:
            return list(self.agents.values())
        return [self.get(i) for i in dict.fromkeys(ids)]

    def detected(self, project_root: Path) -> list[Agent]:
        return [a for a in self.agents.values() if a.detected(project_root)]


_loaded: dict[tuple, AgentTable] = {}


def load_agents(path: Path | None = None) -> AgentTable:
    """Read ``agents.toml`` from the active index (the shipped snapshot by default).

    Parsed once per process and file version: `list` and `install` ask for it once per
    lock entry, and parsing the 79-agent table costs ~10 ms each time."""
    from skillpm.paths import shipped_index_dir

    path = path or shipped_index_dir() / "agents.toml"
    try:
        st = os.stat(path)
        key = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _loaded:
        return _loaded[key]
    table = _parse_agents(path)
    if key is not None:
        _loaded[key] = table
    return table


def _parse_agents(path: Path) -> AgentTable:
    from skillpm.config import load_toml

    data = load_toml(path, "agent table")
    table = AgentTable()
    for row in data.get("agent", []):
        a = Agent(id=row["id"], name=row.get("name", row["id"]), project=row["project"],
                  global_dir=row.get("global"), detect=tuple(row.get("detect", ())), env=row.get("env"),
                  explicit=bool(row.get("explicit", False)))
        table.agents[a.id] = a
    if not table.agents:
        raise SkillpmError(f"the agent table {path} is empty or missing", "reinstall skillpm or update the index")
    return table


@dataclass
class Target:
    """One skills folder and the agents that read it."""

    folder: Path
    agents: list[str]

    @property
    def label(self) -> str:
        return ", ".join(self.agents)


def targets_for(agents: list[Agent], scope: str, project_root: Path) -> list[Target]:
    """Group agents by the folder they read, so shared folders get one copy."""
    by_folder: dict[Path, Target] = {}
    for a in agents:
        folder = a.folder(scope, project_root)
        if folder is None:
            continue
        key = Path(os.path.normpath(folder))
        by_folder.setdefault(key, Target(key, []))
        by_folder[key].agents.append(a.id)
    return sorted(by_folder.values(), key=lambda t: str(t.folder))


def canonical_folder(scope: str, project_root: Path) -> Path:
    return Path(project_root) / CANONICAL_PROJECT if scope == "project" else expand_home(CANONICAL_GLOBAL)
