"""Data flow in shell scripts: a download run later, and credentials sent out later.

The patterns catch ``curl … | sh`` and ``curl -o f … && sh f`` on one line. Malware spreads the
same steps over a script: ``body=$(curl -fsSL "$U")`` … ``eval "$body"``, or ``curl -o
"$TMP/x.go" "$U"`` … ``go run "$TMP/x.go"``, or ``tar czf "$A" ~/.ssh ~/.aws`` … ``curl -F
f=@"$A" …``. This module reads a script as commands in source order (continuation lines joined,
comments dropped, statements split at ``;`` ``&&`` ``||`` ``&`` and pipelines at ``|`` outside
quotes and substitutions) and keeps two tables:

- variables whose value is downloaded (``x=$(curl …)``) or secret (``x=$(cat ~/.aws/credentials)``,
  ``x=$(env)``), and any variable computed from one of them (``y=$(echo "$x" | base64 -d)``);
- files written from them (``curl -o F``, ``wget -O F``, ``wget URL`` (its last path segment),
  ``… > F``, ``tee F``, ``cp``/``mv``, ``tar``/``zip`` of credential folders).

A downloaded variable or file reaching ``eval``, ``sh -c``, an interpreter (``sh F``, ``source
F``, ``python F``, ``go run F``, ``./F``, ``… | sh``, ``sh < F``) is SC-01; a secret reaching a
network write (``curl -d/-F/-T``, ``wget --post-*``, ``nc``, a DNS lookup) is EX-02. Paths are
compared as written, after unquoting and expanding variables that hold a plain value.

Functions are read where they are written, and what a function's body prints at its top level
(a download, a variable holding one, a credential file, an archive of one) is remembered: a
later call carries it (``fetch_cfg | sh``, ``eval "$(fetch_cfg)"``, ``source <(fetch_cfg)``,
``curl -F "c=$(read_cfg)" …``). A substitution inside a substitution is read as commands too.

Limits: no control flow (a branch counts as if taken), a function's arguments and return codes
are not followed, and arrays, ``read`` loops and here-documents are not followed.
"""

from __future__ import annotations

import codecs
import posixpath
import re

from skillpm.scan.flow import Flow
from skillpm.scan.hidden import decode_b64_strict

DOWNLOADERS = {"curl", "wget", "aria2c", "http", "https", "xh", "lwp-download", "lwp-request", "GET", "fetch"}
RUNNERS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "busybox", "source", ".", "python", "python2", "python3",
           "node", "nodejs", "perl", "ruby", "php", "pwsh", "powershell", "osascript", "bun", "tclsh", "lua", "Rscript"}
RUN_SUB = {"go": {"run"}, "deno": {"run"}, "bun": {"run"}, "npx": set(), "java": set()}
EVAL_FLAGS = {"sh": "-c", "bash": "-c", "zsh": "-c", "dash": "-c", "ksh": "-c", "python": "-c", "python3": "-c",
              "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r", "pwsh": "-Command", "powershell": "-Command"}
PREFIXES = {"sudo", "doas", "env", "command", "exec", "nohup", "time", "nice", "setsid", "timeout", "xargs",
            # a group's opening brace before its first command: `x=$( { env; cat f; } | gzip | base64 )`
            "{",
            # the reserved words before a command: `if curl -o "$f" "$u"; then . "$f"; fi` downloads in the condition
            "if", "then", "elif", "else", "while", "until", "do", "!"}
# commands that print what they are fed, changed in form only (compressed, encoded, filtered)
PASS_ON = {"cat", "base64", "base32", "tee", "tr", "rev", "sed", "xxd", "gunzip", "zcat", "openssl", "echo", "printf",
           "gzip", "bzip2", "xz", "zstd", "lz4"}
# a group of commands whose output goes on as one: `{` or `(` alone on a line ... `} | gzip | curl …`
GROUP_OPEN = {"{", "("}
GROUP_CLOSE_RE = re.compile(r"^[})]\s*\|(?!\|)\s*(.+)$", re.S)
# a loop over literal words: its variable is read as each of them (the credential among them, if any)
FOR_RE = re.compile(r"^for\s+([A-Za-z_]\w*)\s+in\s+([^;\n$`]{1,400}?)\s*(?:;|\n)\s*do\b")
# a group on one line, piped on: `{ env; cat f; } | gzip | curl …` (its body, then the rest of the pipeline)
INLINE_GROUP_RE = re.compile(r"^\{\s([^{}]{1,2000}?);\s*\}\s*\|(?!\|)\s*(.+)$", re.S)
GROUP_FILE = "\x00group"  # the name a group's output is kept under, as a file it wrote
LOOKUPS = {"dig", "nslookup", "host", "ping", "drill"}
SENDERS = {"nc", "ncat", "netcat", "socat", "telnet", "openssl", "scp", "rsync", "sftp", "ftp", "mail", "sendmail"}
CREDENTIAL = re.compile(r"\.ssh\b|id_rsa|id_ed25519|id_ecdsa|\.aws\b|credentials|\.netrc|\.git-credentials|\.npmrc"
                        r"|\.pypirc|\.kube\b|kubeconfig|\.docker/config|(?:^|/)\.env\b|\.gnupg|keychain|Login Data"
                        r"|Cookies|_history\b|\.config/gh\b|\.config/gcloud|\.azure\b|\.vault-token|\.claude\b"
                        r"|\.codex\b|\.cursor\b|wallet", re.IGNORECASE)
