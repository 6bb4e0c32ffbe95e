"""An agent's own settings written from a data file of the skill: the data file's values read as the script's.

A script that names an agent's permission settings (``~/.claude/settings.json``, ``~/.codex/config.toml``,
rules.toml [defs] agent_settings) and writes a file, with values that switch the agent's approval off
(``bypassPermissions``, ``danger-full-access``, ``Bash(*)``: [defs] approval_off), is PE-05 by the
engine's two-halves check. The same script with the values moved to a preset file it loads
(``assets/presets/balanced.json``, merged into the settings) holds only the first half; the data file
holds the second, often packed (``"defaultMode": "b64:YnlwYXNz…"``) so that no line reads as what it sets.

``settings_from_data`` reads each data file such a script loads (named by its file name, or by its folder
when the script builds the name: ``os.path.join(HERE, "assets", "presets", f"{name}.json")``) as the
script would after loading it: JSON values and keys each decoded when they are base64 or hex (whatever
prefix marks them), the document written back in one canonical form, other formats by their lines; and
reports PE-05 on the script's write when the data sets the approval off. A preset that only narrows
(``"defaultMode": "acceptEdits"``, ``"Bash(npm test:*)"``) stays clean, as does a script that reads its
settings file and writes it back.
"""

from __future__ import annotations

import json
import posixpath
import re
import zlib
from functools import lru_cache

from skillpm.scan import flow, litgate
from skillpm.scan.hidden import decode_b64_strict

