"""Data flow in JavaScript and TypeScript, without a parser: downloads run, credentials sent to the network.

A small tokenizer (linear regular expressions) drops comments, keeps the text of strings, reads a
template literal as a bracketed sum (`a${x}b` -> ( "a" + ( x ) + "b" )) and tells a regex literal
from a division by the token before it. One pass over the tokens in source order (_walk.Walk)
keeps a table name -> (what, line), as python.py does:

- `const/let/var x = …`, `x = …`, `x += …`, `const {a, b} = …`, `for (const c of …)`: the names take
  the taint of the expression (a source call in it, or a tainted name not after a dot); an
  untainted value clears them; a function literal is not data;
- a function handed to a source (`https.get(u, res => …)`, `exec('curl …', (e, out) => …)`) or to
  `.then/.on/.once` on a tainted receiver gets tainted parameters, so `.then(r => r.text())
  .then(code => eval(code))` and `res.on('data', c => body += c)` are followed; the parameters of
  any other function are cleared where they are bound;
- `chunks.push(c)` taints `chunks`; `fs.writeFileSync(p, downloaded)`, or a download piped into
  `fs.createWriteStream(p)`, marks the path; `require(p)`, `import(p)`, `fork(p)`,
  `spawn('node', [p])` then run it;
- `require('https').get` is https.get; `const run = eval` and `const sh = promisify(exec)` make
  aliases of the sinks; credential paths mapped through a function that reads them are secrets.

Only code that names a download and a way to run it, or a secret and a send, is tokenized (each
word found with str.find and a small pattern tried where it occurs: a game's spawnEnemy() is no
spawn); most files cost a few substring scans.

Sinks (DX-04): eval, Function, setTimeout/setInterval with a string, and
child_process when the downloaded text is the whole command of a shell, or follows `sh -c` or
`node -e`. Sinks (EX-02): fetch/axios/got/http(s).request/net/WebSocket/dns carrying a credential
file's content or the whole process.env. A download compiled by vm (runInNewContext, new vm.Script
…) or module._compile, as a plugin is loaded, is an install from its host (SC-01), as require of it
is. One variable of the environment (process.env.TOKEN), or one field of a secret value
(`env.API_KEY`, `const {API_KEY} = process.env`), is not the secret.

A named function's return value is followed to its callers (a second pass, run only when the
first found a function that returns a download or a secret): ``return`` in ``function f`` or
``const f = (…) => {…}`` (not in a callback inside it), and a named arrow's expression body.

A named function that writes a download to one of its parameters (``function download(url, dest)
{ https.get(url, res => … fs.writeFileSync(dest, body)) }``) writes it to what its callers pass
there: the second pass marks ``download(u, target)``'s ``target`` written, and starts from the
paths the first pass marked, so a ``require(target)`` placed above the call (in a callback) is seen.

Limits: one table for the whole file (no scopes: a reused name keeps its taint until rebound); no
flow through object fields, methods or classes, nor into a helper's parameters (other than a path
it writes a download to); an expression ends at `;`, a closing bracket, or a line break nothing continues; code built
by string arithmetic or reached by computed names (`globalThis[k](s)`) is left to the patterns; a
timer is followed when it is given a field or a string (setTimeout(xhr.responseText)), not a bare
name; only the first MAX_TOKENS tokens are read, and a walk stops when its budget is spent.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from skillpm.scan.flow import Flow
from skillpm.scan.flow._walk import CLOSE, CRED_WORDS, CURL, OPEN, SPAN, Walk, found, table

# Tokens, blanks before each: c comment, s string, i name or number, b brace, t backtick, r slash, p punctuation
TOKEN = re.compile(r"""\s*(?:(?P<c>//[^\n]*|/\*[^*]*(?:\*+(?!/)[^*]*)*(?:\*+/)?)
  |(?P<s>'[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*'?|"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*"?)|(?P<i>[\w$\u0080-\uffff]+)
  |(?P<b>[{}()[\]])|(?P<t>`)|(?P<r>/)
  |(?P<p>=>|\.\.\.|\?\.(?!\d)|[=!]==?|&&=?|\|\|=?|\?\?=?|\+\+|--|[-+*%&|^<>]=?|\S))""", re.VERBOSE)
TEMPLATE = re.compile(r"[^`\\$]*(?:(?:\\[\s\S]|\$(?!\{))[^`\\$]*)*")
REGEX = re.compile(r"/(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[A-Za-z]*")
# Bounds that keep hostile input linear: the longest regex literal tried, the regex literals tried
# in vain, the tokens read (about 250 KB of code; the rest of a bigger file is left to the patterns)
REGEX_MAX, REGEX_MISSES, MAX_TOKENS = 160, 200, 60_000
EXPR_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await",
              "instanceof"}
BINARY = {"+", "-", "*", "/", "%", "&&", "||", "??", "|", "&", "^", "<", ">", "<=", ">=", "==", "===", "!=", "!==",
          "?", ":", "=>", ".", "?.", ",", "=", "+=", "in", "instanceof"}
CONT_END = BINARY | {"(", "[", "{", "!", "new", "await", "typeof", "of", "return", "yield"}  # a line ending so goes on
CONT_START = BINARY - {"-"} | {")", "]", "}"}  # a line starting so continues the one before
ASSIGN = {"=", "+=", "||=", "??=", "&&="}
NET_READ = re.compile(r"^(?:new )?(?:fetch|got|needle|ky|ofetch|\$fetch|superagent|request|axios|XMLHttpRequest)$"
                      r"|^(?:axios|got|needle|ky|superagent|undici)\.\w+$|^(?:https?|http2)\.(?:get|request)$"
                      r"|^(?:window|globalThis|self|Deno|Bun)\.fetch$")
NET_SEND = re.compile(r"^(?:fetch|got|needle|ky|ofetch|superagent|request|axios|new WebSocket)$"
                      r"|^(?:axios|got|needle|ky|superagent|undici)\.\w+$|(?:^|\.)(?:fetch|sendBeacon)$"
                      r"|^(?:https?|http2|net|tls)\.(?:get|request|connect|createConnection)$"
                      r"|dns\w*\.(?:resolve\w*|lookup\w*|reverse)$", re.IGNORECASE)
LIBS = {"axios", "got", "needle", "ky", "superagent", "undici"}
HANDLES = {"request", "connect", "createConnection", "WebSocket", "createSocket", "XMLHttpRequest", "Socket"}
READS = {"readFileSync", "readFile", "readTextFile", "readTextFileSync"}
WRITES = {"writeFileSync", "writeFile", "writeTextFile", "writeTextFileSync", "write", "pipe", "pipeline"}
LISTEN = {"then", "on", "once", "addListener", "addEventListener", "forEach", "map", "subscribe"}
SHELL = {"exec", "execSync", "execAsync", "execPromise"}
SPAWN = {"spawn", "spawnSync", "execFile", "execFileSync", "fork"}
CHILD = re.compile(r"^(?:(?:cp|child_process|childProcess|child|proc)\.)?"
                   r"(?:exec|execSync|execAsync|execPromise|spawn|spawnSync|execFile|execFileSync|fork)$")
CODE = {"eval", "window.eval", "globalThis.eval", "global.eval", "self.eval", "Function", "new Function",
        "window.Function", "globalThis.Function", "global.Function", "self.Function", "new global.Function",
        "new globalThis.Function", "new window.Function"}
CODE_LAST = {"runInThisContext", "runInNewContext", "runInContext", "compileFunction", "_compile"}
LOADS, TIMERS = {"require", "import", "module.require"}, {"setTimeout", "setInterval"}
BINDS, NEXT = {"const", "let", "var", "function"}, ASSIGN | {"=>", "("}  # what starts a binding or call, what follows
# The last names of the calls _call looks at (the rest return at once) and of the sources taint() looks for
CALLS = (READS | WRITES | LISTEN | SHELL | SPAWN | CODE_LAST | LOADS | TIMERS | HANDLES | LIBS
         | {"eval", "Function", "Script", "push", "unshift", "end", "send", "get", "fetch", "sendBeacon", "file"}
         | {"resolve", "resolve4", "resolve6", "resolveTxt", "resolveCname", "resolveAny", "lookup", "reverse"})
SOURCES = READS | SHELL | LIBS | {"spawnSync", "fetch", "got", "ofetch", "$fetch", "request", "XMLHttpRequest", "get",
                                  "process", "file"}
ALIASED = {"eval", "Function", "exec", "execSync", "execFile", "execFileSync", "spawn", "spawnSync"}
SCALARS = {"length", "status", "statusCode", "ok", "headers", "statusText", "size", "byteLength"}


# Tokenized only when a download and a way to run it, or a secret and a send, are all named (a game's
# spawnEnemy() or requestAnimationFrame() is neither).
TIMER = r"\s*\(\s*(?:[\w$]+\.[\w$.]+\s*[,)]|[\w$.]+\s*\+|['\"`])"  # a timer given a field or a string
CMD = r"\w*\s*\(\s*(?:[\w$.]+\s*[,)]|`\$\{)"  # a child process given a variable for its command
QUOTED = lambda words: [(q + w + q, "") for q in "'\"" for w in words]
DL_WORDS = table([("fetch", r"\s*\("), ("axios", r"\b"), ("got", r"\s*[.(]"), ("XMLHttpRequest", ""),
                  ("http", r"s?(?:['\"]\))?\.(?:get|request)\b"), ("curl", r"\s"), ("wget", r"\s"), ("needle", r"\b"),
                  ("superagent", ""), ("undici", ""), ("request", r"\s*\(")])
RUN_WORDS = table([("eval", r"\s*[();,]"), ("promisify", r"\s*\(\s*[\w$.]*(?:exec|spawn)"), ("Function", r"\s*\("),
                   ("runIn", r"\w*Context\b"), ("Script", r"\s*\("), ("_compile", r"\s*\("), ("compileFunction", ""),
                   ("exec", CMD), ("spawn", CMD), ("fork", CMD), ("shell", r"\s*:\s*(?!false)"), ("setTimeout", TIMER),
                   ("setInterval", TIMER)]) + table(QUOTED(("-c", "-e", "-lc", "--eval")), False)
LOAD_WORDS = table([("require", r"\s*\(\s*[\w$]"), ("import", r"\s*\(\s*[\w$]"), ("fork", r"\s*\(")]) + table(
    QUOTED(("node", "deno", "bun", "sh", "bash", "python", "python3")), False)
SEND_WORDS = table([("body", r"\s*:"), ("data", r"\s*:"), ("headers", r"\s*:"), ("dns", r"\b"), ("sendBeacon", ""), ("WebSocket", ""),
                    ("connect", r"\s*\("), ("createConnection", ""), ("fetch", r"\s*\(\s*`")]) + table(
    [("." + w, r"\s*\(\s*[\w$`{'\"]") for w in ("write", "end", "send", "post", "put", "patch")], False)
ENV_WORDS = table([("process.env", r"\b(?!\s*(?:\.|\[|\?\.))")])


def _worth(s: str) -> tuple[bool, bool]:
    """Whether the code can hold a download run (DX-04), and a secret sent (EX-02)."""
    s = " " + s
    # a module loaded from a file written, or from a URL made of text (import of a data: or blob: URL)
    run = found(s, DL_WORDS) and (found(s, RUN_WORDS) or ("write" in s or "Stream" in s or "data:" in s
                                                         or "createObjectURL" in s) and found(s, LOAD_WORDS))
    leak = (found(s, ENV_WORDS) or ("readFile" in s or "readTextFile" in s or "Bun.file" in s)
            and found(s.lower(), CRED_WORDS)) and found(s, SEND_WORDS)
    return run, leak


def flows(source: str) -> list[Flow]:
    run, leak = _worth(source)
    if not (run or leak):
        return []
    try:
        tokens = _tokens(source)
        first = _Pass(*tokens, secrets=leak)
        out = first.run()
        if first.returns or first.writers:  # a second pass knows what the script's own functions return
            # and write: what a helper writes to the path it is given is the caller's file, wherever the
            # load of that file stands in the source (callbacks and hoisted functions run out of order)
            out = _Pass(*tokens, secrets=leak, returns=first.returns, writers=first.writers,
                        written=first.written if first.writers else None).run()
        return out
    except (IndexError, ValueError, KeyError):  # a file that trips the walk is left to the patterns
        return []


def _typed_eq(T, K, M, eq: int, n: int) -> int:
    """The ``=`` after a TypeScript type whose generic arguments hold a comma (``const c: Record<string,
    unknown> = …``, ``let m: Map<string, Buffer> = …``): read past ``<…>`` and bracketed types, else ``eq``."""
    depth, x = 0, eq + 1
    while x < min(eq + 80, n):
        t = T[x]
        if t == "<":
            depth += 1
        elif t == ">" or t == ">>":
            depth -= len(t)
        elif t == "=" and K[x] == "p" and depth <= 0:
            return x
        elif t in (";", "=>") or t == "," and depth <= 0:
            break
        elif t in ("(", "[", "{") and M[x] > x:
            x = M[x]
        x += 1
    return eq


def _tokens(src: str):
    """Texts, kinds (i: name or number, s: string or regex, p: punctuation) and lines of the tokens, and
    the partner of each bracket (-1 when none)."""
    T, K, O, pairs, stack = [], [], [], [], []  # stack: open brackets (index, or the brace depth of a ${ as -1 - depth)
    t_add, k_add, o_add = T.append, K.append, O.append
    n, i, tpl, misses = len(src), 0, 0, 0  # tpl: 1 when a template opens at i, 2 when one resumes there

    def bracket(t, j):
        if t in OPEN:
            stack.append(len(T))
        elif stack and stack[-1] >= 0:
            pairs.append((stack.pop(), len(T)))
        t_add(t), k_add("p"), o_add(j)

    while i < n and len(T) < MAX_TOKENS:
        if tpl:  # ( "chunk" + ( expr ) + "chunk" )
            if tpl == 1:
                bracket("(", i)
                i += 1
            m = TEMPLATE.match(src, i)
            t_add(m.group()), k_add("s"), o_add(i)
            i, tpl = m.end(), 0
            if src.startswith("${", i):
                t_add("+"), k_add("p"), o_add(i), bracket("(", i), stack.append(-1)
                i += 2
            else:
                bracket(")", i)
                i += 1
            continue
        for m in TOKEN.finditer(src, i):
            kind = m.lastgroup
            if kind == "i" or kind == "p":  # one line long: where it ends gives its line
                t_add(m[kind])
                k_add(kind)
                o_add(m.end())
            elif kind == "b":
                j = m.start(kind)
                c = src[j]
                if c in OPEN:
                    stack.append(len(T))
                elif c == "}" and stack and stack[-1] == -1:  # the end of a ${ }
                    stack.pop(), bracket(")", j), t_add("+"), k_add("p"), o_add(j)
                    i, tpl = j + 1, 2
                    break
                elif stack and stack[-1] >= 0:
                    pairs.append((stack.pop(), len(T)))
                t_add(c)
                k_add("p")
                o_add(j)
            elif kind == "s":
                t = m.group(kind)
                t_add(t[1:-1] if len(t) > 1 and t[-1] == t[0] else t[1:]), k_add("s"), o_add(m.start(kind))
            elif kind == "t":
                i, tpl = m.start(kind), 1
                break
            elif kind == "r":
                j = m.start(kind)
                if misses < REGEX_MISSES and (
                        not T or K[-1] == "p" and T[-1] not in CLOSE or K[-1] == "i" and T[-1] in EXPR_WORDS):
                    r = REGEX.match(src, j, min(n, j + REGEX_MAX))
                    if r:
                        t_add(r.group()), k_add("s"), o_add(j)
                        i = r.end()
                        break
                    misses += 1
                t_add("/"), k_add("p"), o_add(j)
            if len(T) >= MAX_TOKENS:
                break
        else:
            break
    newlines = [m.start() for m in re.finditer("\n", src)]
    return T, K, [bisect_left(newlines, o) + 1 for o in O], pairs


class _Pass(Walk):
    CONT_END, CONT_START = frozenset(CONT_END), frozenset(CONT_START)

    def __init__(self, T, K, L, pairs, secrets=True, returns=None, writers=None, written=None):
        super().__init__(T, K, L, pairs, secrets)
        # a named function -> (index of its parameter, taint) when it writes a download to the path it is given
        # (``function download(url, dest) { https.get(url, res => … fs.writeFileSync(dest, body)) }``)
        self.writers: dict[str, tuple[int, tuple[str, int]]] = dict(writers or {})
        self.written.update(written or {})
        self.functions: list[tuple[int, int, str, int, int]] | None = None  # read on first use (_named_functions)
        # a named function -> what its return value carries (read by the first pass, used by the second)
        self.returns: dict[str, tuple[str, int]] = dict(returns or {})
        # `new Promise((resolve) => …)`: the executor's first parameter; what it is called with is what the
        # named function around it returns (`function download(u) { return new Promise(r => https.get(u, res => …
        # res.on('end', () => r(buf)))) }`)
        self.resolvers: dict[str, list[tuple[int, int]]] = {}  # name -> the executor bodies it resolves
        self._makes_url: bool | None = None  # read on first use (_code_url)
        self.bodies: list[tuple[int, int, str]] = []  # every function literal's braced body (start, end, name or "")
        self.ret_at = self._return_sites()  # a `return` or an arrow's `=>` -> (function name, end of its value)
        self.pending: dict[int, tuple[str, int]] = {}  # a parameter's token -> the taint it is bound with
        self.handles: set[str] = set()  # names of open network connections (req, ws, socket)
        self.streams: dict[str, dict[str, int]] = {}  # name of a file write stream -> its path's keys
        self.aliases: dict[str, str] = {}  # const run = eval, const sh = promisify(exec): name -> what it calls

    def run(self) -> list[Flow]:
        T, K, M = self.T, self.K, self.M
        # the tokens that can bind a name or make a call that matters; the rest are read through them
        starts = sorted([j - 1 for j, u in enumerate(T[:self.n + 1]) if u in NEXT]
                        + [j for j, t in enumerate(T) if t in BINDS] + list(self.ret_at))
        done = 0
        for i in starts:
            if i < done or self.budget <= 0:
                continue
            t, nxt = T[i], T[i + 1]
            if i in self.ret_at:  # what a named function returns: a download, a secret
                name, e = self.ret_at[i]
                r = self.taint(i + 1, e)
                if r and r[0] in ("downloaded", "secret"):
                    self.returns.setdefault(name, r)
                if t == "return":
                    continue
            if K[i] == "i" and t in ("const", "let", "var"):
                done = self._declare(i)
            elif nxt in ASSIGN and K[i] == "i" and K[i + 1] == "p" and not self.dotted(i):
                self._assign([i], i + 2, False, nxt != "=")
            elif nxt == "=>" or t == "function":  # a function's parameters are bound
                p = self._params(M[i] if t == ")" and M[i] >= 0 else i)
                for x in range(p[0], min(p[1], p[0] + 100)) if p else ():
                    if K[x] == "i" and T[x - 1] != ":" and not self.dotted(x):
                        self.set(T[x], self.pending.pop(x, None))
            elif nxt == "(" and K[i] == "i" and t in self.resolvers and not self.dotted(i):
                self._resolve(i)
            elif nxt == "(" and K[i] == "i" and t in self.writers and not self.dotted(i):
                k, w = self.writers[t]  # download(url, target): target is written from the download
                args = self._args(i)
                if k < len(args):
                    self.mark(self.keys(*args[k]), w)
            elif nxt == "(" and K[i] == "i" and (t in CALLS or T[i - 2] in LIBS or t in self.aliases):
                self._call(i)
        return self.out

    def _return_sites(self) -> dict[int, tuple[str, int]]:
        """The `return`s of named functions (``function f() {…}``, ``const f = async (…) => {…}``) and
        the `=>` of a named arrow whose body is an expression, each with the end of the value it
        returns. A `return` inside a callback belongs to the callback, not to the function around it."""
        T, K, M, n = self.T, self.K, self.M, self.n
        if "return" not in T and "=>" not in T:
            return {}
        bodies = []  # (start, end, name or "") of every function literal's braced body
        exprs = []  # (start, end, name) of named arrows whose body is an expression
        sites: dict[int, tuple[str, int]] = {}
        for j in range(n):
            if T[j] == "function" and K[j] == "i" or T[j + 1] == "=>" and (K[j] == "i" or T[j] == ")"):
                a = j if T[j] == "function" else M[j] if T[j] == ")" else j
                if a < 0:
                    continue
                a -= T[a - 1] == "async"
                p = self._params(a)
                if not p:
                    continue
                name = T[j + 1] if T[j] == "function" and K[j + 1] == "i" else \
                    T[a - 2] if T[a - 1] == "=" and K[a - 2] == "i" and not self.dotted(a - 2) else ""
                b = p[2]
                if T[b] == "{" and M[b] > b:
                    bodies.append((b, M[b], name))
                elif name and T[j + 1] == "=>":
                    sites[j + 1] = (name, self.end(j + 2, comma=True))
                    exprs.append((j + 1, sites[j + 1][1], name))
        bodies.sort()
        self.bodies = bodies + exprs
        for j in range(1, n):  # new Promise((resolve, reject) => {…}) / new Promise(function (resolve) {…})
            k = j + 1
            if T[k] == "<":  # new Promise<string>(…) in TypeScript
                k = next((x + 1 for x in range(k, min(k + 12, n)) if T[x] == ">"), k)
            if T[j] == "Promise" and T[j - 1] == "new" and T[k] == "(":
                p = self._params(k + 1)
                if p and K[p[0]] == "i" and p[1] > p[0]:
                    b = p[2]
                    end = M[b] if T[b] == "{" and M[b] > b else self.end(b, comma=True)
                    self.resolvers.setdefault(T[p[0]], []).append((j, end))
            self.budget -= 1
        stack: list[tuple[int, int, str]] = []
        k = 0
        for j in (x for x in range(n) if T[x] == "return" and K[x] == "i"):
            while k < len(bodies) and bodies[k][0] < j:
                stack.append(bodies[k])
                k += 1
            while stack and stack[-1][1] < j:
                stack.pop()
            if stack and stack[-1][2]:
                sites[j] = (stack[-1][2], self.end(j + 1))
            self.budget -= 1
        return sites

    def _named_functions(self) -> list[tuple[int, int, str, int, int]]:
        """(body start, body end, name, first parameter, parameters' end) of the named functions with a
        braced body: ``function f(a, b) {…}``, ``const f = async (a, b) => {…}``."""
        if self.functions is None:
            T, K, M = self.T, self.K, self.M
            self.functions = []
            for j in range(self.n):
                if T[j] == "function" and K[j] == "i" and K[j + 1] == "i":
                    a, name = j, T[j + 1]
                elif T[j] == "=>" and T[j - 1] == ")" and M[j - 1] >= 0:
                    a = M[j - 1] - (T[M[j - 1] - 1] == "async")
                    name = T[a - 2] if T[a - 1] == "=" and K[a - 2] == "i" and not self.dotted(a - 2) else ""
                else:
                    continue
                p = self._params(a) if name else None
                if p and T[p[2]] == "{" and M[p[2]] > p[2]:
                    self.functions.append((p[2], M[p[2]], name, p[0], p[1]))
                self.budget -= 1
        return self.functions

    def _param_write(self, i, path, t) -> None:
        """A download written at i to ``path``, a parameter of the named function around it: that
        function writes downloads to the path its callers give it."""
        inner = [f for f in self._named_functions() if f[0] < i < f[1]]
        if not inner:
            return
        _, _, name, a, b = max(inner)
        for k, (x, y) in enumerate(self.split(a, b)):
            first = next((z for z in range(x, y) if self.K[z] == "i"), None)  # `dest` of `dest = tmp`
            if first is not None and self.T[first] == path:
                self.writers.setdefault(name, (k, t))
                return

    def _resolve(self, i) -> None:
        """resolve(x) inside a Promise executor: the named function around the promise returns x."""
        if not any(a < i < b for a, b in self.resolvers[self.T[i]]):
            return
        args = self._args(i)
        t = self.taint(*args[0]) if args else None
        if not (t and t[0] in ("downloaded", "secret")):
            return
        inner = [(a, b, name) for a, b, name in self.bodies if a < i < b and name]
        if inner:
            self.returns.setdefault(max(inner)[2], t)  # the innermost named function holding the call

    def _params(self, j):
        """(first, end, body) of the function literal starting at j, or None."""
        T, K, M = self.T, self.K, self.M
        j += T[j] == "async"
        if T[j] == "function":
            j += 1 + (T[j + 1] == "*")
            j += K[j] == "i"
            if T[j] == "(" and M[j] > j:
                b = M[j] + 1
                while b < min(M[j] + 30, self.n) and T[b] != "{":  # past a TypeScript return type
                    b += 1
                return j + 1, M[j], b
            return None
        if K[j] == "i" and T[j + 1] == "=>":
            return j, j + 1, j + 2
        if T[j] == "(" and M[j] > j and T[M[j] + 1] == "=>":
            return j + 1, M[j], M[j] + 2
        return None

    def _name(self, i) -> tuple[str, str]:
        """The dotted name and the last name of the call at i, through an alias (run(code) after run = eval)."""
        last = self.aliases.get(self.T[i]) if not self.dotted(i) else None
        return (last, last) if last else (self.callee(i), self.T[i])

    def _args(self, i) -> list[tuple[int, int]]:
        return self.split(i + 2, self.M[i + 1]) if self.M[i + 1] > i else []

    def _path_of(self, i) -> dict[str, int]:
        """The keys of the path the call at i opens (fs.createWriteStream(p))."""
        args = self._args(i)
        return self.keys(*args[0]) if args else {}

    # ------------------------------------------------------------ taint
    def taint(self, a, b):
        """The taint of the expression [a, b): (what, line) of its first source or tainted name, or None."""
        T, K, L, M = self.T, self.K, self.L, self.M
        b = min(b, a + SPAN)
        if self.quiet(a, b, SOURCES) and (not self.aliases or self.aliases.keys().isdisjoint(T[a:b])) \
                and (not self.returns or self.returns.keys().isdisjoint(T[a:b])):
            return None
        cred, j = None, a
        while j < b:
            t, k, nxt = T[j], K[j], T[j + 1]
            if k == "i" or t == "(" and k == "p":
                p = self._params(j)
                if p:  # a function is not data, unless it reads the credential paths it is mapped over
                    j = M[p[2]] + 1 if T[p[2]] == "{" and M[p[2]] > p[2] else self.end(p[2], comma=True)
                    if cred and not READS.isdisjoint(T[p[2]:j]):
                        return "secret", cred[1]
                    continue
            if k == "i" and (nxt == "(" or nxt == "<" or T[j - 1] == "new"):  # a call (f<T>(…) in TypeScript)
                if t in self.returns and nxt == "(" and not self.dotted(j):
                    return self.returns[t]  # a function of this script that returns a download or a secret
                what = self._source(j)
                if what:
                    return what, L[j]
                if CHILD.match(self._name(j)[0]) and M[j + 1] > j:  # options of a child process (env: process.env)
                    j = M[j + 1] + 1
                    continue
            if k == "i" and not self.dotted(j):
                if t == "process" and nxt == "." and T[j + 2] == "env" and T[j + 3] not in (".", "[", "?."):
                    return "secret", L[j]
                if t in self.tainted and not (T[j - 1] in ("{", ",") and nxt == ":"):
                    what = self.tainted[t]
                    if what[0] == "credpath":
                        cred = cred or what
                    elif not (nxt == "[" and what[0] == "secret" or nxt in (".", "?.") and T[j + 3] != "(" and (
                            what[0] == "secret" or T[j + 2] in SCALARS)):  # one field: env.API_KEY, res.status
                        return what
            elif k == "s" and cred is None and j in self.credset:
                cred = ("credpath", L[j])
            j += 1
        return cred

    def _source(self, j):
        """"downloaded" or "secret" when the call at j reads the network, runs curl, or reads a credential file."""
        name, last = self._name(j)
        if NET_READ.match(name):
            return "downloaded"
        runs = last in SHELL | {"spawnSync"} and CHILD.match(name)
        reads = last in READS or name == "Bun.file"
        args = self._args(j) if runs or reads else []
        if args and runs and CURL.match(self.literal(*args[0])):
            return "downloaded"
        t = self.taint(*args[0]) if args and reads else None
        return "secret" if t and t[0] in ("credpath", "secret") else None

    # ------------------------------------------------------------ bindings
    def _declare(self, i) -> int:
        T, K, M = self.T, self.K, self.M
        j = i + 1
        if T[j] in ("{", "[") and M[j] > j:
            names, eq = [x for x in range(j + 1, M[j]) if K[x] == "i" and T[x + 1] != ":"], M[j] + 1
        elif K[j] == "i":
            names, eq = [j], j + 1
        else:
            return i + 1
        if T[eq] == ":":  # a TypeScript type: look for its `=`
            eq = next((x for x in range(eq, self.end(eq, comma=True)) if T[x] == "=" and K[x] == "p"), None) \
                or _typed_eq(T, K, M, eq, self.n)
        if T[eq] == "=":
            self._assign(names, eq + 1, True, False, pattern=T[j] == "{")
            return eq + 1
        if T[eq] in ("of", "in") and T[i - 1] == "(" and M[i - 1] > eq:  # for (const chunk of res.body)
            t = self.taint(eq + 1, M[i - 1])
            for x in names:
                self.set(T[x], t)
        return eq

    def _assign(self, names, a, decl, aug, pattern=False):
        T = self.T
        self.budget -= 20  # a call or an assignment costs what a walk over 20 tokens does
        e = self.end(a, comma=decl)
        t = None if self._params(a) else self.taint(a, e)  # a function is not data
        if pattern and t and t[0] == "secret":
            t = None  # const {API_KEY} = process.env: fields, not the whole
        seg = T[a:min(e, a + SPAN)]
        stream = self._path_of(a + seg.index("createWriteStream")) if "createWriteStream" in seg else None
        named = [w for w in seg if w in ALIASED]  # const run = eval; const sh = util.promisify(exec)
        alias = named[0] if len(named) == 1 and (len(seg) == 1 or "promisify" in seg) else None
        if t is None and not aug and any(T[x] in self.tainted for x in names) and self._in_fallback(names[0]):
            aug = True  # `catch { src = fs.readFileSync(cache) }`: the other branch; the download may still be what runs
        for x in names:
            self.set(T[x], t, aug)
            if alias:
                self.aliases[T[x]] = alias
            elif not aug:
                self.aliases.pop(T[x], None)
            if not HANDLES.isdisjoint(seg):
                self.handles.add(T[x])
            if stream:
                self.streams[T[x]] = stream

    def _in_fallback(self, i: int) -> bool:
        """Whether token ``i`` is in a block that runs instead of the one before it (``catch (…) { … }``,
        ``else { … }``): a value given there replaces the first branch's only when that branch did not
        run, so the first branch's taint stays (no control flow is followed; either may run)."""
        T, K, M = self.T, self.K, self.M
        j, steps = i - 1, 0
        while j > 0 and steps < 2000:
            steps += 1
            if K[j] == "p" and T[j] == "}" and 0 <= M[j] < j:
                j = M[j] - 1  # a block closed before i: not around it
                continue
            if K[j] == "p" and T[j] == "{":
                before = T[j - 1]
                if before == ")" and M[j - 1] > 0:
                    before = T[M[j - 1] - 1]
                return before in ("catch", "else")
            j -= 1
        return False

    def _code_url(self) -> bool:
        """Whether the code makes URLs of text (a "data:…" string, URL.createObjectURL): what lets
        import() run a downloaded string rather than load a module by its name."""
        if self._makes_url is None:
            T, K = self.T, self.K
            self._makes_url = "createObjectURL" in T or any(
                K[x] == "s" and T[x].startswith(("data:", "blob:")) for x in range(len(T)))
        return self._makes_url

    # ------------------------------------------------------------ calls
    def _call(self, i):
        T, K, L = self.T, self.K, self.L
        self.budget -= 20
        name, last = self._name(i)
        src = self._source(i)
        code = name in CODE or last in CODE_LAST or name.endswith("new vm.Script")
        run = last in TIMERS or name in LOADS or last in SHELL | SPAWN and CHILD.match(name)
        send = NET_SEND.search(name) or last in ("write", "end", "send")
        if not (src or code or run or send or last in LISTEN or last in WRITES or last in ("push", "unshift")):
            return
        args, recv = self._args(i), self.receiver(i, EXPR_WORDS)
        given = (src, L[i]) if src else self.taint(*recv) if recv and last in LISTEN else None
        for a, b in args if given else ():  # a callback: what its parameters hold
            p = self._params(a)
            if p:
                self.pending.update({x: given for x in range(p[0], p[1]) if K[x] == "i"})
            elif given[0] == "downloaded" and last == "then" and K[b - 1] == "i" and self.callee(b - 1) in CODE:
                self.flow("DX-04", L[b - 1], given, T[b - 1])  # .then(eval)
        if not args:
            return
        tainted = [self.taint(a, b) for a, b in args]
        dl = [t if t and t[0] == "downloaded" else None for t in tainted]
        one = recv and recv[1] - recv[0] == 1 and K[recv[0]] == "i" and T[recv[0]]
        if one and last in ("push", "unshift") and any(dl):
            self.tainted[one] = next(t for t in dl if t)
        if one in self.streams and last == "write":
            self.mark(self.streams[one], dl[0])
        if last in WRITES and len(args) > 1 and (last != "write" or name == "Bun.write"):
            self.mark(self.keys(*args[0]), dl[1])
            if dl[1] and args[0][1] - args[0][0] == 1 and K[args[0][0]] == "i":
                self._param_write(i, T[args[0][0]], dl[1])
        if last in ("pipe", "pipeline"):  # a download piped into a file
            given = self.taint(*recv) if recv and last == "pipe" else next((t for t in dl if t), None)
            for a, b in args if given else ():
                ws = T.index("createWriteStream", a, b) if "createWriteStream" in T[a:b] else None
                self.mark(self.streams.get(T[a], {}) if ws is None else self._path_of(ws), given)
        t, rule = None, "DX-04"  # execution of a download (DX-04)
        if code:
            t = next((t for t in dl if t), None)
            if last in CODE_LAST or name.endswith("new vm.Script") or _module_powers(self, name, args):
                # compiled by vm or module._compile: a downloaded plugin run as a part of the program, as require is
                rule = "SC-01"
        elif last in TIMERS:
            t = dl[0] if not self._params(args[0][0]) else None
        elif name in LOADS or last == "fork":
            t = self.hit(*args[0])
            if t is None and name == "import" and dl[0] and self._code_url():
                t = dl[0]  # import() of the download itself, made a data: or blob: URL
            # a downloaded file loaded as a module runs as part of the program: an install from that host
            rule = "SC-01" if name in LOADS else rule
        elif run:
            shell = last in SHELL or any(T[x] == "shell" and T[x + 1] == ":" and T[x + 2] != "false"
                                         for a, b in args[1:] for x in range(a, b))
            t = self.command(args[0], args[1:], dl, shell)
        if t:
            self.flow(rule, L[i], t, name)
        if NET_SEND.search(name) or send and recv and (  # a secret sent (EX-02)
                one in self.handles or not HANDLES.isdisjoint(T[recv[0]:recv[1]])):
            t = next((t for t in tainted if t and t[0] == "secret"), None)
            if t:
                self.flow("EX-02", L[i], t, name)


# The names a module's code runs with: a Function made with these as its parameters is given them
MODULE_POWERS = {"require", "process", "module", "exports"}


def _module_powers(walk, name, args) -> bool:
    """A ``new Function`` / ``Function`` whose parameters (every argument but the body) name the module's
    powers (``new Function('require', 'process', src)``): the body is run as a module of the program."""
    if not name.endswith("Function") or len(args) < 2:
        return False
    return any(walk.K[x] == "s" and walk.T[x] in MODULE_POWERS for a, b in args[:-1] for x in range(a, min(b, a + 3)))