# commands that print credentials: kubeconfig with its keys, a CLI's stored token, a keychain item; and
# infrastructure tools printing the secrets they hold: Terraform/OpenTofu state (every resource's
# passwords and keys, whatever the binary is called: `"$TF" state pull`), Pulumi with --show-secrets,
# Kubernetes secrets as YAML/JSON, Vault reads
SECRET_CMD_RE = re.compile(r"\bkubectl\s+config\s+view\b[^|;&]{0,60}--raw|\bgh\s+auth\s+token\b|\baws\s+configure\s+"
                           r"export-credentials\b|\bsecurity\s+find-(?:generic|internet)-password\b[^|;&]{0,80}\s-w\b"
                           r"|\bgcloud\s+auth\s+print-access-token\b|(?:\b(?:terraform|tofu|terragrunt)|[\w}]\"?)\s+state\s+pull\b"
                           r"|\bpulumi\s+(?:stack\s+export|config)\b[^|;&]{0,60}--show-secrets\b"
                           r"|\bkubectl\s+get\s+secrets?\b[^|;&]{0,80}\s-o\s*(?:yaml|json|jsonpath)\b"
                           r"|\bvault\s+(?:kv\s+get|read)\b"
                           # the checkout's own token: actions/checkout keeps it as git's http extraheader
                           r"|\bgit\s+config\b[^|;&]{0,80}extraheader\b")
# key and certificate files and secrets' settings by their names (what find -name looks for)
SECRET_FILE_RE = re.compile(r"\.(?:pem|key|p12|pfx|jks|keystore|kdbx|tfstate)\b|\bsecrets?\b[\w.*-]*\.(?:ya?ml|json|env)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b",
                            re.IGNORECASE)
# an archiver reading the names of its files from standard input: tar -T - / --files-from=-, zip -@, 7z -si
STDIN_LIST_RE = re.compile(r"\s(?:-T\s*-|--files-from[= ]-|-@|-[a-zA-Z]*T\s+-)(?=\s|$)")
ARCHIVE_NAME_RE = re.compile(r"\.(?:tgz|tar|gz|zip|7z|bz2|xz)$")
UPLOAD_FLAGS = ("-T", "--upload-file", "--post-file", "--body-file")  # the next word is a file whose bytes are sent
UPLOAD_OPTS = ("--upload-file=", "--post-file=", "--body-file=")
AUTH_HEADER_RE = re.compile(r"^\s*(?:authorization|proxy-authorization|x-api-key|api-key|private-token|x-auth-token)\s*:", re.I)
MAX_LINE = 16 * 1024  # a logical line is read up to here (a longer one is padding, flagged on its own)
MAX_NESTING = 4  # substitutions inside substitutions: deeper ones are read as plain words
# a function's header: name() {, function name {, function name() (the brace may come on the next line)
FUNC_RE = re.compile(r"^(?:function\s+([A-Za-z_][\w:.-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w:.-]*)\s*\(\s*\))\s*(.*)$", re.S)
OPEN_BRACE_RE = re.compile(r"(?:^|[\s;&|(])\{(?=\s|$)")
CLOSE_BRACE_RE = re.compile(r"(?:^|[\s;&])\}(?=[\s;&|)]|$)")
CLOSE_TAIL_RE = re.compile(r"(?:^|[\s;&])\}[^{}]*$")
ENV_DUMP = re.compile(r"^(?:env|printenv|set|export|declare)$")
VAR_REF = re.compile(r"\$\{?([A-Za-z_]\w*)")
ASSIGN = re.compile(r"^(?:(?:export|local|declare|typeset|readonly)(?:\s+-\w+)*\s+)?([A-Za-z_]\w*)\+?=(.*)$", re.S)
ASSIGN_LINE_RE = re.compile(r"\s*(?:(?:export|local|declare|typeset|readonly)(?:\s+-\w+)*\s+)?[A-Za-z_]\w*\+?=")
SOURCE_LINE_RE = re.compile(r"\b(?:curl|wget|aria2c|lwp-\w+|https?|xh|fetch|GET|env|printenv)\b"
                            r"|(?:^|[(|;&`]\s*)(?:set|export|declare\s+-p)\s*(?:$|[|>)`])|" + CREDENTIAL.pattern, re.IGNORECASE)
# substring gate: a download (or a credential read) and something that runs (or sends) it
DOWNLOAD_WORDS = ("curl", "wget", "aria2c", "lwp-", "http ", "xh ", "fetch ")
RUN_WORDS = ("eval", "sh", "source", ". ", "python", "node", "perl", "ruby", "php", "go run", "deno",
             "./", "osascript", "exec")
SEND_WORDS = ("curl", "wget", "nc ", "ncat", "socat", "dig ", "nslookup", "scp ", "rsync", "sendmail", "mail ")


def flows(source: str) -> list[Flow]:
    deletes = _branch_deletes(source) if "git push" in source and "done" in source else []
    fetch_run = any(w in source for w in DOWNLOAD_WORDS) and any(w in source for w in RUN_WORDS)
    leak = any(w in source for w in SEND_WORDS) and (CREDENTIAL.search(source) is not None or "env" in source
                                                     or SECRET_CMD_RE.search(source) is not None
                                                     or "find" in source and SECRET_FILE_RE.search(source) is not None)
    if not (fetch_run or leak) and not (("printf" in source or "echo" in source)
                                        and ("\\x" in source or "| rev" in source or "base64 -d" in source or "base64 --decode" in source)):
        return deletes
    return read(source) + deletes


