"""A deletion whose root is the user's home, reached by a path that climbs back out with ``..``, or taken
entry by entry.

A cache cleaner that means to wipe the home does not name it: it deletes ``"$HOME/.cache/.."/*``,
``os.path.join(home, '.local', 'share', '..', '..')`` or ``path.join(os.homedir(), '.npm', '..')``, each a
folder under the home as written and the home itself as the system resolves it. And it deletes the home's
entries one at a time (``for d in "$HOME"/*``, ``os.listdir(home)``, ``fs.readdirSync(os.homedir())``)
rather than the folder, which no pattern that looks for ``rm -rf ~`` reads.

``climbed_paths`` reads each shell, Python and JavaScript script that both climbs (``/..``, ``'..'``, a
parent taken of a folder just under the home: ``dirname``, ``.parent``) or lists the home and deletes
recursively:

- a copy with every ``seg/..`` pair taken out of its paths (after the shell's literal variables are
  expanded: ``up=".cache"; up="$up/.."``), rescanned: what the rules find there and not in the script
  (``rm -rf "$HOME"``) is reported on its line;
- in that copy, the home's entries listed (a glob of the home, ``listdir``/``scandir``/``iterdir``/
  ``readdirSync``/``Dir.children`` of the home or of a name holding it) and each entry deleted (the
  loop's name in a recursive deletion a few lines on, or a shell function that prints the entries piped
  into a ``while read`` loop that deletes them) is DX-01 critical on the deletion. A script that lists
  the home only to report on it, and deletes something else, stays as it was.

A ``..`` that stays under the folder it starts from (``$HOME/.cache/pip/../pip-tools``) leaves a folder
under the home, and the cleanup there stays what it is.
"""

from __future__ import annotations

import re

from skillpm.scan import assembled, flow
from skillpm.scan.result import Finding
from skillpm.scan.rules import RANK

SCRIPT_MAX = 256 * 1024
NOT_CODE = (".md", ".markdown", ".txt", ".json", ".yaml", ".yml", ".toml")  # documents and data: no script language
LANGS = ("shell", "python", "javascript", "ruby")
CLIMB_BYTES = (b"/..", b"'..'", b'"..\"', b"'../", b'"../', b"dirname", b".parent")
LIST_BYTES = (b"$HOME\"/*", b"$HOME/*", b"${HOME}/*", b"~/*", b"$HOME\"/.", b"listdir", b"scandir", b"iterdir",
              b"readdir", b"Dir.children", b"Dir.entries", b"Dir.glob", b"glob(")
HOME_BYTES = (b"HOME", b"~", b"homedir", b"expanduser", b"Path.home", b"Dir.home")
# a climb written out: `/seg/..`, `'..'` as an argument, `seg/..'`, or a parent taken (dirname, .parent)
CLIMB_B_RE = re.compile(rb"""[\w.-]/\.\.(?:[/"'\s)`;]|$)|['"]\.\.['"]|\bdirname\b|\.parent\b""", re.M)
# a shell value that climbs, for a use to expand (`up="$up/.."`)
CLIMB_ASSIGN_RE = re.compile(r"""(?m)=["']?[^\s=;]{0,120}/\.\./?["']?[ \t]*(?:;|$)""")
DELETE_BYTES = (b"rm ", b"rm\t", b"rmtree", b"rmSync", b"rmdirSync", b"rimraf", b"-delete", b"rm_rf", b"rm_r",
                b"remove_tree", b"fs.rm(", b"promises.rm(")

