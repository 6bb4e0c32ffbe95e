"""Data a detector holds: what a linter matches and what its tests feed it, read as data, not as actions.

A read-only linter ships its rules as patterns (``rules/patterns.yaml``: ``pipe-to-shell: [high,
'curl ... | sh']``) and its tests read sample files full of the lines it must flag
(``tests/fixtures/bad_install.sh.txt``). Neither is a step anyone runs: a pattern is only matched, and a
sample with a text extension (.txt, .fixture, .sample …) is only read. So their findings are reported at low
(never hidden), with a note that says why.

Never a skill's own suppression: the reading holds only while nothing of the skill runs the file. A file
that SKILL.md names on a line that runs, sources or follows it, that a program of the skill hands to a shell
(``bash fixtures/x.sample``, ``cat x.txt | sh``, ``subprocess.run(text, shell=True)``), or that a program
with any sink (a command run, a request sent: ``_only_matches``) names, keeps its full severity; so does a
rule file's entry under a key that holds a command (``run:``, ``fix:``, ``command:``).
"""

from __future__ import annotations

import re

from skillpm.scan.result import FOLLOWED_KEPT, Finding, is_lowered_location

# Extensions of a sample file: text a program reads, never one an interpreter runs by its name
SAMPLE_EXT = (".txt", ".fixture", ".sample", ".golden", ".snap", ".input", ".expected", ".log", ".eml")
PATTERN_EXT = (".yaml", ".yml", ".json", ".toml", ".yar", ".yara", ".rules")  # and YARA, Suricata/Snort rules
FIXTURE_DIRS = frozenset({"tests", "test", "__tests__", "spec", "specs", "fixtures", "fixture", "__fixtures__",
                          "testdata", "test-data", "test_data"})

# A line that hands a named file to a shell or an interpreter (the name follows: NAME is put in)
_RUNS_NAMED = (r"(?:\b(?:ba|z|k|da)?sh|\bsource|\bpython[0-9.]*|\bnode|\bperl|\bruby|\bpwsh|\bphp|\bdeno|\bbun)"
               r"\s+(?:-\S+\s+)*[\"']?[^\s\"'|;&]*NAME|(?:^|[\s;&|(`])\.\s+[\"']?[^\s\"'|;&]*NAME"
               r"|NAME[^\n|]*\|\s*(?:sudo\s+)?(?:\S*/)?(?:ba|z|k|da)?sh\b|(?:ba|z|k|da)?sh\b[^\n]*<\s*[\"']?[^\s\"']*NAME")
# A program line that runs text it holds: a shell string, eval, exec
_RUNS_TEXT = re.compile(r"shell\s*=\s*True|\bos\.(?:system|popen|exec\w*)\b|\bexecSync\b|\bchild_process\b|\beval\s*\("
                        r"|\bexec\s*\(|Invoke-Expression|\biex\b|\[\s*['\"](?:ba|z|k|da)?sh['\"]\s*,|\bsystem\s*\("
                        r"|\bexec\.Command\b|Process\.Start\b|\bspawnSync\b|\bexecFile", re.IGNORECASE)
# SKILL.md's line that orders the named file run or followed
_ORDERS = re.compile(r"\b(?:run|runs|running|execute|exec|source|sourced|follow|apply|obey|carry out|perform|"
                     r"do what|pipe|paste|load)\b", re.IGNORECASE)
# A rule file's keys that hold a pattern, and those that hold a command
_PATTERN_KEYS = frozenset({"pattern", "patterns", "regex", "regexp", "re", "rx", "match", "matches", "signature",
                           "signatures", "needle", "expr", "expression", "glob", "contains", "literal", "search"})
_COMMAND_KEYS = frozenset({"run", "runs", "cmd", "cmds", "command", "commands", "exec", "execute", "script",
                           "scripts", "shell", "fix", "fixes", "remedy", "remediation", "install", "setup", "hook",
                           "hooks", "step", "steps", "action", "actions", "do", "then", "entrypoint", "postinstall",
                           "preinstall", "prepare", "before", "after", "apply", "payload", "exploit"})
_KEY_RE = re.compile(r"""["']?([A-Za-z_][\w.-]*)["']?\s*[:=](?!//)""")
# A program that compiles what it read (not a literal): its data are patterns
_COMPILES_READ = re.compile(r"(?:re\.compile|new RegExp|RegExp|regexp\.(?:Must)?Compile|Regexp\.new|re\.(?:search|match"
                            r"|fullmatch|finditer|findall))\(\s*(?![rbuf]?[\"'/])")
