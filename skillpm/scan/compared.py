"""Values a Python script only compares against: a constant collection used in membership tests alone.

A two-halves rule (engine.TWO_HALVES) takes a value that switches an agent's approval off
(``"Bash(*)"``, ``"bypassPermissions"``) for the half of a payload that writes it into the agent's
settings. A settings auditor names the same values to find and remove them::

    BROAD_ALLOW = ("Bash(*)", "Bash", "WebFetch")
    ...
    perms["allow"] = [r for r in perms.get("allow", []) if r not in BROAD_ALLOW]

The value is written nowhere: the collection holding it is only the right side of ``in`` / ``not in``
tests. ``only_compared`` reads every match of such a half so: when each one lies in a collection literal
assigned to a name whose every other use is a membership test (never iterated, copied, joined, passed
or returned), the half is not there. A use of any other kind (``for r in BROAD_ALLOW``,
``list(BROAD_ALLOW)``, ``allow += BROAD_ALLOW``) keeps it; so does a match outside such a literal.
Python only (its syntax tree says which use is which); a file that does not parse keeps it.
"""

from __future__ import annotations

import ast

# the [defs] halves read so: values that are written to do harm, and compared to find it
COMPARED_PARTS = frozenset({"approval_off"})
PARSE_MAX = 512 * 1024
PY_EXT = (".py", ".pyw")


def _compared_only_lines(text: str) -> list[tuple[int, int]]:
    """The (first, last) lines of each collection literal assigned to a name that the module uses only as
    the right side of ``in`` / ``not in`` tests."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    literals: dict[str, list[tuple[int, int]]] = {}
    assigned: dict[str, int] = {}
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for t in targets:
            if isinstance(t, ast.Name):
                assigned[t.id] = assigned.get(t.id, 0) + 1
                value = node.value
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in (
                        "frozenset", "set", "tuple", "list") and len(value.args) == 1 and not value.keywords:
                    value = value.args[0]
                if isinstance(node, ast.Assign) and isinstance(value, (ast.Tuple, ast.List, ast.Set)) and all(
                        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
                    literals.setdefault(t.id, []).append((node.lineno, node.end_lineno or node.lineno))
    if not literals:
        return []
    tested: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, ast.Name):
                    tested[right.id] = tested.get(right.id, 0) + 1
    loads: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in literals:
            loads[node.id] = loads.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for n in node.names:
                loads[n] = 1 << 30  # rebound elsewhere: not a constant
    return [span for name, spans in literals.items()
            if assigned.get(name) == len(spans) and loads.get(name, 0) == tested.get(name, 0) for span in spans]


def only_compared(sc, ctx, name: str, lines: tuple[int, int] | None = None) -> bool:
    """Whether every match (outside comment lines) of the ``[defs]`` regex ``name`` in the Python script
    ``ctx`` lies in a constant collection that the script only tests membership in (see the module's
    docstring); ``sc`` is the engine.Scanner. Within ``lines`` when given (a fenced block)."""
    if ctx.kind != "script" or lines is not None or not ctx.path.lower().endswith(PY_EXT) or len(ctx.text) > PARSE_MAX:
        return False
    from skillpm.scan.engine import _comment_line

    cache = ctx.__dict__.setdefault("_compared_only", {})
    if None not in cache:
        cache[None] = _compared_only_lines(ctx.text)
    spans = cache[None]
    if not spans:
        return False
    rx = sc._def(name)
    for p in sc._def_starts(name, ctx):
        if rx.match(ctx.view, p):
            line = ctx.line_of(p)
            if not _comment_line(ctx, line) and not any(a <= line <= b for a, b in spans):
                return False
    return True