# one step down and back up again inside a path: `/seg/..`, and in a call's arguments `'seg', '..'` or `/ 'seg' / '..'`
_SEG = r"""(?!\.\.?(?![\w.-]))[\w.-]{1,80}"""
SLASH_PAIR_RE = re.compile(r"/" + _SEG + r"/\.\.(?=[/\"'\s)`;]|$)", re.M)
ARG_PAIR_RE = re.compile(r"""\s*,\s*(['"])""" + _SEG + r"""\1\s*,\s*(['"])\.\.\2""")
ARG_CLIMB_RE = re.compile(r"""\s*,\s*(['"])""" + _SEG + r"""/\.\.\1""")
DIV_PAIR_RE = re.compile(r"""\s*/\s*(['"])""" + _SEG + r"""\1\s*/\s*(['"])\.\.\2""")
# one step down then the parent taken: `os.path.dirname(os.path.join(H, 'x'))`, `path.dirname(path.join(os.homedir(),
# '.npm'))`, `(Path.home() / '.cache').parent`, `Path.home().joinpath('.cache').parent`, `$(dirname "$HOME/.cache")`
_HOMEISH = r"""(?:[\w.]+\(\s*(?:['"]~/?['"])?\s*\)|[A-Za-z_]\w{0,40})"""
PARENT_RES = (
    re.compile(r"""\b(?:os\.path\.dirname|path\.dirname)\(\s*(?:os\.path\.join|path\.join|path\.resolve)\(\s*(""" + _HOMEISH
               + r""")\s*,\s*(['"])""" + _SEG + r"""/?\2\s*\)\s*\)"""),
    re.compile(r"""\(\s*(""" + _HOMEISH + r""")\s*/\s*(['"])""" + _SEG + r"""/?\2\s*\)\.parent\b(?!\.)"""),
    re.compile(r"""(""" + _HOMEISH + r""")\.joinpath\(\s*(['"])""" + _SEG + r"""/?\2\s*\)\.parent\b(?!\.)"""),
    re.compile(r"""\$\(\s*dirname\s+(?:--\s+)?"?(\$\{?HOME\}?|~)/""" + _SEG + r"""/?"?\s*\)()"""),
)
PARENT_WORDS = ("dirname(", ").parent", ".joinpath(", "dirname ")  # what each of PARENT_RES needs
DIRNAME_TILDE_RE = re.compile(r"""\bos\.path\.dirname\(\s*os\.path\.expanduser\(\s*(['"])~/""" + _SEG + r"""/?\1\s*\)\s*\)""")
# a join left with one argument is that argument
JOIN_ONE_RE = re.compile(r"""\b(?:os\.path\.join|path\.join|path\.resolve|File\.join|File\.expand_path)\(\s*"""
                         r"""((?:[\w.]+\((?:\s*['"][~/]{0,2}['"]\s*|\s*)\)|[\w.\[\]'"]+))\s*\)""")
TRAIL_SLASH_RE = re.compile(r"""(\$\{?HOME\}?|~)/(?=["'])""")

# the home itself, in each language
HOME_EXPR = (r"""(?:"?\$\{?HOME\}?"?|~|os\.path\.expanduser\(\s*['"]~/?['"]\s*\)|(?:pathlib\.)?Path\.home\(\)"""
             r"""|os\.environ\[\s*['"]HOME['"]\s*\]|os\.(?:environ\.get|getenv)\(\s*['"]HOME['"]\s*\)|os\.homedir\(\)"""
             r"""|process\.env\.HOME|process\.env\[\s*['"]HOME['"]\s*\]|Dir\.home|ENV\[\s*['"]HOME['"]\s*\])""")
HOME_ASSIGN_RE = re.compile(r"""^[ \t]*(?:(?:local|export|readonly|const|let|var)[ \t]+)?\$?([A-Za-z_]\w{0,40})[ \t]*(?::[^=\n]{1,30})?=[ \t]*"""
                            + HOME_EXPR + r"""[ \t]*;?[ \t]*(?:#[^\n]*)?$""", re.M)
# the home's entries listed: a glob of it, or a call that lists a folder given the home (or a name holding it)
SH_HOME_GLOB_RE = re.compile(r"""(?:"\$\{?HOME\}?"|\$\{?HOME\}?|~)/(?:\*|\.\[!\.\]\*|\.\*|\{\*,\.\*\})(?=[\s;)"]|$)""", re.M)
LIST_CALL = (r"""(?:os\.listdir|os\.scandir|glob\.glob|glob\.iglob|fs\.readdirSync|fs\.readdir|fs\.promises\.readdir|"""
             r"""readdir|Dir\.children|Dir\.entries|Dir\.each_child)\(\s*(?:os\.path\.join\(\s*)?""")
# a recursive deletion of a path held in a variable (not a literal)
DELETE_RE = re.compile(r"""\brm\s+(?:-{1,2}[\w-]+\s+){0,3}-[a-zA-Z]*[rR][a-zA-Z]*\b[^\n;&|]{0,40}?["']?\$\{?\w"""
                       r"""|\bxargs\b[^\n;&|]{0,40}?\brm\s+(?:-{1,2}[\w-]+\s+){0,3}-[a-zA-Z]*[rR]"""
                       r"""|-exec\s+rm\s+-[a-zA-Z]*[rR]|\s-delete\b"""
                       r"""|\b(?:shutil\.)?rmtree\(\s*(?!['"])[\w.(]|\bfs\.(?:rm|rmdir)(?:Sync)?\(\s*(?!['"])[\w.(`$][^\n]{0,160}?\brecursive\b"""
                       r"""|\b(?:promises\.rm|rimraf(?:\.sync)?)\(\s*(?!['"])|\bFileUtils\.(?:rm_rf|rm_r|remove_dir)\(\s*(?!['"])""")