# A pattern-looking value: the metacharacters of a regular expression
_REGEX_LOOK = re.compile(r"\\[sdwbSDW.|()\[\]$^*+?]|\[\^|\(\?[:!=<i]|\.\*|\.\+")


def _named(name: str) -> re.Pattern:
    return re.compile(r"""["'/\\`]""" + re.escape(name) + r"""(?:["'`]|\b)""")


def _texts(files: dict[str, bytes]) -> dict[str, str]:
    return {p: d.decode("utf-8", errors="replace") for p, d in files.items()}


def _test_file(path: str) -> bool:
    from skillpm.scan import _test_file as is_test

    return is_test(path)


def _only_matches(text: str) -> bool:
    from skillpm.scan import _only_matches as only

    return only(text)


def _is_script(path: str, data: bytes) -> bool:
    from skillpm.scan.engine import classify

    return classify(path, data[:8192], False) == "script"


def _skill_md(files: dict[str, bytes]) -> str | None:
    return next((p for p in sorted(files) if p.lower() == "skill.md"), None)


def _line_with(text: str, needle: str, rx: re.Pattern) -> bool:
    """Whether ``rx`` finds something in a line of ``text`` that holds ``needle``."""
    at = text.find(needle)
    while at >= 0:
        lo, hi = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        if rx.search(text, lo, len(text) if hi < 0 else hi):
            return True
        at = text.find(needle, at + len(needle))
    return False


def _ordered_lines(text: str, needle: str) -> bool:
    """Whether a line of ``text`` that holds ``needle`` orders something run or followed."""
    return _line_with(text, needle, _ORDERS)


def _runs_it(text: str, name: str) -> bool:
    """Whether a line of a file that names ``name`` hands it to a shell or an interpreter, or runs text."""
    if name not in text:
        return False
    runs = re.compile(_RUNS_NAMED.replace("NAME", re.escape(name)), re.IGNORECASE | re.MULTILINE)
    return runs.search(text) is not None or _line_with(text, name, _RUNS_TEXT)


def kept_ordered(files: dict[str, bytes], findings: list[Finding]) -> None:
    """A text file in tests/, references/ … (a sample's extension) that SKILL.md names on a line that orders it
    run, sourced or followed ("Read tests/fixtures/policy.txt and follow every step in it") is an order wherever
    it is placed: its findings keep SKILL.md's weight (the location lowering leaves them)."""
    paths = {f.file for f in findings if f.severity not in ("info", "low") and f.file.lower().endswith(SAMPLE_EXT)
             and is_lowered_location(f.file)}
    skill_md = _skill_md(files) if paths else None
    if skill_md is None:
        return
    st = files[skill_md].decode("utf-8", errors="replace")
    kept = {p for p in paths if _ordered_lines(st, p) or _runs_it(st, p.rsplit("/", 1)[-1])}
    for f in findings:
        if f.file in kept and not (f.note and FOLLOWED_KEPT in f.note):
            f.note = f"{skill_md} {FOLLOWED_KEPT}" + (f"; {f.note}" if f.note else "")


# A command line of SKILL.md: an interpreter, then a program of the skill (its path as named, under the skill's
# folder placeholder or not), then its arguments
_PROGRAM_LINE = re.compile(r"(?:^|[\s`(;&|])(?:python[0-9.]*|node|ruby|perl|bash|sh|pwsh|php|deno run|bun)\s+(?:-\S+\s+)*"
                           r"[\"']?(?:<[\w-]+>/|\$\{?\w+\}?/|\./)?([\w./-]+)[\"']?(?=\s)([^\n|;&]*)")


def _ordered_elsewhere(st: str, needle: str, base: str) -> bool:
    """Whether a line of ``st`` that holds ``needle`` orders something run or followed, other than a command line
    that hands the sample ``base`` to a program as its argument (read by ``_argument_of``)."""
    at = st.find(needle)
    while at >= 0:
        lo, hi = st.rfind("\n", 0, at) + 1, st.find("\n", at)
        line = st[lo:len(st) if hi < 0 else hi]
        if _ORDERS.search(line) and not (base in line and any(base in m.group(2) for m in _PROGRAM_LINE.finditer(line))):
            return True
        at = st.find(needle, at + len(needle))
    return False


