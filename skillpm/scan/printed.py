"""Text a shell script prints rather than runs: a message that shows the user a command.

A careful script tells the user what to run next instead of running it: the body of a here-document handed
to ``cat`` (``cat <<MSG ⏎ … push with: git push --force --mirror origin ⏎ MSG``), a one-line ``echo`` or
``printf`` string ("spot-check with: git log --all -p | grep REMOVED"). The command in it is a sentence shown
on the terminal; the script never runs it. The two-halves check (engine._two_halves) reads a script's halves
outside these lines, as it reads them outside its comments.

Printed only when the text goes to the terminal and nothing in it runs:

- a here-document whose command is ``cat``, ``echo`` or ``printf`` alone: no redirection to a file (``cat <<EOF
  > ~/.bashrc`` writes a file that runs), no pipe (``cat <<EOF | sh``), no ``tee``; its body holds no command
  substitution (``$(…)``, backticks) unless the delimiter is quoted (``<<'MSG'``: nothing in it is expanded);
- an ``echo``/``printf`` line with one double- or single-quoted string and nothing after it but a redirection to
  stderr (``>&2``): no substitution in a double-quoted string, no pipe, no other redirection, no ``eval``.

What this does not read: a message assembled in a variable and printed later, or a here-document handed to a
function; those lines are read as code, as before. Nor whether another file runs what the script prints (``eval
"$(scripts/x.sh)"``, ``bash scripts/x.sh | sh``): the two-halves check is read per file, so such a script's
printed halves are not paired (its patterns still read every line, printed or not).
"""

from __future__ import annotations

import re

SHELL_EXT = (".sh", ".bash", ".zsh", ".ksh")
# The line that opens a here-document printed to the terminal: cat/echo/printf, the delimiter, nothing after it
HEREDOC_OPEN_RE = re.compile(r"""^\s*(?:command\s+)?(?:cat|echo|printf)\s+<<(-?)\s*(["']?)([A-Za-z_]\w*)\2\s*(?:>&2|1>&2)?\s*$""")
# An echo/printf line: one quoted string (double quotes: no substitution in it), then at most a redirection to stderr
ECHO_LINE_RE = re.compile(r"""^\s*(?:echo|printf)(?:\s+-[neE]+)?\s+(?:"(?:[^"\\$`]|\\.|\$(?!\()\{?\w+\}?)*"|'[^']*')\s*(?:[12]?>&[12])?\s*;?\s*$""")
SUBSTITUTION_RE = re.compile(r"\$\(|`")


def _shell(path: str, view: str) -> bool:
    return path.lower().endswith(SHELL_EXT) or view.startswith("#!") and re.match(
        r"#![^\n]*\b(?:ba|z|k|da)?sh\b", view) is not None


def printed_lines(path: str, view: str) -> frozenset[int]:
    """The 1-based lines of a shell script ``view`` that are text it prints (see the module's docstring)."""
    if not _shell(path, view) or ("<<" not in view and "echo" not in view and "printf" not in view):
        return frozenset()
    out: set[int] = set()
    lines = view.split("\n")
    i = 0
    while i < len(lines):
        text = lines[i]
        m = HEREDOC_OPEN_RE.match(text) if "<<" in text else None
        if m is not None:
            strip, quoted, delim = m.group(1) == "-", bool(m.group(2)), m.group(3)
            body = []
            j = i + 1
            while j < len(lines) and (lines[j].lstrip("\t") if strip else lines[j]) != delim:
                body.append(j)
                j += 1
            if j < len(lines) and (quoted or not any(SUBSTITUTION_RE.search(lines[k]) for k in body)):
                out.update(k + 1 for k in body)
            i = j + 1
            continue
        if ("echo" in text or "printf" in text) and ECHO_LINE_RE.match(text):
            out.add(i + 1)
        i += 1
    return frozenset(out)
