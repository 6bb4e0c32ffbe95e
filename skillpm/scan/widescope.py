"""Deletions whose scope widens to everything by what a value is, not by what the deletion says.

A cleanup reads as narrow: it deletes old files under its scratch folder, the buckets whose names match its
pattern. Two ways make it delete everything while every line still reads as narrow:

* **A root that falls back to the home or the filesystem root.** ``base="${XDG_RUNTIME_DIR:-$HOME}"``,
  ``os.environ.get('SCRATCH', os.path.expanduser('~'))``, ``process.env.OUT || os.homedir()``,
  ``ENV.fetch('X', Dir.home)``, ``getenv('X') ?: getenv('HOME')``, ``$env:X ?? $HOME``,
  ``env::var("X").unwrap_or(home_dir())``, ``GetEnvironmentVariable("X") ?? …UserProfile``, ``… || '/'``, or a Go
  function that returns ``os.UserHomeDir()`` when the variable is empty. Where the variable is unset (macOS has no
  XDG_RUNTIME_DIR, a CI runner no SCRATCH), the root is the home itself. A fallback to a folder *under* the home
  (``${XDG_CACHE_HOME:-$HOME/.cache}``, ``Path.home() / '.cache'``) is the honest form and is not read.
  ``home_fallbacks`` reports DX-01 high on the fallback's line of a script that deletes files (any language's
  deletion call).
* **A matcher that matches every name.** A regex with an empty alternative (``^(?:pr-\\d+-|preview-|)``: the
  empty branch matches at the start of any name), a prefix list holding an empty string (every name starts with
  ``""``), ``startswith('')`` / ``startsWith("")`` / ``strings.HasPrefix(n, "")`` / ``includes('')``. Read in
  a settings file (JSON, TOML, YAML, INI, a key = value list) whose key a deleting script of the skill reads, and
  in a deleting script's own literals. A regex is judged by what it does: it is compiled and tried on names it
  was never written for, and it must match them all (``^(pr-|preview-)`` does not; ``^(a|)$`` does not).
  ``match_all`` reports DX-01 high on the matcher's line.

A file without a fallback operator next to a home word, or without an empty string or an alternation, pays a
few substring tests.
"""

from __future__ import annotations

import json
import re

from skillpm.scan import litgate, values
from skillpm.scan.docunits import line_at
from skillpm.scan.result import Finding

FILE_MAX = 256 * 1024
# what deletes files or folders, by language (shell, Python, JS, Go, Rust, Ruby, PHP, PowerShell, .NET, JVM) and
# by cloud and container CLIs (a bucket, a volume, a namespace)
DELETE_RE = re.compile(
    r"\brm\s+-|\brm\s+--|-delete\b|-exec\s+rm\b|\bxargs\b[^\n]{0,40}\brm\b|rmtree\(|os\.(?:remove|unlink|removedirs)\(|\.unlink\("
    r"|\brmSync\(|\brmdirSync\(|\bunlinkSync\(|\bfs(?:\.promises)?\.(?:rm|rmdir|unlink)\(|\brimraf\b|\bfse?\.remove(?:Sync)?\("
    r"|os\.RemoveAll\(|os\.Remove\(|remove_dir_all\(|remove_file\(|FileUtils\.rm(?:_rf|_r|_f)?\b|File\.delete\(|\bunlink\("
    r"|Remove-Item\b|Directory\.Delete\(|File\.Delete\(|Files(?:\.|::)delete(?:IfExists)?\b|deleteDirectory\(|deleteRecursively\(|forceDelete\(|\brmdir\b"
    r"|delete-(?:bucket|objects?|volume|snapshot|stack|repository|function|table)\b|\bs3\s+(?:rm|rb)\b|\bgsutil\s+(?:-m\s+)?rm\b"
    r"|\b(?:docker|podman)\s+(?:volume\s+|image\s+|container\s+)?(?:rm|rmi|prune)\b|\bkubectl\s+delete\b|\bgcloud\b[^\n]{0,80}\bdelete\b"
    r"|\baz\b[^\n]{0,80}\bdelete\b|\b(?:Delete|delete)(?:Bucket|Objects?|Volume|Namespace|Repository)s?\(|\.destroy\("
    r"|(['\"])(?:rm|rmi|rb|prune|delete|delete-\w{1,30})\1\s*,")  # a delete subcommand as an argv element
