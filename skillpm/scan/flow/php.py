"""Data flow in PHP, without a parser: downloads reaching execution, credentials reaching the network.

PHP reads a URL with the same call that reads a file: ``file_get_contents('https://…?' . $q)``
sends ``$q`` out in a GET query, and no POST, socket or client library is named. This reads a
script as statements in source order (comments dropped, split at ``;`` outside strings) and
follows ``$name = …`` / ``$name .= …`` assignments:

- downloaded: ``file_get_contents``/``file``/``fopen``/``readfile``/``stream_get_contents`` of a
  URL (a literal ``http(s)://`` or a variable holding one), ``curl_exec``;
- secret: those reads (and ``parse_ini_file``) of a credential path (a literal such as ``'.env'``
  or ``'~/.aws/credentials'``, or a variable holding one), the whole environment (``getenv()``
  with no name, ``$_ENV``/``$_SERVER`` as a whole);
- path: a variable holding a credential path (``$p = $argv[1] ?? '.env'``): reading it is a secret.

A downloaded value reaching ``eval``/``assert``/``create_function``/``system``/``exec``/
``shell_exec``/``passthru``/``popen``/``proc_open`` is DX-04. A secret reaching a URL read
(``file_get_contents``/``fopen``/``file`` whose argument is a URL), ``curl_setopt`` of
``CURLOPT_URL``/``CURLOPT_POSTFIELDS``, ``fwrite`` to a socket (``fsockopen``/
``stream_socket_client``), ``mail`` or a DNS lookup is EX-02. One value of a secret array
(``$env['KEY']``, ``$cfg->key``) is use, not a leak: only the whole of it counts.

A ``foreach`` over a list takes what the list holds (``foreach (['.env', 'auth.json'] as $f)``: a
path), a value put into a part of an array (``$ctx[$f] = …``) taints the array, and a one-line ``if``
guards the statement it is read as. A function whose body sends (a value made from) one of its
parameters is a sink at its callers: ``upload_report($report + ['context' => project_context()])``
sends what ``project_context`` returns; a function that returns an address (``return strrev('…//:sptth');``)
makes a read of its call a request to that address: ``file_get_contents(mirrorUrl(), false, $ctx)`` sends ``$ctx``.

Limits: one table for the whole file (no scopes, functions read where they are written; a function's
returns and sent parameters are followed to its callers), no control flow.
"""

from __future__ import annotations

import codecs
import re

from skillpm.scan.flow import Flow
from skillpm.scan.hidden import decode_b64_strict

CREDENTIAL = re.compile(r"\.ssh\b|id_rsa|id_ed25519|id_ecdsa|\.aws\b|credentials|\.netrc|\.git-credentials|\.npmrc"
                        r"|\.pypirc|\.kube\b|kubeconfig|\.docker/config|(?:^|[/'\"])\.env\b(?![.\w])|\.gnupg|_history\b"
                        r"|composer/auth\.json|\.config/gh\b|\.config/gcloud|\.azure\b|wallet\.dat"
                        # a PHP application's own secrets: .env.production/.env.local (not .env.example), WordPress's
                        # wp-config.php, Laravel's config/database.php, composer's auth.json in the project
                        r"|(?:^|[/'\"])\.env\.(?!example|sample|dist|template|defaults?\b)\w+['\"]|wp-config\.php"
                        r"|config/database\.php|(?:^|[/'\"])auth\.json['\"]", re.IGNORECASE)
READ = re.compile(r"\b(?:file_get_contents|file|fopen|readfile|stream_get_contents|parse_ini_file|SplFileObject|fread)\s*\(",
                  re.IGNORECASE)
URL_READ = re.compile(r"\b(?:file_get_contents|file|fopen|readfile|get_headers|get_meta_tags)\s*\(", re.IGNORECASE)
CURL_EXEC = re.compile(r"\bcurl_exec\s*\(", re.IGNORECASE)
ENV_DUMP = re.compile(r"\bgetenv\s*\(\s*\)|\$_(?:ENV|SERVER)\b(?!\s*\[)", re.IGNORECASE)
EXEC = re.compile(r"(?<![\w>$:])(?:eval|assert|create_function|system|exec|shell_exec|passthru|popen|proc_open)\s*\(",
                  re.IGNORECASE)