def _forced_onto_each(args: list[str], rest: list[str]) -> bool:
    """``git push -f origin "HEAD:$b"`` / ``git push origin "+HEAD:refs/heads/$b"``: a forced push whose
    destination is the loop's variable overwrites every branch the loop lists with one history."""
    forced = any(a in ("-f", "--force") for a in args)
    return any(":" in a and "$" in a.split(":", 1)[1] and (forced or a.startswith("+")) for a in rest[1:])


# a loop's head: the first `do` of a line, with `while`/`until`/`for` starting a command shortly before it
# (found from the `do`: one pass over the line, whatever a hostile line repeats)
LOOP_DO_RE = re.compile(r"(?:;|\s)do\b")
LOOP_WORD_RE = re.compile(r"(?:^|[;&|]\s*)(?:while|until|for)\b")
LOOP_END_RE = re.compile(r"(?:^|[;&]\s*)done\b")


def _branch_deletes(source: str) -> list[Flow]:
    """A loop whose body deletes the remote branch it is given: ``git push "$remote" ":refs/heads/$b"``
    (an empty source in the refspec) or ``git push origin --delete "$b"``, with ``$b`` the loop's
    variable, or force-pushes over it (``git push -f origin "HEAD:$b"``). The loop runs over a listing (``git for-each-ref refs/remotes/…``, ``git branch -r``), so
    every remote branch it lists is gone: DX-06, on the push's line, naming the loop's line.
    (The rule's pattern reads the same on the text; quotes that only glue words are read apart here.)"""
    out, loops = [], []  # the open loops' first lines
    for line, text in _logical_lines(source):
        do = LOOP_DO_RE.search(text) if "do" in text else None
        if do and LOOP_WORD_RE.search(text[max(0, do.start() - 400):do.start()]):
            loops.append(line)
            text = text[do.end():]
        if loops and "git" in text and "push" in text:
            for stage in _split(text, ("&&", "||", ";", "&", "|")):
                words = _words(stage)
                cmd, args = _command(words)
                if cmd != "git" or not args or args[0] != "push":
                    continue
                rest = [a for a in args[1:] if not a.startswith("-")]
                gone = any(a.startswith(":") and "$" in a for a in rest) \
                    or any(a in ("--delete", "-d") for a in args) and any("$" in a for a in rest[1:]) \
                    or _forced_onto_each(args, rest)
                if gone:
                    out.append(Flow("DX-06", line, loops[0], "destroys", "git push"))
        if loops and LOOP_END_RE.search(text):
            loops.pop()
    return out


def read(source: str) -> list[Flow]:
    """The flows of a script, without the substring gate (a caller that knows it downloads)."""
    return _Reader().read(source)


