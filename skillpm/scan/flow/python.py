"""Data flow in Python (the standard ``ast`` module): downloads reaching exec, credentials reaching the network.

A pattern sees one line or a short window; malware passes the payload through variables
(``src = urlopen(u).read()`` … ``exec(compile(src, …))`` twenty lines later). This reads a
Python script's syntax tree (the standard ``ast`` module) and follows values through
assignments, in order, within the module and each function: a value is *downloaded* when it
comes from a network read, *secret* when it comes from reading a credential file or the whole
environment. A downloaded value reaching exec/eval/compile, os.system, a shell, or pickle is a
DX-04 finding; a secret value reaching a network write is an EX-02 finding. Both are placed on
the sink's line and name the source's line.

Only scripts that hold a source word and a sink word are parsed (two substring tests), and a
file that does not parse is left to the patterns.
"""

from __future__ import annotations

import ast  # this module is imported only when Python code is scanned
import re

from skillpm.scan.flow import Flow

NET_READ = re.compile(r"(?:^|\.)(?:urlopen|urlretrieve)$|^(?:requests|httpx|urllib3|session|s|client|http)\.(?:get|request|post)$"
                      r"|(?:^|\.)(?:PoolManager\(\)\.request)$")
NET_WRITE = re.compile(r"^(?:requests|httpx|session|s|client)\.(?:post|put|patch|request)$|(?:^|\.)urlopen$"
                       r"|(?:^|\.)(?:sendall|send|sendto)$|(?:^|\.)sendmail$")
EXEC_SINK = re.compile(r"^(?:exec|eval|compile|execfile)$|^os\.(?:system|popen|exec\w*)$|^(?:pickle|marshal|dill)\.loads$"
                       r"|^subprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)$")
CREDENTIAL = re.compile(r"\.ssh\b|id_rsa|id_ed25519|id_ecdsa|\.aws\b|credentials|\.netrc|\.git-credentials|\.npmrc|\.pypirc"
                        r"|\.kube\b|kubeconfig|\.docker/config|\.env\b|\.gnupg|keychain|login data|cookies|_history\b",
                        re.IGNORECASE)
# Parsed only when a source and a sink of the same kind are both named (most scripts are not).
NET_WORDS = ("urlopen", "urlretrieve", "requests.", "httpx", "urllib3")
EXEC_WORDS = ("exec(", "eval(", "compile(", "os.system", "os.popen", "shell=True", "'-c'", '"-c"', "loads(")
SEND_WORDS = ("requests.", "httpx", "urlopen", ".send", "sendmail")


def _name(node) -> str:
    """The dotted name of a call's function (``os.system``, ``requests.get``), or ""."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    elif isinstance(node, ast.Call):  # urllib.request.urlopen(u).read() -> "urlopen().read"
        inner = _name(node.func)
        parts.append(inner.rsplit(".", 1)[-1] + "()" if inner else "")
    return ".".join(reversed(parts))


def _strings(node) -> str:
    """The string constants inside an expression, joined (for credential paths)."""
    return " ".join(n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str))


def flows(source: str) -> list[Flow]:
    fetch_run = any(w in source for w in NET_WORDS) and any(w in source for w in EXEC_WORDS)
    leak = any(w in source for w in SEND_WORDS) and ("environ" in source or CREDENTIAL.search(source) is not None)
    if not (fetch_run or leak):
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    out: list[Flow] = []
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    for scope in scopes:
        _scope(scope, out)
    return out


def _scope(scope, out: list[Flow]) -> None:
    """Follow values through one module or function body, statements in source order."""
    tainted: dict[str, tuple[str, int]] = {}  # variable -> (what, source line)

    def taint_of(expr) -> tuple[str, int] | None:
        for n in ast.walk(expr):
            if isinstance(n, ast.Name) and n.id in tainted:
                return tainted[n.id]
            if isinstance(n, ast.Call):
                name = _name(n.func)
                if NET_READ.search(name):
                    return ("downloaded", n.lineno)
                if name.endswith(("open", ".read_text", ".read_bytes")) and CREDENTIAL.search(_strings(n)):
                    return ("secret", n.lineno)
            if isinstance(n, ast.Attribute) and _name(n) == "os.environ" and _whole_environ(expr, n):
                return ("secret", n.lineno)
        return None

    body = [scope.body] if isinstance(scope, ast.Lambda) else scope.body
    nodes = list(_statements(body))
    for stmt in nodes:
        # sinks first: a statement's own calls read the variables as they were before it
        for call in (n for n in _own_nodes(stmt) if isinstance(n, ast.Call)):
            name = _name(call.func)
            args = list(call.args) + [k.value for k in call.keywords]
            if EXEC_SINK.search(name):
                if name.startswith("subprocess.") and not _shell_call(call):
                    continue
                for a in args:
                    t = taint_of(a)
                    if t and t[0] == "downloaded":
                        out.append(Flow("DX-04", call.lineno, t[1], "downloaded", name))
                        break
            elif NET_WRITE.search(name):
                for a in args:
                    t = taint_of(a)
                    if t and t[0] == "secret":
                        out.append(Flow("EX-02", call.lineno, t[1], "secret", name))
                        break
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and stmt.value is not None:
            t = taint_of(stmt.value)
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for tgt in targets:
                for n in ast.walk(tgt):
                    if isinstance(n, ast.Name):
                        if t:
                            tainted[n.id] = t
                        elif not isinstance(stmt, ast.AugAssign):
                            tainted.pop(n.id, None)
        elif isinstance(stmt, ast.With):
            for item in stmt.items:
                t = taint_of(item.context_expr)
                if t and isinstance(item.optional_vars, ast.Name):
                    tainted[item.optional_vars.id] = t  # f.read() later: a call on a tainted name stays tainted


def _own_nodes(stmt):
    """The nodes of a statement without the statements nested in it (those come on their own)."""
    todo = [c for c in ast.iter_child_nodes(stmt) if not isinstance(c, ast.stmt)]
    while todo:
        n = todo.pop()
        yield n
        todo.extend(c for c in ast.iter_child_nodes(n) if not isinstance(c, (ast.stmt, ast.Lambda)))


def _statements(body):
    """The statements of a body in source order, nested blocks included (not nested functions)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(stmt, field, []) or [])
        for h in getattr(stmt, "handlers", []) or []:
            yield from _statements(h.body)


def _shell_call(call) -> bool:
    """subprocess with shell=True, or an argument list that starts with a shell and -c."""
    for k in call.keywords:
        if k.arg == "shell" and isinstance(k.value, ast.Constant) and k.value.value is True:
            return True
    if call.args and isinstance(call.args[0], (ast.List, ast.Tuple)):
        items = call.args[0].elts
        words = [e.value for e in items[:2] if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return len(words) == 2 and words[0].rsplit("/", 1)[-1] in ("sh", "bash", "zsh", "dash", "python", "python3") \
            and words[1] in ("-c",)
    return False


def _whole_environ(expr, attr) -> bool:
    """os.environ as a whole (dict(os.environ), json.dumps(os.environ)), not one variable of it."""
    for n in ast.walk(expr):
        if isinstance(n, ast.Subscript) and n.value is attr:
            return False
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.value is attr \
                and n.func.attr in ("get", "setdefault", "pop"):
            return False
    return True