CURL_SEND = re.compile(r"\bcurl_setopt\s*\(\s*\$\w+\s*,\s*CURLOPT_(?:URL|POSTFIELDS)\s*,", re.IGNORECASE)
SOCKET = re.compile(r"\b(?:fsockopen|stream_socket_client|socket_create)\s*\(", re.IGNORECASE)
OTHER_SEND = re.compile(r"\b(?:mail|dns_get_record|gethostbyname|checkdnsrr)\s*\(", re.IGNORECASE)
WRITE = re.compile(r"\b(?:fwrite|fputs|socket_write|socket_send)\s*\(\s*\$(\w+)", re.IGNORECASE)
ASSIGN = re.compile(r"^\s*\$(\w+)\s*(\.?=)(?![=>])\s*(.*)$", re.S)
VAR = re.compile(r"\$(\w+)(\s*(?:\[|->))?")
URL = re.compile(r"""['"]https?://""", re.IGNORECASE)
STRING_OR_COMMENT = re.compile(r"""'(?:[^'\\]|\\.)*(?:'|\Z)|"(?:[^"\\]|\\.)*(?:"|\Z)|//[^\n]*|\#[^\n]*|/\*[\s\S]*?(?:\*/|\Z)|[;{}]|<\?(?:php\b|=)?|\?>""", re.IGNORECASE)
WORDS = ("file_get_contents", "curl_", "fopen", "fsockopen", "stream_socket_client", "mail(", "readfile", "file(",
         "->post(", "->request(", "::post(", "wp_remote_")
MAX_STATEMENT = 16 * 1024
# a variable given a function's name as a literal, and the two ways a script calls it by that variable
# (the literal may stand in one call that undoes its spelling: `strrev('stnetnoc_teg_elif')`, read reversed by the engine)
FUNC_NAME_RE = re.compile(r"""^\s*\$(\w+)\s*=\s*(?:[a-z_]\w{0,30}\(\s*)?(?:'|")([A-Za-z_]\w{2,40})(?:'|")\s*\)?\s*$""")
CALL_VAR_RE = re.compile(r"(?<![\w$>:])@?\$(\w+)\s*\(")
CALL_USER_FUNC_RE = re.compile(r"\bcall_user_func(?:_array)?\s*\(\s*\$(\w+)\s*,\s*", re.IGNORECASE)


def flows(source: str) -> list[Flow]:
    low = source.lower()
    if not any(w in low for w in WORDS):
        return []
    fetch_run = ("http" in low or "curl_exec" in low) and EXEC.search(source) is not None
    leak = CREDENTIAL.search(source) is not None or ENV_DUMP.search(source) is not None
    if not (fetch_run or leak):
        return []
    return _Reader().read(source)


