"""The commands of a task runner, read with their variables filled in.

A Makefile's recipes are read with their variables expanded (``Scanner.make_recipes``); the other task
runners a skill may ship hold the same construct in their own syntax, a command whose every word is a
variable set elsewhere (``{{.GET}} {{.INSTALLER}} | {{.ROOT}} bash``), which no line shows whole:

- a Taskfile (``Taskfile.yml``): ``{{.NAME}}`` from any ``NAME: value`` of the Taskfile or of another
  YAML file of the skill it includes;
- a justfile (``justfile``, ``*.just``, its ``import``s): ``{{name}}`` from ``name := "…" + other``;
- a ``package.json``: ``$npm_package_config_NAME`` in ``scripts`` from its ``config`` object.

Each command that uses a variable is read again, expanded, as the shell runs it, and what the rules find
there and not in the file as written is reported on the command's line. A superset reading: every
definition of a name is a candidate, the last one wins.

A Makefile also runs commands while it is read, before any target: ``BOOT := $(shell $(FETCH) $(URL) |
$(ROOT) sh)`` and ``X != …`` run on every ``make``, whether or not a recipe uses the name
(``make_parse_time``); their commands are read the same way, on the definition's line.
"""

from __future__ import annotations

import json
import posixpath
import re

FILE_MAX = 128 * 1024
LINE_MAX = 4000  # an expansion that grows past this is left as written
DEPTH = 6
TASKFILES = ("taskfile.yml", "taskfile.yaml", "taskfile.dist.yml", "taskfile.dist.yaml")
JUSTFILES = ("justfile", ".justfile")
# YAML "  NAME: value" (a Taskfile's vars/env, or any key of an included file); a value in quotes or bare
YAML_DEF_RE = re.compile(r"""^[ \t]*-?[ \t]*([A-Za-z_][\w-]{0,60}):[ \t]+(?:"([^"\n]{1,1000})"|'([^'\n]{1,1000})'|([^\n#{]{1,1000}?))[ \t]*$""",
                         re.M)
TASK_USE_RE = re.compile(r"\{\{-?[ \t]*\.([A-Za-z_][\w-]{0,60})[ \t]*-?\}\}")
# just: [export] name := expression (strings and names joined by +)
JUST_DEF_RE = re.compile(r"^(?:export[ \t]+)?([A-Za-z_][\w-]{0,60})[ \t]*:=[ \t]*([^\n]{1,1000})$", re.M)
JUST_TERM_RE = re.compile(r"""[ \t]*(?:"((?:[^"\\\n]|\\.){0,1000})"|'([^'\n]{0,1000})'|([A-Za-z_][\w-]{0,60}))[ \t]*(\+|$)""")
JUST_USE_RE = re.compile(r"\{\{[ \t]*([A-Za-z_][\w-]{0,60})[ \t]*\}\}")
NPM_USE_RE = re.compile(r"\$\{?npm_package_config_([A-Za-z_]\w{0,60})\}?|%npm_package_config_([A-Za-z_]\w{0,60})%")


def _kind(path: str) -> str | None:
    name = posixpath.basename(path).lower()
    if name in TASKFILES:
        return "task"
    if name in JUSTFILES or name.endswith(".just"):
        return "just"
    if name == "package.json":
        return "npm"
    return None


def _expand(line: str, use_re: re.Pattern, defs: dict[str, str]) -> str:
    for _ in range(DEPTH):
        new = use_re.sub(lambda m: defs.get(next(g for g in m.groups() if g is not None), m.group(0)), line)
        if new == line or len(new) > LINE_MAX:
            break
        line = new
    return line


def _yaml_defs(texts: list[str]) -> dict[str, str]:
    defs: dict[str, str] = {}
    for text in texts:
        for m in YAML_DEF_RE.finditer(text):
            value = next((g for g in m.groups()[1:] if g is not None), "").strip()
            if value:
                defs[m.group(1)] = value
    return defs