DELETE_BYTES = (b"rm", b"delete", b"Delete", b"rmtree", b"remove", b"Remove", b"unlink", b"prune", b"destroy", b"rimraf")

# ---------------------------------------------------------------- a root that falls back to the home

# the home itself or the filesystem root, as a value (quoted or not); a path under it does not end here
HOME_VALUE = (r"""(?:(['"`])(?:~|\$HOME|\$\{HOME\}|/)/?\1|~|\$HOME|\$\{HOME\}"""
              r"""|os\.path\.expanduser\(\s*['"]~/?['"]\s*\)|str\(\s*Path\.home\(\)\s*\)|Path\.home\(\)"""
              r"""|(?:os\.|require\(\s*['"](?:node:)?os['"]\s*\)\.)?homedir\(\)"""
              r"""|Dir\.home\b|os\.UserHomeDir\(\)|(?:dirs|home|std::env|env)::home_dir\(\)(?:\.unwrap\(\)|\.expect\([^)\n]{0,60}\))?"""
              r"""|System\.getProperty\(\s*"user\.home"\s*\)|Environment\.GetFolderPath\(\s*Environment\.SpecialFolder\.UserProfile\s*\)"""
              r"""|\$env:(?:USERPROFILE|HOME)|process\.env\.HOME|process\.env\[['"]HOME['"]\]|os\.environ\[['"]HOME['"]\]"""
              r"""|ENV\[['"]HOME['"]\]|ENV\.fetch\(\s*['"]HOME['"]\s*\)|getenv\(\s*['"]HOME['"]\s*\)|\$_SERVER\[['"]HOME['"]\])""")
# (a conversion of the home to text or a path changes nothing: .display().to_string(), .toString(), .resolve())
VALUE_END = (r"""(?:\.(?:display|to_string|to_str|to_string_lossy|unwrap|clone|to_path_buf|toString|as_posix|resolve|absolute)\(\))*"""
             r"""(?=\s*(?:[)}\],;]|\|\||\?\?|#|//|$))"""
             # (a join's next argument names a folder under it: ``path.join(process.env.X || os.homedir(), 'Downloads')``)
             r"""(?!\s*,\s*['"`][^'"`\s])""")
# a variable of the environment read: each language's call, then its fallback operator (or the default argument)
ENV_READ = (r"""(?:os\.environ\.get|os\.getenv|environ\.get|ENV\.fetch|System\.getenv|GetEnvironmentVariable|env::var(?:_os)?"""
            r"""|getenv|getenv\(\)\.getOrDefault)\(\s*['"](\w{1,60})['"]\s*\)?|process\.env(?:\.(\w{1,60})|\[['"](\w{1,60})['"]\])|ENV\[['"](\w{1,60})['"]\]"""
            r"""|\$_(?:ENV|SERVER)\[['"](\w{1,60})['"]\]|\$env:(\w{1,60})""")
FALLBACK_OP = (r"""[^\n;]{0,60}?(?:\|\||\?\?|\?:|\bor\b|-or\b|\.orElse(?:Get)?\(\s*(?:\(\)\s*->\s*)?|\.unwrap_or(?:_else)?\(\s*(?:\|_?\w*\|\s*)?"""
               r"""|\.map_or\([^,\n]{0,40},\s*|,)\s*""")
FALLBACK_RE = re.compile(r"(?:" + ENV_READ + r")" + FALLBACK_OP + HOME_VALUE + VALUE_END, re.M)
SHELL_FALLBACK_RE = re.compile(r"""\$\{(\w{1,60}):?[-=]["']?(?:\$HOME|\$\{HOME\}|~|/)/?["']?\}""")
# Go: a function that returns the home when the variable is empty (an early return of the variable above it)
GO_FALLBACK_RE = re.compile(r"""os\.(?:Getenv|LookupEnv)\(\s*"(\w{1,60})"\s*\)[^\n]*\n(?:[^\n]*\n){0,6}?[ \t]*(\w+)(?:\s*,\s*\w+)?\s*:?=\s*"""
                            r"""os\.UserHomeDir\(\)[^\n]*\n(?:[^\n]*\n){0,3}?[ \t]*return\s+(?:\2)\b\s*(?:,\s*\w+\s*)?$""", re.M)
