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

from skillpm.scan import flow, hidden, literals

DATA_MAX = 64 * 1024  # a data file bigger than this is not decoded
SCRIPT_MAX = 256 * 1024
B64_WORDS = ("b64", "base64", "Base64", "BASE64", "atob", "decode64", "unpack(")
ROT13_WORDS = ("rot13", "ROT13", "Rot13", "rot_13", "ROT_13", "N-ZA-M", "n-za-m")
# A base64 piece: 8 or more characters of its alphabet, not inside a longer word or path
B64_PIECE_RE = re.compile(r"(?<![\w+/.~-])[A-Za-z0-9+/]{8,4000}={0,2}(?![\w+/=.-])")
GLUE_RE = re.compile(r"""[\s"',]{0,40}""")  # what may stand between the pieces of one payload (JSON lists, quotes)


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


def _rot13(s: str) -> str:
    return s.translate(ROT13)


ROT13 = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                      "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")


def data_payloads(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """A data file of the skill that a script of it names and decodes (base64 or rot13), read decoded as
    a script; what the rules find there is reported on the script's line that names the file."""
    from skillpm.scan.engine import _window, classify

    scripts = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or not any(w.encode() in data for w in (*B64_WORDS, *ROT13_WORDS)):
            continue
        if not _script(classify, path, data):
            continue
        text = data.decode("utf-8", errors="replace")
        scripts.append((path, text, any(w in text for w in B64_WORDS), any(w in text for w in ROT13_WORDS)))
    if not scripts:
        return []
    out = []
    for dpath, ddata in files.items():
        name = posixpath.basename(dpath)
        if len(ddata) > DATA_MAX or len(name) < 3 or dpath.lower().endswith((".md", ".markdown")) \
                or _script(classify, dpath, ddata):
            continue
        readers = [s for s in scripts if name in s[1]]
        if not readers:
            continue
        dtext = ddata.decode("utf-8", errors="replace")
        for spath, stext, b64, rot in readers:
            decoded = []
            if b64:
                decoded += [("base64", p) for p in b64_payloads(dtext)]
            if rot:
                decoded.append(("rot13", _rot13(dtext)))
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


# --- shell: literal variables and arrays expanded where they are used ---

SH_ASSIGN_RE = re.compile(r"(?:^|[;&|][ \t]*)[ \t]*(?:(?:local|declare|typeset|readonly|export)(?:[ \t]+-\w+)*[ \t]+)?"
                          r"([A-Za-z_]\w{0,40})(\+?=)(\([^()\n]{0,400}\)|(?:\"[^\"\n]{0,400}\"|'[^'\n]{0,400}'|[^\s;&|()`\"'])"
                          r"{0,40})(?=[ \t]*(?:[;&|#\n]|$))")
SH_USE_RE = re.compile(r'"?\$\{([A-Za-z_]\w{0,40})(?:\[[@*]\])?\}"?|"?\$([A-Za-z_]\w{0,40})\b"?')
# Quotes that only glue two pieces of one word ("-""-for""ce", 'cu''rl'): between word characters
GLUE_CHARS = r"[\w./:@+%-]"
GLUED_QUOTES_RE = re.compile(rf"""(?<={GLUE_CHARS})(?:""|''|"'|'")(?={GLUE_CHARS})""")
SH_LINES = 4000  # a longer script is left to the patterns


PRINTF_SUB_RE = re.compile(r"""\$\(\s*printf\s+('[^'$`\\]{0,200}'|"[^"$`\\]{0,200}")((?:\s+[\w./:@+-]{1,100}|\s+'[^'$`\\]{0,100}'){0,8})\s*\)""")
# The environment's own folders and names, kept as written inside a value (``ssh_dir="$HOME/.ssh"``)
SH_ENV = frozenset({"HOME", "USER", "LOGNAME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "ZDOTDIR", "TMPDIR",
                    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
SH_REF_RE = re.compile(r"\$\{([A-Za-z_]\w{0,40})\}|\$([A-Za-z_]\w{0,40})\b")


def _printf(m: re.Match) -> str:
    """``$(printf 'authorized_%s' keys)`` as the text it prints (%s filled in order; other directives kept)."""
    fmt, args = m.group(1)[1:-1], [a.strip("'") for a in m.group(2).split()]
    it = iter(args)
    return re.sub(r"%s", lambda _: next(it, ""), fmt)


def _sh_value(raw: str, defs: dict[str, str] | None = None) -> str | None:
    """A literal value as the shell makes it (quotes taken off, an array's words joined, the variables it
    names that hold a literal expanded, ``$(printf …)`` of literals printed), or None when it is not literal
    (another command substitution, an escape)."""
    if "$(" in raw and "printf" in raw:
        raw = PRINTF_SUB_RE.sub(_printf, raw)
    if any(c in raw for c in "`\\") or "$(" in raw or "${" in raw and ":" in raw:
        return None
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
            def use(m: re.Match) -> str:
                name = m.group(1) or m.group(2)
                v = defs.get(name)
                if not v:  # unknown, or empty here (set later in a branch the reading does not follow)
                    return m.group(0)
                q = m.group(0)
                if q[0] == '"' and q[-1] == '"' and "[" not in q and (" " in v or "\t" in v):
                    return '"' + v + '"'  # a quoted scalar stays one word; an array's words are words
                return (q[0] if q[0] == '"' and q[-1] != '"' else "") + v + (q[-1] if q[-1] == '"' and q[0] != '"' else "")
            new = SH_USE_RE.sub(use, line)
        else:
            new = line
        new = GLUED_QUOTES_RE.sub("", new)
        if new != line:
            out[i], changed = new, True
        for m in SH_ASSIGN_RE.finditer(line) if "=" in line else ():
            name, op, raw = m.groups()
            v = _sh_value(raw, defs)
            if v is None or len(v) > 400:
                defs.pop(name, None)
            else:
                defs[name] = defs.get(name, "") + v if op == "+=" else v
    return out if changed else None


def shell_expanded(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each shell script read again with its literal variables and arrays expanded (``shell_assembled``);
    what the rules find there, and not on the line as written, is reported on the line."""
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX:
            continue
        text = data.decode("utf-8", errors="replace")
        if path.lower().endswith(".md"):
            code = _shell_fences(text)  # a document's shell blocks, read as one script (the rest blank)
            if code is None:
                continue
        elif flow.language(path, text[:200]) != "shell":
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
        rules = {f.rule for f in found if f.file == path and f.grades}
        for f in sc.scan_text(path, joined, "script", description):
            if (f.rule, f.line) in seen or f.rule in rules or not f.grades or f.category == "hidden-text":
                continue
            seen.add((f.rule, f.line))
            rules.add(f.rule)
            f.note = (f.note + "; " if f.note else "") + "with the script's literal variables expanded: " + \
                copy[f.line - 1][:200]
            f.text = _window(lines[f.line - 1].rstrip("\r"), 0)
            out.append(f)
    return out


FENCE_RE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([\w+-]*)")


def _shell_fences(text: str) -> str | None:
    """The lines of a Markdown document's shell blocks (```bash, ```sh …), every other line blank, or None
    when it has none that assigns a variable."""
    if "```" not in text and "~~~" not in text or "=" not in text:
        return None
    out, fence, shell, any_code = [], "", False, False
    for line in text.split("\n"):
        m = FENCE_RE.match(line)
        if m and (not fence or m.group(1).startswith(fence[0]) and len(m.group(1)) >= len(fence) and not m.group(2)):
            if fence:
                fence, shell = "", False
            else:
                fence, shell = m.group(1), flow.fence_language(m.group(2)) == "shell"
            out.append("")
            continue
        out.append(line if fence and shell else "")
        any_code = any_code or bool(fence and shell and "=" in line)
    return "\n".join(out) if any_code else None


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


def make_calls(line: str) -> str:
    """``line`` with GNU make's text functions evaluated, innermost first, a bounded number of rounds."""
    if "$(" not in line:
        return line
    for _ in range(8):
        new = MAKE_CALL_RE.sub(_make_call, line)
        if new == line:
            break
        line = new
    return line
