"""A Python docstring read as the comment it is: text about the code, never run by it.

A docstring (the string literal that opens a module, class or function) is a comment the language
keeps: ``check_url.__doc__`` explaining the IP spellings an SSRF guard blocks ("decimal (2852039166),
hex (0xa9fea9fe)") describes what the code refuses, as a ``#`` comment above it would. The rules read a
script's comment lines as a document's text (engine: a security document describing the attack);
``doc_line`` lets them read a docstring's lines so too.

A docstring can be run: ``exec(f.__doc__)``, ``eval(inspect.getdoc(m))``, or a program that reads its
own source. A file that reads docstrings at all (``__doc__``, ``getdoc``, ``get_docstring``) or its own
source (``__file__``, ``getsource``) has none read so, and ``restore_read_docstrings`` takes the
reading back from every file of a skill one of whose Python files does (a module's docstring run by
another module that imports it).
"""

from __future__ import annotations

import ast
import re

DOC_MAX = 512 * 1024  # a larger script is read as code throughout
# what reads a docstring or a program's own source: then a docstring may be code that runs
READS_DOCS_RE = re.compile(r"__doc__|\bgetdoc\b|\bget_docstring\b|\bgetsource(?:lines|file)?\b|__loader__|__spec__"
                           r"|\bopen\s*\(\s*(?:__file__|sys\.argv\s*\[\s*0\s*\])|\(\s*__file__\s*\)\s*\.\s*(?:read_|open\b)")
NOTE = "a docstring, text the code never runs"
PY_EXT = (".py", ".pyw")


def _lines(text: str) -> frozenset[int]:
    """The lines of ``text`` (Python source) that lie in a docstring; none when it reads docstrings or
    its own source, or does not parse."""
    if len(text) > DOC_MAX or '"""' not in text and "'''" not in text or READS_DOCS_RE.search(text):
        return frozenset()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return frozenset()
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return frozenset(out)


def doc_line(ctx, line: int) -> bool:
    """Whether line ``line`` of the script ``ctx`` (an engine._FileCtx) lies in a docstring of a Python
    file that reads no docstring and not its own source (kept for the file)."""
    if ctx.kind != "script" or ctx.hidden or not ctx.path.lower().endswith(PY_EXT):
        return False
    got = ctx.__dict__.get("_doc_lines")
    if got is None:
        got = ctx.__dict__["_doc_lines"] = _lines(ctx.text)
    return line in got


def lowered(finding, before: str):
    """``finding`` (lowered by its context in a docstring) with a note saying the docstring reading lowered it
    and from what, so that ``restore_read_docstrings`` can put it back."""
    finding.note = (finding.note + "; " if finding.note else "") + f"{NOTE} (was {before})"
    return finding


WAS_RE = re.compile("(?:; )?" + re.escape(NOTE) + r" \(was (\w+)\)")


def restore_read_docstrings(files: dict[str, bytes], findings: list) -> None:
    """When a Python file of the skill reads docstrings or its own source, no docstring is text only:
    each finding lowered in one is put back to the severity it had before (``doc_line``'s reading is
    per file; a module's docstring can be run from another one that imports it)."""
    marked = [f for f in findings if f.note and NOTE in f.note]
    if not marked or not any(p.lower().endswith(PY_EXT) and READS_DOCS_RE.search(data.decode("utf-8", "replace"))
                             for p, data in files.items()):
        return
    for f in marked:
        m = WAS_RE.search(f.note)
        if m is not None:
            f.severity, f.note = m.group(1), (f.note[:m.start()] + "; put back: a file of the skill reads docstrings"
                                              + f.note[m.end():]).lstrip("; ")
