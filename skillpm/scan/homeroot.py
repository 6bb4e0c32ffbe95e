"""A deletion whose root is the user's home directory, however the script resolves it.

The patterns see ``find ~ … -delete`` and ``rm -rf "$HOME"/*``. A script that means the same keeps the
home in a variable resolved another way, and deletes under the variable: ``WS=$(eval echo ~$owner)``,
``base=$(getent passwd "$u" | cut -d: -f6)``, ``H=$(cd ~ && pwd)``, or a function that prints one
(``_scope() { eval "printf '%s' ~$owner"; }`` … ``WS="$(_scope)"``). ``home_roots`` reads each shell
script again with every such variable (and call of such a function) written as ``$HOME``, and reports
the destructive findings the rules make there and not in the script as written, on the line of the use.

Only a value that is the home itself is read so: ``~/logs``, ``$HOME/.cache/app`` and
``$(eval echo ~/build)`` are folders under it, and a cleanup there stays what it is.
"""

from __future__ import annotations

import re

from skillpm.scan import flow, litgate, values

HOME_MAX = 256 * 1024
DELETE_BYTES = (b"rm ", b"-delete", b"rmdir", b"shred", b"unlink")
DELETE_WORDS = tuple(w.decode() for w in DELETE_BYTES)
HOME_BYTES = (b"~", b"getent", b"dscl", b"NFSHomeDirectory", b"HOME")
HOME_WORDS = tuple(w.decode() for w in HOME_BYTES)
SPELLED_BYTES = (b"base64", b"xxd", b"rev")  # a shell decode pipeline's words
# what prints a home directory, and nothing under it (a word ends it: quote, blank, `)`, `;`, end)
_END = r"""(?=["'\s);`|&]|$)"""
# (``~$(whoami)``, ``~$(id -un)``: the user's own name substituted after the tilde, the home as well)
HOME_WORD = r"""(?:~(?:\$\((?:whoami|id -un|logname)\)|[\w$"{}.-]){0,40}|\$HOME|\$\{HOME(?::?[-=?+][^}\n]{0,40})?\})""" + _END
HOME_PRINT_RE = re.compile(
    r"""\b(?:echo|printf)\b[^\n;|&]{0,60}?\s["']?""" + HOME_WORD
    + r"""|\bgetent\s+passwd\b[^\n]{0,80}?\bcut\b[^\n]{0,20}?-f\s*6\b|\bdscl\b[^\n]{0,80}?NFSHomeDirectory"""
    r"""|\bcd\s+["']?""" + HOME_WORD + r"""["']?\s*(?:&&|;)\s*pwd\b|\beval\s+["']?(?:echo|printf)\b[^\n]{0,60}?~[\w$"{}.-]{0,40}["']?\s*$""")
# a cheap first test over the whole script: something that resolves a home, or a name assigned one
HOME_SOURCE_RE = re.compile(r"""getent\s+passwd|NFSHomeDirectory|\bcd\s+["']?~|\b(?:echo|printf)\b[^\n]{0,60}?~"""
                            r"""|=["']?(?:~[\w$"{}.-]{0,40}|\$HOME|\$\{HOME[^}\n]{0,20}\})(?:/(?:\$\{\w{1,40}:?-\}/?)*)?["']?[ \t]*(?:[;&]|#[^\n]*$|$)""", re.M)
FUNC_RE = re.compile(r"^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]{0,40})[ \t]*\(\)[ \t]*\{?(.*)$")
ASSIGN_RE = re.compile(r"""^[ \t]*(?:(?:local|export|readonly|declare(?:[ \t]+-\w+)?)[ \t]+)?([A-Za-z_]\w{0,40})=(.*)$""")
PLAIN_HOME_RE = re.compile(r"""^["']?""" + HOME_WORD + r"""["']?\s*$""")
SUB_RE = re.compile(r"""^["']?\$\((.{1,400})\)["']?\s*$|^["']?`(.{1,400})`["']?\s*$""")


