"""Data flow in Python (the standard ``ast`` module): downloads reaching exec, credentials reaching the network.

A pattern sees one line or a short window; malware passes the payload through variables
(``src = urlopen(u).read()`` … ``exec(compile(src, …))`` twenty lines later). This reads a
Python script's syntax tree (the standard ``ast`` module) and follows values through
assignments, in order, within the module and each function: a value is *downloaded* when it
comes from a network read, *secret* when it comes from reading a credential file or the whole
environment. A downloaded value reaching exec/eval/compile, os.system, a shell, or pickle is a
DX-04 finding; a secret value reaching a network write is an EX-02 finding. Both are placed on
the sink's line and name the source's line.

Values also pass through ``for`` targets and a comprehension's variables, through containers filled by a method
(``msg.add_attachment(secret)``, ``zf.write(cred_path)``, ``d[k] = secret``), and through the
return value of a module's own function (a second pass knows what each function returns). A
name bound to a credential path (``Path.home() / ".aws"``) is a *path*: reading it is a secret.
A key read from ``.env`` and sent in its own ``Authorization`` header is used, not leaked.

Only scripts that hold a source word and a sink word are parsed (two substring tests), and a
file that does not parse is left to the patterns.
"""

from __future__ import annotations

import ast  # this module is imported only when Python code is scanned
import re
from collections import deque

from skillpm.scan.flow import Flow
from skillpm.scan.flow.shell import SECRET_CMD_RE  # commands that print credentials (`terraform state pull`, `gh auth token`)

NET_READ = re.compile(r"(?:^|\.)(?:urlopen|urlretrieve)$|^(?:requests|httpx|urllib3|session|s|client|http)\.(?:get|request|post)$"
                      r"|(?:^|\.)(?:PoolManager\(\)\.request)$")
# Network writes: HTTP clients (requests/httpx/urllib, http.client's conn.request), sockets, SMTP, FTP.
NET_WRITE = re.compile(r"^(?:requests|httpx|session|s|client)\.(?:post|put|patch|request)$|(?:^|\.)urlopen$"
                       r"|(?:^|\.)(?:sendall|send|sendto|sendmail|send_message|storbinary|storlines)$"
                       r"|^(?!requests\.|httpx\.)\w+\.request$")
EXEC_SINK = re.compile(r"^(?:exec|eval|compile|execfile)$|^os\.(?:system|popen|exec\w*)$|^(?:pickle|marshal|dill)\.loads$"
                       r"|^subprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)$")
CREDENTIAL = re.compile(r"\.ssh\b|id_rsa|id_ed25519|id_ecdsa|\.aws\b|credentials|\.netrc|\.git-credentials|\.npmrc|\.pypirc"
                        r"|\.kube\b|kubeconfig|\.docker/config|\.env\b|\.gnupg|keychain|login data|(?:^|[/\\])cookies\b|_history\b"
                        r"|\.claude(?:\.json|/)|\.codex/|\.cursor/|github-copilot|\.config/gh\b|\.config/gcloud|\.azure\b"
                        r"|key4\.db|logins\.json|\.pgpass|\.vault-token|\.terraform\.d/credentials|wallet\.dat",
                        re.IGNORECASE)
# Loaders that run code stored in the file they read (pickle's opcodes call any function): a downloaded
# file loaded this way is a program from that host. torch.load with weights_only=True and numpy.load
# without allow_pickle=True refuse to.
LOAD_SINK = re.compile(r"^(?:torch\.load|(?:pickle|cPickle|dill|cloudpickle|joblib)\.loads?|(?:pd|pandas)\.read_pickle"
                       r"|runpy\.run_path|(?:np|numpy)\.load|(?:yaml\.)?unsafe_load)$")
RUN_OUTPUT = re.compile(r"^(?:subprocess\.(?:run|check_output|getoutput|getstatusoutput|Popen)|os\.popen)$")
READS = (".read_text", ".read_bytes", ".read", "open", ".load", "copyfile", ".copy")
# A method that puts its argument into its receiver (a list, a message, an archive): the receiver carries it.
FILLS = {"append", "extend", "update", "add", "write", "writestr", "attach", "add_attachment", "set_content",
         "set_payload", "insert", "setdefault", "put"}