# what reads the environment, in some language (a file with none has no fallback to read)
ENV_BYTES = (b"environ", b"getenv", b"Getenv", b"LookupEnv", b"process.env", b"ENV", b"$env:", b"env::var", b"EnvironmentVariable",
             b":-", b":=")
HOME_WORDS = ("HOME", "~", ":-/}", ":=/}", ":-\"/\"}", "home", "Home", "'/'", '"/"', "`/`", "USERPROFILE", "user.home", "UserProfile")
FALLBACK_WORDS = ("||", "??", "?:", ":-", ":=", " or ", "-or", "orElse", "unwrap_or", "map_or", ".get(", "getenv(", "fetch(",
                  "UserHomeDir")


# shell: a name given exactly the fallback (``root="${X:-$HOME}"``), and what may follow a use of that name for the
# use to be a named folder under it: ``/`` and a word, or ``/${Y:-word}`` (a sub-folder with a non-empty default)
SHELL_ROOT_ASSIGN_RE = re.compile(r"""[ \t]*(?:(?:local|export|readonly|declare(?:[ \t]+-\w+)?)[ \t]+)?([A-Za-z_]\w{0,40})=["']?$""")
UNDER_NAMED_RE = re.compile(r"""/(?:[\w.-]|\$\{\w{1,60}:?-[^}\s]+\})""")
# a find that selects by a literal name pattern holding more than wildcards (``-name "*.log.gz"``): selective
SELECTIVE_FIND_RE = re.compile(r"""\bfind\b[^\n]*\s-i?name\s+(["']?)(?=[^"'\s$]*[\w.])[^"'\s$]+\1(?=\s)""")


def _under_named_folder(text: str, off: int) -> bool:
    """Whether the shell fallback at ``off`` is the whole value of a name that every later use extends with a named
    folder (``"${root%/}/archive"``, ``"$root/${SUB:-rotated}"``): the root deleted under is then that folder."""
    ls = text.rfind("\n", 0, off) + 1
    m = SHELL_ROOT_ASSIGN_RE.match(text, ls, off)
    if not m:
        return False
    name = m.group(1)
    uses = list(re.compile(r"\$(?:\{" + name + r"(?:%/?)?\}|" + name + r"\b(?!\}))").finditer(text, off))
    return bool(uses) and all(UNDER_NAMED_RE.match(text, u.end()) for u in uses)


def _selective(text: str) -> bool:
    """Whether every deletion of a shell script is a find that selects by a literal name pattern."""
    lines = [text[slice(*line_at(text, m.start()))] for m in DELETE_RE.finditer(text)]
    return bool(lines) and all(SELECTIVE_FIND_RE.search(ln) for ln in lines)


def _fallback(text: str) -> tuple[int, str] | None:
    """(offset, variable) of the first root that falls back to the home or the filesystem root."""
    hits = []
    if ":-" in text or ":=" in text:
        shell = list(SHELL_FALLBACK_RE.finditer(text))
        if shell and not _selective(text):  # (a whole-file answer: asked once, not per fallback)
            hits += [(m.start(), m.group(1)) for m in shell if not _under_named_folder(text, m.start())]
    if "UserHomeDir" in text:
        hits += [(m.start(), m.group(1)) for m in GO_FALLBACK_RE.finditer(text)]
    hits += [(m.start(), next(g for g in m.groups() if g and g not in "'\"`")) for m in FALLBACK_RE.finditer(text)]
    hits = [h for h in hits if h[1] != "HOME"]
    return min(hits) if hits else None