def _homes(lines: list[str]) -> tuple[set[str], set[str]]:
    """(variables holding the home, functions printing it), in source order."""
    funcs: set[str] = set()
    homes: set[str] = set()
    kept: set[str] = set()
    cur, depth = None, 0
    local: set[str] = set()
    for ln in lines:
        f = FUNC_RE.match(ln) if cur is None else None
        if f:
            cur, depth = f.group(1), ln.count("{") - ln.count("}")
            local: set[str] = set()
            body = f.group(2)
            if HOME_PRINT_RE.search(body):
                funcs.add(cur)
            if depth <= 0 and "{" in ln:
                cur = None
            continue
        if cur is not None:
            if HOME_PRINT_RE.search(ln):
                funcs.add(cur)
            a = ASSIGN_RE.match(ln)  # a name the body sets to the home, then prints: `spec="$HOME"; printf '%s' "$spec"`
            if a and _is_home(_first_statement(a.group(2)).strip().rstrip(";"), funcs, homes):
                local.add(a.group(1))
            elif local and PRINT_VAR_RE.search(ln) and PRINT_VAR_RE.search(ln).group(1) in local:
                funcs.add(cur)
            depth += ln.count("{") - ln.count("}")
            if depth <= 0:
                cur = None
            continue
        a = ASSIGN_RE.match(ln)
        if a is None:
            _branch_homes(ln, funcs, homes, kept)
            continue
        name, value = a.group(1), _first_statement(a.group(2)).split(" #", 1)[0].strip().rstrip(";")
        if _is_home(value, funcs, homes):
            homes.add(name)
            if ln[:1] in " \t":
                kept.add(name)  # set in a branch (or a body): a value the name can take, whatever else sets it
        elif name not in kept:
            homes.discard(name)
    return homes, funcs


# a line that prints a name's value as its output (echo, printf '%s', through eval too)
PRINT_VAR_RE = re.compile(r"""\b(?:echo|printf)\b(?:\s+-n)?(?:\s+\\?['"]%s\\?['"])?\s+\\?["']?\\?["']?\$\{?(\w+)\}?\\?["']?\\?["']?\s*["']?\s*(?:;|$)""")
# a branch's assignment after `then`/`else`/`do`/`;`/`&&` on a line: `if …; then ROOT="$HOME"; DAYS=0; fi`
BRANCH_ASSIGN_RE = re.compile(r"""(?:\bthen|\belse|\bdo|;|&&|\|\|)[ \t]+([A-Za-z_]\w{0,40})=([^\s;&|]{1,200})""")
# a tail that may be empty: `$HOME/${SUBDIR:-}` is the home while SUBDIR is unset
EMPTY_TAIL_RE = re.compile(r"""/(?:\$\{\w{1,40}:?-\}/?)*(?=["']?\s*$)""")


def _branch_homes(ln: str, funcs: set[str], homes: set[str], kept: set[str]) -> None:
    """Names a branch on this line sets to the home: each is a value the name can take (kept)."""
    if "=" not in ln:
        return
    for m in BRANCH_ASSIGN_RE.finditer(ln):
        if _is_home(m.group(2), funcs, homes):
            homes.add(m.group(1))
            kept.add(m.group(1))


def _is_home(value: str, funcs: set[str], homes: set[str]) -> bool:
    if PLAIN_HOME_RE.match(value):
        return True
    if "/" in value and PLAIN_HOME_RE.match(EMPTY_TAIL_RE.sub("", value, count=1)):
        return True  # `${HOME}/${SUBDIR:-}`, `$HOME/`: the home itself until something fills the tail
    if re.fullmatch(r"""["']?\$\{?(\w+)\}?["']?""", value):
        return re.sub(r"""[^\w]""", "", value) in homes
    s = SUB_RE.match(value)
    if s is None:
        return False
    inner = (s.group(1) or s.group(2)).strip()
    words = inner.split()
    if words and words[0] in funcs:
        return len(words) <= 3  # WS="$(_scope)", "$(home_of "$u")"
    if HOME_PRINT_RE.search(inner) is None:
        return False
    return not re.search(r"""~[\w$"{}.-]*/\w|\$HOME/\w|\$\{HOME\}/\w""", inner)  # ~/logs: a folder under it


