"""Code a script runs from a block of its skill's data file: read as the program it becomes.

``instance_eval(@rules["remediation"])`` over a YAML file's ``remediation: |`` block, ``exec(cfg["fixup"])`` of a
JSON string, ``new Function("require", cfg.hooks.after)`` of a TOML multi-line string, ``Invoke-Expression
$cfg.repair`` of a JSON field: the interpreter call is weighed as code handed in at run time (autorun's SC-02,
the two halves' DX-04), but what the block does (a gem source swapped, keys posted, a startup file written) is
the harm, and its categories are those of what it does. In a data file, the block is a string: its escapes
(``\\"``, ``\\n`` in JSON) hide the words the rules read, and the script readers (the data-flow readers) never
see it as a program.

``data_blocks`` finds an interpreter call (autorun's SINKS) whose argument, or the value the name it passes was
last assigned, names a key (``["remediation"]``, ``.get('fixup')``, ``.hooks.after``, ``[:repair]``); parses the
data files the script names (JSON, YAML, TOML: by file name, at most DATA_MAX bytes) and takes each string value
under such a key that reads as code (several lines, or a call); scans it as a script of the caller's language,
and reports what the rules find there (hidden text aside) on the interpreter call's line, once per rule.

Not read: a block the script builds from several keys, a data file the script finds by a computed name, INI and
plain-text files (no structure to pick a key from).
"""

from __future__ import annotations

import json
import posixpath
import re

from skillpm.scan import flow

SCRIPT_MAX = 256 * 1024
DATA_MAX = 64 * 1024
DATA_EXT = (".json", ".yaml", ".yml", ".toml")
LANGS = ("python", "ruby", "javascript", "php", "powershell", "shell")
EXT = {"python": ".py", "ruby": ".rb", "javascript": ".js", "php": ".php", "powershell": ".ps1", "shell": ".sh"}
# the keys an argument names: a subscript's string or symbol, a get()'s first argument, an attribute chain's names
KEY_RE = re.compile(r"""\[\s*['"]([\w.-]{1,60})['"]\s*\]|\[\s*:([A-Za-z_]\w{0,60})\s*\]|\.(?:get|fetch|dig)\(\s*['"]([\w.-]{1,60})['"]"""
                    r"""|\.([A-Za-z_]\w{0,60})\b(?!\s*\()|\$\w+\.([A-Za-z_]\w{0,60})""")
NAME_ARG_RE = re.compile(r"""\s*\(?\s*['"]?\$?([A-Za-z_][\w]{0,60})['"]?\s*(?:[,)]|\.to_s\b|$|\s+(?:unless|if)\b)""")
# a block reads as code: several lines, or a call (a command line, for a shell)
CODE_HINT = re.compile(r"\n|\w\s*\(")
COMMAND_HINT = re.compile(r"\n|\w\s*\(|^\s*[\w./-]+\s+\S")
NOT_KEYS = {"to_s", "strip", "chomp", "length", "empty", "join", "text", "value", "get", "fetch", "dig", "item",
            "items", "str", "string", "body", "content", "data", "code"}


def _parsed(path: str, data: bytes):
    text = data.decode("utf-8", errors="replace")
    low = path.lower()
    try:
        if low.endswith(".json"):
            return json.loads(text)
        if low.endswith(".toml"):
            import tomllib

            return tomllib.loads(text)
        import yaml

        return yaml.safe_load(text)
    except Exception:  # a file that does not parse is no block to read (YAML's and TOML's errors vary)
        return None


def _blocks(doc, keys: set[str], hint: re.Pattern, out: list, depth: int = 0) -> None:
    """The code-like string values under one of ``keys`` anywhere in ``doc`` (key, value)."""
    if depth > 12 or len(out) > 8:
        return
    if isinstance(doc, dict):
        for k, v in doc.items():
            if isinstance(v, str):
                if str(k) in keys and hint.search(v):
                    out.append((str(k), v))
            else:
                _blocks(v, keys, hint, out, depth + 1)
    elif isinstance(doc, list):
        for v in doc[:200]:
            _blocks(v, keys, hint, out, depth + 1)


def _keys(text: str, before: int, arg: str) -> set[str]:
    """The keys the argument names, or the value the name it passes was last assigned names."""
    found = {g for m in KEY_RE.finditer(arg) for g in m.groups() if g}
    m = NAME_ARG_RE.match(arg)
    if m:
        name = re.escape(m.group(1))
        rhs = None
        for a in re.finditer(r"(?m)^[ \t]*(?:(?:const|let|var|local|my)\s+)?[$@]?" + name + r"\s*=(?!=)\s*([^\n]{1,300})",
                             text[:before]):
            rhs = a.group(1)
        if rhs:
            found |= {g for k in KEY_RE.finditer(rhs) for g in k.groups() if g}
    return found - NOT_KEYS


def _named_data(path: str, text: str, files: dict[str, bytes]) -> list[str]:
    """The data files of the skill the script names (by file name)."""
    out = []
    for dpath, d in files.items():
        if dpath == path or len(d) > DATA_MAX or not dpath.lower().endswith(DATA_EXT):
            continue
        name = posixpath.basename(dpath)
        if len(name) >= 5 and name in text:
            out.append(dpath)
    return out


def data_blocks(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.autorun import SINK_WORDS, SINKS, _args
    from skillpm.scan.engine import _window

    if not any(p.lower().endswith(DATA_EXT) for p in files):
        return []
    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or path.lower().endswith((*DATA_EXT, ".md", ".markdown", ".txt")):
            continue
        lang = flow.language_of_file(path, data)
        if lang not in LANGS:
            continue
        text = data.decode("utf-8", errors="replace")
        if not any(w in text for w in SINK_WORDS[lang]):
            continue
        named = _named_data(path, text, files)
        if not named:
            continue
        docs = {}
        known = {f.rule for f in found if f.file == path and f.grades}
        for m in SINKS[lang].finditer(text):
            keys = _keys(text, m.start(), _args(text, m.end()))
            if not keys:
                continue
            line = text.count("\n", 0, m.start()) + 1
            for dpath in named:
                if dpath not in docs:
                    docs[dpath] = _parsed(dpath, files[dpath])
                blocks: list = []
                _blocks(docs[dpath], keys, COMMAND_HINT if lang in ("shell", "powershell") else CODE_HINT, blocks)
                for key, block in blocks:
                    inner = posixpath.splitext(dpath)[0] + "." + key + EXT[lang]
                    for f in sc.scan_text(inner, block, "script", description):
                        if f.rule in known or not f.grades or f.category == "hidden-text":
                            continue
                        known.add(f.rule)
                        f.file, f.line = path, line
                        f.note = (f.note + "; " if f.note else "") + \
                            f"in the '{key}' block of {dpath} this line runs as code: " + f.text[:120]
                        f.text = _window(text.split("\n")[line - 1].rstrip("\r"), 0)
                        out.append(f)
    return out
