"""What the token-based data-flow modules (javascript.py, ruby.py) share.

Each turns its code into parallel lists - texts T, kinds K (i: a name or number, s: a string's
text, p: punctuation) and 1-based lines L - plus the pairs of brackets, then walks them once in
source order with a subclass of ``Walk``: a taint table (name -> (what, line)), the paths written
from downloaded data, and the walks both languages need (where an expression ends, its
comma-separated parts). A tail of blank tokens lets a walk look past the end without a bounds
test. Every walk is charged to a budget proportional to the tokens read: hostile input stays
linear, and the walk stops when the budget is spent.

The prefilter helpers decide, before any tokenizing, whether a file names both ends of a flow:
``found`` looks for each word with ``str.find`` (fast) and tries a small pattern where it occurs.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_left, bisect_right

from skillpm.scan.flow import Flow

SPAN = 2000  # the longest walk over tokens
OPEN, CLOSE = {"(", "[", "{"}, {")", "]", "}"}
# The shell or interpreter a downloaded text reaches as the whole program
INTERP = re.compile(r"^(?:.*/)?(?:node|deno|bun|tsx|ts-node|sh|bash|zsh|dash|python3?|ruby|perl)$")
SHELL_C = re.compile(r"(?:^|[\s;&|(])(?:sh|bash|zsh|dash|node|deno|bun|python3?|ruby|perl)\s+(?:-\w*[ce]|--eval|-p)\b"
                     r"|\|\s*(?:sh|bash|zsh|node|python3?|ruby)\b")
RUN_FLAGS = {"-c", "-e", "--eval", "-p", "-lc", "-ec"}
CURL = re.compile(r"^\s*(?:curl|wget)\s")
# A credential file named in a string (searched in lowercased text)
CREDENTIAL = re.compile(r"\.(?:ssh\b|aws\b|netrc|git-credentials|npmrc|pypirc|kube\b|docker/config|gnupg|config/gh\b)"
                        r"|(?<![\w$])\.env\b(?!\.(?:example|sample|template|dist))|id_(?:rsa|ed25519|ecdsa)"
                        r"|credentials\b|kubeconfig|keychain|login data|cookies|_history\b")
GENERIC = {"path", "join", "resolve", "os", "tmpdir", "homedir", "__dirname", "process", "cwd", "dir", "fs", "File",
           "Dir", "home", "expand_path", "__dir__", "Tempfile"}


def table(pairs, bounded=True):
    """(word, pattern from the character before it) pairs for ``found``; bounded: not inside a longer name."""
    before = "[^\\w$@]" if bounded else "."
    return tuple((w, re.compile(before + re.escape(w) + follow, re.DOTALL)) for w, follow in pairs)


def found(s: str, words) -> bool:
    """Whether a word of the table occurs followed by its pattern in " " + text (after 1000 misses: assume so)."""
    tries = 0
    for word, rx in words:
        i = s.find(word, 1)
        while i > 0:
            tries += 1
            if tries > 1000 or rx.match(s, i - 1):
                return True
            i = s.find(word, i + 1)
    return False


# A credential file named anywhere in the (lowercased) text: the prefilter's half of CREDENTIAL
CRED_WORDS = table([("." + w, r"\b") for w in ("ssh", "aws", "kube", "netrc", "npmrc", "pypirc", "gnupg",
                                                "git-credentials", "docker/config", "config/gh")]
                   + [(".env", r"\b(?!\.(?:example|sample|template|dist))")]) + table(
    [(w, "") for w in ("id_rsa", "id_ed25519", "id_ecdsa", "credentials", "kubeconfig", "keychain", "login data",
                       "cookies", "_history")], False)


class Walk:
    CONT_END: frozenset = frozenset()  # a line ending with one of these goes on
    CONT_START: frozenset = frozenset()  # a line starting with one of these continues the one before
    STOPS: frozenset = frozenset({";"})  # tokens that end an expression (besides closing brackets)
    BUDGET = 6  # walking steps per token

    def __init__(self, T, K, L, pairs, secrets=True):
        n = self.n = len(T)
        self.T, self.K, self.L = T + [""] * 4, K + ["e"] * 4, L + [L[-1] if L else 1] * 4
        self.M = M = [-1] * (n + 4)  # the partner of each bracket
        for o, c in pairs:
            M[o], M[c] = c, o
        self.creds: list[int] = []  # the strings that name a credential file: one search over all strings joined
        strings = [j for j, k in enumerate(K) if k == "s"] if secrets else []
        joined = "\0".join(T[j] for j in strings).lower()
        if any(w in joined for w, _ in CRED_WORDS):
            starts = [0]
            for j in strings:
                starts.append(starts[-1] + len(T[j]) + 1)
            self.creds = sorted({strings[bisect_right(starts, m.start()) - 1] for m in CREDENTIAL.finditer(joined)})
        self.credset = set(self.creds)
        self.tainted: dict[str, tuple[str, int]] = {}  # name -> (downloaded|secret|credpath, line)
        self.written: dict[str, int] = {}  # the name or file name of a path written with downloaded data -> line
        self.out: list[Flow] = []
        self.budget = self.BUDGET * n + 20000

    def dotted(self, j) -> bool:
        return self.K[j - 1] == "p" and self.T[j - 1] in (".", "?.", "&.", "::")

    def end(self, a, comma=False) -> int:
        """Where the expression starting at a ends (its last token + 1)."""
        T, K, L, M = self.T, self.K, self.L, self.M
        j = a
        while j < self.n and j - a < SPAN:
            t, k = T[j], K[j]
            if j > a and L[j] > L[j - 1] and T[j - 1] not in self.CONT_END and not (t in self.CONT_START and k != "s"):
                break
            if k != "s" and (t in self.STOPS or t in CLOSE and k == "p" or comma and t == ","):
                break
            j = M[j] + 1 if k == "p" and t in OPEN and M[j] > j else j + 1
        self.budget -= j - a
        return j

    def split(self, a, b) -> list[tuple[int, int]]:
        """The comma-separated parts of the range [a, b) at its own depth."""
        T, K, M = self.T, self.K, self.M
        parts, j, start = [], a, a
        while j < b and j - a < SPAN:
            if K[j] == "p" and T[j] in OPEN and M[j] > j:
                j = M[j]
            elif K[j] == "p" and T[j] == ",":
                parts.append((start, j))
                start = j + 1
            j += 1
        self.budget -= j - a
        return parts + [(start, min(j, b))] if b > start else parts

    def callee(self, i) -> str:
        """The dotted name of the call at i: "https.get", "Net.HTTP.get", "child_process.exec" (of require(…)),
        "URI().read", "new Function"."""
        T, K, M = self.T, self.K, self.M
        parts, j = [T[i]], i - 1
        while self.dotted(j + 1) and j > 0:
            if K[j - 1] == "i":
                parts.append(T[j - 1])
                j -= 2
                continue
            o = M[j - 1] if T[j - 1] == ")" else -1
            if o > 0 and T[o - 1] == "require" and K[o + 1] == "s" and o + 2 == j - 1:  # require('https').get
                parts.append(T[o + 1].removeprefix("node:"))
            else:
                parts.append(T[o - 1] + "()" if o > 0 else "?")  # f(x).g, /re/.exec
            break
        name = ".".join(reversed(parts))
        return "new " + name if T[j] == "new" else name

    def receiver(self, i, keywords=frozenset()):
        """The range of what a method is called on (`fetch(u).then` -> `fetch(u)`), or None."""
        T, K, M = self.T, self.K, self.M
        j = i - 2
        for _ in range(200 if self.dotted(i) else 0):
            self.budget -= 1
            if K[j] == "p" and T[j] in (")", "]") and M[j] >= 0:
                if K[M[j] - 1] == "i" and T[M[j] - 1] not in keywords:
                    j = M[j] - 1
                    continue
                return M[j], i - 1
            if K[j] not in ("i", "s"):
                return None
            if not self.dotted(j):
                return j, i - 1
            j -= 2
        return None

    def literal(self, a, b) -> str:
        """The string texts in [a, b), joined: what a command says besides its variables."""
        self.budget -= b - a
        return " ".join(self.T[x] for x in range(a, min(b, a + SPAN)) if self.K[x] == "s")

    def quiet(self, a, b, names) -> bool:
        """True when [a, b) holds no source name, tainted name or credential path: nothing to follow."""
        seg = self.T[a:b]
        c = bisect_left(self.creds, a)
        self.budget -= b - a
        return names.isdisjoint(seg) and self.tainted.keys().isdisjoint(seg) and not (
            c < len(self.creds) and self.creds[c] < b)

    def set(self, name, t, aug=False):
        if t:
            self.tainted[name] = t
        elif not aug:
            self.tainted.pop(name, None)

    def keys(self, a, b) -> dict[str, int]:
        """What names a path: the variable holding it, else its file names (not .json: require parses those)."""
        T, K = self.T, self.K
        if b - a == 1 and K[a] == "i":
            return {T[a]: 0}
        names = {posixpath.basename(T[x]): 0 for x in range(a, b) if K[x] == "s" and "." in T[x].strip("./")}
        return {k: v for k, v in names.items() if not k.endswith(".json")} or \
            {T[x]: 0 for x in range(a, b) if K[x] == "i" and T[x] not in GENERIC and not self.dotted(x)}

    def mark(self, keys, t) -> None:
        if t and t[0] == "downloaded":
            self.written.update({k: t[1] for k in keys})

    def hit(self, a, b):
        """(downloaded, line it was written at) when [a, b) names a path written from a download."""
        self.budget -= b - a
        for x in range(a, min(b, a + SPAN)):
            key = self.T[x] if self.K[x] == "i" and not self.dotted(x) else posixpath.basename(self.T[x])
            if self.K[x] in ("i", "s") and key in self.written:
                return "downloaded", self.written[key]
        return None

    def command(self, cmd, rest, dl, as_line):
        """The taint a child process runs. cmd: the range of the command, rest: the ranges after it, dl:
        the downloaded taint of each; as_line: cmd is a command line a shell reads. A downloaded text is
        run as the whole command line (or after sh -c, node -e); a downloaded file given to an
        interpreter, or run as the command, is run too."""
        if not self.written and not any(dl):
            return None
        line = self.literal(*cmd).strip()
        if as_line:
            t = dl[0] if not line or SHELL_C.search(line) else None
            return t or (self.hit(*cmd) if not line or INTERP.match(line.split()[0]) else None)
        interp = INTERP.match(line) is not None
        flags = interp and any(self.T[x] in RUN_FLAGS for a, b in rest for x in range(a, min(b, a + 50)))
        t = next((t for t in dl[1:] if t), None) if flags else None
        return t or self.hit(*cmd) or next((h for r in rest if interp for h in [self.hit(*r)] if h), None)

    def flow(self, rule, line, t, sink) -> None:
        self.out.append(Flow(rule, line, t[1], "secret" if t[0] == "credpath" else t[0], sink))
