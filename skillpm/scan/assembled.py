"""Code whose words exist only at run time: read again as the run assembles it.

A pattern reads the text as written. These passes read a skill's scripts as they run, where a
script builds what it runs from pieces no line holds whole:

- ``data_payloads``: a script that decodes a data file of its skill (base64 lines or entries,
  a rot13 file undone by ``tr 'A-Za-z' 'N-ZA-Mn-za-m'``) and runs it, appends it to an rc file or
  writes it into a git hook. The file's payload is read decoded, as a script, and what the rules
  find there is reported on the script's line that names the file.
- ``shell_expanded``: a shell script's literal variables and arrays (``p=(git push)``,
  ``o=("-""-for""ce")``, ``c=cu; c+=rl``) expanded where they are used (``"${p[@]}" "${o[@]}"``),
  quotes that only glue pieces together (``"-""-for""ce"``) taken out.
- ``make_calls``: the text functions of GNU make (``$(subst _,,c_u_r_l)``, ``$(lastword …)``)
  evaluated in a recipe whose variables ``make_recipes`` expanded.

Each pass is a superset reading (every literal is expanded, every decodable entry decoded); only
what the rules find in the assembled copy, and not in the file as written, is reported.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from bisect import bisect_right
from itertools import islice

from skillpm.scan import flow, hidden, litgate, literals, values
from skillpm.scan.rules import RANK

DATA_MAX = 64 * 1024  # a data file bigger than this is not decoded
SCRIPT_MAX = 256 * 1024
B64_WORDS = values.B64_WORDS  # (the shared layer's list of base64 decoders, every language's)
ROT13_WORDS = ("rot13", "ROT13", "Rot13", "rot_13", "ROT_13", "N-ZA-M", "n-za-m")
# what turns \\xNN / \\NNN escapes back into text: printf's %b, echo -e, a printf format that is the value
# itself, Python's unicode_escape codec
ESCAPE_WORDS = ("%b", "echo -e", "echo -ne", "echo -en", 'printf "$', "printf -- \"$", "unicode_escape", "string_escape")
DECODE_BYTES = tuple(w.encode() for w in (*B64_WORDS, *ROT13_WORDS))
ESCAPE_BYTES = tuple(w.encode() for w in ESCAPE_WORDS)
ESCAPE_RE = re.compile(r"\\x([0-9A-Fa-f]{2})|\\([0-3][0-7]{2})|\\u([0-9A-Fa-f]{4})")
ESCAPED_LINE_RE = re.compile(r"^[ \t]*(?:\\(?:x[0-9A-Fa-f]{2}|[0-3][0-7]{2}|u[0-9A-Fa-f]{4})[ \t]*){4,}\r?$", re.M)
# A base64 piece: 8 or more characters of its alphabet, not inside a longer word or path
B64_PIECE_RE = re.compile(r"(?<![\w+/.~-])[A-Za-z0-9+/]{8,4000}={0,2}(?![\w+/=.-])")
GLUE_RE = re.compile(r"""[\s"',]{0,40}""")  # what may stand between the pieces of one payload (JSON lists, quotes)


CODE_EXT = (".py", ".pyw", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rb", ".php", ".sh", ".bash", ".zsh", ".ksh",
            ".ps1", ".psm1", ".pl", ".lua", ".go", ".rs", ".java", ".kt", ".cs", ".swift")


def _code_file(path: str, data: bytes) -> bool:
    """A cheap first test: a program's extension, or no extension and a shebang."""
    name = posixpath.basename(path.lower())
    return name.endswith(CODE_EXT) or "." not in name and data.startswith(b"#!")


def _script(sc_classify, path: str, data: bytes) -> bool:
    return sc_classify(path, data[:8192], False) == "script"


def _printable(raw: bytes | None) -> str | None:
    if not raw or len(raw) < 8:
        return None
    try:
        s = raw.decode("ascii")
    except UnicodeDecodeError:
        return None
    if not s.replace("\n", " ").replace("\t", " ").isprintable():
        return None
    # text, not a word that happens to decode: a blank or a path separator in it
    return s if (" " in s or "/" in s) else None


def b64_payloads(text: str) -> list[str]:
    """The base64 payloads of a data file, decoded: each run of pieces standing next to each other
    (a value cut into a JSON list's entries, joined as a program joins them), else each piece alone."""
    pieces = [m for m in B64_PIECE_RE.finditer(text) if not m.group(0).rstrip("=").isalpha() and not m.group(0).isdigit()]
    out, i = [], 0
    while i < len(pieces) and len(out) < 64:
        j = i + 1
        while j < len(pieces) and GLUE_RE.fullmatch(text, pieces[j - 1].end(), pieces[j].start()):
            j += 1
        run = pieces[i:j]
        whole = _printable(hidden.decode_b64("".join(m.group(0).rstrip("=") for m in run[:-1]) + run[-1].group(0)))
        if whole is not None:
            out.append(whole)
        else:
            out += [s for m in run if len(m.group(0)) >= 16 for s in [_printable(hidden.decode_b64(m.group(0)))] if s]
        i = j
    return out


def escaped_payload(text: str) -> str | None:
    """A data file's lines of escapes (``\\x5b\\x20\\x2d…``, octal, ``\\u``), joined and written as the
    text they make (as ``grep -v '^#' f | tr -d '\\n'`` then ``printf '%b'`` does), or None when it has
    fewer than two such lines or they make no text."""
    rows = ESCAPED_LINE_RE.findall(text)
    if len(rows) < 2 and not (rows and len(rows[0]) >= 64):
        return None
    body = "".join(m.group(0).strip() for m in ESCAPED_LINE_RE.finditer(text))
    out = ESCAPE_RE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else chr(int(m.group(2), 8)) if m.group(2)
                        else chr(int(m.group(3), 16)), body)
    return _printable(out.encode("ascii", errors="replace")) if out.isascii() else None