class _Reader:
    def __init__(self):
        self.vars: dict[str, tuple[str, int]] = {}  # name -> (what, source line)
        self.plain: dict[str, str] = {}  # name -> a plain value it holds (a path), for comparing paths
        self.files: dict[str, tuple[str, int]] = {}
        self.dirs: dict[str, tuple[str, int]] = {}  # folders a downloaded archive was unpacked into
        self.commands: dict[int, str] = {}  # source line -> its download command, variables expanded
        self.out: list[Flow] = []
        self.funcs: dict[str, tuple[str, int]] = {}  # function -> what its output carries (its body prints a download)
        self.func: str | None = None  # the function whose body is being read
        self.depth = 0  # its braces still open (-1: its header was read, its brace not yet)
        self.cur: str | None = None  # the function the line being read belongs to
        self.groups: list[tuple[str, int] | None] = []  # the command groups open, with what their output carries
        self.folded = False  # a variable holds a word printf spelled in escapes: every line may use it
        self.nested = 0  # subshells being read inside one another (each read once, to a bound)

    def _group_edges(self, text: str) -> str:
        """A group's closing line: ``} | gzip | curl …`` goes on with what the group printed, as
        ``cat`` of a file holding it; a bare ``}`` or ``)`` just closes it."""
        if not self.groups or text[0] not in "})":
            return text
        if text.strip() in ("}", ")"):
            self.groups.pop()
            return ""
        m = GROUP_CLOSE_RE.match(text)
        if m is None:
            return text
        t = self.groups.pop()
        if t is None:
            return m.group(1)
        self.files[GROUP_FILE] = t
        return f"cat {GROUP_FILE} | " + m.group(1)

    def _inline_group(self, text: str, line: int) -> str:
        """A group on one line, ``{ env; cat ~/.netrc; } | gzip | curl --data-binary @- …``: its commands
        are read, and the pipeline after it goes on with what they printed, as for a group over lines."""
        m = INLINE_GROUP_RE.match(text)
        if m is None:
            return text
        self.groups.append(None)
        self._run(m.group(1), line, 0)
        t = self.groups.pop()
        if t is None:
            return m.group(2)
        self.files[GROUP_FILE] = t
        return f"cat {GROUP_FILE} | " + m.group(2)

    def read(self, source: str) -> list[Flow]:
        for line, text in _logical_lines(source):
            opens = text.strip() in GROUP_OPEN and not (self.func is not None and self.depth == -1)
            text = self._function_edges(text)
            if opens:
                self.groups.append(None)
                continue
            if not text:
                continue
            text = self._group_edges(text)
            if not text:
                continue
            if text.startswith("{ ") and "}" in text:
                text = self._inline_group(text, line)
            loop = FOR_RE.match(text)
            if loop:  # for f in .env .env.local; do cat "$f"; done: f is read as the credential it lists
                words = [_unquote(w) for w in loop.group(2).split()]
                pick = next((w for w in words if CREDENTIAL.search(w)), words[0] if words else "")
                if pick:
                    self.plain[loop.group(1)] = self._path(pick)
            if not (self.vars or self.files or self.funcs or self.folded) and not ASSIGN_LINE_RE.match(text) \
                    and not SOURCE_LINE_RE.search(text) and not SECRET_CMD_RE.search(text) and "$(printf" not in text and "$(echo" not in text \
                    and not ("find" in text and SECRET_FILE_RE.search(text)):
                continue  # nothing downloaded or secret yet, and this line neither assigns nor fetches or reads one
            self._run(text, line, 0)
        for f in self.out:
            f.source_text = self.commands.get(f.source_line, "")
        return self.out

    def _function_edges(self, text: str) -> str:
        """Track function bodies (``name() {``, ``function name {`` … ``}``) and return the line
        without its function header and braces: the body is read where it is written, and what it
        prints is remembered for the places that call it (``fetch_cfg | sh``, ``curl -d "$(get_key)"``).
        ``self.cur`` is the function the line belongs to."""
        m = FUNC_RE.match(text) if self.func is None else None
        if m:
            name, rest = m.group(1) or m.group(2), m.group(3).lstrip()
            if not rest:
                self.func, self.depth, self.cur = name, -1, None  # the brace comes on the next line
                return ""
            if not rest.startswith("{"):
                self.cur = None
                return text  # f() ( … ): a subshell body, not followed
            self.func, self.depth, text = name, 0, rest
        elif self.func is not None and self.depth == -1:
            if text.startswith("{"):
                self.depth = 0
            else:
                self.func, self.depth = None, 0
        self.cur = self.func
        if self.func is not None:
            self.depth += len(OPEN_BRACE_RE.findall(text)) - len(CLOSE_BRACE_RE.findall(text))
            if text.startswith("{"):
                text = text[1:]
            if self.depth <= 0:
                self.func, self.depth = None, 0
                text = CLOSE_TAIL_RE.sub("", text)
        return text.strip()

    def _run(self, text: str, line: int, depth: int) -> None:
        """Read the commands of one piece of text; the commands inside its substitutions run first
        (``latest=$(curl -H "X-Trace: $(kubectl config view --raw)" …)`` sends from inside one)."""
        if depth < MAX_NESTING and ("$(" in text or "`" in text):
            for inner in _substitutions(text):
                self._run(inner, line, depth + 1)
        func = self.cur if depth == 0 else None  # inside a function: what its top-level commands print is its output
        held = {} if "||" in text else None  # `a > f || b > f`: either may have written f, so f keeps a's secret
        for pipeline in _split(text, ("&&", "||", ";", "&", "\n")):
            stages = [s.strip().lstrip("&").strip() for s in _split(pipeline, ("|",))]
            stages = [s for s in stages if s and s != "}"]
            out = self._pipeline(stages, line)
            if held is not None:
                _hold_alternatives(self.files, held)
            if self.groups and out and self.groups[-1] is None and depth == 0 and not _redirect_out(stages[-1]):
                self.groups[-1] = out  # a command in a group prints into the group's output
            if func and out and stages and not _redirect_out(stages[-1]):
                self.funcs.setdefault(func, out)

    # ---------------------------------------------------------------- values
    def _taint(self, text: str, line: int, depth: int = 0) -> tuple[str, int] | None:
        """What a piece of text (an assignment's value, an argument) carries: downloaded or secret."""
        for inner in _substitutions(text):
            for stage in _split(inner, ("|", ";", "&&", "||")):
                t = self._stage_output([self._path(w) for w in _words(stage)], stage, line, depth + 1)
                if t:
                    return t
        return self._var_taint(text)

    def _var_taint(self, text: str) -> tuple[str, int] | None:
        """What the first variable named in ``text`` that carries something carries."""
        for name in VAR_REF.findall(text):
            if name in self.vars:
                return self.vars[name]
        return None

    def _stage_output(self, words: list[str], raw: str, line: int, depth: int = 0) -> tuple[str, int] | None:
        """What one command writes to its standard output, if it carries a download or a secret."""
        cmd, args = _command(words)
        if cmd in self.funcs:
            return self.funcs[cmd]  # a function of this script whose body prints a download or a secret
        if cmd in DOWNLOADERS and _download_target(cmd, args) is None:
            self.commands.setdefault(line, " ".join(words))
            return ("downloaded", line)
        if cmd in ("cat", "base64", "xxd", "gzip", "tar", "zip", "head", "tail", "openssl", "gpg", "<", "jq", "yq") \
                or raw.startswith("<"):  # jq --slurpfile s state.json: a JSON tool prints what it reads
            for a in args:
                if a in self.files:
                    return self.files[a]
                if CREDENTIAL.search(a):
                    return ("secret", line)
        if cmd is not None and ENV_DUMP.match(cmd) and not args or SECRET_CMD_RE.search(raw):
            return ("secret", line)
        if cmd == "find" and any(CREDENTIAL.search(a) or SECRET_FILE_RE.search(a) for a in args if not a.startswith("-")):
            return ("secret", line)  # the paths of credential files (find … -name '.env*' -o -name '*.pem'), for an archive
        if depth < MAX_NESTING and ("$(" in raw or "`" in raw or "<(" in raw):
            # the stage's own substitutions are commands too: x=$(echo "$(curl …)") prints the download
            t = self._taint(raw, line, depth)
            if t:
                return t
        return self._var_taint(raw)

    def _path(self, word: str) -> str:
        """A path as written, with variables that hold a plain value expanded (``$T/x`` -> ``/tmp/q/x``)
        and ``./`` dropped, so that two spellings of one file compare equal."""
        if "$" in word:
            word = VAR_REF.sub(lambda m: self.plain.get(m.group(1), "$" + m.group(1)), word.replace("${", "$").replace("}", ""))
        return posixpath.normpath(word) if "/" in word and "://" not in word and not word.startswith("-") else word

    # ---------------------------------------------------------------- commands
    def _pipeline(self, stages: list[str], line: int) -> tuple[str, int] | None:
        """Read one pipeline's stages; returns what its last stage prints."""
        carried: tuple[str, int] | None = None  # what flows down the pipe
        for i, raw in enumerate(stages):
            if raw.startswith("(") and not raw.startswith("(("):
                body = _subshell_body(raw)
                if body is not None:  # ( curl -o "$f" "$u" && . "$f" ) >/dev/null 2>&1 &
                    carried = self._subshell(body, raw, line)
                    continue
            raw_words = _words(raw, unquote=False)
            assigns = [ASSIGN.match(w) for w in raw_words]
            if assigns and all(assigns):  # x=… [y=…]: assignments only (`x=1 cmd` sets x for cmd alone)
                for m in assigns:
                    self._assign(m.group(1), _appended(self.plain, m), line)
                continue
            words = [self._path(w) for w in _words(raw)]
            cmd, args = _command(words)
            if cmd is None:
                continue
            into = _redirect_in(raw)
            fed = carried or (self.files.get(self._path(into)) if into else None) or _here_string(self, raw, line)
            self._sink(cmd, args, raw, fed, line)
            out = self._stage_output(words, raw, line) or (fed if cmd in PASS_ON else None)
            if cmd in ("echo", "printf"):
                out = self._taint(raw, line)
            self._writes(cmd, args, raw, out, line, fed)
            carried = out
        return carried

    def _subshell(self, body: str, raw: str, line: int) -> tuple[str, int] | None:
        """A subshell, ``( cmd; cmd ) [> F]``, on one line: its commands are read as the script's own
        (what it downloads and what it runs are the script's), and what it prints goes on down the pipe
        or into the file it is redirected to, as a group's output does."""
        if self.nested >= MAX_NESTING:
            return None
        self.nested += 1
        self.groups.append(None)
        try:
            self._run(body, line, 0)
        finally:
            self.nested -= 1
        out = self.groups.pop()
        for target in _redirect_out(raw[raw.rfind(")"):]):
            if out:
                self.files[self._path(target)] = out
        return out

    def _assign(self, name: str, value: str, line: int) -> None:
        t = self._taint(value, line)
        if t:
            self.vars[name] = t
        else:
            self.vars.pop(name, None)
        plain = _unquote(value.strip())
        if plain and "$(" not in plain and "`" not in plain:
            self.plain[name] = self._path(plain)
        elif (folded := _printed(value.strip().removeprefix('"').removesuffix('"'))) is not None:
            self.plain[name] = folded  # c=$(printf '\x63\x75\x72\x6c'): the command word `$c` is curl
            self.folded = True
        else:
            self.plain.pop(name, None)

    def _sink(self, cmd: str, args: list[str], raw: str, fed, line: int) -> None:
        base = posixpath.basename(cmd).rstrip("0123456789.") or cmd
        if cmd == "eval" or base in EVAL_FLAGS and EVAL_FLAGS[base] in args:
            t = self._taint(raw.split(None, 1)[-1], line)  # the words after eval, as written
            if t and t[0] == "downloaded":
                self.out.append(Flow("SC-01", line, t[1], "downloaded", cmd))
                return
        runner = base in RUNNERS or cmd in RUN_SUB
        if runner:
            files = [a for a in args if not a.startswith("-") and a not in RUN_SUB.get(cmd, ())]
            if "-" in args and (not files or args.index("-") < args.index(files[0])):
                files = []  # `python3 - ARG… <<'PY'`: the program is read from standard input, the words after are its data
            target = self.files.get(files[0]) if files else None
            if target is None and "<(" in raw:
                target = self._taint(raw[raw.index("<("):], line)  # source <(fetch_cfg), bash <(curl …)
            if target is None and fed and not files:
                target = fed  # `… | sh`, `sh < F`, `sh <<< "$x"`
            if target is None and files:
                target = self._unpacked(files[0])  # bash "$tmp/install.sh" after tar -xzf "$tmp/b.tgz" -C "$tmp"
            if target and target[0] == "downloaded":
                self.out.append(Flow("SC-01", line, target[1], "downloaded", cmd))
                return
        elif cmd in self.files and self.files[cmd][0] == "downloaded" and "/" in cmd:
            self.out.append(Flow("SC-01", line, self.files[cmd][1], "downloaded", cmd))  # ./payload
            return
        # a secret reaching the network
        secret = fed if fed and fed[0] == "secret" else None
        if cmd in ("curl", "wget", "http", "https", "xh") or cmd in SENDERS or cmd in LOOKUPS:
            by_value = False  # a secret written into the command line itself (a header, the URL, -d "$k")
            for i, a in enumerate(args):
                if AUTH_HEADER_RE.match(a) or i and args[i - 1] in ("-o", "--output", "-O"):
                    continue  # the key used for its own API, or where the reply is written
                ref = a.lstrip("@<").split("=@", 1)[-1].split("=<", 1)[-1] if "@" in a or "<" in a else None
                if ref is None and (i and args[i - 1] in UPLOAD_FLAGS or a.startswith(UPLOAD_OPTS)):
                    ref = a.split("=", 1)[1] if a.startswith(UPLOAD_OPTS) else a  # curl -T F, wget --post-file=F: the file sent
                t = self.files.get(ref) if ref else None
                if t is None:
                    t = self._taint(a, line)
                    by_value = by_value or bool(t and t[0] == "secret")
                if t and t[0] == "secret":
                    secret = t
            sends = by_value or cmd not in ("curl", "wget") or any(_is_send_flag(a) for a in args) or (fed and "@-" in raw)
            if secret and sends:
                self.out.append(Flow("EX-02", line, secret[1], "secret", cmd))

    def _writes(self, cmd: str, args: list[str], raw: str, out, line: int, fed=None) -> None:
        """Files this command writes, and whether they now hold a download or a secret."""
        if fed and fed[0] == "secret" and cmd in ("tar", "bsdtar", "zip", "7z") and STDIN_LIST_RE.search(" " + " ".join(args)):
            # the archive of the files named on its standard input: `find … -name '*.pem' | tar cf a.tar -T -`
            archive = next((a for a in args if ARCHIVE_NAME_RE.search(a)), None)
            if archive:
                self.files[archive] = ("secret", fed[1])
        if cmd in DOWNLOADERS:
            target = _download_target(cmd, args)
            if target:
                self.files[target] = ("downloaded", line)
                self.commands.setdefault(line, " ".join([cmd, *args]))
        for target in _redirect_out(raw):
            target = self._path(target)
            if out:
                self.files[target] = out
            else:
                self.files.pop(target, None)
        if cmd == "tee" and out:
            for a in args:
                if not a.startswith("-"):
                    self.files[a] = out
        if cmd in ("cp", "mv", "install") and len(args) >= 2:
            srcs = [a for a in args[:-1] if not a.startswith("-")]
            t = next((self.files[s] for s in srcs if s in self.files), None)
            if t is None and any(CREDENTIAL.search(s) for s in srcs):
                t = ("secret", line)
            if t:
                self.files[args[-1]] = t
        if cmd in ("tar", "bsdtar", "unzip"):
            self._unpack(cmd, args)
        if cmd in ("tar", "zip", "7z", "gpg") and any(CREDENTIAL.search(a) or a in self.files for a in args[1:]):
            archive = next((a for a in args if re.search(r"\.(?:tgz|tar|gz|zip|7z|bz2|xz|gpg|bin|dat)$", a)), None)
            if archive:
                self.files[archive] = ("secret", line)

    def _unpack(self, cmd: str, args: list[str]) -> None:
        """``tar -xzf F -C D`` / ``unzip F -d D`` of a downloaded archive: every file under D is downloaded too.
        Only a folder named: unpacked into the current folder, the archive's files cannot be told from the
        skill's own (``tar xzf a.tgz; bash scripts/build.sh`` runs the skill's script)."""
        archive, dest = None, None
        if cmd == "unzip":
            rest = [a for a in args if not a.startswith("-")]
            archive = rest[0] if rest else None
            if "-d" in args and args.index("-d") + 1 < len(args):
                dest = args[args.index("-d") + 1]
        else:
            flags = [a for a in args if a.startswith("-") and not a.startswith("--")] or args[:1]
            if not any("x" in f for f in flags) and "--extract" not in args and "--get" not in args:
                return
            for i, a in enumerate(args):
                follows = i + 1 < len(args)  # the option's value is the next argument
                if follows and a in ("-C", "--directory"):
                    dest = args[i + 1]
                elif follows and (a in ("-f", "--file") or re.fullmatch(r"-?[A-Za-z]*f", a) and "x" in a):
                    archive = args[i + 1]
                elif a.startswith("--directory="):
                    dest = a.split("=", 1)[1]
                elif a.startswith("--file="):
                    archive = a.split("=", 1)[1]
        t = self.files.get(archive) if archive and dest else None
        if t and t[0] == "downloaded" and posixpath.normpath(dest) not in (".", "/"):
            self.dirs[posixpath.normpath(dest)] = t

    def _unpacked(self, path: str) -> tuple[str, int] | None:
        """What a file carries when it lies under a folder a downloaded archive was unpacked into."""
        for d, t in self.dirs.items():
            if path.startswith(d + "/"):
                return t
        return None