class _Reader:
    def __init__(self):
        self.vars: dict[str, tuple[str, int]] = {}  # name -> (downloaded | secret | path | socket, line)
        self.urls: set[str] = set()  # names holding a URL (built from a literal http(s)://)
        self.out: list[Flow] = []
        self.funcs: dict[str, str] = {}  # names holding a function's name as a literal ($get = 'file_get_contents')
        self.returns: dict[str, tuple[str, int]] = {}  # the script's functions returning a secret or a download
        self.current = ""  # the function whose body is being read (the last `function name(` header)
        self.sends: dict[str, int] = {}  # the script's functions sending (a value made from) a parameter, by sink line
        self.url_funcs: set[str] = set()  # the script's functions returning an address (`return strrev('…//:sptth')`)

    def _called(self, stmt: str) -> str:
        """A statement with its variable functions named: ``$get($u)`` and ``call_user_func($get, $u)``
        read as ``file_get_contents($u)`` when ``$get`` holds that name as a literal."""
        def name(m: re.Match) -> str:
            f = self.funcs.get(m.group(1))
            return m.group(0) if f is None else f + "("
        stmt = CALL_VAR_RE.sub(name, stmt)
        return CALL_USER_FUNC_RE.sub(lambda m: self.funcs[m.group(1)] + "(" if m.group(1) in self.funcs else m.group(0), stmt)

    def read(self, source: str) -> list[Flow]:
        stmts = _statements(source)
        for line, stmt in stmts:
            self._statement(stmt, line)
        if (self.returns or self.sends or self.url_funcs) and not self.out:  # a function returning a secret, a download
            # or an address, or sending its parameter: read again, its calls known
            self.vars, self.urls, self.funcs = {}, set(), {}
            for line, stmt in stmts:
                self._statement(stmt, line)
        return self.out

    def taint(self, expr: str, line: int, whole: bool = False) -> tuple[str, int] | None:
        """What an expression carries; ``whole``: a secret array counts only when used whole."""
        if (URL_READ.search(expr) and self._has_url(expr)) or CURL_EXEC.search(expr):
            return ("downloaded", line)
        if READ.search(expr) and (CREDENTIAL.search(expr) or self._names(expr, "path")):
            return ("secret", line)
        if ENV_DUMP.search(expr):
            return ("secret", line)
        if self.returns and (r := self._returned(expr)):
            return r
        path = param = None
        for m in VAR.finditer(expr):
            t = self.vars.get(m.group(1))
            if t is None:
                continue
            if t[0] == "path":
                path = path or t
            elif t[0] == "param":
                param = param or t
            elif t[0] in ("downloaded", "secret") and not (whole and m.group(2)):
                return t
        if path is None and CREDENTIAL.search(expr) and re.search(r"""['"]""", expr):
            path = ("path", line)
        return path or param

    def _names(self, expr: str, what: str) -> bool:
        return any(self.vars.get(m.group(1), ("",))[0] == what for m in VAR.finditer(expr))

    def _has_url(self, expr: str) -> bool:
        return URL.search(expr) is not None or any(m.group(1) in self.urls for m in VAR.finditer(expr)) \
            or bool(self.url_funcs) and any(m.group(1).lower() in self.url_funcs for m in CALL_NAME_RE.finditer(expr))

    def _statement(self, stmt: str, line: int) -> None:
        if FOLD_WORDS_RE.search(stmt):
            stmt = _folded(stmt)
        if self._function_part(stmt, line):
            return
        stmt = _controlled(stmt)  # `if (is_file($p)) $ctx[$f] = $rd($p)`: the statement the condition guards
        if self._foreach(stmt, line) or self._sent_by_call(stmt, line):
            return
        if self.funcs and "$" in stmt:
            stmt = self._called(stmt)
        fn = FUNC_NAME_RE.match(stmt)
        if fn:
            self.funcs[fn.group(1)] = fn.group(2).lower()
        elif self.funcs and (a := ASSIGN.match(stmt)):
            self.funcs.pop(a.group(1), None)
        ex = EXEC.search(stmt)
        if ex:
            t = self.taint(stmt[ex.end():], line)
            if t and t[0] == "downloaded":
                self.out.append(Flow("DX-04", line, t[1], "downloaded", ex.group(0).rstrip("( ")))
                return
        sink = None
        for rx in (URL_READ, CURL_SEND, OTHER_SEND, CLIENT_SEND):
            m = rx.search(stmt)
            if m and (rx is not URL_READ or self._has_url(stmt[m.end():])):
                sink = m
                break
        w = WRITE.search(stmt)
        if sink is None and w and self.vars.get(w.group(1), ("",))[0] == "socket":
            sink = w
        if sink is not None:
            t = self.taint(stmt[sink.end():], line, whole=True)
            if t and t[0] == "secret":
                self.out.append(Flow("EX-02", line, t[1], "secret", sink.group(0).split("(")[0].strip()))
                return
            if t and t[0] == "param" and self.current and self.current not in self.sends:
                self.sends[self.current] = line  # sends what its caller gives it
        a = ASSIGN.match(stmt) or ELEMENT_ASSIGN.match(stmt)
        if a:
            name, op, value = a.groups()
            if SOCKET.search(value):
                self.vars[name] = ("socket", line)
                return
            t = self.taint(value, line)
            if URL.search(value):
                self.urls.add(name)
            elif op == "=":
                self.urls.discard(name)
            if t:
                self.vars[name] = t
            elif op == "=":
                self.vars.pop(name, None)


    def _function_part(self, stmt: str, line: int) -> bool:
        """A function's header (its name remembered as the body's owner; True) or a ``return`` in its
        body (what it returns remembered for its callers)."""
        h = FUNC_HEADER_RE.match(stmt)
        if h:
            self.current = h.group(1).lower()
            for p in PARAM_RE.findall(stmt[h.end():]):  # a parameter carries what the callers pass
                self.vars[p] = ("param", line)
            return True
        r = RETURN_RE.match(stmt)
        if r is not None and self.current:
            if URL.search(r.group(1)):
                self.url_funcs.add(self.current)
            t = self.taint(r.group(1), line)
            if t and t[0] in ("secret", "downloaded") and self.current not in self.returns:
                self.returns[self.current] = t
        return False  # (a return is still read for the sinks it holds)

    def _foreach(self, stmt: str, line: int) -> bool:
        """``foreach (['.env', 'auth.json'] as $f)``: the loop's variable holds what the list holds."""
        m = FOREACH_RE.match(stmt)
        if m is None:
            return False
        t = self.taint(m.group(1), line)
        if t:
            self.vars[m.group(2)] = t
        else:
            self.vars.pop(m.group(2), None)
        return True

    def _sent_by_call(self, stmt: str, line: int) -> bool:
        """A call of one of the script's functions that sends its parameter, given a secret: EX-02 here."""
        if not self.sends:
            return False
        for m in CALL_NAME_RE.finditer(stmt):
            name = m.group(1).lower()
            if name in self.sends:
                t = self.taint(stmt[m.end():], line, whole=True)
                if t and t[0] == "secret":
                    self.out.append(Flow("EX-02", line, t[1], "secret", f"{m.group(1)} (sends at line {self.sends[name]})"))
                    return True
        return False

    def _returned(self, expr: str) -> tuple[str, int] | None:
        """What a call of one of the script's own functions in ``expr`` gives (``env_snapshot()``)."""
        for m in CALL_NAME_RE.finditer(expr):
            t = self.returns.get(m.group(1).lower())
            if t is not None:
                return t
        return None