# Parsed only when a source and a sink of the same kind are both named (most scripts are not).
NET_WORDS = ("urlopen", "urlretrieve", "requests.", "httpx", "urllib3")
EXEC_WORDS = ("exec(", "eval(", "compile(", "os.system", "os.popen", "shell=True", "'-c'", '"-c"', "loads(",
              "sys.executable", "([", "builtins", "torch.load", "pickle.load", "joblib.load", "dill.load", "read_pickle",
              "run_path", "np.load", "numpy.load", "unsafe_load")
SEND_WORDS = ("requests.", "httpx", "urlopen", ".send", "sendmail", ".request(", "storbinary")


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
    leak = any(w in source for w in SEND_WORDS) and ("environ" in source or CREDENTIAL.search(source) is not None
                                                     or SECRET_CMD_RE.search(source) is not None)
    if not (fetch_run or leak):
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    out: list[Flow] = []
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    returns: dict[str, tuple[str, int]] = {}  # function name -> what its return value carries
    for _ in range(2):  # the second pass knows what the functions of the first return
        out = []
        for scope in scopes:
            _scope(scope, out, returns)
    return out


COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _scope(scope, out: list[Flow], returns: dict[str, tuple[str, int]]) -> None:
    """Follow values through one module or function body, statements in source order."""
    # variable -> (what, source line); what: "downloaded", "secret", or "path" (names a credential file)
    tainted: dict[str, tuple[str, int]] = {}

    def taint_of(expr) -> tuple[str, int] | None:
        path = None
        for n in _data_nodes(expr):
            if isinstance(n, COMPREHENSIONS):
                for g in n.generators:  # {p: open(p).read() for p in glob(".ssh/id_*")}: p takes what is iterated
                    t = taint_of(g.iter)
                    if t:
                        bind(g.target, t)
            if isinstance(n, ast.Name) and n.id in tainted:
                if tainted[n.id][0] != "path":
                    return tainted[n.id]
                path = path or tainted[n.id]
            if isinstance(n, ast.Call):
                name = _name(n.func)
                if NET_READ.search(name):
                    return ("downloaded", n.lineno)
                if name.endswith(READS):
                    if CREDENTIAL.search(_strings(n)):
                        return ("secret", n.lineno)
                    if any(isinstance(m, ast.Name) and tainted.get(m.id, ("",))[0] == "path" for m in ast.walk(n)):
                        return ("secret", n.lineno)
                if RUN_OUTPUT.search(name) and SECRET_CMD_RE.search(_strings(n)):
                    return ("secret", n.lineno)  # check_output(["terraform", "state", "pull"]): what it prints
                short = name.rsplit(".", 1)[-1]
                if short in returns and (name == short or name.startswith("self.")):
                    return returns[short]
            if isinstance(n, ast.Attribute) and _name(n) == "os.environ" and _whole_environ(expr, n):
                return ("secret", n.lineno)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and CREDENTIAL.search(n.value):
                path = path or ("path", n.lineno)
        return path

    backing: dict[str, list[str]] = {}  # zf -> [buf]: what zf = ZipFile(buf) / with tarfile.open(p) as zf writes into

    def back(name: str, call) -> None:
        if isinstance(call, ast.Call) and call.args:
            backing[name] = [n.id for n in ast.walk(call.args[0]) if isinstance(n, ast.Name)]

    def bind(target, t) -> None:
        for n in ast.walk(target):
            if isinstance(n, ast.Name):
                if t:
                    tainted[n.id] = t
                else:
                    tainted.pop(n.id, None)

    runs: set[str] = set()  # names bound to exec/eval: run = exec, run = getattr(builtins, "ex" + "ec")
    body = [scope.body] if isinstance(scope, ast.Lambda) else scope.body
    nodes = list(_statements(body))
    for stmt in nodes:
        # sinks first: a statement's own calls read the variables as they were before it
        for call in (n for n in _own_nodes(stmt) if isinstance(n, ast.Call)):
            name = "exec" if _builtin_lookup(call.func) or isinstance(call.func, ast.Name) and call.func.id in runs \
                else _name(call.func)
            args = list(call.args) + [k.value for k in call.keywords]
            if name.endswith("urlretrieve") and len(call.args) >= 2:
                bind(call.args[1], ("downloaded", call.lineno))  # urlretrieve(url, path): the file holds the download
                continue
            if isinstance(call.func, ast.Attribute) and call.func.attr in ("write_bytes", "write_text") and call.args:
                t = taint_of(call.args[0])  # Path(p).write_bytes(data): p names a downloaded file
                if t and t[0] == "downloaded":
                    bind(call.func.value, t)
                continue
            if LOAD_SINK.search(name) and _loads_code(name, call):
                t = next((t for t in map(taint_of, call.args[:1]) if t and t[0] == "downloaded"), None)
                if t:  # a file (or bytes) from a server unpickled: the server's code runs here
                    out.append(Flow("SC-01", call.lineno, t[1], "downloaded", name))
                continue
            if EXEC_SINK.search(name):
                if name.startswith("subprocess.") and not _shell_call(call):
                    # [sys.executable, path] / ["python3", path]: an interpreter given a downloaded file
                    if _interpreter_call(call):
                        t = next((t for t in map(taint_of, call.args[0].elts[1:]) if t and t[0] == "downloaded"), None)
                        if t:
                            out.append(Flow("DX-04", call.lineno, t[1], "downloaded", name))
                    continue
                for a in args:
                    t = taint_of(a)
                    if t and t[0] == "downloaded":
                        out.append(Flow("DX-04", call.lineno, t[1], "downloaded", name))
                        break
            elif NET_WRITE.search(name):
                sent = list(call.args) + [k.value for k in call.keywords if k.arg not in ("auth", "headers")]
                sent += [v for k in call.keywords if k.arg == "headers" for v in _sent_headers(k.value)]
                if isinstance(call.func, ast.Attribute) and name.endswith("send_message"):
                    sent.append(call.func.value)
                for a in sent:
                    t = taint_of(a)
                    if t and t[0] == "secret":
                        out.append(Flow("EX-02", call.lineno, t[1], "secret", name))
                        break
            elif isinstance(call.func, ast.Attribute) and call.func.attr in FILLS and isinstance(call.func.value, ast.Name):
                t = next((t for t in map(taint_of, args) if t), None)
                if t and t[0] == "path" and call.func.attr in ("write", "add", "attach", "add_attachment"):
                    t = ("secret", t[1])  # zf.write(cred_path), tar.add(cred_path): the archive holds the file
                if t and t[0] != "path":
                    tainted[call.func.value.id] = t
                    todo = list(backing.get(call.func.value.id, ()))  # the archive's buffer or file holds it too
                    while todo:
                        b = todo.pop()
                        if tainted.get(b) != t:
                            tainted[b] = t
                            todo.extend(backing.get(b, ()))
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and stmt.value is not None:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                back(stmt.targets[0].id, stmt.value)
            elif isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Call):
                names = [n.id for n in stmt.targets[0].elts if isinstance(n, ast.Name)]
                for n in names:  # fd, path = tempfile.mkstemp(): writing one writes the other
                    backing[n] = [m for m in names if m != n]
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                v = stmt.value
                if _builtin_lookup(v) or isinstance(v, ast.Name) and (v.id in ("exec", "eval") or v.id in runs):
                    runs.add(stmt.targets[0].id)
                else:
                    runs.discard(stmt.targets[0].id)
            t = taint_of(stmt.value)
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for tgt in targets:
                if isinstance(tgt, (ast.Subscript, ast.Attribute)) or isinstance(stmt, ast.AugAssign):
                    if t:  # d[k] = secret, obj.x = secret, s += secret: the container now carries it
                        bind(tgt.value if isinstance(tgt, (ast.Subscript, ast.Attribute)) else tgt, t)
                else:
                    bind(tgt, t)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            t = taint_of(stmt.iter)
            if t:
                bind(stmt.target, t)
        elif isinstance(stmt, ast.With):
            for item in stmt.items:
                if isinstance(item.optional_vars, ast.Name):
                    back(item.optional_vars.id, item.context_expr)
                t = taint_of(item.context_expr)
                if t and isinstance(item.optional_vars, ast.Name):
                    tainted[item.optional_vars.id] = t  # f.read() later: a call on a tainted name stays tainted
        elif isinstance(stmt, ast.Return) and stmt.value is not None and isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            t = taint_of(stmt.value)
            if t and t[0] != "path":
                returns.setdefault(scope.name, t)