# ---------------------------------------------------------------- lexing


def _logical_lines(source: str):
    """(first line number, text) of each logical line: continuations joined, comments dropped."""
    start, buf = 1, []
    for n, raw in enumerate(source.split("\n"), 1):
        if not buf:
            start = n
        if raw.endswith("\\"):
            buf.append(raw[:-1])
            continue
        buf.append(raw)
        text = _uncomment(" ".join(buf)[:MAX_LINE]).strip()
        buf = []
        if text:
            yield start, text


def _uncomment(text: str) -> str:
    if "#" not in text:
        return text
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] in " \t;") :
            return text[:i]
    return text


SPECIAL_RE = re.compile(r"""\\.|['"`()|;&\n]""", re.S)


def _split(text: str, seps: tuple[str, ...]) -> list[str]:
    """Split at separators outside quotes, ``$( )``, ``( )`` and backticks (``|`` never splits ``||``,
    ``&`` never splits ``&&``, ``>&``, ``&>``)."""
    parts, depth, quote, last = [], 0, None, 0
    for m in SPECIAL_RE.finditer(text):
        c, i = m.group(), m.start()
        if len(c) == 2:  # a backslash escape: never a quote or a separator
            continue
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            sep = next((s for s in seps if text.startswith(s, i)), None)
            if sep is None or i < last:
                continue
            if sep == "|" and (text.startswith("||", i) or i and text[i - 1] == "|"):
                continue
            if sep == "&" and (text.startswith(("&&", "&>"), i) or i and text[i - 1] in "<>&|"):
                continue
            parts.append(text[last:i])
            last = i + len(sep)
    parts.append(text[last:])
    return parts