# An HTTP client's send: Guzzle's/Symfony's/Laravel's `->post(`/`->request(`/`Http::post(`, WordPress's
# wp_remote_post; what follows in the call is what it sends
CLIENT_SEND = re.compile(r"(?:->|::)(?:post|put|patch|request|send|sendAsync|postAsync|withBody)\s*\(|\bwp_remote_(?:post|request)\s*\(",
                         re.IGNORECASE)
# A function's header and a return statement (statements are split at `{`, so a header stands alone)
FUNC_HEADER_RE = re.compile(r"^(?:(?:public|private|protected|static|final|abstract)\s+)*function\s+&?(\w+)\s*\(", re.IGNORECASE)
RETURN_RE = re.compile(r"^return\b\s*(.*)$", re.S | re.IGNORECASE)
PARAM_RE = re.compile(r"\$(\w+)\s*(?=[,)=])")  # a function header's parameters (after the name's parenthesis)
# `$ctx['key'] = …`, `$ctx[$f] = …`, `$o->field = …`: a part of the name given a value taints the whole
ELEMENT_ASSIGN = re.compile(r"^\s*\$(\w+)\s*(?:\[[^\]\n]{0,120}\]|->\w+){1,4}\s*(\.?=)(?![=>])\s*(.*)$", re.S)
FOREACH_RE = re.compile(r"^foreach\s*\(\s*(.*?)\s+as\s+(?:\$\w+\s*=>\s*)?&?\$(\w+)\s*\)\s*$", re.S | re.IGNORECASE)
CONTROL_RE = re.compile(r"^(?:if|elseif|while)\s*\(", re.IGNORECASE)


def _controlled(stmt: str) -> str:
    """A statement with the condition before it taken off (``if (c) $x = …``), when one stands there."""
    m = CONTROL_RE.match(stmt)
    if m is None:
        return stmt
    depth = 1
    for k in range(m.end(), min(len(stmt), m.end() + 2000)):
        c = stmt[k]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                rest = stmt[k + 1:].lstrip()
                return rest if rest.startswith(("$", "@$")) else stmt
    return stmt
CALL_NAME_RE = re.compile(r"(?<![\w$>:])(\w+)\s*\(")
# A literal the script spells at run time by one call on literals: strrev('…'), str_rot13('…'),
# base64_decode('…'), hex2bin('…'), implode/join('sep', ['a', 'b', …]), and 'a' . 'b' joined;
# call_user_func('name', …) calls `name`. Each is read as the literal (or the call) it makes.
FOLD_WORDS_RE = re.compile(r"strrev|str_rot13|base64_decode|hex2bin|implode|\bjoin\b|call_user_func|['\"]\s*\.\s*['\"]",
                           re.IGNORECASE)