def _argument_of(st: str, base: str, files: dict[str, bytes], texts: dict[str, str]) -> str | None:
    """The skill's program that SKILL.md hands the sample ``base`` to as an argument, on every line that names it
    (``python scripts/ps_decode.py tests/fixtures/sample.log``), when that program only matches what it reads and
    names no shell for it; None when a line names the sample otherwise (run, sourced, followed, piped)."""
    found = None
    at = st.find(base)
    while at >= 0:
        lo, hi = st.rfind("\n", 0, at) + 1, st.find("\n", at)
        line = st[lo:len(st) if hi < 0 else hi]
        m = next((m for m in _PROGRAM_LINE.finditer(line) if base in m.group(2)), None)
        prog = m and next((p for p in files if p == m.group(1) or p.endswith("/" + m.group(1))), None)
        if prog is None or found not in (None, prog) or _runs_it(line, base) or re.search(r"\|\s*(?:sudo\s+)?\S*sh\b", line):
            return None
        if not (_is_script(prog, files[prog]) and _reader_ok(prog, texts[prog], files[prog], base)):
            return None
        found = prog
        at = st.find(base, hi if hi > 0 else len(st))
    return found


def _reader_ok(path: str, text: str, data: bytes, name: str) -> bool:
    """Whether a file that names a sample only reads it: a test that runs no shell on it, or a program that only
    matches what it reads (no sink) and hands it to no shell."""
    if _runs_it(text, name):
        return False
    if _test_file(path):
        return _RUNS_TEXT.search(text) is None
    return _is_script(path, data) and _only_matches(text)


def fixture_samples(files: dict[str, bytes], findings: list[Finding], followed: set[str],
                    known: dict[str, str]) -> dict[str, str]:
    """The sample files (a text extension, in tests/ or fixtures/) with a finding at medium or above that the
    skill's tests or its matching programs read and nothing runs, each with a program that reads it (by its
    name, or its folder's): reported at low as a detector's samples. Not a sample: a file SKILL.md names, runs or
    sources, or that a program with a sink, or any other file, names."""
    docs = sorted({f.file for f in findings if f.severity not in ("info", "low") and f.file not in known
                   and f.file not in followed and f.file.lower().endswith(SAMPLE_EXT)
                   and any(p.lower() in FIXTURE_DIRS for p in f.file.split("/")[:-1])
                   and not (f.note and FOLLOWED_KEPT in f.note)})
    if not docs:
        return {}
    texts = _texts(files)
    skill_md = _skill_md(files)
    st = texts.get(skill_md, "") if skill_md else ""
    out: dict[str, str] = {}
    for doc in docs:
        folder, _, base = doc.rpartition("/")
        dname = folder.rsplit("/", 1)[-1]
        given = _argument_of(st, base, files, texts) if base in st else None
        if base in st and given is None or _ordered_elsewhere(st, folder + "/", base) \
                or _ordered_elsewhere(st, dname, base) or _runs_it(st, folder + "/"):
            continue
        namers = [p for p, t in texts.items() if p != doc and p != skill_md and base in t]
        if not all(_reader_ok(p, texts[p], files[p], base) for p in namers):
            continue
        rx = _named(dname)
        by_folder = [p for p, t in texts.items() if p != doc and p != skill_md and p not in namers and dname in t
                     and rx.search(t) and (_is_script(p, files[p]) or _test_file(p))]
        if not all(_reader_ok(p, texts[p], files[p], dname) for p in by_folder):
            continue
        reader = next(iter(([given] if given else []) + namers + by_folder), None)
        if reader is not None:
            out[doc] = reader
    return out


