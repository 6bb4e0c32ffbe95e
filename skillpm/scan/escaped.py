"""Shell strings spelled in escapes, read as the shell prints them.

``printf '\\101\\114\\114…'`` prints its format with every octal (``\\NNN``) and hex (``\\xHH``) escape
turned into the character; so do ``echo -e``, ``printf '%b'`` and a ``$'…'`` string. A command line
whose words (a sudoers entry, a path under /etc, a host) are spelled that way says nothing to a reader
or a pattern, though the shell runs it as plainly written. ``escaped_shell`` reads each shell script,
and each shell block of a Markdown document, with such strings decoded (line for line, only the
printable characters; a ``\\n`` stays as written), and reports what the rules find there and not in
the text as written, on the line as written.

Whatever the words are (the escapes hide any command), the reading is the shell's own; a string of
fewer than four escapes (a colour code ``\\033[0m``, a tab) is left as it is.
"""

from __future__ import annotations

import re

from skillpm.scan import flow
from skillpm.scan.result import FOLLOWED_KEPT

SCRIPT_MAX = 256 * 1024
ESC_BYTES = re.compile(rb"\\(?:[0-3][0-7]{2}|x[0-9A-Fa-f]{2})")  # a literal prefix: searched fast
# a quoted string ($'…', '…', "…") and whether printf / echo -e / %b is on its line
QUOTED_RE = re.compile(r"\$'((?:[^'\\\n]|\\.)*)'|'([^'\n]*)'|\"((?:[^\"\\\n]|\\.)*)\"")
PRINTS_RE = re.compile(r"\bprintf\b|\becho[ \t]+-[a-zA-Z]*e|%b")
ONE_RE = re.compile(r"\\(?:0?([0-3][0-7]{2})|x([0-9A-Fa-f]{2}))")
# the blocks of a document read as shell: a shell language, or none
BLOCK_LANGS = frozenset(("bash", "sh", "shell", "zsh", "shellscript", "ksh", "console", ""))
MIN_ESCAPES = 4


def _char(m: re.Match) -> str:
    n = int(m.group(1), 8) if m.group(1) else int(m.group(2), 16)
    return chr(n) if 32 <= n < 127 and chr(n) not in "'\\" else m.group(0)


# a variable printed as a format or with %b / echo -e (`printf "$probe"`, `printf '%b' "$p"`): the escapes of
# its value turn into text where it is printed, so its assignment is read decoded
PRINTED_VAR_RE = re.compile(r"""\bprintf[ \t]+(?:--[ \t]+)?(?:(?:'%b'|"%b")[ \t]+)?"?\$\{?([A-Za-z_]\w{0,40})\}?"?"""
                            r"""|\becho[ \t]+-[a-zA-Z]*e[a-zA-Z]*[ \t]+"?\$\{?([A-Za-z_]\w{0,40})\}?""")
ASSIGN_RE = re.compile(r"^[ \t]*(?:(?:local|declare|typeset|readonly|export)(?:[ \t]+-\w+)*[ \t]+)?([A-Za-z_]\w{0,40})\+?=")


def printed_names(text: str) -> frozenset[str]:
    """The shell variables a script prints as a format, with %b or with echo -e."""
    if "printf" not in text and "echo" not in text:
        return frozenset()
    return frozenset(m.group(1) or m.group(2) for m in PRINTED_VAR_RE.finditer(text))


def decoded_line(line: str, printed: frozenset[str] = frozenset()) -> str:
    """The line with each escaped string it prints decoded (the line itself when none); a line that assigns
    one of ``printed`` (variables the script prints with escapes turned) is read as printing its value."""
    if "\\" not in line:
        return line
    dollar = "$'" in line
    prints = PRINTS_RE.search(line) is not None
    if not prints and printed:
        a = ASSIGN_RE.match(line)
        prints = a is not None and a.group(1) in printed
    if not (dollar or prints):
        return line

    def sub(m: re.Match) -> str:
        body = m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
        if m.group(1) is None and not prints or len(ONE_RE.findall(body)) < MIN_ESCAPES:
            return m.group(0)
        return "'" + ONE_RE.sub(_char, body) + "'"

    return QUOTED_RE.sub(sub, line)


def _copy(text: str, md: bool) -> tuple[str, str] | None:
    """(the script, or a document's shell blocks with the rest blank; the same with its escaped strings
    decoded), or None when nothing is decoded. A document's blocks are the fences the engine finds."""
    if md:
        from skillpm.scan.engine import fenced_script

        text = fenced_script(text, BLOCK_LANGS)
        if text is None:
            return None
    lines = text.split("\n")
    printed = printed_names(text)
    copy = [decoded_line(ln, printed) for ln in lines]
    if copy == lines:
        return None
    return text, "\n".join(copy)


def escaped_shell(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """What the rules find in shell code once its printed escapes are decoded, on the line as written."""
    from skillpm.scan.assembled import rescanned

    out, followed = [], None
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or len(ESC_BYTES.findall(data, 0, SCRIPT_MAX)) < MIN_ESCAPES:
            continue
        md = path.lower().endswith((".md", ".markdown"))
        if not md and flow.language(path, data[:200].decode("utf-8", errors="replace")) != "shell":
            continue
        text = data.decode("utf-8", errors="replace")
        read = _copy(text, md)  # a document is read as its shell blocks (the lines outside them blank)
        if read is None:
            continue
        text, copy = read
        known = {f.rule for f in found if f.file == path and f.grades}
        got = rescanned(sc, path, text, copy, description, known, "with its printed escapes decoded")
        if md and got:
            # a block a document SKILL.md tells the agent to follow spells its words in escapes: no sample a
            # reader learns from (a sample shows its words), a step hidden from the reader: it weighs as SKILL.md's
            followed = sc.followed_paths(files) if followed is None else followed
            if path in followed:
                skill_md = next((p for p in files if p.lower() == "skill.md"), "SKILL.md")
                for f in got:
                    f.note = f"{skill_md} line {followed[path]} {FOLLOWED_KEPT}; {f.note}"
        out += got
    return out