def _just_value(expr: str, defs: dict[str, str]) -> str | None:
    """A just expression of strings and names joined by ``+``, as it evaluates; None: anything else."""
    out, pos = [], 0
    expr = expr.split(" #", 1)[0].rstrip()
    while pos < len(expr):
        m = JUST_TERM_RE.match(expr, pos)
        if m is None or m.end() == pos:
            return None
        s, q, name = m.group(1), m.group(2), m.group(3)
        if name is not None:
            if name not in defs:
                return None
            out.append(defs[name])
        else:
            out.append(s if s is not None else q)
        pos = m.end()
        if not m.group(4):
            break
    return "".join(out) if pos >= len(expr) else None


def _just_defs(texts: list[str]) -> dict[str, str]:
    defs: dict[str, str] = {}
    for _ in range(2):  # a name defined in an imported file after its use: a second round sees it
        for text in texts:
            for m in JUST_DEF_RE.finditer(text):
                value = _just_value(m.group(2), defs)
                if value is not None:
                    defs[m.group(1)] = value
    return defs


def _npm_copy(text: str) -> str | None:
    """package.json with each script's ``$npm_package_config_X`` filled in from ``config``, line for line."""
    try:
        pkg = json.loads(text)
    except ValueError:
        return None
    config, scripts = pkg.get("config") if isinstance(pkg, dict) else None, pkg.get("scripts") if isinstance(pkg, dict) else None
    if not isinstance(scripts, dict) or not scripts:
        return None
    defs = {k: v for k, v in config.items() if isinstance(v, str)} if isinstance(config, dict) else {}
    names = {k for k, v in scripts.items() if isinstance(v, str)}
    lines = text.split("\n")
    copy = [""] * len(lines)
    for i, line in enumerate(lines):
        if "npm_package_config_" not in line and not any('"' + n + '"' in line for n in names if len(line) < LINE_MAX):
            continue
        m = re.match(r'\s*"[^"\n]{1,100}"\s*:\s*"((?:[^"\\\n]|\\.)*)"', line)
        if m is None:
            continue
        try:
            cmd = json.loads('"' + m.group(1) + '"')
        except ValueError:
            continue
        copy[i] = _expand(cmd, NPM_USE_RE, defs)
    return "\n".join(copy)


def _copy(kind: str, text: str, defs: dict[str, str]) -> str | None:
    if kind == "npm":
        return _npm_copy(text)
    use_re = TASK_USE_RE if kind == "task" else JUST_USE_RE
    lines = text.split("\n")
    copy = [""] * len(lines)
    for i, line in enumerate(lines):
        if "{{" not in line or len(line) > LINE_MAX:
            continue
        new = _expand(line, use_re, defs)
        if new != line:
            # a YAML list item or a just recipe line: the command is what follows "- " or the indent
            copy[i] = re.sub(r"^[ \t]*(?:-[ \t]+(?:cmd:[ \t]*)?)?['\"]?|['\"]?[ \t]*$", "", new) if kind == "task" \
                else new.strip().lstrip("@-")
    return "\n".join(copy) if any(copy) else None