SUBST_RE = re.compile(r"\$\(\(|[$<]\(|[()`]")


def _substitutions(text: str) -> list[str]:
    """The bodies of ``$( … )``, ``<( … )`` and backtick substitutions in a piece of text (outermost;
    an unclosed one runs to the end)."""
    if "(" not in text and "`" not in text:
        return []
    out, depth, start, tick = [], 0, -1, -1
    for m in SUBST_RE.finditer(text):
        tok = m.group()
        if tick >= 0:
            if tok == "`":
                out.append(text[tick + 1:m.start()])
                tick = -1
        elif tok in ("$(", "<("):
            if depth == 0:
                start = m.end()
            depth += 1
        elif tok in ("(", "$(("):
            if depth:
                depth += 1 if tok == "(" else 2
        elif tok == ")":
            if depth:
                depth -= 1
                if depth == 0:
                    out.append(text[start:m.start()])
        elif depth == 0:
            tick = m.start()
    if depth:
        out.append(text[start:])
    elif tick >= 0:
        out.append(text[tick + 1:])
    return out


QUOTED_RE = re.compile(r'''\'([^\']*)\'|"((?:\\.|[^"\\])*)"''')
# bounded pieces: an unclosed quote or substitution costs one short look ahead, not the rest of the file;
# a substitution may hold one more (x=$(echo "$(curl …)") is one word)
WORD_RE = re.compile(r"""(?:[^\s'"`$<>]|\$\((?:[^()\n]|\$?\([^()\n]{0,400}\)){0,400}\)|\$\{[^}\n]{0,200}\}|\$\w*|'[^']{0,4000}'|"(?:\\.|[^"\\]){0,4000}"|`[^`]{0,4000}`)+|[<>]+""")


