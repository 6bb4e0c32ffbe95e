"""Loading and validating a skill folder (DESIGN §1).

``load_skill`` reads a folder into a ``Skill``: its files (via ``hashing.read_tree``),
its frontmatter, and every problem found, each with file and line. Two profiles:
``strict`` makes every rule of the Agent Skills spec an error; ``lenient`` (install)
errors only on what makes a skill unusable or unsafe and warns on the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.hashing import Tree, read_tree

MAX_FRONTMATTER = 64 * 1024
NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
KNOWN_KEYS = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}


@dataclass
class Problem:
    """One error or warning about a skill, with where it is."""

    level: str  # "error" | "warning"
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.level}: {self.message}"


@dataclass
class Skill:
    name: str
    description: str
    frontmatter: dict
    tree: Tree
    skill_md: str = "SKILL.md"  # the path of SKILL.md inside the tree (case may differ)
    origin: str = ""  # where it was read from, for messages
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "warning"]

    @property
    def text(self) -> str:
        return self.tree.files[self.skill_md].decode("utf-8")

    @property
    def license(self) -> str | None:
        lic = self.frontmatter.get("license")
        return str(lic) if lic is not None else None


def is_safe_name(name: object) -> bool:
    """A name usable as a single folder name: no separators, no NUL, no dots-only, no control chars."""
    if not isinstance(name, str) or not name or len(name) > 255:
        return False
    if name in (".", "..") or name.startswith(".") and set(name) == {"."}:
        return False
    if any(c in name for c in "/\\\0") or any(ord(c) < 32 for c in name):
        return False
    return not (len(name) > 1 and name[1] == ":")


def split_frontmatter(text: str) -> tuple[str | None, int]:
    """Return (frontmatter text, line number of the body start) or (None, 0)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r").rstrip() != "---":
        return None, 0
    for i in range(1, len(lines)):
        if lines[i].rstrip("\r").rstrip() == "---":
            return "\n".join(lines[1:i]), i + 1
    return None, -1  # opened, never closed


def parse_frontmatter(fm: str, file: str = "SKILL.md") -> tuple[dict | None, list[Problem]]:
    """Parse frontmatter YAML safely: size cap, no aliases, line numbers in errors."""
    import yaml

    if len(fm.encode("utf-8")) > MAX_FRONTMATTER:
        return None, [Problem("error", file, 2, f"frontmatter is over {MAX_FRONTMATTER // 1024} KiB")]
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if "&" in fm or "*" in fm:
        try:
            for event in yaml.parse(fm, Loader=loader_cls):
                if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                    line = event.start_mark.line + 2 if event.start_mark else 2
                    return None, [Problem("error", file, line, "frontmatter uses YAML anchors or aliases, which are not allowed")]
        except yaml.YAMLError:
            pass  # reported below with its line
    try:
        data = yaml.load(fm, Loader=loader_cls)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 2
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, [Problem("error", file, line, f"invalid YAML in frontmatter: {problem}")]
    except RecursionError:
        return None, [Problem("error", file, 2, "frontmatter nests too deep")]
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return None, [Problem("error", file, 2, "frontmatter must be a YAML mapping of keys to values")]
    return data, []


def _key_line(fm: str, key: str) -> int:
    for i, line in enumerate(fm.split("\n")):
        if line.startswith(f"{key}:"):
            return i + 2
    return 2


def find_skill_md(tree: Tree) -> str | None:
    if "SKILL.md" in tree.files:
        return "SKILL.md"
    for path in tree.files:
        if "/" not in path and path.lower() == "skill.md":
            return path
    return None