def home_fallbacks(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """DX-01 high where a script that deletes files takes a root from the environment that falls back to the home
    or the filesystem root (module doc)."""
    from skillpm.scan import builtsql
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if len(data) > FILE_MAX or not builtsql._code(path, data) or not any(w in data for w in ENV_BYTES) \
                or not any(w in data for w in DELETE_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if not any(w in text for w in FALLBACK_WORDS):
            continue
        how = values.doings(text) - {"code"} if litgate.any_in(data, values.GATE_BYTES) else None
        if how:  # the fallback spelled (a home kept base64 and reversed, hex, a decode pipeline): as the run makes it
            text = values.view(text, how, values.shell_env(text, files) if "$(" in text else None) or text
        if not any(w in text for w in HOME_WORDS):
            continue
        hit = _fallback(text)
        if hit is None or not DELETE_RE.search(text):
            continue
        if any(f.file == path and f.rule == "DX-01" and f.grades and f.severity in ("high", "critical") for f in found):
            continue
        off, var = hit
        line = text.count("\n", 0, off) + 1
        rule = sc.by_id["DX-01"]
        shown = data.decode("utf-8", errors="replace").split("\n")[line - 1]  # (the line as written)
        out.append(Finding("DX-01", rule.category, "high", path, line, _window(shown.rstrip("\r"), 0),
                           rule.message, note=f"deletes under a root that falls back to the home folder (or the filesystem "
                                              f"root) when {var} is unset or empty"))
    return out


# ---------------------------------------------------------------- a matcher that matches every name

# names no narrowing pattern was written for: a matcher that matches all of them matches everything
PROBES = ("terraform-state", "customer-data-prod", "Q", "zz9.backup", "main")
# an alternation with an empty branch: (…|), (|…), (?:…||…), or a top-level trailing/leading |
EMPTY_BRANCH_RE = re.compile(r"\|\)|\(\?:\||\(\||\|\||^\^?\||\|\$?$")
# a matcher called with an empty string: every name starts with, contains, matches ''
# (searched from each empty literal that closes a call, backwards: the names alone are searched in no file)
EMPTY_ARG_RE = re.compile(r"""(['"`])\1\s*\)""")
EMPTY_MATCHER_RE = re.compile(r"""\b(?:startswith|startsWith|start_with\?|HasPrefix|has_prefix|starts_with|str_starts_with|includes"""
                              r"""|contains|Contains|StartsWith|fnmatch|endsWith|endswith|HasSuffix)\(\s*(?:[\w.$\[\]'"]{1,60},\s*)?$""")
# what uses a value as a matcher (a regex built or tried, a prefix or substring test, a glob)
MATCH_USE_RE = re.compile(r"""\bRegExp\(|re\.(?:compile|match|search|fullmatch)\(|regexp\.(?:MustCompile|Compile|MatchString)\("""
                          r"""|Regex::new\(|new Regex\(|Pattern\.compile\(|preg_match\(|=~|\.match\??\(|\.test\(|startswith\(|startsWith\("""
                          r"""|start_with\?\(|HasPrefix\(|starts_with\(|str_starts_with\(|fnmatch|\.includes\(|\.contains\(|StartsWith\(""")
# a settings key that names a selector (its value chooses what is acted on): match, pattern, regex, prefixes, include…
SELECTOR_KEY_RE = re.compile(r"match|pattern|regex|regexp|(?:^|[_.-])re$|filter|include|select|prefix|suffix|glob|names?$|targets?$",
                             re.IGNORECASE)
SETTINGS_SUFFIXES = (".json", ".toml", ".yaml", ".yml", ".ini", ".cfg", ".conf", ".env", ".properties", ".map")
SETTINGS_MAX = 64 * 1024
# a key = value or key: value line (quoted or not), a list item, a JSON member
KV_RE = re.compile(r"""^[ \t]*["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*[:=][ \t]*(.*?)[ \t]*,?[ \t]*$""", re.M)
ITEM_RE = re.compile(r"""^[ \t]*-[ \t]+(["'])(.*?)\1[ \t]*$|^[ \t]*-[ \t]*$""", re.M)
QUOTED_RE = re.compile(r"""(["'])((?:(?!\1)[^\\\n]|\\.){0,300})\1""")
# a pattern where the code makes a regex of it: a regex constructor's or matcher's first argument (every language's),
# grep -E's and =~'s operand, or a JavaScript/Ruby/Perl regex literal where an expression starts
REGEX_ARG_RE = re.compile(r"""(?:\bRegExp|\bre\.(?:compile|match|search|fullmatch|findall|finditer)|\bregexp\.(?:MustCompile|Compile|MatchString)"""
                          r"""|\bRegex(?:::new)?|Pattern\.(?:compile|matches)|\bpreg_(?:match|match_all|grep)|Regexp\.new|\bqr)\(\s*[rR]?(["'`])"""
                          r"""((?:(?!\1)[^\\\n]|\\.){1,300})\1|\bgrep\s+-[a-zA-Z]*E[a-zA-Z]*\s+(["'])((?:(?!\3)[^\n]){1,300})\3"""
                          r"""|=~\s*(["']?)([^\s"']{1,300})\5|(?:[=(,:!&|?]|\breturn)\s*/((?:[^/\\\n]|\\.){1,300})/[dgimsuyx]{0,6}(?=\s*[.;,)\n]|\s*$)""")


def _as_python(pattern: str) -> str:
    """A JS/Go/PCRE pattern in Python's dialect, as far as the difference matters here."""
    return pattern.replace("(?<", "(?P<").replace("(?P<=", "(?<=").replace("(?P<!", "(?<!").replace("\\\\", "\\")


def matches_everything(pattern: str) -> bool:
    """Whether a regex with an empty alternation branch matches every name (tried on PROBES); a pattern with a
    blank in it is a command or a sentence, not a name's."""
    if "|" not in pattern or not EMPTY_BRANCH_RE.search(pattern) or any(c.isspace() for c in pattern):
        return False
    try:
        rx = re.compile(_as_python(pattern))
    except (re.error, RecursionError, ValueError):
        return False
    return all(rx.search(p) for p in PROBES)


def _settings_matchers(text: str, path: str):
    """(line, key, what) for each value of a settings file that matches every name: a regex with an empty
    branch, or an empty string among a list's entries."""
    out = []
    if path.lower().endswith(".json"):
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        stack = [(None, doc)]
        while stack:
            key, v = stack.pop()
            if isinstance(v, dict):
                stack += list(v.items())
            elif isinstance(v, list):
                if key and any(x == "" for x in v) and any(isinstance(x, str) and x for x in v):
                    out.append((key, "an empty string among its entries (every name starts with, contains or matches it)"))
                stack += [(key, x) for x in v if isinstance(x, (dict, list))]
                stack += [(key, x) for x in v if isinstance(x, str)]
            elif isinstance(v, str) and key and matches_everything(v):
                out.append((key, f"the pattern {v!r}: its empty alternative matches every name"))
        found = []
        for key, what in out:
            m = re.search(r'"' + re.escape(key) + r'"\s*:', text)
            found.append((text.count("\n", 0, m.start()) + 1 if m else 1, key, what))
        return found
    last_key = None
    for m in KV_RE.finditer(text):
        key, raw = m.group(1), m.group(2)
        line = text.count("\n", 0, m.start()) + 1
        vals = [q.group(2) for q in QUOTED_RE.finditer(raw)] or [raw.strip()]
        if raw.startswith("[") and '""' in raw.replace(" ", "") or raw.startswith("[") and "''" in raw.replace(" ", ""):
            if any(vals):
                out.append((line, key, "an empty string among its entries (every name starts with, contains or matches it)"))
                continue
        for v in vals:
            if matches_everything(v):
                out.append((line, key, f"the pattern {v!r}: its empty alternative matches every name"))
                break
        last_key = key
    if last_key is not None and ('""' in text or "''" in text):
        for m in ITEM_RE.finditer(text):  # a YAML list item that is an empty string, under the key above it
            if m.group(2) == "" and m.group(1):
                before = [k for k in KV_RE.finditer(text, 0, m.start())]
                if before:
                    k = before[-1]
                    out.append((text.count("\n", 0, m.start()) + 1, k.group(1),
                                "an empty string among its entries (every name starts with, contains or matches it)"))
    return out


def _code_matchers(text: str):
    """(offset, what) for each matcher in a script's own literals that matches every name."""
    out = []
    if "''" in text or '""' in text or "``" in text:
        for e in EMPTY_ARG_RE.finditer(text):
            m = EMPTY_MATCHER_RE.search(text, max(0, e.start() - 90), e.start())
            if m:
                out.append((m.start(), f"{text[m.start():e.end()]} is true of every name"))
    if "|)" in text or "(|" in text or "||" in text:
        # only the lines that hold an empty branch are searched for a regex (|| only beside a regex call's name)
        start = 0
        for ln in text.split("\n"):
            if "|)" in ln or "(|" in ln or "||" in ln and any(w in ln for w in REGEX_CALL_WORDS):
                for m in REGEX_ARG_RE.finditer(ln):
                    body = m.group(2) or m.group(4) or m.group(6) or m.group(7) or ""
                    if "|" in body and matches_everything(body):
                        out.append((start + m.start(), f"the pattern {body!r}: its empty alternative matches every name"))
            start += len(ln) + 1
    return sorted(out)


# cheap tests on a file's bytes before any pattern is searched: an empty string closing a call (a matcher given ''),
# an alternation with an empty branch at its edge, or || beside a regex constructor (a branch empty in the middle)
EMPTY_CALL_BYTES = (b"'')", b'"")', b"``)", b"'' )", b'"" )')
EDGE_BRANCH_BYTES = (b"|)", b"(|")
REGEX_CALL_BYTES = (b"RegExp", b"re.compile", b"re.match", b"re.search", b"re.fullmatch", b"re.find", b"regexp.", b"Regex",
                    b"Pattern.", b"preg_", b"=~", b"grep -", b"qr(")
REGEX_CALL_WORDS = tuple(w.decode() for w in REGEX_CALL_BYTES) + ("/",)
# the same for a settings file: an empty string in a list, or an alternation with an empty branch
SETTINGS_BYTES = (b'""]', b'"",', b'"" ,', b'"" ]', b"'']", b"'',", b"'' ,", b'- ""', b"- ''", b"|)", b"(|", b"||")


def _may_match_all(data: bytes) -> bool:
    return any(w in data for w in EMPTY_CALL_BYTES) or any(w in data for w in EDGE_BRANCH_BYTES) \
        or (b"||" in data and any(w in data for w in REGEX_CALL_BYTES))


def match_all(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """DX-01 high where what a deleting script selects is chosen by a matcher that matches every name (module doc)."""
    from skillpm.scan import builtsql
    from skillpm.scan.engine import _window

    rule = sc.by_id["DX-01"]
    out = []
    for path, data in files.items():  # a deleting script's own matchers
        if len(data) > FILE_MAX or not builtsql._code(path, data) or not _may_match_all(data) \
                or not any(w in data for w in DELETE_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        hits = _code_matchers(text)
        if hits and DELETE_RE.search(text):
            off, what = hits[0]
            line = text.count("\n", 0, off) + 1
            out.append(Finding("DX-01", rule.category, "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               rule.message, note=f"selects what it deletes with a matcher that matches every name: {what}"))
    deleting = None  # the scripts that delete what they match, found only when a settings file has a candidate
    for path, data in files.items():
        if len(data) > SETTINGS_MAX or not path.lower().endswith(SETTINGS_SUFFIXES) or not any(w in data for w in SETTINGS_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        for line, key, what in _settings_matchers(text, path):
            leaf = key.rsplit(".", 1)[-1]
            if not SELECTOR_KEY_RE.search(leaf):
                continue  # a command's `a || b`, a list of options: not what selects the names
            if deleting is None:
                deleting = {}
                for p, d in files.items():
                    if len(d) <= FILE_MAX and any(w in d for w in DELETE_BYTES) and builtsql._code(p, d):
                        t = d.decode("utf-8", errors="replace")
                        if MATCH_USE_RE.search(t) and DELETE_RE.search(t):
                            deleting[p] = t
            readers = [p for p, t in deleting.items() if p != path and re.search(r"(?<![\w-])" + re.escape(leaf) + r"(?![\w-])", t)]
            if not readers:
                continue
            out.append(Finding("DX-01", rule.category, "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                               rule.message, note=f"{key!r} holds {what}; {readers[0]} reads it to choose what it deletes"))
            break
    return out