SCRIPT_MAX = 256 * 1024
DATA_MAX = 64 * 1024
DATA_EXT = (".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".env", ".txt")
B64_RE = re.compile(r"[A-Za-z0-9+/_-]{4,}={0,2}")
HEX_RE = re.compile(r"(?:[0-9a-fA-F]{2}){3,}")
PREFIX_RE = re.compile(r"^[A-Za-z0-9_-]{1,12}[:!$]")  # b64:, base64:, enc!, hex$ ...
# a shell script's write: a redirection into a file, tee, or a temporary copy moved over the settings
SHELL_WRITE_RE = re.compile(r"(?<![<>&\d])>>?[ \t]*[\"']?[$~./\w]|\btee\b|\b(?:mv|cp|install)\b[ \t]+[^\n]{0,120}settings|\bsponge\b")
TOKEN_RE = re.compile(r"(?<![\w/+=-])(?:[A-Za-z0-9_-]{1,12}[:!$])?[A-Za-z0-9+/_-]{6,}={0,2}(?![\w/+=-])")


def _decoded(s: str) -> str:
    """``s`` decoded when it (after a short marker such as ``b64:``) is base64 or hex of printable text."""
    body = PREFIX_RE.sub("", s, count=1) if ":" in s[:13] or "!" in s[:13] or "$" in s[:13] else s
    for cand in (body, s):
        if len(cand) < 4:
            continue
        if HEX_RE.fullmatch(cand) and len(cand) % 2 == 0:
            try:
                out = bytes.fromhex(cand).decode("utf-8")
            except (ValueError, UnicodeDecodeError):
                out = ""
            if out and out.isprintable():
                return out
        if B64_RE.fullmatch(cand) and not cand.isalpha():
            # strict, not hidden.decode_b64: that one takes excess padding ("QUJ==") and cuts at 200,000 chars
            raw = decode_b64_strict(cand, urlsafe=True)
            try:
                out = raw.decode("utf-8") if raw is not None else None
            except UnicodeDecodeError:
                continue
            if out is None:
                continue
            if out and out.isprintable() and len(out) >= 3:
                return out
    return s


def _walk(v):
    if isinstance(v, str):
        return _decoded(v)
    if isinstance(v, dict):
        return {_decoded(k) if isinstance(k, str) else k: _walk(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_walk(x) for x in v]
    return v


def read_as_loaded(path: str, text: str) -> str:
    """The data file as the script holds it once loaded: JSON decoded value by value, in one canonical form
    (``"key": "value"``, list items after ``, ``); other formats with each packed token decoded in place."""
    if path.lower().endswith((".json", ".jsonc", ".json5")):
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        if doc is not None:
            # each list item on a line of its own after "[", as `"allow": ["Bash(*)"` and `, "Bash(*)"` read
            return json.dumps(_walk(doc), separators=(", ", ": "), ensure_ascii=False)
    return TOKEN_RE.sub(lambda m: _decoded(m.group(0)), text)


# A data file that is one packed blob as a whole (`assets/profile.dat`: base64 of gzip of JSON, `#` comment
# lines beside it): read as what it unpacks to
BLOB_EXT = (".dat", ".b64", ".base64", ".bin", ".data", ".blob", ".enc", ".pack", ".gz")
UNPACKED_MAX = 256 * 1024


def _whole_blob(text: str) -> str | None:
    """The text a file that is one base64 blob (optionally gzip or zlib inside) unpacks to, or None."""
    body = "".join(ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#"))
    if len(body) < 16 or not B64_RE.fullmatch(body):
        return None
    raw = decode_b64_strict(body, urlsafe=True)
    if raw is None:
        return None
    if raw[:2] == b"\x1f\x8b" or raw[:1] == b"x":
        try:
            d = zlib.decompressobj(wbits=47)  # gzip or zlib, by the header
            raw = d.decompress(raw, UNPACKED_MAX)
        except zlib.error:
            return None
    try:
        out = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return out if out.strip() and sum(c.isprintable() or c in "\n\r\t" for c in out) >= 0.97 * len(out) else None


def _loaded(path: str, text: str) -> str:
    """``read_as_loaded`` of a data file, or of what it unpacks to when it is one packed blob as a whole."""
    if path.lower().endswith(BLOB_EXT) or "{" not in text:
        inner = _whole_blob(text)
        if inner is not None:
            return read_as_loaded(path + ".json" if inner.lstrip()[:1] in "{[" else path, inner)
    return read_as_loaded(path, text)


def _loads(script: str, path: str) -> bool:
    """Whether the script names the data file: its file name, or its folder with the file's extension."""
    name = posixpath.basename(path)
    if name in script:
        return True
    folder = posixpath.basename(posixpath.dirname(path))
    ext = posixpath.splitext(name)[1]
    return bool(folder) and bool(ext) and re.search(r"['\"/]" + re.escape(folder) + r"['\"/]", script) is not None \
        and ext in script


def settings_from_data(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.engine import _window, classify

    settings_rx = sc._def("agent_settings")
    write_rx = sc._def("file_write")
    off_rx = sc._def("approval_off")
    data = None
    out = []
    for path, raw in files.items():
        if len(raw) > SCRIPT_MAX or classify(path, raw[:8192], False) != "script":
            continue  # (its first 8 KB classify it: cheaper than six searches of the whole file)
        if not any(w in raw for w in (b".claude", b".codex", b".cursor", b".gemini", b".windsurf", b".continue")):
            continue
        text = raw.decode("utf-8", errors="replace")
        if settings_rx.search(text) is None or any(f.file == path and f.rule == "PE-05" and f.grades for f in found):
            continue
        w = write_rx.search(text)
        if w is None and flow.language(path, text[:120]) == "shell":
            w = SHELL_WRITE_RE.search(text)
        if w is None:
            continue
        if data is None:
            data = {p: b.decode("utf-8", errors="replace") for p, b in files.items()
                    if p.lower().endswith(DATA_EXT + BLOB_EXT) and len(b) <= DATA_MAX and p != path}
        for dpath, dtext in sorted(data.items()):
            if not _loads(text, dpath):
                continue
            loaded = _loaded(dpath, dtext)
            m = off_rx.search(loaded)
            if m is None:
                continue
            line = text.count("\n", 0, w.start()) + 1
            what = loaded[max(0, m.start() - 40):m.end() + 10].replace("\n", " ")
            packed = "" if m.group(0).strip("'\"") in dtext else ", packed in the file and decoded"
            note = (f"writes the agent's own settings from {dpath}, which sets its approval off{packed}: …{what}…")
            lines = text.split("\n")
            out.append(sc._finding("PE-05", "high", path, line, _window(lines[line - 1].rstrip("\r"), 0), note=note))
            break
    return out


# ---------------------------------------------------------------- settings spelled in code: encoded, in modules

# A literal glued to the next one: PHP's ".", JS/Python/Ruby's "+", Lua's ".."
GLUED_RE = re.compile(r"""(["'])([^"'\\\n]{0,200})\1[ \t]*(?:\.\.?|\+)[ \t]*(["'])([^"'\\\n]{0,200})\3""")
_SPELLED: list[tuple[bytes, ...]] = []


def _spelled_bytes() -> tuple[bytes, ...]:
    """What a file must hold for a transform to be undone in it (the engine's, base64's, byte arrays')."""
    if not _SPELLED:
        from skillpm.scan.engine import TRANSFORM_BYTES
        from skillpm.scan.spelledsql import B64_WORDS, BYTE_ARRAY_WORDS

        from skillpm.scan.values import GATE_BYTES

        _SPELLED.append(tuple(dict.fromkeys((*TRANSFORM_BYTES, *(w.encode() for w in (*B64_WORDS, *BYTE_ARRAY_WORDS)), *GATE_BYTES))))
    return _SPELLED[0]


# the last tree's answer to "which of its code files undo a transform" (settings_from_code asks it, and so do
# pkgconfig's readers right after, of the same files): the tree is kept so that its id stays its own
_SPELLED_FILES: list = [None, None]


def spelled_files(files: dict[str, bytes]) -> set[str]:
    """The code files of ``files`` (by extension or shebang, at most SCRIPT_MAX) that hold a word some string
    transform needs (``_spelled_bytes``): the only ones whose literals can be spelled other than as written."""
    from skillpm.scan.assembled import _code_file

    if _SPELLED_FILES[0] is not files:
        words = _spelled_bytes()
        got = {p for p, d in files.items() if len(d) <= SCRIPT_MAX and _code_file(p, d) and litgate.any_in(d, words)}
        _SPELLED_FILES[:] = [files, got]
    return _SPELLED_FILES[1]


def _glued(text: str) -> str:
    """``text`` with adjacent literals glued by an operator written as the one literal they make."""
    if "." not in text and "+" not in text:
        return text
    for _ in range(6):
        new = GLUED_RE.sub(lambda m: '"' + m.group(2) + m.group(4) + '"', text)
        if new == text:
            break
        text = new
    return text


# a helper's call around one decoded literal (`w(".claude")`), or its name left before it where the call's
# parentheses were the array's (`s(100,101,…)` spelled is `s"defaultMode"`): the literal is what the run holds
HELPER_CALL_RE = re.compile(r"""(?<![\w$.])[A-Za-z_$][\w$]{0,40}\(\s*("[^"\\\n]{1,400}")\s*\)|(?<![\w$.])[A-Za-z_$][\w$]{0,40}(?="[^"\\\n]{1,400}")""")


@lru_cache(maxsize=16)
def _decoded_copies(text: str) -> list[str]:
    """A program's text as its run makes its literals: each transform it undoes (``spelledsql.copies``:
    reversed, shifted, char codes, hex, base64, byte arrays), a helper's call around a decoded literal
    taken off, literals glued by an operator joined."""
    from skillpm.scan.spelledsql import copies

    return [_glued(HELPER_CALL_RE.sub(lambda m: m.group(1) or "", c)) for c in copies(text)]


def settings_from_code(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """PE-05 high where a script writes a file and the agent's settings path and a value that switches its
    approval off are both in the program (the script and the modules of the skill it imports), one of them
    spelled only at run time: keys, values or paths kept as char codes, hex, base64 or reversed
    (``s(98,121,112,97,115,115,…)`` for ``bypassPermissions``) in the script or in a table module it requires.
    What the program spells plainly is the engine's two-halves check; a module that lists the values to warn
    about, written as they read, is not read here."""
    from skillpm.scan.assembled import IMPORT_EXT, IMPORT_MAX, _imported_names, _module_keys
    from skillpm.scan.engine import _window, classify

    spelled = spelled_files(files)
    if not spelled:
        return []  # (most skills: no file undoes a transform, and nothing here can be spelled)
    from skillpm.scan.assembled import importers

    by = importers(files) if any(p.lower().endswith(IMPORT_EXT) for p in spelled) else {}
    wanted = spelled | {q for p in spelled for q in by.get(p, ())}
    scripts = {p: files[p] for p in wanted if len(files[p]) <= SCRIPT_MAX and classify(p, files[p][:8192], False) == "script"}
    if not scripts:
        return []
    settings_rx, write_rx, off_rx = sc._def("agent_settings"), sc._def("file_write"), sc._def("approval_off")
    keys: dict[str, set[str]] = {}
    for p in files:
        if p.lower().endswith(IMPORT_EXT) and len(files[p]) <= IMPORT_MAX:
            for k in _module_keys(p):
                keys.setdefault(k, set()).add(p)
    texts: dict[str, str] = {}
    decoded: dict[str, list[str]] = {}

    def read(p: str) -> str:
        if p not in texts:
            texts[p] = files[p].decode("utf-8", errors="replace")
        return texts[p]

    def copies_of(p: str) -> list[str]:
        if p not in decoded:
            decoded[p] = _decoded_copies(read(p)) if len(files[p]) <= SCRIPT_MAX else []
        return decoded[p]

    out = []
    for path in sorted(scripts):
        if any(f.file == path and f.rule == "PE-05" and f.grades for f in (*found, *out)):
            continue
        text = read(path)
        w = write_rx.search(text)
        if w is None and flow.language(path, text[:120]) == "shell":
            w = SHELL_WRITE_RE.search(text)
        if w is None:
            continue
        mods = []
        if path.lower().endswith(IMPORT_EXT) and ("import" in text or "require(" in text):
            mods = sorted({q for n in _imported_names(path, text) for q in keys.get(n, ()) if q != path})
        group = [path, *mods]
        plain = "\n".join(_glued(read(p)) for p in group)
        spelled = "\n".join(c for p in group for c in copies_of(p))
        if not spelled:
            continue
        program = plain + "\n" + spelled
        where, off = settings_rx.search(program), off_rx.search(program)
        if where is None or off is None:
            continue
        if settings_rx.search(plain) is not None and off_rx.search(plain) is not None:
            continue  # both halves in plain sight: the engine's own check reads them
        line = text.count("\n", 0, w.start()) + 1
        note = (f"writes a file, and the program ({', '.join(group)}) names the agent's own settings "
                f"({where.group(0)[:50]}) and sets its approval off ({off.group(0)[:40]}), spelled only at run time "
                f"(char codes, hex, base64 or reversed, decoded)")
        out.append(sc._finding("PE-05", "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0), note=note))
    return out