def skill_from_tree(tree: Tree, folder_name: str, profile: str = "lenient", origin: str = "") -> Skill:
    """Build a ``Skill`` from files in memory; collect every problem rather than stop at the first."""
    strict = profile == "strict"
    problems: list[Problem] = []

    def add(level_if_strict_only: bool, file: str, line: int | None, msg: str) -> None:
        level = "error" if (strict or not level_if_strict_only) else "warning"
        problems.append(Problem(level, file, line, msg))

    md = find_skill_md(tree)
    if md is None:
        raise SkillpmError(f"no SKILL.md in {origin or folder_name}",
                           "a skill is a folder with a SKILL.md at its root; point at that folder")
    if md != "SKILL.md":
        add(True, md, None, f"file is named {md}; the spec requires SKILL.md")
    raw = tree.files[md]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.append(Problem("error", md, line, f"SKILL.md is not valid UTF-8 (byte {exc.start})"))
        return Skill(folder_name, "", {}, tree, md, origin, problems)
    fm_text, body_line = split_frontmatter(text)
    fm: dict = {}
    if fm_text is None:
        msg = ("frontmatter starts with '---' but is never closed" if body_line == -1
               else "SKILL.md has no frontmatter (it must start with a '---' line)")
        problems.append(Problem("error", md, 1, msg))
    else:
        data, errs = parse_frontmatter(fm_text, md)
        problems.extend(errs)
        if data is not None:
            fm = data

    name = fm.get("name")
    description = fm.get("description")
    if fm_text is not None and not any(p.level == "error" for p in problems):
        # name
        if name is None:
            add(True, md, 2, f"frontmatter has no 'name'; using the folder name {folder_name!r}")
            name = folder_name
        elif not isinstance(name, str):
            problems.append(Problem("error", md, _key_line(fm_text, "name"), "'name' must be a string"))
        elif not is_safe_name(name):
            problems.append(Problem("error", md, _key_line(fm_text, "name"),
                                    f"name {name!r} is not a safe single folder name (no '/', '\\', NUL, '..' or absolute paths)"))
        else:
            if len(name) > 64:
                add(True, md, _key_line(fm_text, "name"), f"name is {len(name)} characters; the limit is 64")
            if not NAME_RE.match(name):
                add(True, md, _key_line(fm_text, "name"),
                    f"name {name!r} should use only lowercase letters, digits and single '-'")
            if name != folder_name and folder_name:
                add(True, md, _key_line(fm_text, "name"), f"name {name!r} differs from the folder name {folder_name!r}")
        # description
        if description is None or (isinstance(description, str) and not description.strip()):
            problems.append(Problem("error", md, _key_line(fm_text, "description") if description is not None else 2,
                                    "frontmatter has no description (agents use it to decide when to load the skill)"))
        elif not isinstance(description, str):
            problems.append(Problem("error", md, _key_line(fm_text, "description"), "'description' must be a string"))
        elif len(description) > 1024:
            add(True, md, _key_line(fm_text, "description"),
                f"description is {len(description)} characters; the limit is 1024")
        # optional fields
        for key in fm:
            if key not in KNOWN_KEYS:
                add(True, md, _key_line(fm_text, str(key)), f"unknown frontmatter key {key!r}")
        comp = fm.get("compatibility")
        if comp is not None and (not isinstance(comp, str) or not 1 <= len(comp) <= 500):
            add(True, md, _key_line(fm_text, "compatibility"), "'compatibility' must be a string of 1–500 characters")
        meta = fm.get("metadata")
        if meta is not None and (not isinstance(meta, dict) or
                                 not all(isinstance(k, str) and isinstance(v, str) for k, v in meta.items())):
            add(True, md, _key_line(fm_text, "metadata"), "'metadata' must map strings to strings")
        tools = fm.get("allowed-tools")
        if tools is not None and not isinstance(tools, str):
            add(True, md, _key_line(fm_text, "allowed-tools"), "'allowed-tools' should be a space-separated string")
        lic = fm.get("license")
        if lic is not None and not isinstance(lic, str):
            add(True, md, _key_line(fm_text, "license"), "'license' must be a string")

    if not isinstance(name, str) or not is_safe_name(name):
        name = folder_name if isinstance(name, str) is False or name is None else name
    return Skill(str(name) if name is not None else folder_name,
                 description if isinstance(description, str) else "",
                 fm, tree, md, origin, problems)


def load_skill(path: Path, profile: str = "lenient", limits: dict | None = None) -> Skill:
    """Read and validate the skill folder at ``path``; raise one error listing every problem."""
    skill = inspect_skill(path, profile, limits)
    raise_for_errors(skill)
    return skill


def inspect_skill(path: Path, profile: str = "lenient", limits: dict | None = None) -> Skill:
    """Read the skill at ``path`` and collect its problems without raising on them."""
    path = Path(path)
    if not path.exists():
        raise SkillpmError(f"path does not exist: {path}", "check the path, or give a git URL or owner/repo")
    if not path.is_dir():
        raise SkillpmError(f"not a folder: {path}", "give the folder that holds SKILL.md")
    tree = read_tree(path, limits)
    return skill_from_tree(tree, path.resolve().name, profile, origin=str(path))


def raise_for_errors(skill: Skill) -> None:
    errors = skill.errors
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise SkillpmError(
            f"invalid skill at {skill.origin or skill.name}: {first}{more}",
            "fix the frontmatter of SKILL.md; `skillpm validate PATH` lists every problem",
            details=[str(p) for p in errors])