def _words(stage: str, unquote: bool = True) -> list[str]:
    """The words of one command, quotes removed; redirections stay as their own words."""
    words = WORD_RE.findall(stage)
    return [_unquote(w) for w in words] if unquote else words


def _unquote(word: str) -> str:
    """A word without its quotes (``"$T"/x.go`` -> ``$T/x.go``); backslash escapes are left as written."""
    if "'" not in word and '"' not in word:
        return word
    return QUOTED_RE.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), word)


def _command(words: list[str]) -> tuple[str | None, list[str]]:
    """The command word (after sudo/env/… and VAR=value prefixes) and its arguments, redirections left out."""
    i = 0
    while i + 1 < len(words) and (words[i] in PREFIXES or words[i].startswith("-") and i and words[i - 1] in PREFIXES
                              or ASSIGN.match(words[i]) and "=" in words[i]):
        i += 1
    rest, args, skip = words[i:], [], False
    for w in rest[1:]:
        if skip:
            skip = False
            continue
        if w in ("<", ">", ">>", "2>", "&>", "<<<", "2>>"):
            skip = True
            continue
        args.append(w)
    return (rest[0] if rest else None), args


def _download_target(cmd: str, args: list[str]) -> str | None:
    """The file a curl/wget command writes, or None when it writes to standard output."""
    url = next((a for a in args if "://" in a), "")
    for i, a in enumerate(args):
        if cmd == "curl" and (a in ("-o", "--output") or re.fullmatch(r"-[A-Za-z]*o", a)) and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--output=") or a.startswith("--output-document="):
            return a.split("=", 1)[1] if a.split("=", 1)[1] != "-" else None
        if cmd == "wget" and (a in ("-O", "--output-document") or re.fullmatch(r"-[A-Za-z]*O", a)) and i + 1 < len(args):
            return None if args[i + 1] == "-" else args[i + 1]
        if cmd == "wget" and re.fullmatch(r"-[A-Za-z]*O-", a):
            return None
        if cmd == "curl" and (a in ("-O", "--remote-name") or re.fullmatch(r"-[A-Za-z]*O", a)) and url:
            return posixpath.basename(url.split("?")[0])
    if cmd == "wget" and url:
        return posixpath.basename(url.split("?")[0]) or None
    return None


def _is_send_flag(a: str) -> bool:
    return bool(re.match(r"-(?:d|F|T)\b|-[A-Za-z]*[dFT]$|--(?:data|data-binary|data-raw|data-urlencode|form|upload-file|json"
                         r"|post-data|post-file|body-data|body-file)\b", a))


# what may follow a subshell's closing parenthesis: redirections only (`) >/dev/null 2>&1`, `) > "$f"`)
SUBSHELL_TAIL_RE = re.compile(r"\s*(?:(?:[0-9&]?>>?|<)\s*&?[^\s;&|<>()]*\s*)*")


def _subshell_body(raw: str) -> str | None:
    """The commands of a subshell stage, ``( … )`` with only redirections after it, else None."""
    end = raw.rfind(")")
    if end <= 0 or not SUBSHELL_TAIL_RE.fullmatch(raw, end + 1):
        return None
    return raw[1:end].strip() or None