# A rule engine that only matches the rules a file holds, and the options that hand it the file: Semgrep, ast-grep,
# Falco, YARA, Sigma, Gitleaks, hadolint, Suricata/Snort, grep/ripgrep's pattern files. Not here: engines whose
# rules can act (Nuclei templates send requests, OPA's Rego has http.send, a Checkov check may be Python).
RULE_ENGINES = {
    "semgrep": r"(?:--config|-c|-f)[= ]", "opengrep": r"(?:--config|-c|-f)[= ]", "sg": r"(?:--rule|-r)[= ]",
    "ast-grep": r"(?:--rule|-r)[= ]", "falco": r"(?:-r|--rules?-file|--validate|-V)[= ]", "yara": r"(?:-\w+ )*",
    "yarac": r"(?:-\w+ )*", "sigma": r"(?:convert|check)\b[^\n|;&]*?", "sigmac": r"(?:-\S+ )*",
    "gitleaks": r"[^\n|;&]*?(?:--config|-c)[= ]", "hadolint": r"(?:--config|-c)[= ]", "suricata": r"(?:-S|-s)[= ]",
    "snort": r"(?:-c)[= ]", "grep": r"(?:-\w+ )*-\w*f ?", "egrep": r"(?:-\w+ )*-\w*f ?", "rg": r"(?:-\S+ )*(?:-f|--file)[= ]",
}
_ENGINE_ARG = r"(?:^|[\s`'\"(;&|])(?:{engines})\s+(?:[^\n|;&]*?\s)?(?:{options})[\"']?[^\s\"'|;&]*NAME"


def _engine_reads(text: str, name: str) -> str | None:
    """The rule engine a line of ``text`` hands the file ``name`` to as its rules, or None."""
    if name not in text:
        return None
    for engine, option in RULE_ENGINES.items():
        if engine not in text:
            continue
        rx = re.compile(_ENGINE_ARG.format(engines=re.escape(engine), options=option).replace("NAME", re.escape(name)),
                        re.MULTILINE)
        if rx.search(text):
            return engine
    return None


def _only_engine_lines(text: str, base: str, path: str) -> bool:
    """Whether every line of ``text`` that names ``base`` and orders something hands it to a rule engine (\"Run
    `semgrep --config rules/x.yml .`\": the engine is run, the file is its rules)."""
    at = text.find(base)
    while at >= 0:
        lo, hi = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        line = text[lo:len(text) if hi < 0 else hi]
        if _ORDERS.search(line) and not (_engine_reads(line, path) or _engine_reads(line, base)):
            return False
        at = text.find(base, at + len(base))
    return True


# A program that decodes what it reads itself (base64, hex, UTF-16 PowerShell, zlib): a decoder or an unpacker
_DECODES = re.compile(r"\b(?:b64decode|b32decode|a85decode|unhexlify|fromhex|decompress|atob|FromBase64String"
                      r"|base64\.(?:StdEncoding|URLEncoding)\.DecodeString|hex\.DecodeString|Base64\.decode64|base64_decode)\b"
                      r"|Buffer\.from\([^)]*['\"](?:base64|hex)['\"]|\bbase64\s+(?:-d|--decode)\b")
# Findings whose harm is the agent obeying what it reads: decoded text a decoder prints reaches the agent
_OBEYED = frozenset({"prompt-injection", "prompt-leakage", "excessive-agency", "agent-snooping"})


def printed_decodings(files: dict[str, bytes], findings: list[Finding], samples: dict[str, str]) -> None:
    """Text decoded from a sample that the skill's own decoder reads, decodes and only prints (no command run,
    nothing sent, nothing written where it runs: ``_only_matches``) is the decoder's subject, reported at low.
    What it says to the agent (an injection, a request to hide or to act) reaches the agent when printed: those
    findings keep finalize's one level. A decoder with any sink, or a sample no decoder reads, keeps it all."""
    if not samples:
        return
    decoders = {}
    for f in findings:
        if f.decoded is None or f.rule == "HT-04" or f.file not in samples or f.severity in ("info", "low") \
                or f.category in _OBEYED:
            continue
        reader = samples[f.file]
        if reader not in decoders:
            text = files.get(reader, b"").decode("utf-8", errors="replace")
            decoders[reader] = _is_script(reader, files.get(reader, b"")) and not _test_file(reader) \
                and _DECODES.search(text) is not None and _only_matches(text)
        if decoders[reader]:
            f.severity = "low"
            f.note = (f.note + "; " if f.note else "") + \
                f"low: decoded from a sample that {reader} decodes and only prints (the decoder's subject)"