def _data_nodes(expr):
    """The nodes of an expression, without the ``env=`` a call is given: a child process's environment
    (``subprocess.run(cmd, env=os.environ.copy())``) is not its output."""
    todo = deque([expr])  # breadth first, in order, as ast.walk
    while todo:
        n = todo.popleft()
        yield n
        if isinstance(n, ast.Call):
            todo.append(n.func)
            todo.extend(n.args)
            todo.extend(k.value for k in n.keywords if k.arg != "env")
        else:
            todo.extend(ast.iter_child_nodes(n))


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
            sub = getattr(stmt, field, None)
            if isinstance(sub, list):  # not a lambda's conditional expression (its body and orelse are values)
                yield from _statements(sub)
        for h in getattr(stmt, "handlers", []) or []:
            yield from _statements(h.body)


def _builtins_module(node) -> bool:
    """``builtins``, ``__builtins__``, ``__import__("builtins")``, ``importlib.import_module("builtins")``,
    ``vars(builtins)``, ``builtins.__dict__``: the module that holds exec and eval."""
    if isinstance(node, ast.Name):
        return node.id in ("builtins", "__builtins__")
    if isinstance(node, ast.Attribute):
        return node.attr == "__dict__" and _builtins_module(node.value)
    if isinstance(node, ast.Call) and node.args:
        name = _name(node.func)
        arg = node.args[0]
        if name in ("__import__", "importlib.import_module"):
            return isinstance(arg, ast.Constant) and arg.value == "builtins"
        return name == "vars" and _builtins_module(arg)
    return False