_LIT = r"""(?:'(?:[^'\\\n]|\\.){0,400}'|"(?:[^"\\$\n]|\\.){0,400}")"""
FOLD_CALL_RE = re.compile(r"\b(strrev|str_rot13|base64_decode|hex2bin)\s*\(\s*(" + _LIT + r")\s*\)", re.IGNORECASE)
FOLD_JOIN_RE = re.compile(r"\b(?:implode|join)\s*\(\s*(" + _LIT + r")\s*,\s*(?:\[|array\s*\()\s*((?:" + _LIT
                          + r"\s*,\s*){0,60}" + _LIT + r")\s*,?\s*[\])]\s*\)", re.IGNORECASE)
FOLD_CONCAT_RE = re.compile(r"(" + _LIT + r")\s*\.\s*(" + _LIT + r")")
LIT_RE = re.compile(_LIT)
CALL_USER_LITERAL_RE = re.compile(r"\bcall_user_func(?:_array)?\s*\(\s*['\"]([A-Za-z_]\w{2,40})['\"]\s*,\s*", re.IGNORECASE)


def _unquote(lit: str) -> str:
    return lit[1:-1].replace("\\'", "'") if lit[0] == "'" else lit[1:-1]


def _quote(text: str) -> str | None:
    """``text`` as a single-quoted PHP literal, or None when it is not printable or needs an escape."""
    if not text.isprintable() or "'" in text or "\\" in text or len(text) > 2000:
        return None
    return "'" + text + "'"


def _fold_call(m: re.Match) -> str:
    fn, body = m.group(1).lower(), _unquote(m.group(2))
    try:
        if fn == "strrev":
            out = body[::-1]
        elif fn == "str_rot13":
            out = codecs.encode(body, "rot13")
        elif fn == "hex2bin":
            out = bytes.fromhex(body).decode("ascii")
        else:
            raw = decode_b64_strict(body)
            if raw is None:
                return m.group(0)
            out = raw.decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return m.group(0)
    return _quote(out) or m.group(0)


def _fold_join(m: re.Match) -> str:
    sep = _unquote(m.group(1))
    out = sep.join(_unquote(x) for x in LIT_RE.findall(m.group(2)))
    return _quote(out) or m.group(0)


def _folded(stmt: str) -> str:
    """A statement with the literals it computes from literals written as what they make (a bounded
    number of rounds: ``strrev(implode('', ['a', 'b']))`` takes two)."""
    for _ in range(4):
        before = stmt
        stmt = FOLD_JOIN_RE.sub(_fold_join, stmt)
        stmt = FOLD_CONCAT_RE.sub(lambda m: _quote(_unquote(m.group(1)) + _unquote(m.group(2))) or m.group(0), stmt)
        stmt = FOLD_CALL_RE.sub(_fold_call, stmt)
        if stmt == before:
            break
    return CALL_USER_LITERAL_RE.sub(lambda m: m.group(1) + "(", stmt)


def _statements(source: str):
    """(line, text) of each statement: comments dropped, split at ``;``, ``{`` and ``}`` outside strings
    and comments (``foreach (…) {`` is a statement of its own, the body's are others)."""
    out, parts = [], []
    begin, pos = 1, 0  # the line the current statement starts on, and the text read so far
    for m in STRING_OR_COMMENT.finditer(source):
        tok = m.group()
        if tok.startswith(("//", "#", "/*")):
            parts.append(source[pos:m.start()])
            parts.append("\n" * tok.count("\n"))
        elif tok in ";{}" or tok.startswith("<?") or tok == "?>":  # a statement ends; so does a block's header, its end, a tag
            parts.append(source[pos:m.start()])
            text = "".join(parts)
            stripped = text.lstrip()
            first = begin + text[:len(text) - len(stripped)].count("\n")
            if stripped:
                out.append((first, stripped[:MAX_STATEMENT]))
            begin += text.count("\n")
            parts = []
        else:
            parts.append(source[pos:m.end()])
        pos = m.end()
    return out
