"""Data flow in Ruby, without a parser: downloads reaching execution, credentials reaching the network.

A small tokenizer (linear regular expressions) drops comments and =begin blocks, keeps the text of
strings, reads an interpolating string ("…#{x}…", `…`, %Q(), %x()) as a bracketed sum
( "…" + ( x ) + "…" ) - a command string as a call of "`" - and a heredoc as one string on its
opening line (with the names its #{} use). One pass over the tokens in source order (_walk.Walk)
follows values as javascript.py does:

- `x = …`, `x ||= …`, `x << …`, `req.body = …`: the name (the object) takes the expression's taint;
- a block given to a source or to a method of a tainted value gets tainted parameters
  (`URI.open(u) { |f| eval(f.read) }`, `res.read_body { |chunk| body << chunk }`); `Net::HTTP.start`
  and `Faraday.new` give connections whose get/request read and whose post/request send;
- `File.write(p, downloaded)`, or writes to `File.open(p, 'w') { |f| … }`, mark the path that
  `load p`, `require p` or `system("ruby #{p}")` then run.

Sources: Net::HTTP, open-uri (URI.open, open(url)), HTTParty/Faraday/RestClient/Excon/HTTP, and
commands running curl or wget. Sinks (DX-04): eval and its *_eval kin, and system/exec/spawn/
backticks/IO.popen/Open3 when the downloaded text is the whole command (or follows sh -c). Secrets
(EX-02): File.read of a credential path, the whole ENV (ENV.to_h, ENV.to_a, ENV.map…; not ENV['X'])
reaching Net::HTTP.post/post_form, a connection's post/request, HTTParty.post, a socket or Resolv.

A method's return value (an explicit ``return``, or the expression on its last line) is followed
to its callers, with or without parentheses (a second pass, run only when the first found one).

Limits: one table for the whole file (no scopes); no flow through instance variables of other
objects or constants, nor into a method's parameters; a method called without parentheses is followed only
when it is a sink or a source; `x <<EOS` is read as a heredoc when a line EOS follows.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from skillpm.scan.flow import Flow
from skillpm.scan.flow._walk import CLOSE, CRED_WORDS, CURL, OPEN, Walk, found, table

TOKEN = re.compile(r"""\s*(?:(?P<c>\#[^\n]*|(?m:^=begin\b[\s\S]*?(?:^=end\b[^\n]*|\Z)))|(?P<e>(?m:^__END__$))
  |(?P<s>'[^'\\]*(?:\\[\s\S][^'\\]*)*'?|:[A-Za-z_]\w*[?!=]?|:"[^"\n]*")
  |(?P<h><<[~-]?(?P<hq>['"`]?)[A-Za-z_]\w*(?P=hq))|(?P<q>["`])|(?P<x>%[qQwWiIxr]?[(\[{<|!/^])
  |(?P<i>[@$]{0,2}[A-Za-z_]\w*(?:[?!](?![=\w]))?|\d[\w.]*)|(?P<b>[{}()[\]])|(?P<r>/)
  |(?P<p>::|&\.|\*\*|=>|->|\.\.\.?|<=>|===?|=~|!~|[!<>]=|<<=?|>>=?|&&=?|\|\|=?|[-+*/%&|^]=|\S))""", re.VERBOSE)
REGEX = re.compile(r"/(?:[^/\\\n]|\\.)+/[a-z]*")
INTERPOLATED = re.compile(r"#\{([^{}]*)\}")
NAME = re.compile(r"[@$]{0,2}[A-Za-z_]\w*")
PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">"}
# Bounds that keep hostile input linear: tokens read, the longest regex literal, heredoc terminators
# looked for in vain and how far (a bigger file's rest is left to the patterns)
MAX_TOKENS, REGEX_MAX, HEREDOC_MISSES, HEREDOC_SPAN = 60_000, 160, 20, 100_000
KEYWORDS = frozenset({"if", "unless", "while", "until", "when", "and", "or", "not", "return", "then", "else", "elsif",
                      "case", "in", "do", "puts", "print", "p"})
ASSIGN = {"=", "||=", "+=", "<<=", "&&="}
BLOCKS = {"each", "each_line", "each_chunk", "read_body", "map", "then", "tap", "open", "start", "foreach", "each_pair",
          "new", "get", "request", "post"}
NET_READ = re.compile(r"^Net\.HTTP\.(?:get|get_response)$|^URI\.open$|(?:^|\.)(?:parse|URI)\(\)\.(?:open|read)$"
                      r"|^(?:HTTParty|Faraday|RestClient|Excon|HTTP|HTTPX|Typhoeus)\.(?:get|request|head|execute)$"
                      r"|^RestClient\.Request\.execute$|^Kernel\.open$")
NET_SEND = re.compile(r"^Net\.HTTP\.(?:post|post_form|put|patch|get|get_response)$|^URI\.open$|^URI\(\)\.open$"
                      r"|^(?:HTTParty|Faraday|RestClient|Excon|HTTP|HTTPX|Typhoeus)\.\w+$"
                      r"|^Resolv(?:\.DNS\.new\(\))?\.\w+$"
                      r"|^(?:TCPSocket|UDPSocket|Socket)\.\w+$|^Socket\.getaddrinfo$")
HANDLE = re.compile(r"^(?:Net\.HTTP\.(?:start|new)|Faraday\.new|Excon\.new|HTTP\.persistent|TCPSocket\.(?:new|open)"
                    r"|UDPSocket\.new|Socket\.tcp|Net\.HTTP\.(?:Post|Put|Get)\.new|HTTPX\.plugin)$")
HANDLE_READ = {"get", "request", "get_response", "request_get"}
HANDLE_SEND = {"post", "put", "patch", "request", "write", "puts", "print", "send", "syswrite", "<<"}
CODE = {"eval", "instance_eval", "class_eval", "module_eval", "class_exec", "instance_exec", "compile"}
SHELL = {"system", "exec", "spawn", "popen", "capture2", "capture2e", "capture3", "popen2", "popen3", "pipeline", "`"}
# Downloaded text evaluated inside an object, class or module: the program patches itself with it, which
# installs code from that host as a part of it (as a downloaded file loaded by require is)
IN_PROGRAM = {"instance_eval", "class_eval", "module_eval", "class_exec", "instance_exec"}
SEND_CALLS = {"send", "public_send", "__send__"}
LOADS, READS = {"load", "require", "require_relative"}, {"read", "readlines", "binread", "foreach", "open", "new"}
WRITES = {"write", "binwrite", "copy_stream"}
WHOLE_ENV = {"to_h", "to_a", "to_hash", "inspect", "map", "each", "each_pair", "select", "filter", "reject", "dup",
             "to_json", "to_s", "sort", "sort_by", "collect", "filter_map", "find_all", "group_by", "values"}
CALLS = CODE | SHELL | LOADS | READS | WRITES | BLOCKS | HANDLE_READ | HANDLE_SEND | {
    "post_form", "getaddress", "getaddresses", "getresource", "getresources", "execute", "head"}
SOURCES = frozenset(CALLS | {"ENV", "`", "Net", "URI", "HTTParty", "Faraday", "RestClient", "Excon", "HTTP", "File",
                             "IO"})
# Tokenized only when a download and a way to run it, or a secret and a send, are all named.
DL_WORDS = table([("Net::HTTP", ""), ("URI", r"\b"), ("open-uri", ""), ("HTTParty", ""), ("Faraday", ""),
                  ("RestClient", ""), ("Excon", ""), ("HTTP", r"[.:]"), ("Typhoeus", ""), ("curl", r"\s"),
                  ("wget", r"\s")])
RUN_WORDS = table([(w, r"\b") for w in ("eval", "instance_eval", "class_eval", "module_eval", "system", "exec",
                                        "spawn", "popen", "Open3", "load", "require", "compile")]
                  + [("`", ""), ("%x", "")], False)
ENV_WORDS = table([("ENV", r"\b(?!\s*(?:\[|\.fetch|\.key\?|\.include\?))")])
SEND_WORDS = table([(w, "") for w in ("post", "Net::HTTP", "HTTParty", "Faraday", "RestClient", "Excon", "HTTP",
                                      "Socket", "Resolv", "getaddress", "request", "URI.open", "open(")], False)


def flows(source: str) -> list[Flow]:
    s = " " + source
    leak = (found(s, ENV_WORDS) or found(s.lower(), CRED_WORDS)) and found(s, SEND_WORDS)
    if not (leak or found(s, DL_WORDS) and found(s, RUN_WORDS)):
        return []
    try:
        tokens = _tokens(source)
        first = _Pass(*tokens, secrets=leak, open_uri="open-uri" in source)
        out = first.run()
        if first.returns:  # a second pass knows what the script's own methods return
            out = _Pass(*tokens, secrets=leak, open_uri="open-uri" in source, returns=first.returns).run()
        return out
    except (IndexError, ValueError, KeyError):  # a file that trips the walk is left to the patterns
        return []


@lru_cache(maxsize=64)
def _chunk(close: str, interpolating: bool) -> re.Pattern:
    c = re.escape(close)
    if interpolating:
        return re.compile(rf"[^{c}\\#]*(?:(?:\\[\s\S]|#(?!\{{))[^{c}\\#]*)*")
    return re.compile(rf"[^{c}\\]*(?:\\[\s\S][^{c}\\]*)*")


def _tokens(src: str):
    """Texts, kinds (i: name, s: string, p: punctuation), lines and bracket pairs of Ruby code."""
    T, K, O, pairs, stack, closers = [], [], [], [], [], []  # closers: of the strings whose #{} is open
    n, i, close, skip, misses = len(src), 0, "", None, 0  # close: the closer of the string being read at i

    def emit(t, k, j):
        T.append(t), K.append(k), O.append(j)

    def bracket(t, j):
        if t in OPEN:
            stack.append(len(T))
        elif stack and stack[-1] >= 0:
            pairs.append((stack.pop(), len(T)))
        emit(t, "p", j)

    while i < n and len(T) < MAX_TOKENS:
        if close:  # ( "chunk" + ( expr ) + "chunk" )
            m = _chunk(close, True).match(src, i)
            emit(m.group(), "s", i)
            i = m.end()
            if src.startswith("#{", i):
                emit("+", "p", i), bracket("(", i), stack.append(-1), closers.append(close)
                i += 2
            else:
                bracket(")", i)
                i += 1
            close = ""
            continue
        for m in TOKEN.finditer(src, i):
            kind = m.lastgroup
            j = m.start(kind)
            if skip and j >= skip[0]:  # a heredoc's body: read on its opening line
                i, skip = skip[1], None
                break
            if kind == "i" or kind == "p":
                emit(m.group(kind), kind, j)
            elif kind == "b":
                if src[j] == "}" and stack and stack[-1] == -1:  # the end of a #{ }
                    stack.pop(), bracket(")", j), emit("+", "p", j)
                    i, close = j + 1, closers.pop()
                    break
                bracket(src[j], j)
            elif kind == "s":
                t = m.group(kind)
                emit(t[1:].strip('"') if t[0] == ":" else t[1:-1] if len(t) > 1 and t[-1] == "'" else t[1:], "s", j)
            elif kind in ("q", "x"):
                t = m.group(kind)
                letter, delim = (t[1:-1], t[-1]) if kind == "x" else ("", t)
                expr = not T or K[-1] == "p" and T[-1] not in CLOSE or T[-1] in KEYWORDS
                if kind == "x" and not letter and not expr:  # a modulo
                    emit("%", "p", j)
                    i = j + 1
                    break
                if letter in ("q", "w", "i", "r"):
                    c = _chunk(PAIRS.get(delim, delim), False).match(src, m.end())
                    emit(c.group(), "s", j)
                    i = c.end() + 1
                    break
                if delim == "`" or letter == "x":
                    emit("`", "i", j)
                bracket("(", j)
                i, close = m.end(), PAIRS.get(delim, delim)
                break
            elif kind == "h":
                t = m.group(kind)
                ident = t.lstrip("<~-").strip("'\"`")
                start = src.find("\n", m.end()) if skip is None else skip[1]
                end = re.compile(r"^[ \t]*" + re.escape(ident) + r"[ \t]*\r?$", re.MULTILINE).search(
                    src, start + 1, start + HEREDOC_SPAN) if start >= 0 and misses < HEREDOC_MISSES else None
                if end is None:  # x <<y, an append
                    emit("<<", "p", j)
                    i, misses = j + 2, misses + 1
                    break
                body = src[start + 1:end.start()]
                bracket("(", j), emit(body, "s", j)
                for expr in INTERPOLATED.findall(body) if m.group("hq") != "'" else ():
                    emit("+", "p", j), bracket("(", j), [emit(x, "i", j) for x in NAME.findall(expr)], bracket(")", j)
                bracket(")", j)
                skip = (start + 1 if skip is None else skip[0], end.end())
            elif kind == "r":
                r = REGEX.match(src, j, min(n, j + REGEX_MAX)) if not T or K[-1] == "p" and T[-1] not in CLOSE \
                    or T[-1] in KEYWORDS else None
                emit(r.group() if r else "/", "s" if r else "p", j)
                if r:
                    i = r.end()
                    break
            elif kind == "e":  # __END__: data follows
                i = n
                break
            if len(T) >= MAX_TOKENS:
                break
        else:
            break
    newlines = [m.start() for m in re.finditer("\n", src)]
    return T, K, [bisect_right(newlines, o) + 1 for o in O], pairs


class _Pass(Walk):
    CONT_END = frozenset({",", "(", "[", "{", "|", ".", "&.", "::", "\\", "=", "and", "or", "not", "&&", "||", "+", "-",
                          "*", "/", "<<", "=>", "?", ":", "==", "!=", "=~", "||=", "+="})
    CONT_START = frozenset({".", "&.", "::", ")", "]", "}", "&&", "||", "and", "or", "?", ":"})
    STOPS = frozenset({";", "do", "if", "unless", "while", "until", "rescue", "then", "end"})

    def __init__(self, T, K, L, pairs, secrets=True, open_uri=False, returns=None):
        super().__init__(T, K, L, pairs, secrets)
        # a method of this script -> what its return value carries (read by the first pass, used by the second)
        self.returns: dict[str, tuple[str, int]] = dict(returns or {})
        self.ret_at = self._return_sites()  # an explicit `return`, or a method's last line -> (method, end)
        self.open_uri = open_uri  # `open(url)` reads the network
        self.pending: dict[int, tuple[str, int]] = {}  # a block parameter's token -> the taint it is bound with
        self.handles: set[str] = set()  # connections (Net::HTTP.start, Faraday.new, TCPSocket.new)
        self.streams: dict[str, dict[str, int]] = {}  # a file open for writing -> its path's keys

    def run(self) -> list[Flow]:
        T, K = self.T, self.K
        for i in range(self.n):
            if self.budget <= 0:
                break
            t, nxt = T[i], T[i + 1]
            if i in self.ret_at:  # what a method returns: a download, a secret
                name, e = self.ret_at[i]
                r = self.taint(i + (t == "return"), e)
                if r and r[0] in ("downloaded", "secret"):
                    self.returns.setdefault(name, r)
            if K[i] == "i" and nxt in ASSIGN and K[i + 1] == "p":
                if not self.dotted(i):
                    self._assign(i, i + 2, nxt != "=")
                elif K[i - 2] == "i" and not self.dotted(i - 2):  # req.body = secret: the object holds it
                    self.set(T[i - 2], self.taint(i + 2, self.end(i + 2)), aug=True)
            elif K[i] == "i" and nxt == "<<" and not self.dotted(i):  # buf << chunk, f << body
                t = self.taint(i + 2, self.end(i + 2))
                self.set(T[i], t, aug=True)
                self.mark(self.streams.get(T[i], {}), t)
            elif t in ("do", "{") and nxt == "|":
                close = next((x for x in range(i + 2, min(i + 40, self.n)) if T[x] == "|"), i + 1)
                for x in range(i + 2, close):
                    if K[x] == "i":
                        self.set(T[x], self.pending.pop(x, None))
            elif t == "def" and K[i] == "i":  # a method's parameters hold nothing known
                for x in range(i + 2, self.end(i + 1)):
                    if K[x] == "i" and T[x - 1] != "=":
                        self.set(T[x], None)
            elif K[i] == "i" and t in CALLS and not (self.dotted(i) and t in KEYWORDS):
                self._call(i)
        return self.out

    def _return_sites(self) -> dict[int, tuple[str, int]]:
        """Where each method (``def name … end``) hands back a value: its explicit ``return``s and the
        expression on its last line (Ruby returns the last value), each with where that value ends.
        The method's ``end`` is found by counting the keywords that open a block (``if``/``while``
        only at the start of a statement: as modifiers they open nothing)."""
        T, K, L, n = self.T, self.K, self.L, self.n
        sites: dict[int, tuple[str, int]] = {}
        if "def" not in T:
            return sites
        opens = {"def", "class", "module", "do", "begin", "case"}
        cond = {"if", "unless", "while", "until"}
        stack: list[tuple[str, int]] = []  # open blocks: (method name or "", start)
        methods: list[str] = []  # the names of the open methods, innermost last
        for x in range(n):
            t = T[x]
            if K[x] != "i":
                continue
            self.budget -= 1
            if t == "def" and not self.dotted(x):
                j = x + 1
                if T[j] == "self" and T[j + 1] == ".":
                    j += 2
                stack.append((T[j] if K[j] == "i" else "", x))
                if stack[-1][0]:
                    methods.append(stack[-1][0])
            elif t in opens and not self.dotted(x) or t in cond and (L[x] != L[x - 1] or T[x - 1] in ("=", "(", "||=", "return")):
                stack.append(("", x))
            elif t == "return" and methods:  # in a block too: Ruby's return leaves the method
                sites[x] = (methods[-1], self.end(x + 1))
            elif t == "end" and stack and not self.dotted(x):
                name, start = stack.pop()
                if name:
                    methods.pop()
                if name and x > start and T[x - 1] != "end" and L[x - 1] != L[start]:
                    first = x - 1  # the method's last line: its value is what the method returns
                    while first > start and L[first - 1] == L[x - 1]:
                        first -= 1
                    if T[first] not in ("end", "return", "rescue", "ensure", "else", "elsif", "when", "}") and \
                            first not in sites:
                        sites[first] = (name, x)
        return sites

    def _args(self, i):
        """The arguments of the call at i, with or without parentheses, and where the call ends."""
        T, K, L, M = self.T, self.K, self.L, self.M
        if T[i + 1] == "(" and M[i + 1] > i:
            return self.split(i + 2, M[i + 1]), M[i + 1] + 1
        nxt = T[i + 1]
        if L[i + 1] == L[i] and (K[i + 1] in ("i", "s") and nxt not in self.STOPS and nxt not in ("and", "or")
                                 or nxt in ("[", ":", "-", "!", "*", "(")):
            e = self.end(i + 1)
            return self.split(i + 1, e), e
        return [], i + 1

    def _assign(self, i, a, aug):
        T = self.T
        self.budget -= 20
        e = self.end(a)
        t = self.taint(a, e)
        self.set(T[i], t, aug)
        name = next((self.callee(x) for x in range(a, min(e, a + 30)) if self.K[x] == "i" and T[x + 1] in ("(", ".")
                     and T[x] in ("new", "start", "open", "tcp", "persistent", "plugin")), "")
        if HANDLE.match(name):
            self.handles.add(T[i])
        elif name == "File.open" or name == "File.new":
            args = self._args(next(x for x in range(a, e) if T[x] in ("open", "new")))[0]
            if len(args) > 1 and re.search(r"[wa]", self.literal(*args[1])):
                self.streams[T[i]] = self.keys(*args[0])

    # ------------------------------------------------------------ taint
    def taint(self, a, b):
        """The taint of the expression [a, b): (what, line) of its first source or tainted name, or None."""
        T, K, L = self.T, self.K, self.L
        b = min(b, a + 2000)
        if self.quiet(a, b, SOURCES) and (not self.returns or self.returns.keys().isdisjoint(T[a:b])):
            return None
        cred, j = None, a
        while j < b:
            t, k, nxt = T[j], K[j], T[j + 1]
            if k == "i" and t in self.returns and nxt not in ASSIGN and (not self.dotted(j) or T[j - 2] == "self"):
                return self.returns[t]  # a method of this script that returns a download or a secret
            if k == "i" and t in CALLS:
                what = self._source(j)
                if what:
                    return what, L[j]
                if t in SHELL and t != "`" and T[j + 1] == "(" and self.M[j + 1] > j:  # a child's environment
                    j = self.M[j + 1] + 1
                    continue
            if k == "i" and t == "ENV" and not self.dotted(j) and (
                    nxt in (")", ",", "]", "}", "") or nxt in (".", "&.") and T[j + 2] in WHOLE_ENV):
                return "secret", L[j]
            if k == "i" and t in self.tainted and not self.dotted(j) and nxt != ":":
                what = self.tainted[t]
                if what[0] == "credpath":
                    cred = cred or what
                elif not (what[0] == "secret" and (nxt == "[" or nxt == "." and T[j + 2] in ("fetch", "dig", "[]"))):
                    return what
            elif k == "s" and cred is None and j in self.credset:
                cred = ("credpath", L[j])
            j += 1
        return cred

    def _source(self, j):
        """"downloaded" or "secret" when the call at j reads the network, runs curl, or reads a credential file."""
        T = self.T
        name, last = self.callee(j), T[j]
        recv = T[j - 2] if self.dotted(j) else ""
        if last in SEND_CALLS:  # URI.send(:open, url): the method it names is the call
            name, last = _sent(self, j, name, last)
        if NET_READ.match(name) or recv in self.handles and last in HANDLE_READ \
                or name == "open" and self.open_uri:
            return "downloaded"
        if last not in SHELL and not (last in READS and recv in ("File", "IO", "Pathname")):
            return None
        args = self._args(j)[0]
        if args and last in SHELL and CURL.match(self.literal(*args[0])):
            return "downloaded"
        if args and last in READS and not (len(args) > 1 and re.search(r"[wa]", self.literal(*args[1]))):
            t = self.taint(*args[0])
            return "secret" if t and t[0] in ("credpath", "secret") else None
        return None

    # ------------------------------------------------------------ calls
    def _call(self, i):
        T, K, L = self.T, self.K, self.L
        self.budget -= 20  # a call or an assignment costs what a walk over 20 tokens does
        name, last = self.callee(i), T[i]
        args, after = self._args(i)
        recv = T[i - 2] if self.dotted(i) and K[i - 2] == "i" else ""
        if T[after] in ("do", "{") and T[after + 1] == "|":  # a block: what its parameters hold
            src = self._source(i)
            r = self.receiver(i, KEYWORDS)
            given = (src, L[i]) if src else self.taint(*r) if r and last in BLOCKS else None
            close = next((x for x in range(after + 2, min(after + 40, self.n)) if T[x] == "|"), after + 1)
            params = [x for x in range(after + 2, close) if K[x] == "i"]
            if HANDLE.match(name):
                self.handles.update(T[x] for x in params)
            elif name in ("File.open", "File.new", "open") and len(args) > 1 \
                    and re.search(r"[wa]", self.literal(*args[1])):
                self.streams.update({T[x]: self.keys(*args[0]) for x in params})
            elif given:
                self.pending.update({x: given for x in params})
        if not args:
            return
        first = args[0][0]
        if T[first] == "(" and args[0][1] == first + 3 and K[first + 1] == "s":
            first += 1  # Kernel.send("eval", code): a double-quoted string is read as a group of its pieces
        if last in ("send", "public_send", "__send__") and K[first] == "s" and T[first] in CODE | SHELL:
            last = name = T[first]  # Kernel.send(:eval, code)
            args = args[1:] or [(args[0][1], args[0][1])]
        if T[args[0][0]] == "{" and last in SHELL and len(args) > 1:  # system({"ENV" => …}, cmd)
            args = args[1:]
        tainted = [self.taint(a, b) for a, b in args]
        dl = [t if t and t[0] == "downloaded" else None for t in tainted]
        if last in CODE and (last != "compile" or "InstructionSequence" in name):
            t = next((t for t in dl if t), None)
            if t:  # evaluated inside an object or class: a patch from that host loaded into the program (SC-01)
                self.flow("SC-01" if last in IN_PROGRAM else "DX-04", L[i], t, name)
        elif last in SHELL and (not recv or recv in ("Kernel", "Process", "IO", "Open3")):
            t = self.command(args[0], args[1:], dl, as_line=len(args) == 1 or last == "`")
            if t:
                self.flow("DX-04", L[i], t, name)
        elif last in LOADS and not recv or name == "Kernel.load":
            t = self.hit(*args[0])
            if t:
                self.flow("DX-04", L[i], t, name)
        if last in WRITES and recv in ("File", "IO") and len(args) > 1:
            self.mark(self.keys(*args[1 if last == "copy_stream" else 0]), dl[0 if last == "copy_stream" else 1])
        if recv in self.streams and last in ("write", "print", "puts", "syswrite"):
            self.mark(self.streams[recv], dl[0])
        if NET_SEND.match(name) or recv in self.handles and last in HANDLE_SEND or name == "open" and self.open_uri:
            t = next((t for t in tainted if t and t[0] in ("secret",)), None)
            if t:
                self.flow("EX-02", L[i], t, name)


def _sent(walk, j, name, last):
    """(name, last) of the method ``send`` names by a symbol or string (``URI.send(:open, u)`` is ``URI.open``)."""
    args = walk._args(j)[0]
    if args and walk.K[args[0][0]] == "s" and args[0][1] - args[0][0] == 1:
        meth = walk.T[args[0][0]]
        return name[:len(name) - len(last)] + meth, meth
    return name, last