def _unclimbed(text: str) -> str:
    """``text`` with each step down and back up (``seg/..``) taken out of its paths, a bounded number of rounds."""
    start = text
    for _ in range(6):
        before = text
        if "/.." in text:
            text = SLASH_PAIR_RE.sub("", text)
        if "'..'" in text or '".."' in text:
            text = ARG_PAIR_RE.sub("", text)
            text = DIV_PAIR_RE.sub("", text)
        if "/..'" in text or '/.."' in text:
            text = ARG_CLIMB_RE.sub("", text)
        if "dirname" in text or ".parent" in text:
            for rx, word in zip(PARENT_RES, PARENT_WORDS):
                if word in text:
                    text = rx.sub(lambda m: m.group(1), text)
            if "dirname(" in text:
                text = DIRNAME_TILDE_RE.sub("os.path.expanduser('~')", text)
        if text == before:
            break
    if text != start:
        text = JOIN_ONE_RE.sub(lambda m: m.group(1), text)
        text = TRAIL_SLASH_RE.sub(lambda m: m.group(1), text)
    return text


def _lists_home(text: str) -> re.Match | None:
    """Where a script lists the home's entries: a glob of it, or a listing call given it or a name holding it."""
    m = SH_HOME_GLOB_RE.search(text)
    if m:
        return m
    names = {a.group(1) for a in HOME_ASSIGN_RE.finditer(text)}
    whom = HOME_EXPR if not names else r"(?:" + HOME_EXPR + r"|\b(?:" + "|".join(sorted(names)) + r")\b)"
    m = re.search(LIST_CALL + whom + r"""\s*(?:\)|,\s*['"]\*['"]|[,)])""", text)
    if m:
        return m
    return re.search(r"(?:" + whom + r")\s*\.(?:iterdir|glob|rglob)\(\s*(?:['\"]\*['\"])?\s*\)|(?:" + whom
                     + r""")\s*/\s*['"]\*['"]""", text)


# the name a loop over the listing binds (Python/shell `for x in`, JS `for (const x of`, `.forEach(x =>`, Ruby `|x|`)
LOOP_VAR_RES = (re.compile(r"\bfor\s+(?:\(\s*(?:const|let|var)\s+)?([A-Za-z_]\w{0,40})\s+(?:in|of)\b"),
                re.compile(r"\.(?:forEach|map|each|each_child)\s*(?:\(\s*\(?|\{\s*\||\s+do\s*\|)\s*([A-Za-z_]\w{0,40})"))
SH_FUNC_RE = re.compile(r"^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]{0,40})[ \t]*\(\)[ \t]*\{?", re.M)
LOOP_REACH = 15  # lines after the listing within which the loop deletes what it binds


def _deletes_listed(code: str, listed: re.Match) -> re.Match | None:
    """The deletion of an entry the listing gives: in the loop over it (the loop's name in the deleted path,
    within a few lines), or, when a shell function prints the entries, in a ``fn | while read x`` loop
    that deletes ``$x``."""
    start = code.rfind("\n", 0, listed.start()) + 1
    end = code.find("\n", listed.end())
    line = code[start:end if end >= 0 else len(code)]
    var = next((m.group(1) for rx in LOOP_VAR_RES for m in [rx.search(line)] if m), None)
    if var is None and end >= 0:  # `.forEach(` on the next line, a loop header continued
        nxt = code[end + 1:code.find("\n", end + 1) if code.find("\n", end + 1) >= 0 else len(code)]
        var = next((m.group(1) for rx in LOOP_VAR_RES for m in [rx.search(nxt)] if m), None)
    if var is not None:
        got = _delete_of(code, start, var)
        if got is not None:
            return got
        # a shell function printing what it lists: `roots | while read -r p; do … rm -rf "$p"`
        fn = None
        for f in SH_FUNC_RE.finditer(code, 0, end if end >= 0 else len(code)):
            if f.start() <= start:
                fn = f.group(1)
        if fn is not None and re.search(r"\b(?:printf|echo)\b[^\n]{0,60}\$\{?" + re.escape(var) + r"\b", code[start:start + 600]):
            for m in re.finditer(r"(?<![\w-])" + re.escape(fn) + r"\b[^\n|;]{0,80}\|\s*while\s+(?:IFS=\S*\s+)?read\s+(?:-r\s+)?([A-Za-z_]\w{0,40})", code):
                got = _delete_of(code, m.start(), m.group(1))
                if got is not None:
                    return got
    return None


