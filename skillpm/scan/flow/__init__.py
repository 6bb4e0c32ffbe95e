"""Data flow in code: what a script downloads reaching execution, and credentials reaching the network.

A pattern sees one line or a short window; malware passes the payload through variables
(``src = urlopen(u).read()`` … ``exec(compile(src, …))`` twenty lines later) or through a file
(``curl -o x.go …`` then ``go run x.go``). Each language module follows values through
assignments, in source order, and reports a downloaded value reaching execution (DX-04) or a
secret reaching a network write (EX-02), on the sink's line and naming the source's line.

Each module decides cheaply (substring tests) whether a file can hold a flow at all, and is
imported only for code in its language: a script by its extension or shebang, a fenced block
in Markdown by its info string.
"""

from __future__ import annotations

import importlib
import posixpath
import re
from dataclasses import dataclass

MAX_SOURCE = 512 * 1024  # bigger code is left to the patterns


@dataclass
class Flow:
    rule: str  # DX-04 or EX-02 (DX-06: a loop deleting what it lists)
    line: int  # the sink's line (1-based, within the code given)
    source_line: int
    what: str  # "downloaded" or "secret"
    sink: str
    source_text: str = ""  # the source command as the module read it (variables expanded), for the rule's lowering


# language -> module in this package (each has ``flows(source) -> list[Flow]``)
MODULES = {"python": "python", "shell": "shell", "powershell": "powershell", "dockerfile": "dockerfile",
           "javascript": "javascript", "ruby": "ruby", "php": "php"}
NAMES = {"dockerfile": "dockerfile", "containerfile": "dockerfile"}
# Dockerfile.node, Dockerfile.prod.tmpl, Containerfile.dev: variants and templates of one are Dockerfiles too
DOCKERFILE_STEMS = ("dockerfile.", "containerfile.")
EXTENSIONS = {".py": "python", ".pyw": "python", ".sh": "shell", ".bash": "shell", ".zsh": "shell", ".ksh": "shell",
              ".zsh-theme": "shell", ".ps1": "powershell", ".psm1": "powershell",
              **dict.fromkeys((".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx"), "javascript"), ".rb": "ruby", ".php": "php"}
FENCES = {"python": "python", "py": "python", "python3": "python",
          "sh": "shell", "bash": "shell", "shell": "shell", "zsh": "shell", "shellscript": "shell", "ksh": "shell",
          "powershell": "powershell", "ps1": "powershell", "pwsh": "powershell", "ps": "powershell",
          "dockerfile": "dockerfile", "docker": "dockerfile", "containerfile": "dockerfile",
          **dict.fromkeys(("js", "javascript", "ts", "typescript", "node", "mjs", "cjs", "jsx", "tsx"), "javascript"),
          "ruby": "ruby", "rb": "ruby", "php": "php"}
SHEBANGS = {"python": "python", "sh": "shell", "bash": "shell", "zsh": "shell", "dash": "shell", "ksh": "shell", "ash": "shell", "pwsh": "powershell",
            "node": "javascript", "nodejs": "javascript", "deno": "javascript", "bun": "javascript", "tsx": "javascript",
            "ruby": "ruby", "php": "php"}


def language(path: str, text: str) -> str | None:
    """The language of a script by its extension, else its shebang; None when no module reads it."""
    name = posixpath.basename(path.lower())
    lang = NAMES.get(name) or EXTENSIONS.get(posixpath.splitext(name)[1]) \
        or ("dockerfile" if name.endswith(".dockerfile") or name.startswith(DOCKERFILE_STEMS) else None)
    if lang is None and text.startswith("#!"):
        first = text[:120].split("\n", 1)[0]
        words = first[2:].replace("/", " ").split()
        for w in reversed(words):
            w = w.rstrip("0123456789.")
            if w in SHEBANGS:
                lang = SHEBANGS[w]
                break
    return lang if lang in MODULES else None


def language_of_file(path: str, data: bytes) -> str | None:
    """``language`` of a file's bytes, its extension looked up first (most files have one it knows): a file
    with no known extension, no shebang and no Dockerfile name is not decoded at all."""
    dot = path.rfind(".")
    if dot > path.rfind("/"):
        lang = EXTENSIONS.get(path[dot:].lower())
        if lang is not None:
            return lang
    if not data.startswith(b"#!") and "ockerfile" not in path and "ontainerfile" not in path:
        return None
    return language(path, data[:200].decode("utf-8", errors="replace"))


def fence_language(info: str) -> str | None:
    lang = FENCES.get(info.lower())
    return lang if lang in MODULES else None


def flows(lang: str, source: str) -> list[Flow]:
    """The flows in one piece of code, in order of the sink's line, one per rule and line."""
    if len(source) > MAX_SOURCE:
        return []
    module = importlib.import_module(f"skillpm.scan.flow.{MODULES[lang]}")
    seen, uniq = set(), []
    for f in sorted(module.flows(source), key=lambda f: (f.line, f.rule)):
        if (f.rule, f.line) not in seen:
            seen.add((f.rule, f.line))
            uniq.append(f)
    return uniq


# What a decoded payload is written in, when the file that carried it names no language (a base64
# `data:text/javascript;base64,…` plugin in a JSON config, a hex blob in a .cfg): the payload's own
# shebang, else the statements only one language writes. A payload is code whatever it was packed in.
SNIFF_SHEBANG = re.compile(r"#!\s*\S*?(?:/env\s+)?(\w+)")
SNIFF = (("javascript", re.compile(r"(?m)^\s*(?:import\s+[\w{*][^\n]*\bfrom\s+['\"]|export\s+default\b|"
                                   r"(?:const|let|var)\s+[\w${}, ]+=\s*require\(|module\.exports\s*=)")),
         ("python", re.compile(r"(?m)^(?:import\s+\w+(?:\s*,\s*\w+)*\s*$|from\s+[\w.]+\s+import\s|def\s+\w+\(.*\):\s*$)")),
         ("php", re.compile(r"<\?php\b")),
         ("powershell", re.compile(r"(?im)^\s*(?:\$\w+\s*=|param\s*\(|Invoke-\w+|\[System\.)")),
         ("shell", re.compile(r"(?m)^\s*(?:set\s+-[euxo]|export\s+\w+=|(?:curl|wget)\s+-|if\s+\[\s)")))


def sniff(text: str) -> str | None:
    """The language of decoded code by its shebang or its statements; None when it reads as no code."""
    head = text.lstrip()[:200]
    if head.startswith("#!"):
        m = SNIFF_SHEBANG.match(head)
        w = m.group(1).rstrip("0123456789.") if m else ""
        if w in SHEBANGS:
            return SHEBANGS[w]
    for lang, rx in SNIFF:
        if rx.search(text, 0, 4096):
            return lang
    return None