def _appended(plain: dict, m: re.Match) -> str:
    """An assignment's value; ``c+=rl`` after ``c=cu`` is ``curl`` (a word built in pieces)."""
    value = m.group(2)
    if m.string[m.end(1):m.end(1) + 1] != "+" or m.group(1) not in plain:
        return value
    plain_value = _unquote(value.strip())
    if not plain_value or "$" in plain_value or "`" in plain_value:
        return value
    return plain[m.group(1)] + plain_value


def _hold_alternatives(files: dict, held: dict) -> None:
    """Within one line of alternatives (``||``), a file a command marked as holding a secret or a download
    keeps that mark when another alternative writes it plain."""
    for k, v in files.items():
        held.setdefault(k, v)
    for k, v in held.items():
        files.setdefault(k, v)


def _redirect_out(raw: str) -> list[str]:
    return [m.group(1).strip("'\"") for m in re.finditer(r"(?<![<&0-9])(?:>>?|&>)\s*([^\s;&|<>]+)", raw)
            if m.group(1) not in ("/dev/null", "&1", "&2")]


def _redirect_in(raw: str) -> str | None:
    m = re.search(r"(?<![<])<(?![<(])\s*([^\s;&|<>]+)", raw)
    return m.group(1).strip("'\"") if m else None


# `$(printf '\x63\x75\x72\x6c')`, `$(echo -e '\143url')`, `$(printf '%s' 'lruc' | rev)`, `$(echo Y3VybA== | base64 -d)`:
# a literal printed, its escapes undone, then optionally reversed or base64-decoded in the same substitution
PRINTF_LITERAL_RE = re.compile(r"""^\$\(\s*(?:printf\s+(?:(?:'%s'|"%s")\s+)?|echo\s+(?:-[neE]{1,3}\s+)?)"""
                               r"""(?:'([^'%]{1,800})'|"([^"%$`\\]{1,800})"|([A-Za-z0-9+/=._:-]{1,800}))"""
                               r"""\s*(?:\|\s*(rev|base64\s+(?:-d|-D|--decode)))?\s*\)$""")
PRINTF_ESCAPE_RE = re.compile(r"\\x([0-9A-Fa-f]{1,2})|\\([0-7]{1,3})")


def _printed(value: str) -> str | None:
    """What ``$(printf 'LITERAL')`` (or ``echo``) prints, when the run spells the word another way than
    the text: escapes (``\\xNN``, octal) undone, or the literal reversed (``| rev``) or base64-decoded
    (``| base64 -d``) in the same substitution. None for any other value (a plain printf of a plain
    word needs no folding, and is left as it was)."""
    m = PRINTF_LITERAL_RE.match(value) if value.startswith("$(") and ("\\" in value or "|" in value) else None
    if m is None:
        return _printed_pieces(value)
    lit = next(g for g in m.group(1, 2, 3) if g is not None)
    out = PRINTF_ESCAPE_RE.sub(lambda e: chr(int(e.group(1), 16) if e.group(1) else int(e.group(2), 8) & 0xFF), lit)
    how = m.group(4)
    if how == "rev":
        out = out[::-1]
    elif how:
        raw = decode_b64_strict(out)
        try:
            out = raw.decode("ascii") if raw is not None else None
        except UnicodeDecodeError:
            return None
        if out is None:
            return None
    return out if out != lit and out.isprintable() else None


# `$(printf '%s' c u r l)`: printf reuses its format for every argument, so a `%s`-only format glues the
# words it is given into one (optionally reversed: `$(printf '%s' e c r o f | rev)`)
PRINTF_PIECES_RE = re.compile(r"""^\$\(\s*printf\s+(?:'(?:%s)+'|"(?:%s)+"|(?:%s)+)((?:\s+(?:'[^'%\\]{1,40}'|"[^"%$`\\]{1,40}"|[A-Za-z0-9._:/-]{1,40})){2,60})"""
                              r"""\s*(\|\s*rev\s*)?\)$""")


# `$(echo 'sbepr' | tr 'a-z' 'n-za-m')`: a word printed through tr's rot13 (the ranges shifted by 13)
ROT13_PRINT_RE = re.compile(r"""^\$\(\s*(?:printf\s+(?:'%s'\s+)?|echo\s+(?:-n\s+)?)(?:'([A-Za-z._-]{1,60})'|"([A-Za-z._-]{1,60})"|([A-Za-z._-]{1,60}))"""
                            r"""\s*\|\s*tr\s+['"]?(?:A-Za-z|a-zA-Z|a-z|A-Z)['"]?\s+['"]?(?:N-ZA-Mn-za-m|n-za-mN-ZA-M|n-za-m|N-ZA-M)['"]?\s*\)$""")


def _printed_pieces(value: str) -> str | None:
    """What ``$(printf '%s' a b c)`` prints: its words glued (reversed after ``| rev``). None for any
    other value, and for a single word (printed as it is written)."""
    m = PRINTF_PIECES_RE.match(value) if value.startswith("$(printf") else None
    if m is None:
        r = ROT13_PRINT_RE.match(value) if "tr" in value else None
        return codecs.encode(r.group(1) or r.group(2) or r.group(3), "rot13") if r else None
    out = "".join(a or b or c for a, b, c in re.findall(r"""'([^']*)'|"([^"]*)"|(\S+)""", m.group(1)))
    return out[::-1] if m.group(2) else out


def _here_string(reader: _Reader, raw: str, line: int):
    m = re.search(r"<<<\s*(.+)$", raw)
    return reader._taint(m.group(1), line) if m else None