def task_commands(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Findings in the commands of the skill's Taskfiles, justfiles and package.json scripts, read with
    their variables filled in (module docstring)."""
    runners = {p: k for p in files for k in [_kind(p)] if k and len(files[p]) <= FILE_MAX}
    if not runners:
        return []
    texts = {p: d.decode("utf-8", errors="replace") for p, d in files.items()
             if len(d) <= FILE_MAX and (p in runners or p.lower().endswith((".yml", ".yaml", ".just")))}
    defs = {"task": None, "just": None}
    out = []
    for path in sorted(runners):
        kind, text = runners[path], texts[path]
        if kind == "task" and "{{" in text:
            if defs["task"] is None:
                defs["task"] = _yaml_defs([t for p, t in sorted(texts.items()) if p.lower().endswith((".yml", ".yaml"))])
            copy = _copy(kind, text, defs["task"])
        elif kind == "just" and "{{" in text:
            if defs["just"] is None:
                defs["just"] = _just_defs([t for p, t in sorted(texts.items()) if runners.get(p) == "just"])
            copy = _copy(kind, text, defs["just"])
        elif kind == "npm" and "npm_package_config_" in text and '"scripts"' in text:
            copy = _copy(kind, text, {})
        else:
            continue
        if not copy:
            continue
        out += _read_as_run(sc, path, text, copy.split("\n"), found, description,
                            "with the task runner's variables filled in: ")
    return out


def _read_as_run(sc, path: str, text: str, copy: list[str], found: list, description: str, why: str) -> list:
    """The findings the rules make in ``copy`` (``text``'s lines as they run, line for line, read as a shell
    script) that ``found`` does not hold on the same line: noted ``why`` with the line as it runs, and shown
    with ``text``'s own line."""
    from skillpm.scan.engine import _window

    lines = text.split("\n")
    if not copy[0]:
        copy[0] = "#!/bin/sh"  # each command runs in a shell: the shell's data flow reads them too
    out = []
    seen = {(f.rule, f.line) for f in found if f.file == path}
    for f in sc.scan_text(path, "\n".join(copy), "script", description):
        if (f.rule, f.line) in seen or not f.grades or f.category == "hidden-text":
            continue
        seen.add((f.rule, f.line))
        f.note = (f.note + "; " if f.note else "") + why + copy[f.line - 1][:200]
        f.text = _window(lines[f.line - 1].rstrip("\r"), 0)
        out.append(f)
    return out


# A Makefile definition make evaluates as it reads the file, whatever target is asked for: `NAME := $(shell …)`
# (immediate), `NAME != …` (the shell assignment); the command runs even when no recipe uses NAME
MAKE_NOW_RE = re.compile(r"^ *(?:export[ \t]+|override[ \t]+)?[A-Za-z_][\w.-]{0,60}[ \t]*(:::=|::=|:=|!=)[ \t]*([^\n]{1,1000})$",
                         re.M)
MAKE_SHELL_AT_RE = re.compile(r"\$\(shell[ \t]+")


def _shell_bodies(value: str) -> list[str]:
    """The commands of the ``$(shell …)`` calls in ``value`` (to each one's balanced parenthesis)."""
    out = []
    for m in MAKE_SHELL_AT_RE.finditer(value):
        depth = 1
        for k in range(m.end(), len(value)):
            depth += value[k] == "("
            depth -= value[k] == ")"
            if depth == 0:
                out.append(value[m.end():k])
                break
    return out


def make_parse_time(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Findings in the commands a Makefile runs while it is read (``NAME := $(shell …)``, ``NAME != …``),
    with the variables of every Makefile and .mk file of the skill expanded, read as the shell runs them."""
    from skillpm.scan import engine

    makefiles = {p: d for p, d in files.items() if engine._makefile(p) and len(d) <= FILE_MAX}
    if not makefiles or not any(b"$(shell" in d or b"!=" in d for d in makefiles.values()):
        return []
    texts = {p: d.decode("utf-8", errors="replace") for p, d in sorted(makefiles.items())}
    defs = engine._make_defs(texts.values())
    out = []
    for path, text in texts.items():
        lines = text.split("\n")
        copy = [""] * len(lines)
        for m in MAKE_NOW_RE.finditer(text):
            value = engine._make_expand(m.group(2), defs)
            cmds = [value] if m.group(1) == "!=" else _shell_bodies(value)
            if cmds:
                copy[text.count("\n", 0, m.start())] = "; ".join(cmds)
        if not any(copy):
            continue
        out += _read_as_run(sc, path, text, copy, found, description,
                            "run by make as it reads the file, variables expanded: ")
    return out
