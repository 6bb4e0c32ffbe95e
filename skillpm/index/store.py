"""A registry index held in a local folder: read and write entries, the catalogue, config.

Used by ``index build`` (writing) and by the local transports (shipped snapshot,
``file://`` folder, git clone in the cache) for reading.
"""

from __future__ import annotations

from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.index.format import (CATALOG, CATALOG_HEADER, SCHEMA_VERSION, Entry, dumps_entry, entry_relpath,
                                  loads_entry)

DEFAULT_CONFIG = {
    "schema": SCHEMA_VERSION,
    "name": "skillpm",
    # {repo} is the https URL of the repository, {commit} the 40-hex commit.
    "archive": "{repo}/archive/{commit}.tar.gz",
}


def read_config(root: Path) -> dict:
    from skillpm.config import load_toml

    path = Path(root) / "config.toml"
    if not path.is_file():
        raise SkillpmError(f"{root} is not a skillpm index: no config.toml",
                           "point --index at a folder, git remote or mirror built by `skillpm index build`")
    cfg = load_toml(path, "index config")
    check_schema(cfg, str(path))
    return cfg


def check_schema(cfg: dict, where: str) -> None:
    try:
        schema = int(cfg.get("schema", 0))
    except (TypeError, ValueError):
        schema = -1
    if schema > SCHEMA_VERSION:
        raise SkillpmError(f"the index at {where} uses schema version {schema}; this skillpm reads version "
                           f"{SCHEMA_VERSION} or older", "upgrade skillpm (`pip install -U skillpm`) to read it")
    if schema < 1:
        raise SkillpmError(f"the index at {where} has no valid schema version", "rebuild or update the index")


def config_text(cfg: dict) -> str:
    from skillpm.index.format import _key, _val

    lines = ["# The registry index: see README.md in this folder.",
             "# schema: version of the entry format; archive: download URL template ({repo}, {commit})."]
    lines += [f"{_key(k)} = {_val(v)}" for k, v in cfg.items()]
    return "\n".join(lines) + "\n"


def parse_catalog(text: str) -> list[list[str]]:
    rows = []
    for n, line in enumerate(text.split("\n")):
        if not line or (n == 0 and line.startswith("id\t")):
            continue
        cells = line.split("\t")
        if len(cells) < len(CATALOG_HEADER):
            cells += [""] * (len(CATALOG_HEADER) - len(cells))
        rows.append(cells[: len(CATALOG_HEADER)])
    return rows


def catalog_text(rows: list[list[str]]) -> str:
    clean = [[c.replace("\t", " ").replace("\n", " ").replace("\r", " ") for c in r] for r in rows]
    clean.sort(key=lambda r: r[0])
    return "\n".join(["\t".join(CATALOG_HEADER)] + ["\t".join(r) for r in clean]) + "\n"


class IndexDir:
    """An index in a local folder."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def config(self) -> dict:
        return read_config(self.root)

    def entry_path(self, skill_id: str) -> Path:
        return self.root / entry_relpath(skill_id)

    def read_entry(self, skill_id: str) -> Entry | None:
        path = self.entry_path(skill_id)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        return loads_entry(text, f"index entry {skill_id}")

    def write_entry(self, entry: Entry) -> bool:
        """Write ``entry`` if its bytes changed; True when written."""
        from skillpm.fsutil import atomic_write_text

        path = self.entry_path(entry.id)
        text = dumps_entry(entry)
        try:
            if path.read_text(encoding="utf-8") == text:
                return False
        except FileNotFoundError:
            pass
        atomic_write_text(path, text)
        return True

    def catalog(self) -> list[list[str]]:
        try:
            return parse_catalog((self.root / CATALOG).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []

    def write_catalog(self, rows: list[list[str]]) -> None:
        from skillpm.fsutil import atomic_write_text

        atomic_write_text(self.root / CATALOG, catalog_text(rows))