def _delete_of(code: str, start: int, var: str) -> re.Match | None:
    """A recursive deletion within ``LOOP_REACH`` lines from ``start`` whose line names ``var``."""
    stop = start
    for _ in range(LOOP_REACH):
        nxt = code.find("\n", stop + 1)
        if nxt < 0:
            stop = len(code)
            break
        stop = nxt
    name = re.compile(r"(?<![\w.])\$?\{?" + re.escape(var) + r"\b")
    for d in DELETE_RE.finditer(code, start, stop):
        ls = code.rfind("\n", 0, d.start()) + 1
        le = code.find("\n", d.end())
        if name.search(code, d.start(), le if le >= 0 else len(code)) or name.search(code[ls:d.start()]):
            return d
    return None


def _code(text: str) -> str:
    """The script with its whole-line comments blanked (line for line)."""
    return re.sub(r"(?m)^[ \t]*(?:#|//)[^\n]*", "", text)


# a document's command climbing out of a folder under the home (`rm -rf "$HOME/.cache/.."/*` in a fenced block)
DOC_CLIMB_RE = re.compile(rb"""(?:\$\{?HOME\}?|~)/[^\s"'`]{0,80}/\.\.(?![\w.])""")


def _climbed_document(sc, path: str, data: bytes, found: list, description: str) -> list:
    """A Markdown file read again with its home paths' steps back up resolved; the rules' new findings
    (a cleanup of the home itself) reported on their lines, in the document's own context."""
    from skillpm.scan.engine import _window, classify

    text = data.decode("utf-8", errors="replace")
    copy = _unclimbed(text)
    if copy == text:
        return []
    # a rule counts as found at its strongest severity in the document (a medium DX-01 does not stand for
    # the critical one the resolved path makes)
    known: dict[str, int] = {}
    for g in found:
        if g.file == path and g.grades:
            known[g.rule] = max(known.get(g.rule, -1), RANK[g.severity])
    kind = classify(path, data[:8192], False)
    lines = text.split("\n")
    out = []
    for f in sorted(sc.scan_text(path, copy, kind, description), key=lambda f: f.line):
        if not f.grades or f.category == "hidden-text" or RANK[f.severity] <= known.get(f.rule, -1):
            continue
        known[f.rule] = RANK[f.severity]
        f.note = (f.note + "; " if f.note else "") + "with its paths' steps back up (..) resolved: " + f.text[:160]
        f.text = _window(lines[f.line - 1].rstrip("\r"), 0) if f.line <= len(lines) else f.text
        out.append(f)
    return out


def climbed_paths(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if path.lower().endswith((".md", ".markdown")) and len(data) <= SCRIPT_MAX and b"/.." in data \
                and DOC_CLIMB_RE.search(data):
            out += _climbed_document(sc, path, data, found, description)
            continue
        if len(data) > SCRIPT_MAX or path.lower().endswith(NOT_CODE) \
                or flow.language_of_file(path, data) not in LANGS:
            continue
        if not any(w in data for w in DELETE_BYTES):
            continue
        if not any(w in data for w in HOME_BYTES):
            continue  # (every reading here is of the home)
        climbs = any(w in data for w in CLIMB_BYTES) and CLIMB_B_RE.search(data) is not None
        if not climbs and not any(w in data for w in LIST_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        lang = flow.language(path, text[:200])
        code = _code(text)
        copy = code
        if climbs:
            if lang == "shell" and CLIMB_ASSIGN_RE.search(copy):
                lines = assembled.shell_assembled(copy)
                if lines is not None:  # its literal variables expanded: only the lines whose climb that resolves
                    old = copy.split("\n")
                    copy = "\n".join(u if (u := _unclimbed(c)) != c else o for c, o in
                                     ((c or o, o) for c, o in zip(lines, old)))
            copy = _unclimbed(copy)
        known = {f.rule for f in found if f.file == path and f.grades}
        if copy != code:
            out += assembled.rescanned(sc, path, text, copy, description, known,
                                       "with its paths' steps back up (..) resolved")
        if "DX-01" in known or any(f.file == path and f.rule == "DX-01" for f in out):
            continue
        listed = _lists_home(copy)
        delete = _deletes_listed(copy, listed) if listed else None
        if delete is None:
            continue
        line = copy.count("\n", 0, delete.start()) + 1
        at = copy.count("\n", 0, listed.start()) + 1
        rule = sc.by_id["DX-01"]
        climbed = " (a path that climbs back to it with ..)" if copy != code and _lists_home(code) is None else ""
        out.append(Finding("DX-01", rule.category, "critical", path, line,
                           _window(text.split("\n")[line - 1].rstrip("\r"), 0), rule.message,
                           note=f"deletes what it lists of the home folder at line {at}{climbed}: "
                                + text.split("\n")[at - 1].strip()[:120]))
    return out