def home_rooted(text: str) -> str | None:
    """The script with each variable that holds the home, and each call of a function that prints it,
    written as ``$HOME`` (line for line), or None when it has none."""
    lines = text.split("\n")
    homes, funcs = _homes(lines)
    inline = "$(" in text and any(_is_home(m.group(0), funcs, homes) for m in INLINE_SUB_RE.finditer(text))
    if not homes and not funcs and not inline:
        return None
    names = "|".join(sorted(homes, key=len, reverse=True))
    calls = "|".join(sorted(funcs, key=len, reverse=True))
    parts = []
    if names:
        parts.append(r"""\$(?:\{(?:""" + names + r""")(?::?[-=?+][^}\n]{0,40})?\}|(?:""" + names + r""")\b)""")
    if calls:
        parts.append(r"""\$\(\s*(?:""" + calls + r""")(?:\s[^()\n]{0,80})?\s*\)|`\s*(?:""" + calls + r""")\s*`""")
    use = re.compile("|".join(parts)) if parts else None
    out, changed = [], False
    for ln in lines:
        a = ASSIGN_RE.match(ln)
        head = ""
        if a and (a.group(1) in homes or FUNC_RE.match(ln)):
            cut = len(ln) - len(a.group(2)) + len(_first_statement(a.group(2)))
            if FUNC_RE.match(ln) or cut >= len(ln):
                out.append(ln)
                continue
            head, ln = ln[:cut], ln[cut:]  # `d=~; rm -rf "$d"`: the statements after the assignment use it
        new = _inline_homes(ln, funcs, homes) if inline and "$(" in ln else ln
        if use is not None and ("$" in new or "`" in new):
            new = use.sub("$HOME", new)
        changed = changed or new != ln
        out.append(head + new)
    return "\n".join(out) if changed else None


# a loop fed the names a find prints, whose body removes each: `while read -r f; do rm -f -- "$f"; done < <(find …
# -print0)`, `find … -print0 | while read …; do rm …; done` (the find deletes what it selects, as -delete would)
LOOP_RM_RE = re.compile(r"""\b(?:rm|unlink|shred)\s+(?:-{1,2}[\w-]+\s+){0,3}(?:--\s+)?["']?\$\{?\w+""")
FED_DONE_RE = re.compile(r"""^([ \t]*done\s*<\s*<\(\s*find\b[^\n]*?)\s-print0?\b""")
FED_PIPE_RE = re.compile(r"""^([^\n#]*\bfind\b[^\n|]*?)\s-print0?\b(?=[^\n|]*\|\s*while\b)""")
LOOP_REACH = 15


ARRAY_ARG_RE = re.compile(r"""(?<=\s)"(\$\{\w{1,40}\[[@*]\]\})"(?=\s)""")


def fed_loops(text: str) -> str:
    """``text`` line for line with each find that feeds a loop removing every name it prints written with
    ``-delete`` in place of ``-print``/``-print0`` (what the pair does), and a find's arguments expanded from an
    array (``"${prune_expr[@]}"``) written unquoted: options, not a path joined to the root before them."""
    if "find" not in text:
        return text
    lines = text.split("\n")
    for i, ln in enumerate(lines):
        if "[@]" in ln and "find" in ln:
            ln = lines[i] = ARRAY_ARG_RE.sub(r"\1", ln)
        m = FED_DONE_RE.match(ln)
        if m:
            body = lines[max(0, i - LOOP_REACH):i]
            start = max((j for j, b in enumerate(body) if re.search(r"\bwhile\b", b)), default=None)
            if start is not None and any(LOOP_RM_RE.search(b) for b in body[start:]):
                lines[i] = m.group(1) + " -delete" + ln[m.end():]
            continue
        m = FED_PIPE_RE.match(ln)
        if m:
            body = []
            for b in lines[i + 1:i + 1 + LOOP_REACH]:
                if re.match(r"[ \t]*done\b", b):
                    break
                body.append(b)
            if any(LOOP_RM_RE.search(b) for b in [ln[m.end():], *body]):
                lines[i] = m.group(1) + " -delete" + ln[m.end():]
    return "\n".join(lines)