def data_payloads(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """A data file of the skill that a script of it names and decodes (base64 or rot13), read decoded as
    a script; what the rules find there is reported on the script's line that names the file."""
    from skillpm.scan.engine import _shift, _window, classify

    scripts = []
    # escape decoders (printf %b, echo -e) are common: they count only when a file of the skill holds escapes
    words = DECODE_BYTES + ESCAPE_BYTES if any(len(d) <= DATA_MAX and not p.endswith((".md", ".MD"))
                                               and (b"\\x" in d or b"\\0" in d) and not _code_file(p, d)
                                               for p, d in files.items()) else DECODE_BYTES
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or not _code_file(path, data) or not any(w in data for w in words):
            continue
        if not _script(classify, path, data):
            continue
        text = data.decode("utf-8", errors="replace")
        scripts.append((path, text, any(w in text for w in B64_WORDS), any(w in text for w in ROT13_WORDS),
                        any(w in text for w in ESCAPE_WORDS)))
    if not scripts:
        return []
    out = []
    for dpath, ddata in files.items():
        name = posixpath.basename(dpath)
        if len(ddata) > DATA_MAX or len(name) < 3 or dpath.lower().endswith((".md", ".markdown")) \
                or _script(classify, dpath, ddata):
            continue
        readers = [s for s in scripts if name in s[1] or _names_folder_of(s[1], dpath)]
        if not readers:
            continue
        dtext = ddata.decode("utf-8", errors="replace")
        for spath, stext, b64, rot, esc in readers:
            decoded = []
            if b64:
                decoded += [("base64", p) for p in b64_payloads(dtext)]
            if rot:
                decoded.append(("rot13", _shift(dtext, 13)))
            if esc and "\\" in dtext and (p := escaped_payload(dtext)) is not None:
                decoded.append(("escape", p))
            if not decoded:
                continue
            had = literals.Lexicon.words((stext + "\n" + dtext).lower())
            decoded = [(how, p) for how, p in decoded
                       if not (literals.Lexicon.words(p.lower()) - had).isdisjoint(sc.need_words)]
            if not decoded:
                continue
            lines = stext.split("\n")
            at = next((n + 1 for n, ln in enumerate(lines) if name in ln), 1)
            seen = {f.rule for f in (*found, *out) if f.file == spath and f.grades}
            for how, payload in decoded:
                for f in sorted(sc.scan_text(spath, payload, "script", description), key=lambda f: f.line):
                    if f.rule in seen or not f.grades or f.category == "hidden-text":
                        continue
                    seen.add(f.rule)
                    f.note = (f.note + "; " if f.note else "") + f"in {dpath}, {how}-decoded as this script " \
                        f"decodes it: " + f.text[:160]
                    f.decoded = payload[:400]
                    f.line, f.text = at, _window(lines[at - 1].rstrip("\r"), 0)
                    out.append(f)
    return out


def _names_folder_of(script: str, dpath: str) -> bool:
    """Whether a script reads files of ``dpath``'s folder by a name it computes: it names the folder as a
    path piece of its own (``os.path.join(HERE, "..", "presets", name + ".json")``, ``"presets/"``) and
    the file's extension (a folder of the skill holding what it picks by name at run time)."""
    folder, ext = posixpath.basename(posixpath.dirname(dpath)), posixpath.splitext(dpath)[1]
    if len(folder) < 3 or len(ext) < 3 or ext not in script or folder not in script:
        return False
    return any(q + folder + e in script for q in ("'", '"', "/") for e in ("'", '"', "/"))


# --- shell: literal variables and arrays expanded where they are used ---

SH_ASSIGN_RE = re.compile(r"(?:^|[;&|][ \t]*)[ \t]*(?:(?:local|declare|typeset|readonly|export)(?:[ \t]+-\w+)*[ \t]+)?"
                          r"([A-Za-z_]\w{0,40})(\+?=)(\([^()\n]{0,400}\)|\$\([^()\n]{0,400}\)|(?:\"[^\"\n]{0,400}\"|'[^'\n]{0,400}'|[^\s;&|()`\"'])"
                          r"{0,40})(?=[ \t]*(?:[;&|#\n]|$))")
SH_USE_RE = re.compile(r'"?\$\{([A-Za-z_]\w{0,40})(?:\[[@*]\])?\}"?|"?\$([A-Za-z_]\w{0,40})\b"?')
# Quotes that only glue two pieces of one word ("-""-for""ce", 'cu''rl'): between word characters
GLUE_CHARS = r"[\w./:@+%-]"
GLUED_QUOTES_RE = re.compile(rf"""(?<={GLUE_CHARS})(?:""|''|"'|'")(?={GLUE_CHARS})""")
DQ_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')
SH_LINES = 4000  # a longer script is left to the patterns
SH_CMD_SUB_RE = re.compile(r"\$\([^()\n]{0,200}\)")


PRINTF_SUB_RE = re.compile(r"""\$\(\s*printf\s+('[^'$`\\]{0,200}'|"[^"$`\\]{0,200}")((?:\s+[\w./:@+-]{1,100}|\s+'[^'$`\\]{0,100}'){0,8})\s*\)""")
# The environment's own folders and names, kept as written inside a value (``ssh_dir="$HOME/.ssh"``)
SH_ENV = frozenset({"HOME", "USER", "LOGNAME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "ZDOTDIR", "TMPDIR",
                    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
SH_REF_RE = re.compile(r"\$\{([A-Za-z_]\w{0,40})\}|\$([A-Za-z_]\w{0,40})\b")
SH_SPECIAL_RE = re.compile(r"\$\{?[0-9@*#?!$-]")


def _printf(m: re.Match) -> str:
    """``$(printf 'authorized_%s' keys)`` as the text it prints (%s filled in order; other directives kept)."""
    fmt, args = m.group(1)[1:-1], [a.strip("'") for a in m.group(2).split()]
    it = iter(args)
    return re.sub(r"%s", lambda _: next(it, ""), fmt)


def _spelled(raw: str) -> str | None:
    """``$(printf '%s' 'lruc' | rev)``, ``$(echo Y3VybA== | base64 -d)``, ``$(printf '\\x63…')``: the literal the
    substitution prints (the shell flow's reading), quoted, or None."""
    from skillpm.scan.flow.shell import _printed

    inner = raw[1:-1] if raw.startswith('"') and raw.endswith('"') else raw
    out = _printed(inner) if "|" in inner or "\\" in inner else None
    return None if out is None or "'" in out else "'" + out + "'"


def _spelled_within(raw: str) -> str:
    """A value with substitutions that spell a literal inside it (``"--$(printf 'ecrof' | rev)"``, an array's
    word ``"--$(printf '%s' f o r c e)"``): each one written as the word it prints; others are kept."""
    from skillpm.scan.flow.shell import _printed

    def word(m: re.Match) -> str:
        out = _printed(m.group(0))
        return m.group(0) if out is None or any(c in out for c in "'\"$`\\ ") else out
    return SH_CMD_SUB_RE.sub(word, raw)


SH_PARAM_OP_RE = re.compile(r"\$\{[^}\n]{0,40}:")  # ${x:-default}, ${x:0:3}: a value the run decides


def _escaped_dollars(raw: str) -> str:
    """A double-quoted value with each ``\\$`` (a dollar sign kept for a later shell, a cron line or a
    launchd job to expand) written as a placeholder the caller turns back into ``$``; any other escape
    keeps the value unread."""
    body = raw[1:-1]
    if re.search(r"\\[^$]", body.replace("\\$", "")):
        return raw
    return '"' + body.replace("\\$", "\x00") + '"'


def _sh_value(raw: str, defs: dict[str, str] | None = None) -> str | None:
    """A literal value as the shell makes it (quotes taken off, an array's words joined, the variables it
    names that hold a literal expanded, ``$(printf …)`` of literals printed), or None when it is not literal
    (another command substitution, an escape)."""
    if "\\$" in raw and raw.startswith('"') and raw.endswith('"'):
        raw = _escaped_dollars(raw)  # "… \$(id -un) …": a literal $ the value keeps, expanded where it is run
    if "$(" in raw and "printf" in raw:
        raw = PRINTF_SUB_RE.sub(_printf, raw)
    if raw[:3] in ('"$(', "$(") or raw.startswith("$("):
        spelled = _spelled(raw)
        if spelled is not None:
            raw = spelled
    if "$(" in raw and ("|" in raw or "\\" in raw or "printf" in raw):
        raw = _spelled_within(raw)
    if any(c in raw for c in "`\\") or "$(" in raw or "${" in raw and ":" in raw and SH_PARAM_OP_RE.search(raw):
        return None
    if SH_SPECIAL_RE.search(raw):
        return None  # a positional parameter or a special one ($2, $@, $?): set by whoever calls, not literal
    if "$" in raw:
        refs = [m.group(1) or m.group(2) for m in SH_REF_RE.finditer(raw)]
        if any(r not in (defs or {}) and r not in SH_ENV for r in refs):
            return None  # a part computed elsewhere: the value is not known, and a half of it would mislead
        raw = SH_REF_RE.sub(lambda m: (defs or {}).get(m.group(1) or m.group(2), m.group(0)), raw)
        if "'" in raw:  # a value now holding a quote cannot be re-read safely
            return None
        raw = raw.replace("$", "\x00")
    body = raw[1:-1] if raw.startswith("(") and raw.endswith(")") else raw
    try:
        words = shlex.split(body, comments=True)
    except ValueError:
        return None
    return " ".join(words).replace("\x00", "$")


SH_INDEX_RE = re.compile(r"(\"?)\$\{([A-Za-z_]\w{0,40})\[([0-9])\]\}(\"?)")  # ${op[0]}: one word of an array
# an array's words glued into one: `$(IFS=; echo "${r[*]}")`, `$(printf '%s' "${r[@]}")` (r=(n s l o o k u p))
SH_GLUED_ARRAY_RE = re.compile(r"""\$\(\s*(?:IFS=(?:''|"")?\s*;\s*(?:echo|printf\s+(?:--\s+)?(?:'%s'|"%s"|%s))|printf\s+(?:--\s+)?"""
                               r"""(?:'%s'|"%s"|%s))\s+"?\$\{([A-Za-z_]\w{0,40})\[[*@]\]\}"?\s*\)""")


def _glued_array(m: re.Match, defs: dict[str, str]) -> str:
    """``$(IFS=; echo "${r[*]}")`` as the one word it prints, when the array holds literal words."""
    v = defs.get(m.group(1))
    if not v or len(v) > 200 or any(c in v for c in "'\"$`\\"):
        return m.group(0)
    return "".join(v.split())


def _indexed(m: re.Match, defs: dict[str, str]) -> str:
    """``${name[N]}`` as the Nth word of the array ``name`` holds (kept as written when unknown)."""
    words = defs.get(m.group(2), "").split()
    n = int(m.group(3))
    if n >= len(words):
        return m.group(0)
    return words[n] if m.group(1) and m.group(4) else m.group(1) + words[n] + m.group(4)


def shell_assembled(text: str) -> list[str] | None:
    """The lines of a shell script with its literal variables expanded where used (a line that expands
    to nothing new is blank), or None when no line changes."""
    if "=" not in text or "$" not in text and '""' not in text and "''" not in text:
        return None
    lines = text.split("\n")
    if len(lines) > SH_LINES:
        return None
    defs: dict[str, str] = {}
    out, changed = [""] * len(lines), False
    for i, line in enumerate(lines):
        if "$" in line and defs:
            # a reference inside a quoted phrase ("IdentityFile $KEY") is text the command searches or
            # prints, not a word it acts on: only whole words and paths are expanded
            # (a command substitution in it is one word of the path: "$d/90-$(id -un)" is no phrase)
            phrases = [q.span() for q in DQ_RE.finditer(line)
                       if any(c.isspace() for c in SH_CMD_SUB_RE.sub("", SH_USE_RE.sub("", q.group(0))))] \
                if '"' in line else []

            if "]}" in line:
                line_in = SH_INDEX_RE.sub(lambda m: _indexed(m, defs), line)
                if "$(" in line_in:
                    line_in = SH_GLUED_ARRAY_RE.sub(lambda m: _glued_array(m, defs), line_in)
            else:
                line_in = line

            def use(m: re.Match) -> str:
                name = m.group(1) or m.group(2)
                v = defs.get(name)
                if not v or any(a < m.start() + 1 and m.end() - 1 < b for a, b in phrases):
                    return m.group(0)  # unknown, empty here (set in a branch not followed), or in a phrase
                q = m.group(0)
                if q[0] == '"' and q[-1] == '"' and "[" not in q and (" " in v or "\t" in v):
                    return '"' + v + '"'  # a quoted scalar stays one word; an array's words are words
                return (q[0] if q[0] == '"' and q[-1] != '"' else "") + v + (q[-1] if q[-1] == '"' and q[0] != '"' else "")
            new = SH_USE_RE.sub(use, line_in)
        else:
            new = line
        if '""' in new or "''" in new or "\"'" in new or "'\"" in new:
            new = GLUED_QUOTES_RE.sub("", new)
        if new != line:
            out[i], changed = new, True
        # an array whose words hold spelled substitutions, `op=(push "--$(printf 'ecrof' | rev)")`, is read
        # with each one printed (the assignment pattern takes no parentheses inside an array)
        src = _spelled_within(line) if "=(" in line and "$(" in line else line
        for m in SH_ASSIGN_RE.finditer(src) if "=" in line else ():
            name, op, raw = m.groups()
            v = _sh_value(raw, defs)
            if v is None or len(v) > 400:
                defs.pop(name, None)
            else:
                # (an array's `+=(…)` adds words: a blank between them)
                defs[name] = defs.get(name, "") + (" " if raw[:1] == "(" and defs.get(name) else "") + v if op == "+=" else v
                if new == line and src is line and op == "=" and "$" in raw and COMMAND_LINE_RE.search(v) and '"' not in v:
                    # a command line kept for later (a cron entry, a launchd job, an rc line), assembled from
                    # literals: read as the command it is, however its uses quote it
                    out[i], changed = line[:m.start(3)] + '"' + v + '"' + line[m.end(3):], True
    if changed and "done" in text:
        _keep_loop_ends(lines, out)
    return out if changed else None


def _keep_loop_ends(lines: list[str], out: list[str]) -> None:
    """The ``done`` that closes a loop whose body a line expanded: kept in the copy, so a pattern that reads
    a command as a loop's (every remote branch deleted, one per pass) still sees the loop."""
    for i, line in enumerate(lines):
        if not out[i] and line.strip().startswith("done") and any(out[max(0, i - 6):i]):
            out[i] = line


COMMAND_LINE_RE = re.compile(r"\|[ \t]*(?:sudo[ \t]+)?[\w/.-]|;[ \t]*\w|&&")  # a pipe, a sequence: a command line


def shell_expanded(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each shell script read again with its literal variables and arrays expanded (``shell_assembled``);
    what the rules find there, and not on the line as written, is reported on the line."""
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX:
            continue
        md = path.lower().endswith(".md")
        if md and not SHELL_FENCE_BYTES.search(data) \
                or not md and flow.language(path, data[:200].decode("utf-8", errors="replace")) != "shell":
            continue
        text = data.decode("utf-8", errors="replace")
        if md:
            code = _shell_fences(text)  # a document's shell blocks, read as one script (the rest blank)
            if code is None:
                continue
        copy = shell_assembled(code if path.lower().endswith(".md") else text)
        if copy is None:
            continue
        lines = text.split("\n")
        # only a line that gains a word some rule needs can add a finding
        was = "\n".join(lines[i] for i, c in enumerate(copy) if c).lower()
        if (literals.Lexicon.words("\n".join(copy).lower()) - literals.Lexicon.words(was)).isdisjoint(sc.need_words):
            continue
        joined = "\n".join(copy)
        seen = {(f.rule, f.line) for f in found if f.file == path}
        # a rule found already counts as found, unless the expanded copy finds it stronger (a medium
        # `usermod -aG docker` does not stand for the sudoers rule the expansion reveals)
        rules: dict[str, int] = {}
        for f in found:
            if f.file == path and f.grades:
                rules[f.rule] = max(rules.get(f.rule, 0), RANK[f.severity])
        for f in sc.scan_text(path, joined, "script", description):
            if (f.rule, f.line) in seen or RANK[f.severity] <= rules.get(f.rule, -1) or not f.grades \
                    or f.category == "hidden-text":
                continue
            seen.add((f.rule, f.line))
            rules[f.rule] = max(rules.get(f.rule, 0), RANK[f.severity])
            f.note = (f.note + "; " if f.note else "") + "with the script's literal variables expanded: " + \
                copy[f.line - 1][:200]
            f.text = _window(lines[f.line - 1].rstrip("\r"), 0)
            out.append(f)
    return out


SHELL_FENCE_BYTES = re.compile(rb"```[ \t]*(?:ba|z|k)?sh")  # a literal prefix: searched fast
# A command whose name is (or holds) a variable: `sudo set$m 0`, `$g --master-disable`, `"${p[@]}" …` -
# what a document's example spells that way is hidden from its reader (an argument in a variable is not)
VAR_COMMAND_RE = re.compile(r"(?:^|[;&|({]|\bthen|\bdo|\bsudo(?:[ \t]+-\w+)*)[ \t]*\"?[\w./-]*\$\{?[A-Za-z_]", re.M)
SHELL_LANGS = frozenset(("bash", "sh", "shell", "zsh", "shellscript", "ksh"))


def _shell_fences(text: str) -> str | None:
    """The lines of a Markdown document's shell blocks (```bash, ```sh …) that assign a variable and run a
    command named by one, every other line blank, or None when there are none."""
    from skillpm.scan.engine import fenced_script

    return fenced_script(text, SHELL_LANGS, lambda body: "=" in body and VAR_COMMAND_RE.search(body) is not None)


# --- make: the text functions a recipe assembles its command with ---

MAKE_CALL_RE = re.compile(r"\$\((subst|patsubst|strip|firstword|lastword|word|addprefix|addsuffix|join)[ \t]+([^$()]{0,400})\)")


def _make_call(m: re.Match) -> str:
    fn, args = m.group(1), m.group(2)
    if fn in ("strip", "firstword", "lastword"):
        words = args.split()
        return " ".join(words) if fn == "strip" else (words[0] if fn == "firstword" else words[-1]) if words else ""
    parts = args.split(",")
    if fn == "subst" and len(parts) >= 3:
        return ",".join(parts[2:]).replace(parts[0], parts[1]) if parts[0] else ",".join(parts[2:])
    if fn == "patsubst" and len(parts) >= 3:
        pat, rep = parts[0].strip(), parts[1].strip()
        if pat.count("%") != 1:
            return " ".join(rep if w == pat else w for w in ",".join(parts[2:]).split())
        pre, post = pat.split("%")
        return " ".join(rep.replace("%", w[len(pre):len(w) - len(post)], 1)
                        if w.startswith(pre) and w.endswith(post) and len(w) >= len(pat) - 1 else w
                        for w in ",".join(parts[2:]).split())
    if fn == "word" and len(parts) == 2 and parts[0].strip().isdigit():
        words, n = parts[1].split(), int(parts[0])
        return words[n - 1] if 0 < n <= len(words) else ""
    if fn in ("addprefix", "addsuffix") and len(parts) == 2:
        a = parts[0].strip()
        return " ".join(a + w if fn == "addprefix" else w + a for w in parts[1].split())
    if fn == "join" and len(parts) == 2:
        x, y = parts[0].split(), parts[1].split()
        return " ".join(a + b for a, b in zip(x, y))
    return m.group(0)


MAKE_SHELL_RE = re.compile(r"\$\(shell[ \t]+([^$()\n]{1,300})\)")


def _make_shell(m: re.Match) -> str:
    """``$(shell printf '%s' ecrof | rev)``: a shell call that only spells a word, as the word it prints
    (the shell flow's reading); any other shell call is kept."""
    from skillpm.scan.flow.shell import _printed

    out = _printed("$(" + m.group(1).strip() + ")")
    return m.group(0) if out is None or any(c in out for c in "'\"$`\\") else out


# $(abspath …) / $(realpath …) of paths: each normalized ($HOME/. is $HOME, a/b/.. is a)
MAKE_PATH_RE = re.compile(r"\$\((?:abspath|realpath)[ \t]+([^()\n]{0,400})\)")


def make_calls(line: str) -> str:
    """``line`` with GNU make's text functions evaluated, innermost first, a bounded number of rounds."""
    if "$(" not in line:
        return line
    if "$(shell" in line:
        line = MAKE_SHELL_RE.sub(_make_shell, line)
    if "path " in line:
        line = MAKE_PATH_RE.sub(lambda m: " ".join(posixpath.normpath(w) for w in m.group(1).split()), line)
    for _ in range(8):
        new = MAKE_CALL_RE.sub(_make_call, line)
        if new == line:
            break
        line = new
    return line


# --- literals glued at run time: "Cook" + "ies", " ".join(["Chrome", "Safe", "Storage"]), %w[h t t p].join ---

_Q = r"""(["'])((?:(?!\{q})[^\\\n]){{0,200}})\{q}"""
CONCAT_RE = re.compile(_Q.format(q=1) + r"[ \t]*\+[ \t]*" + _Q.format(q=3))
_ITEM = r"""["'][^"'\\\n]{0,120}["']"""
PY_JOIN_RE = re.compile(r"""(["'])([^"'\\\n]{0,5})\1\.join\(\s*[\[(]\s*((?:""" + _ITEM + r"""\s*,\s*){1,40}""" + _ITEM
                        + r""")\s*,?\s*[\])]\s*\)""")
JS_JOIN_RE = re.compile(r"""\[\s*((?:""" + _ITEM + r"""\s*,\s*){1,40}""" + _ITEM
                        + r""")\s*,?\s*\]\.join\(\s*(?:(["'])([^"'\\\n]{0,5})\2)?\s*\)""")
RB_WORDS_JOIN_RE = re.compile(r"""%[wW]([\[({<])([^\])}>\n]{1,400})[\])}>]\.join(?:\(\s*(["'])([^"'\\\n]{0,5})\3\s*\))?""")
ITEM_RE = re.compile(r"""["']([^"'\\\n]{0,120})["']""")
# what a file must hold for ``folded`` to change it (bytes)
FOLD_BYTES = (b".join([", b".join((", b"].join(", b"%w[", b"%w(", b"' + '", b'" + "', b"'+'", b'"+"', b"' +'",
              b"'+ '", b'" +"', b'"+ "', b"(...", b"lambda *", b"(*", b".join", b"implode(", b"Join(")
FOLD_MAX = 256 * 1024


def _quoted(s: str) -> str:
    return ('"' + s + '"') if '"' not in s else ("'" + s + "'")


# A helper that only joins its arguments: JS `const j = (...p) => p.join('')`, `function j(...p) { return
# p.join('') }`, Python `j = lambda *p: ''.join(p)`, `def j(*p): return ''.join(p)`
JOIN_HELPER_RE = re.compile(
    r"""\b(?:const|let|var)\s+([A-Za-z_$][\w$]{0,30})\s*=\s*\(\s*\.\.\.\s*(\w+)\s*\)\s*=>\s*\{?\s*(?:return\s+)?\2\.join\(\s*(["'])([^"'\\\n]{0,5})\3\s*\)"""
    r"""|\bfunction\s+([A-Za-z_$][\w$]{0,30})\s*\(\s*\.\.\.\s*(\w+)\s*\)\s*\{\s*return\s+\6\.join\(\s*(["'])([^"'\\\n]{0,5})\7\s*\)"""
    r"""|\b([A-Za-z_]\w{0,30})\s*=\s*lambda\s+\*\s*(\w+)\s*:\s*(["'])([^"'\\\n]{0,5})\11\.join\(\s*\10\s*\)"""
    r"""|\bdef\s+([A-Za-z_]\w{0,30})\s*\(\s*\*\s*(\w+)\s*\)\s*(?:->\s*\w+\s*)?:\s*\n?\s*return\s+(["'])([^"'\\\n]{0,5})\15\.join\(\s*\14\s*\)""")
ARGS_RE = r"""\(\s*((?:["'][^"'\\\n]{0,200}["']\s*,\s*){0,30}["'][^"'\\\n]{0,200}["'])\s*,?\s*\)"""


def _join_helpers(text: str) -> str:
    """Calls of a helper that only joins its arguments, each written as the literal it returns."""
    for m in islice(JOIN_HELPER_RE.finditer(text), 4):
        g = m.groups()
        name, sep = next((g[i], g[i + 3]) for i in (0, 4, 8, 12) if g[i])
        call = re.compile(r"(?<![\w$.])" + re.escape(name) + ARGS_RE)
        text = call.sub(lambda c: _quoted(sep.join(ITEM_RE.findall(c.group(1)))), text)
    return text


# A list of literals given a name, then joined by the name elsewhere: Ruby `parts.join`, JS `parts.join('')`,
# Python `''.join(parts)`, PHP `implode('', $parts)`, Go `strings.Join(parts, "")`
LIST_JOIN_WORDS = (".join", "implode(", "Join(")
# the names a file joins (few): only their assignments are then looked for (each read at a ".join" it finds)
NAME_BEFORE_RE = re.compile(r"(?<![\w$.])\$?([A-Za-z_]\w{0,30})$")
NAME_INSIDE_RE = re.compile(r"\(\s*([A-Za-z_]\w{0,30})\s*\)")
OTHER_JOIN_RE = re.compile(r"""\bimplode\(\s*["'][^"'\\\n]{0,5}["']\s*,\s*\$(\w{1,30})\s*\)|\bstrings\.Join\(\s*(\w{1,30})\s*,""")
LIST_ASSIGN = r"""\s*(?::=|=)\s*(?:\[\]string\s*\{|array\(|[\[({])\s*((?:""" + _ITEM + r"""\s*,\s*){1,40}""" + _ITEM + r""")\s*,?\s*[\])}]"""
JOIN_SEP = r"""(?:\(\s*(?:(["'])([^"'\\\n]{0,5})\1)?\s*\))?"""
# where a name is given a bracketed value (LIST_ASSIGN's opening, found by its "="): which joined names have one at all
LIST_OPEN_RE = re.compile(r"""=\s*(?:\[\]string\s*\{|array\(|[\[({])""")


def _bracket_assigned(text: str) -> dict[str, list[int]]:
    """Where ``text`` gives a name a bracketed value (``name = [``, ``$name = array(``, ``name := []string{``):
    each name → the offsets where it starts there, in order. Every match of a LIST_ASSIGN search for a name starts
    at one of them (or at the ``$`` before it), so that search is a ``match`` at each (one scan for a literal, where
    a search per joined name read the whole file up to eight times)."""
    out: dict[str, list[int]] = {}
    for m in LIST_OPEN_RE.finditer(text):
        k = m.start()
        if k and text[k - 1] == ":":
            k -= 1
        while k and text[k - 1].isspace():
            k -= 1
        j = k
        while k and (text[k - 1].isalnum() or text[k - 1] == "_") and j - k <= 32:
            k -= 1
        if k < j:
            out.setdefault(text[k:j], []).append(k)
    return out


def _list_var_joins(text: str) -> str:
    """Each join of a named list of literals written as the literal it makes (the list's line as written)."""
    names: set[str] = set()
    i, seen = text.find(".join"), 0
    while i >= 0 and seen < 200:
        seen += 1
        before = NAME_BEFORE_RE.search(text, max(0, i - 32), i)
        if before is not None:
            names.add(before.group(1))
        inside = NAME_INSIDE_RE.match(text, i + 5)
        if inside is not None:
            names.add(inside.group(1))
        i = text.find(".join", i + 5)
    if "implode(" in text or "Join(" in text:
        names.update(n for m in islice(OTHER_JOIN_RE.finditer(text), 40) for n in m.groups() if n)
    assigned = _bracket_assigned(text) if names else {}
    for name in sorted(names)[:8]:
        if name not in assigned:
            continue  # (no list of it to join: the common case)
        n = re.escape(name)
        list_rx = re.compile(r"(?<![\w.])\$?" + n + LIST_ASSIGN)
        a = next((a for k in assigned[name] for a in [list_rx.match(text, k)] if a is not None), None)
        if a is None:
            continue
        items = ITEM_RE.findall(a.group(1))
        if name + ".join" not in text and "implode(" not in text and "strings.Join(" not in text and not (
                ".join(" in text and re.search(r"\.join\(\s*" + n + r"\s*\)", text)):
            continue  # (no join of it: the substitution below, a slow scan, would change nothing)
        rx = re.compile(r"(?<![\w$.])\$?" + n + r"\.join" + JOIN_SEP + r"""(?![\w(])"""
                        r"""|(["'])([^"'\\\n]{0,5})\3\.join\(\s*""" + n + r"""\s*\)"""
                        r"""|\bimplode\(\s*(["'])([^"'\\\n]{0,5})\5\s*,\s*\$""" + n + r"""\s*\)"""
                        r"""|\bstrings\.Join\(\s*""" + n + r"""\s*,\s*(["'])([^"'\\\n]{0,5})\7\s*\)""")
        new = rx.sub(lambda m: _quoted(next((m.group(i) for i in (2, 4, 6, 8) if m.group(i - 1)), "")
                                       .join(items)), text)
        if new != text:
            text, assigned = new, _bracket_assigned(new)
    return text


def folded(text: str) -> str | None:
    """A script with the string literals it glues together written as the one literal they make, line for
    line (the parts of one expression are on one line), or None when it glues none."""
    glued = "+" in text and any(w in text for w in CONCAT_HINTS)
    out = _concat(text) if glued else text
    if any(w in out for w in LIST_JOIN_WORDS) and ("=" in out):
        out = _list_var_joins(out)
    if ".join(" in out and ("(..." in out or "lambda *" in out or "(*" in out):
        out = _join_helpers(out)
    if ".join" in out:
        if ".join([" in out or ".join((" in out:
            out = PY_JOIN_RE.sub(lambda m: _quoted(m.group(2).join(ITEM_RE.findall(m.group(3)))), out)
        if "].join(" in out:
            out = JS_JOIN_RE.sub(lambda m: _quoted((m.group(3) or ",").join(ITEM_RE.findall(m.group(1)))), out)
        if "%w" in out or "%W" in out:
            out = RB_WORDS_JOIN_RE.sub(lambda m: _quoted((m.group(4) or "").join(m.group(2).split())), out)
    if glued and out is not text:
        out = _concat(out)
    return out if out != text else None


CONCAT_HINTS = ("' + '", '" + "', "'+'", '"+"', "' +'", "'+ '", '" +"', '"+ "')


def _concat(out: str) -> str:
    for _ in range(6):
        new = CONCAT_RE.sub(lambda m: _quoted(m.group(2) + m.group(4)), out)
        if new == out:
            break
        out = new
    return out


def folded_literals(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each script read again with the literals it glues together folded into one (``folded``); what the
    rules find there, and not in the script as written, is reported on its line."""
    from skillpm.scan.engine import classify

    out = []
    for path, data in files.items():
        if len(data) > FOLD_MAX or not _code_file(path, data) or not litgate.any_in(data, FOLD_BYTES):
            continue
        if not _script(classify, path, data):
            continue
        text = data.decode("utf-8", errors="replace")
        copy = folded(text)
        if copy is None or text.count("\n") != copy.count("\n"):
            continue
        known = {f.rule for f in found if f.file == path and f.grades}
        out += rescanned(sc, path, text, copy, description, known, "with the literals the script glues together joined")
    return out


def rescanned(sc, path: str, text: str, copy: str, description: str, known: set[str], why: str) -> list:
    """The findings in ``copy`` (a script's ``text`` rewritten as it runs, line for line) of rules that
    ``known`` lacks, one per rule, each shown on its line as written with ``why`` and the line as read;
    none when the rewritten lines gain no word a rule needs (the rules could find nothing new)."""
    from skillpm.scan.engine import _window

    lines, clines = text.split("\n"), copy.split("\n")
    changed = [i for i, (a, b) in enumerate(zip(lines, clines)) if a != b]
    was = literals.Lexicon.words("\n".join(lines[i] for i in changed).lower())
    if (literals.Lexicon.words("\n".join(clines[i] for i in changed).lower()) - was).isdisjoint(sc.need_words):
        return []
    out = []
    for f in sorted(sc.scan_text(path, copy, "script", description), key=lambda f: f.line):
        if f.rule in known or not f.grades or f.category == "hidden-text":
            continue
        known.add(f.rule)
        f.note = (f.note + "; " if f.note else "") + why + ": " + f.text[:160]
        f.text = _window(lines[f.line - 1].rstrip("\r"), 0)
        out.append(f)
    return out


# --- a program split into modules: the halves of a stealer in two files one script imports ---

PY_IMPORT_RE = re.compile(r"^[ \t]*(?:from[ \t]+(\.{0,2}[\w.]*)[ \t]+import[ \t]+\(?([\w, \t]+)|import[ \t]+([\w., \t]+))", re.M)
JS_IMPORT_RE = re.compile(r"""(?:\brequire\(\s*|\bfrom\s+|\bimport\(\s*|^\s*import\s+)["'](\.{1,2}/[^"'\n]{1,120})["']""", re.M)
# a credential store named, and a way out: the two halves whose files a script imports together
CRED_HINTS = (".ssh", "id_rsa", "id_ed25519", ".aws", "credentials", ".netrc", ".git-credentials", ".npmrc", ".pypirc",
              ".kube", "kubeconfig", ".docker/config", ".gnupg", "keychain", "login data", "cookies", "logins.json",
              "key4.db", "safe storage", "local state", "find-generic-password", "wallet", ".env")
NET_HINTS = ("urlopen", "requests.", "httpx", "urllib.request", "http.client", "socket.", "fetch(", "axios",
             "https.request", "http.request", "xmlhttprequest", "smtplib", "ftplib", "paramiko")
IMPORT_MAX = 128 * 1024
IMPORT_EXT = (".py", ".js", ".mjs", ".cjs", ".ts")


# Other agents' own stores (histories, sessions, settings, their tokens): the hint words of concept agent_history
AGENT_HINTS = (".claude", ".codex", ".gemini", ".aider", ".cursor", ".continue", "windsurf", "claude_desktop", "code/user")


def _agent_stores_sent(sc, group, read, net, path, text, found, out):
    """The same split for other agents' stores: a module that lists their histories, sessions or tokens
    (concept agent_history: ``j('.codex', 'auth.json')``, ``.claude.json``) and another that sends data out
    are one program that collects and uploads them: AS-01 on the script's import line, unless one of
    the files already has an agent-snooping or exfiltration finding."""
    if any(f.file in group and f.rule in ("AS-01", "AS-02", "EX-01", "EX-02") and f.grades for f in (*found, *out)):
        return None
    stores = [p for p in group if any(w in read(p).lower() for w in AGENT_HINTS)]
    if not any(a != n for a in stores for n in net):
        return None
    from skillpm.scan.engine import _window

    agent_rx, net_rx = sc._def("agent_history"), sc._def("egress")
    low_stores = [(p, agent_rx.search(_near(read(p), AGENT_HINTS))) for p in stores]
    sent = [n for n in net if net_rx.search(_near(read(n), NET_HINTS))]
    pair = next(((a, m, n) for a, m in low_stores if m for n in sent if a != n), None)
    if pair is None:
        return None
    lines = text.split("\n")
    at = next((k + 1 for k, ln in enumerate(lines) if "import" in ln or "require(" in ln), 1)
    note = (f"with the modules this script imports read as one program: {pair[0]} names other agents' stores "
            f"({pair[1].group(0)[:60]}) and {pair[2]} sends data out")
    return sc._finding("AS-01", "high", path, at, _window(lines[at - 1].rstrip("\r"), 0), note=note)


def _near(text: str, words) -> str:
    """The lines of ``text`` holding one of ``words`` (lowercase), each with the two after it: where a
    concept can match, so that its long pattern is not searched through the whole file."""
    cache: list[list[int]] = []

    def starts() -> list[int]:
        if not cache:
            cache.append([0] + [m.end() for m in re.finditer("\n", text)])
        return cache[0]

    low, hits = text.lower(), set()
    for w in words:
        i = low.find(w)
        while i >= 0 and len(hits) < 2000:
            hits.add(low.count("\n", 0, i) if len(hits) < 50 else bisect_right(starts(), i) - 1)
            i = low.find(w, i + len(w))
    if not hits:
        return ""
    lines = text.split("\n")
    keep = sorted({j for i in hits for j in range(i, min(i + 3, len(lines)))})
    return "\n".join(lines[j] for j in keep)


def _module_keys(path: str) -> set[str]:
    """The names an import may give a module of the skill: its stem, its dotted path from each folder up,
    and its folder's name for an __init__ / index file."""
    parts = path[:path.rfind(".")].split("/") if "." in posixpath.basename(path) else path.split("/")
    if parts[-1] in ("__init__", "index"):
        parts = parts[:-1]
    return {".".join(parts[i:]) for i in range(len(parts))} if parts else set()


def imported_modules(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """A script and the modules of its skill it imports (Python ``from pkg import browsers, cloud``, JS
    ``require('./lib/x')``), read as one program with the literals each glues folded (``folded``): when a
    credential store is named in one of them and data is sent out in another (the two halves the one-file
    check pairs: concepts credential_store and egress), a stealer is split across files; EX-02 is
    reported on the script's import line, unless an exfiltration finding is already on one of them."""
    from skillpm.scan.engine import _window

    code = {p: d for p, d in files.items() if len(d) <= IMPORT_MAX and p.lower().endswith(IMPORT_EXT)
            and (b"import" in d or b"require(" in d)}
    if not code:
        return []
    modules = {p for p in files if p.lower().endswith(IMPORT_EXT) and len(files[p]) <= IMPORT_MAX}
    if len(modules) < 2:
        return []
    keys: dict[str, set[str]] = {}
    for p in modules:
        for k in _module_keys(p):
            keys.setdefault(k, set()).add(p)
    texts: dict[str, str] = {}

    def read(p: str) -> str:
        if p not in texts:
            t = files[p].decode("utf-8", errors="replace")
            texts[p] = folded(t) or t
        return texts[p]

    hints: dict[str, tuple[bool, bool]] = {}

    def hint(p: str) -> tuple[bool, bool]:
        """(names a credential store, reaches the network), by substrings of the folded, lowercased text."""
        if p not in hints:
            low = read(p).lower()
            hints[p] = (any(w in low for w in CRED_HINTS), any(w in low for w in NET_HINTS))
        return hints[p]

    cred_rx, net_rx = sc._def("credential_store"), sc._def("egress")
    out = []
    for path in sorted(code):
        text = code[path].decode("utf-8", errors="replace")
        names = _imported_names(path, text)
        mods = sorted({q for n in names for q in keys.get(n, ()) if q != path})
        if not mods:
            continue
        group = [path, *mods]
        if any(f.file in group and f.rule in ("EX-01", "EX-02", "EX-03") and f.grades for f in (*found, *out)):
            continue
        cred = [p for p in group if hint(p)[0]]
        net = [p for p in group if hint(p)[1]]
        if not any(c != n for c in cred for n in net):
            agents = _agent_stores_sent(sc, group, read, net, path, text, found, out)
            if agents is not None:
                out.append(agents)
            continue  # no halves in two files: each file's own scan reads what it holds
        cred = [p for p in cred if cred_rx.search(_near(read(p), CRED_HINTS))]
        net = [p for p in net if net_rx.search(_near(read(p), NET_HINTS))]
        pair = next(((c, n) for c in cred for n in net if c != n), None)
        if pair is None:
            continue
        lines = text.split("\n")
        at = next((n + 1 for n, ln in enumerate(lines) if "import" in ln or "require(" in ln), 1)
        c = cred_rx.search(_near(read(pair[0]), CRED_HINTS))
        note = (f"with the modules this script imports read as one program: {pair[0]} names a credential store "
                f"({c.group(0)[:60]}) and {pair[1]} sends data out")
        out.append(sc._finding("EX-02", "high", path, at, _window(lines[at - 1].rstrip("\r"), 0), note=note))
    return out


def _imported_names(path: str, text: str) -> set[str]:
    """The module names a Python or JavaScript file imports, as _module_keys writes a module's keys
    (dotted: scripts/lib.js is scripts.lib; `from a import b` is a, a.b and b)."""
    names: set[str] = set()
    if path.endswith(".py"):
        for m in PY_IMPORT_RE.finditer(text):
            mod = (m.group(1) or "").lstrip(".")
            items = [w.strip().split(" as ")[0].strip() for w in (m.group(2) or m.group(3) or "").split(",")]
            names.update(x for x in ([mod] if mod else []) + [f"{mod}.{i}" if mod else i for i in items] + items if x)
    else:
        for m in JS_IMPORT_RE.finditer(text):
            rel = posixpath.normpath(posixpath.join(posixpath.dirname(path), m.group(1)))
            rel = rel[:rel.rfind(".")] if "." in posixpath.basename(rel) else rel
            names.update({rel, rel.replace("/", ".")})
    return names


def importers(files: dict[str, bytes]) -> dict[str, set[str]]:
    """Each module of the skill (Python, JavaScript) -> the scripts of the skill that import it: the file a
    script names (a settings file it parses) reaches the modules it hands the parsed settings to."""
    modules = {p for p in files if p.lower().endswith(IMPORT_EXT) and len(files[p]) <= IMPORT_MAX}
    if len(modules) < 2:
        return {}
    keys: dict[str, set[str]] = {}
    for p in modules:
        for k in _module_keys(p):
            keys.setdefault(k, set()).add(p)
    out: dict[str, set[str]] = {}
    for path in modules:
        data = files[path]
        if b"import" not in data and b"require(" not in data:
            continue
        text = data.decode("utf-8", errors="replace")
        names = _imported_names(path, text)
        for q in {q for n in names for q in keys.get(n, ()) if q != path}:
            out.setdefault(q, set()).add(path)
    return out