# A blob handed to a program on a command line: quoted or bare, 16+ characters of base64, hex or escapes
_BLOB_ARG = re.compile(r"""(?:^|\s)(?:--?[\w-]+[ =])?["']?([A-Za-z0-9+/=_\\-]{16,})["']?(?=\s|$)""")
# … or fed on standard input: `echo 'BLOB' | python3 scripts/decode.py`, `printf %s BLOB |`, a here-string
_BLOB_PIPED = re.compile(r"""\b(?:echo|printf(?:\s+%s)?)\s+(?:-\w+\s+)?["']?([A-Za-z0-9+/=_\\-]{16,})["']?\s*\|\s*$""")
_BLOB_HERE = re.compile(r"""<<<\s*["']?([A-Za-z0-9+/=_\\-]{16,})["']?""")
# SKILL.md turning the decoder's output into something run: "then run what it prints", "eval the decoded text"
_OUTPUT_RUN = re.compile(r"""\b(?:run|execute|eval|source|paste)\b[^.\n]{0,40}\b(?:decoded|output|result|prints?|printed)\b"""
                         r"""|\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:iex|Invoke-Expression|python[0-9.]*\s+-|node\s+-)|\$\(""",
                         re.IGNORECASE)
_OUTPUT_RUN_NEGATED = re.compile(r"""\b(?:never|not|don't|do not|no|without|nor)\b|n't\b""", re.IGNORECASE)


def _decoder_argument(line: str, files: dict[str, bytes], decoders: dict[str, bool]) -> bool:
    """Whether ``line`` hands an encoded blob to a program of the skill (as an argument, on standard input or as a
    here-string) that decodes and only prints (``_DECODES``, ``_only_matches``), and nothing on the line runs what
    it prints."""
    if _OUTPUT_RUN.search(line) and not _OUTPUT_RUN_NEGATED.search(line):
        return False
    line += "\n"  # a program named last on its line is followed by the line's end
    for m in _PROGRAM_LINE.finditer(line):
        prog = next((p for p in files if p == m.group(1) or p.endswith("/" + m.group(1))), None)
        if prog is None:
            continue
        if not (_BLOB_ARG.search(m.group(2)) or _BLOB_HERE.search(m.group(2))
                or _BLOB_PIPED.search(line[:m.start() + 1])):
            continue
        if prog not in decoders:
            text = files[prog].decode("utf-8", errors="replace")
            decoders[prog] = _is_script(prog, files[prog]) and not _test_file(prog) \
                and _DECODES.search(text) is not None and _only_matches(text) and not _RUNS_TEXT.search(text)
        if decoders[prog]:
            return True
    return False


def argument_blobs(files: dict[str, bytes], findings: list[Finding]) -> None:
    """Text decoded from a blob that SKILL.md hands, on a command line, to the skill's own decoder that only prints
    (``python3 scripts/deobf.py 'Y3VybC…'``, ``echo 'SQBu…' | pwsh scripts/decode.ps1``) is the decoder's subject, as
    a sample file handed to it is (``printed_decodings``): reported at low; what the decoded text says to the agent
    (``_OBEYED``) keeps finalize's one level, since a printed decoding reaches the agent. Not lowered: a decoder with
    any sink or shell, a line that pipes or evaluates what it prints, or a SKILL.md that orders the output run."""
    skill_md = _skill_md(files)
    cands = [f for f in findings if f.file == skill_md and f.decoded is not None and f.rule != "HT-04"
             and f.severity not in ("info", "low") and f.category not in _OBEYED]
    if not cands:
        return
    st = files[skill_md].decode("utf-8", errors="replace")
    if any(_OUTPUT_RUN.search(ln) and not _OUTPUT_RUN_NEGATED.search(ln)
           for ln in st.splitlines() if not _PROGRAM_LINE.search(ln)):
        return
    lines = st.splitlines()
    decoders: dict[str, bool] = {}
    for f in cands:
        if 0 < f.line <= len(lines) and _decoder_argument(lines[f.line - 1], files, decoders):
            f.severity = "low"
            f.note = (f.note + "; " if f.note else "") + \
                "low: decoded from a blob SKILL.md hands to the skill's decoder, which only prints it (the decoder's subject)"


def _pattern_line(line: str, compiles: bool) -> bool:
    """Whether a line of a rule file is a pattern entry: no key that holds a command, and a key that holds a
    pattern, a value that reads as a regular expression, or a reader that compiles what it reads."""
    keys = {k.lower() for k in _KEY_RE.findall(line)}
    if keys & _COMMAND_KEYS:
        return False
    return bool(keys & _PATTERN_KEYS) or compiles or _REGEX_LOOK.search(line) is not None