INLINE_SUB_RE = re.compile(r"""\$\(([^()\n]{1,400})\)""")


def _inline_homes(line: str, funcs: set[str], homes: set[str]) -> str:
    """A line with each command substitution that prints the home itself (``"$(getent passwd "$u" | cut
    -d: -f6)"``, ``$(eval echo ~$USER)``, ``$(cd ~ && pwd)``) written as ``$HOME``."""
    return INLINE_SUB_RE.sub(lambda m: "$HOME" if _is_home(m.group(0), funcs, homes) else m.group(0), line)


def _first_statement(value: str) -> str:
    """The first statement of a line's rest: up to a ``;``, ``&&`` or ``||`` outside quotes and ``$(…)``."""
    depth, quote, i = 0, "", 0
    while i < len(value):
        c = value[i]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"':
                i += 1
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth <= 0 and (c == ";" or value.startswith(("&&", "||"), i)):
            return value[:i]
        i += 1
    return value


SHELL_FENCE_BYTES = re.compile(rb"```[ \t]*(?:ba|z|k)?sh|```[ \t]*console")  # a literal prefix: searched fast
TILDE_FENCE_BYTES = re.compile(rb"~~~[ \t]*(?:ba|z|k)?sh|~~~[ \t]*console")
SHELL_LANGS = frozenset(("bash", "sh", "shell", "zsh", "shellscript", "ksh", "console"))


def shell_blocks(text: str) -> str | None:
    """The lines of a Markdown document's shell blocks that delete something, every other line blank
    (line for line), or None when there is no such block."""
    from skillpm.scan.engine import fenced_script

    return fenced_script(text, SHELL_LANGS, lambda body: any(w in body for w in DELETE_WORDS))


def home_roots(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each shell script that deletes files and resolves a home directory into a variable, read again with
    the variable as ``$HOME``; the destructive findings made there, and not in the script, on their line."""
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        md = path.lower().endswith((".md", ".markdown"))
        if len(data) > HOME_MAX or not md and flow.language(path, data[:200].decode("utf-8", errors="replace")) != "shell":
            continue
        if md and not (SHELL_FENCE_BYTES.search(data) or b"~~~" in data and TILDE_FENCE_BYTES.search(data)):
            continue  # a document is read only for its shell blocks (their deletions are looked for there)
        if not md and not any(w in data for w in DELETE_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if not md and b"$(" in data and litgate.any_in(data, SPELLED_BYTES):  # a home the run decodes (values.view)
            text = values.view(text, None, values.shell_env(text, files)) or text
        if not md and not any(w in text for w in HOME_WORDS):
            continue
        if md:  # a document's shell blocks, read as one script (every other line blank)
            code = shell_blocks(text)
            if code is None or not any(w in code for w in HOME_WORDS) or HOME_SOURCE_RE.search(code) is None:
                continue
            copy = home_rooted(code)
        elif HOME_SOURCE_RE.search(text) is None:
            continue  # no home resolved into a name: nothing to read again
        else:
            copy = home_rooted(text)
        if copy is None:
            continue
        copy = fed_loops(copy)
        lines = data.decode("utf-8", errors="replace").split("\n")  # (the file as written, for the finding's line)
        rules = {f.rule for f in found if f.file == path and f.grades}
        for f in sorted(sc.scan_text(path, copy, "script", description), key=lambda f: f.line):
            if f.rule in rules or not f.grades or f.category != "destructive":
                continue
            rules.add(f.rule)
            f.note = (f.note + "; " if f.note else "") + "with the home directory the script resolves into a " \
                "variable written as $HOME: " + copy.split("\n")[f.line - 1][:200]
            f.text = _window(lines[f.line - 1].rstrip("\r"), 0)
            out.append(f)
    return out