def _builtin_lookup(func) -> bool:
    """A function looked up on the builtins module by a name given at run time
    (``getattr(__import__("builtins"), "".join(["ex", "ec"]))``, ``__builtins__["ex" + "ec"]``):
    nothing but exec, eval or compile is fetched that way to be called, so it is one of them (a name
    written out, ``getattr(builtins, "int")``, is what it says)."""
    if isinstance(func, ast.Call) and _name(func.func) == "getattr" and len(func.args) >= 2:
        module, key = func.args[0], func.args[1]
    elif isinstance(func, ast.Subscript):
        module, key = func.value, func.slice
    else:
        return False
    if isinstance(key, ast.Constant) and key.value not in ("exec", "eval", "compile", "execfile"):
        return False
    return _builtins_module(module)


def _loads_code(name: str, call) -> bool:
    """Whether a loader call may run code: torch.load unless weights_only=True, numpy.load only with allow_pickle=True."""
    kw = {k.arg: k.value for k in call.keywords}
    flag = kw.get("weights_only" if name.startswith("torch") else "allow_pickle")
    on = isinstance(flag, ast.Constant) and flag.value is True
    if name.startswith("torch"):
        return not on
    return on if name.startswith(("np.", "numpy.")) else True


INTERPRETERS = ("python", "python3", "sh", "bash", "zsh", "node", "perl", "ruby", "pwsh", "powershell")


def _interpreter_call(call) -> bool:
    """subprocess.run([sys.executable | "python3" | "bash" …, …]): the list starts with an interpreter."""
    if not call.args or not isinstance(call.args[0], (ast.List, ast.Tuple)) or not call.args[0].elts:
        return False
    first = call.args[0].elts[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value.rsplit("/", 1)[-1] in INTERPRETERS
    return _name(first) == "sys.executable"


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


AUTH_HEADER = re.compile(r"^(?:authorization|proxy-authorization|x-api-key|api-key|x-auth-token|private-token|x-goog-api-key)$",
                         re.IGNORECASE)


def _sent_headers(node) -> list:
    """The header values that carry data out: all of them, except the credential's own header
    (``Authorization: Bearer <key read from .env>`` uses a key; it does not leak it)."""
    if not isinstance(node, ast.Dict):
        return [node]
    return [v for k, v in zip(node.keys, node.values)
            if not (isinstance(k, ast.Constant) and isinstance(k.value, str) and AUTH_HEADER.match(k.value))]


def _whole_environ(expr, attr) -> bool:
    """os.environ as a whole (dict(os.environ), json.dumps(os.environ)), not one variable of it."""
    for n in ast.walk(expr):
        if isinstance(n, ast.Subscript) and n.value is attr:
            return False
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.value is attr \
                and n.func.attr in ("get", "setdefault", "pop"):
            return False
    return True