def pattern_entries(files: dict[str, bytes], findings: list[Finding], followed: set[str]) -> None:
    """Lower to low the findings on the pattern entries of a rule file (YAML, JSON, TOML) that the skill's
    matching programs read: a linter's patterns are what it looks for, not what it does. Not lowered: a file
    that SKILL.md orders run or applied, that a program with a sink or a shell reads, or that no program
    reads; an entry under a command key (``run:``, ``fix:``)."""
    cands = sorted({f.file for f in findings if f.severity not in ("info", "low") and f.file not in followed
                    and f.file.lower().endswith(PATTERN_EXT) and not (f.note and FOLLOWED_KEPT in f.note)})
    if not cands:
        return
    texts = _texts(files)
    skill_md = _skill_md(files)
    st = texts.get(skill_md, "") if skill_md else ""
    for path in cands:
        base = path.rsplit("/", 1)[-1]
        engine = _engine_reads(st, path) or _engine_reads(st, base)
        if _ordered_lines(st, base) and not (engine and _only_engine_lines(st, base, path)):
            continue
        rx = _named(base)
        namers = [p for p, t in texts.items() if p != path and p != skill_md and base in t and rx.search(t)]
        programs = [p for p in namers if _is_script(p, files[p]) and not _test_file(p)]
        if not (programs or engine) or not all(_reader_ok(p, texts[p], files[p], base) for p in namers):
            continue
        if any(not _is_script(p, files[p]) and not _test_file(p) and not p.lower().endswith((".md", ".markdown"))
               for p in namers):
            continue  # a manifest or config that names it (a hook's settings) may hand it to something that runs
        compiles = bool(engine) or any(_COMPILES_READ.search(texts[p]) for p in programs)
        reader = f"{engine} (a rule engine SKILL.md hands it to)" if engine else programs[0]
        lines = texts[path].splitlines()
        for f in findings:
            if f.file != path or f.severity in ("info", "low") or not 0 < f.line <= len(lines):
                continue
            if _pattern_line(lines[f.line - 1], compiles):
                f.severity = "low"
                f.note = (f.note + "; " if f.note else "") + \
                    f"low: a pattern of the skill's detector, read by {reader}, which only matches what it reads"


# An SVG image, whole (the decoded text as kept ends its root element): an image asset, not hidden text
_SVG_DOC = re.compile(r"\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--[^>]{0,200}-->\s*)?<svg\b.*</svg>\s*", re.DOTALL)
# What an SVG can do besides being drawn: run script, load a page, carry a document
_SVG_ACTIVE = re.compile(r"<script|\son\w+\s*=|<foreignObject|javascript:|<iframe|<object|<embed|<use[^>]*href\s*=\s*[\"']?https?:"
                         r"|<image[^>]*href\s*=\s*[\"']?https?:|<!ENTITY|<desc|<title|<metadata|<!--", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")
SVG_LABEL_WORDS = 6  # the visible words of a logo or a badge ("build passing", "Acme Mail")


def image_blobs(findings: list[Finding]) -> None:
    """An encoded blob that decodes, whole, to an SVG image with nothing in it but shapes and a short label
    (no script, event handler, embedded page, description or comment, and nothing the decoded text was read to
    say) is an image asset kept as base64 for a data: URI: its HT-04 finding is low. Anything more in the
    image, or any finding on what it says, keeps the finding."""
    for f in findings:
        if f.rule != "HT-04" or f.decoded is None or f.severity in ("info", "low"):
            continue
        d = f.decoded
        if len(d) >= 500 or not _SVG_DOC.fullmatch(d) or _SVG_ACTIVE.search(d):
            continue
        if len(_TAG.sub(" ", d).split()) > SVG_LABEL_WORDS:
            continue
        if any(g is not f and g.file == f.file and g.line == f.line and g.decoded == d for g in findings):
            continue  # the decoded text was read to say something
        f.severity = "low"
        f.note = (f.note + "; " if f.note else "") + "low: it decodes to an SVG image of shapes and a short label"


TABLE_CELL_SHORT = 120  # a cell naming what to look for: a phrase, an address, a flag, not a step of its own


def short_cell(row: str, lo: int, hi: int) -> bool:
    """Whether the table cell of ``row`` holding ``row[lo:hi]`` is short: what a review or a detector looks for
    is named in a phrase or a value; a long cell is a sentence that may order an act (then a table of what to
    look for is lowered one level only)."""
    start = row.rfind("|", 0, lo) + 1
    end = row.find("|", hi)
    return len(row[start:len(row) if end < 0 else end].strip()) <= TABLE_CELL_SHORT
