"""What a skill's workflow sends out, read across the documents it reaches (SKILL.md and the Markdown files
SKILL.md names), by what its steps do together rather than by any one sentence.

- Secret values in what is sent (SE-03 and EX-01, high). One step (a table cell of a form's defaults, a
  "prepare the payload" step, a field of a ticket) puts the VALUES of secrets into what the agent builds:
  the whole shell environment (the output of ``env``, ``printenv``, every environment variable), the
  contents or values of ``.env`` files, the text of a credential file (``~/.aws/credentials``, ``~/.netrc``,
  a kubeconfig, a private key); another step of the same workflow sends to a written address outside the
  machine (a POST, an upload, a ``curl --data @…``). Neither step names the other. A ``.env.example``
  holds no secret; a step that takes names only ("never the values") gathers none.
- The original of what the skill exists to scrub, sent out (EX-01, high). A skill whose description is
  to redact, anonymise, scrub, sanitise, mask or blur data, with a section that sends the original,
  unredacted or raw data to an outside address (a "recall checker", a "verifier"): the data it promises
  to protect leaves the machine whole.
- Private sources listed, then shared (AS-03, high). A document lists, in table rows or list items, two or
  more kinds of what belongs to the user's other work and to other agents (shell histories, other
  assistants' sessions and transcripts, memory files, installed skills, the SSH and git identity), and
  the workflow commits, pushes, publishes or posts what it writes: whatever the list says each row is
  for, what it names ends up in a shared place.

A finding on a document SKILL.md names is placed on SKILL.md's line that names it (the step that
reaches it), so that it weighs as SKILL.md's own; its note quotes the document's line.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE, section_at
from skillpm.scan.rules import RANK

MAX_DOC = 128 * 1024
MAX_DOCS = 8

# ---------------------------------------------------------------- a send to an address outside the machine
URL_OUT = (r"https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/]|(?:[\w-]+\.)*example\.(?:com|org|net)\b"
           r"|(?:[\w-]+\.)+(?:example|test|invalid|local|localhost)\b(?![\w.-]))[\w-]+(?:\.[\w-]+)+")
URL_OUT_RE = re.compile(URL_OUT, re.IGNORECASE)
SEND_VERB_RE = re.compile(r"(?<![\w-])(?:POST|PUT|PATCH)\b|(?i:\b(?:send|sends|post|posts|upload|uploads|submit|submits|"
                          r"deliver|delivers|transmit|sync|ship|forward)\b|\bcurl\b[^\n]*\s(?:-F|--form|-d|--data[\w-]*|-T|"
                          r"--upload-file|-X\s*(?:POST|PUT|PATCH))\s|\bmutation\b)")
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|without|avoid\w*|"
                    r"exclud\w*|except|omit\w*|instead of|rather than|unless)\b", re.IGNORECASE)


def _urls(text: str) -> list[int]:
    """Where the outside addresses start (found by their "://", then read by URL_OUT_RE)."""
    out = []
    at = text.find("://")
    while at >= 0:
        s = at - 5 if text[at - 5:at].lower() == "https" else at - 4
        if s >= 0 and URL_OUT_RE.match(text, s):
            out.append(s)
        at = text.find("://", at + 3)
    return out


def _clause_head(text: str, at: int) -> str:
    lo = max(0, at - 300)
    s = max(text.rfind("\n", lo, at), max(text.rfind(c, lo, at) for c in ".!?;|")) + 1
    return text[max(s, lo):at]


def _sends(text: str) -> list[int]:
    """Offsets of the sections' sends: a section that writes an outside address and a verb or method of sending
    (not negated in its clause)."""
    out: list[int] = []
    if "://" not in text:
        return out
    urls = _urls(text)
    done = -1
    for u in urls:
        if u < done:
            continue  # (its section was read)
        a, b = section_at(text, u)
        done = b
        for m in SEND_VERB_RE.finditer(text, a, b):
            if not NEG_RE.search(_clause_head(text, m.start())) and not _talk(text, m.start()):
                out.append(m.start())
                break
    return out


# ---------------------------------------------------------------- secret values put in
ENV_DUMP_RE = re.compile(
    r"\boutput of\s+`?(?:env|printenv|set|export -p)\b|`(?:env|printenv)`\s+output|\bprintenv\b|"
    r"\b(?:full|complete|entire|whole)\s+(?:shell\s+|process\s+|runtime\s+)?environment\b(?!\s+(?:names|keys))|"
    r"\b(?:every|all|each)\s+(?:the\s+)?(?:shell\s+|process\s+)?environment\s+variables?\b[^.\n|]{0,40}?\bvalues?\b",
    re.IGNORECASE)
ENV_FILE_RE = re.compile(r"(?<![\w./-])\.env(?:\.(?!example\b|sample\b|template\b|dist\b|tmpl\b)[\w-]+)?(?![\w.-])"
                         r"|(?<![\w./-])\.env\*", re.IGNORECASE)
VALUE_MARK_RE = re.compile(r"\b(?:contents?|values?|verbatim|as[- ]is|unmasked|unredacted|plain ?text|key=value|"
                           r"(?:each|every|per|one entry per) line|text of|pasted)\b", re.IGNORECASE)
CRED_FILE_RE = re.compile(
    r"\.aws/credentials\b|(?<![\w-])\.netrc\b|(?<![\w-])\.pypirc\b|(?<![\w-])\.npmrc\b|\.docker/config\.json|\.kube/config\b|"
    r"\bkubeconfig\b|\.git-credentials\b|application_default_credentials\.json|\.ssh/(?!config\b|known_hosts\b|authorized_keys\b)"
    r"[\w*-]+(?!\.pub)\b|\bid_(?:rsa|ed25519|ecdsa)\b(?!\.pub)|\bkubectl get secrets?\b", re.IGNORECASE)
TAKE_RE = re.compile(r"\b(?:contents?|text of|append\w*|add|adds|attach\w*|include\w*|paste\w*|merge\w*|dump\w*|copy|"
                     r"bundle\w*|embed\w*|put|cat|verbatim|as[- ]is|values?)\b", re.IGNORECASE)
NAMES_ONLY_RE = re.compile(r"\b(?:names? only|only (?:the )?(?:variable )?names|(?:no|never the|not the|without(?: the)?) values?|"
                           r"masked|redacted)\b", re.IGNORECASE)
# a line that reads a .env file to use its values (a credential looked up for the skill's own call), with no
# verb that puts them into something
READ_USE_RE = re.compile(r"\b(?:read|reads|extract|extracts|load|loads|source|sources|parse|parses|look up|looks up|get|gets)\b",
                         re.IGNORECASE)
PUT_IN_RE = re.compile(r"\b(?:paste\w*|include\w*|attach\w*|append\w*|add|adds|embed\w*|bundle\w*|dump\w*|copy|copies|put|puts|"
                       r"entry|entries|merge\w*|write\w*|send\w*|post\w*|upload\w*)\b", re.IGNORECASE)
SECRET_LINE = (".env", "env`", "printenv", "environment", "of env", "credentials", "netrc", "pypirc", "npmrc", "kube", ".ssh/",
               "id_rsa", "id_ed", "id_ecdsa")


def _sentence_head(line: str, at: int) -> str:
    """The words of ``line``'s sentence before ``at`` (a dot counts only before a blank: ".env" is a name)."""
    return line[max(line.rfind(c, 0, at) for c in (". ", "! ", "? ", "; ", "|")) + 1:at]


def _quoted(text: str, at: int) -> bool:
    """Whether offset ``at`` of ``text`` sits inside a double-quoted span of its paragraph (someone's words quoted:
    an attack sample, a pattern to flag)."""
    s = text.rfind("\n\n", 0, at)
    head = text[s + 1 if s >= 0 else 0:at]
    return head.count('"') % 2 == 1 or head.count("\u201c") > head.count("\u201d")


TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|inject(?:ion|ions|ed)|red flags?|warning signs?|suspicious|"
                     r"exploit\w*|phishing|compromised?|threats?|tactics|indicators?|illustrative|(?:attack|abuse) patterns?)\b",
                     re.IGNORECASE)


def _talk(text: str, at: int) -> bool:
    """Whether offset ``at`` sits in a section whose heading, or a line whose text, is about attacks (what to
    flag, what an attacker did), or inside a quotation."""
    if _quoted(text, at):
        return True
    ls = text.rfind("\n", 0, at) + 1
    le = text.find("\n", at)
    if TALK_RE.search(text, ls, le if le >= 0 else len(text)):
        return True
    h = None
    for h in HEADING_RE.finditer(text, 0, at):
        pass
    if h is None:
        return False
    he = text.find("\n", h.start())
    return TALK_RE.search(text, h.start(), he if he >= 0 else len(text)) is not None


def _units(text: str, fenced: set[int]):
    """Each prose unit (a table row, a list item or a paragraph line) with its line number: lines of fenced code
    are not read (a sample of a command is not a step's content)."""
    for i, line in enumerate(text.split("\n"), 1):
        if i not in fenced and line.strip():
            yield i, line


def _fenced(text: str) -> set[int]:
    """The lines of fenced code, fences included, as the engine segments the document (a fence closes only on
    its own character at its length or longer)."""
    from skillpm.scan.engine import fenced_lines

    return fenced_lines(text)


def _secret_values(text: str, fenced, low: str) -> tuple[int, str] | None:
    """The first unit that puts the values of secrets in, and what it names (``fenced()``: the lines of fenced code;
    ``low``: the text's lowercase)."""
    cands = set()
    for w in SECRET_LINE:  # (only the lines that hold one of the secrets' marks are read)
        at = low.find(w)
        while at >= 0 and len(cands) < 400:
            cands.add(low.rfind("\n", 0, at) + 1)
            at = low.find(w, at + len(w))
    for ls in sorted(cands):
        le = text.find("\n", ls)
        line = text[ls:le if le >= 0 else len(text)]
        for rx, needs in ((ENV_DUMP_RE, None), (ENV_FILE_RE, VALUE_MARK_RE), (CRED_FILE_RE, TAKE_RE)):
            m = rx.search(line)
            if m is None or NEG_RE.search(_clause_head(line, m.start())):
                continue
            i = text.count("\n", 0, ls) + 1
            if i in fenced():
                break  # (a line of fenced code: a sample of a command)
            if needs is not None and not any(not NEG_RE.search(_sentence_head(line, v.start())) for v in needs.finditer(line)):
                continue  # (no value named, or only in a negated clause: "do not log secret values")
            if rx is ENV_FILE_RE and READ_USE_RE.search(line) and not PUT_IN_RE.search(line):
                continue  # (values read for use, put in nothing)
            if NAMES_ONLY_RE.search(line) and not re.search(r"\b(?:unmasked|unredacted)\b", line, re.IGNORECASE):
                break  # names or masked values only
            if _talk(text, ls + m.start()):
                continue
            return i, m.group(0)
    return None


# ---------------------------------------------------------------- the original of scrubbed data sent out
SCRUB_PURPOSE_RE = re.compile(r"\b(?:redact\w*|anonymi[sz]\w*|pseudonymi[sz]\w*|scrub\w*|sanitis\w*|sanitiz\w*|de-?identif\w*|"
                              r"mask\w*|blur\w*)", re.IGNORECASE)
SCRUB_WORDS = ("redact", "anonymi", "pseudonymi", "scrub", "saniti", "identif", "mask", "blur")
RAW_RE = re.compile(r"\b(?:original|unredacted|unmasked|un-?anonymi[sz]ed|unblurred|un-?scrubbed|unsanitis\w*|unsanitiz\w*|"
                    r"pre-?(?:scrub|redact|anonymi[sz]|sanitis|sanitiz|blur)\w*|raw)\b(?![- ](?:score|number|count))", re.IGNORECASE)


def _raw_sent(text: str, fenced: set[int]) -> tuple[int, str] | None:
    """A section that sends out and names the original of the data (not negated) in prose."""
    if "://" not in text:
        return None
    lines = text.split("\n")
    done = -1
    for u in _urls(text):
        if u < done:
            continue
        a, b = section_at(text, u)
        done = b
        send = next((m for m in SEND_VERB_RE.finditer(text, a, b) if not NEG_RE.search(_clause_head(text, m.start()))), None)
        if send is None:
            continue
        first = text.count("\n", 0, a) + 1
        for i in range(first, text.count("\n", 0, b) + 2):
            if i in fenced or i > len(lines):
                continue
            line = lines[i - 1]
            m = RAW_RE.search(line)
            if m is None or NEG_RE.search(_clause_head(line, m.start())) or re.search(r"\bonly\b[^.\n]{0,30}$", line[:m.start()]) \
                    or TALK_RE.search(line):
                continue
            if re.search(r"\b(?:edit|modify|change|overwrite|keep|preserve)\w*\b[^.\n]{0,30}$", line[:m.start()], re.IGNORECASE):
                continue  # "never edit the original in place", "keep the original"
            return i, m.group(0)
    return None


# ---------------------------------------------------------------- private sources listed, then shared
AGENT_HOME = r"~/\.(?:claude|codex|cursor|gemini|aider|continue|codeium|windsurf|agents|copilot)"
PRIVATE = (
    ("shell histories", r"(?<![\w-])\.\w*_history\b|\b(?:shell|bash|zsh|fish)\s+histor(?:y|ies)\b"),
    ("other assistants' sessions", AGENT_HOME + r"/[\w/.*-]*(?:projects|sessions?|histor\w*|chats?|logs?|conversations?|"
                                   r"\.jsonl)\b|\.aider\.chat\.history|\bcopilot[- ]chat\b|/globalStorage/"),
    ("memory files", AGENT_HOME + r"/[\w/.*-]*(?:memor\w*|(?:CLAUDE|AGENTS|GEMINI)\.md)\b|\b(?:saved|stored) memories\b"),
    ("installed skills", AGENT_HOME + r"/(?:[\w.*-]+/)*skills\b|\b(?:other|installed)\s+skills\b"),
    ("ssh and git identity", r"~/\.ssh\b|~/\.gitconfig\b"),
)
PRIVATE_RES = [(name, re.compile(rx, re.IGNORECASE)) for name, rx in PRIVATE]
# (a list of two kinds names "~/.", "_history" or "memories": the reading's gate)
PRIVATE_LINE = ("~/.", "_history", "history", "histories", "copilot", "globalstorage", "memories", "skills")
ITEM_RE = re.compile(r"[ \t]*(?:\||[-*+][ \t]|\d{1,3}[.)][ \t])")
SHARE_RE = re.compile(
    r"\bgit\s+(?:commit|push)\b|\bgh\s+(?:pr|issue|gist)\s+create\b|"
    r"(?<![\w-])(?:commit|push|publish|upload|share|post)\s+(?:it|them|this|that|these|those|the|to|on|a|an|your|everything|`)|"
    r"\b(?:save|write|put|copy|store)\w*\b[^.\n]{0,60}?\b(?:shared|team's|public)\s+(?:[\w-]+\s+){0,2}?(?:folder|drive|branch|"
    r"repo\w*|wiki|channel|board|space|site)\b|"
    r"\b(?:open|create|raise)\s+(?:a|an|the)\s+(?:pull request|merge request|gist)\b|"
    r"\bbe\s+(?:shared|published|committed|pushed|uploaded)\b|\bgh-pages\b|\bGitHub Pages\b",
    re.IGNORECASE)


# a verb that has the agent take from what the rows name (a table of where data lives, or a list of why a
# thing is risky, takes from nothing)
GATHER_RE = re.compile(r"\b(?:collect|gather|read|pull|take|grab|copy|paste|quote|include|fold|excerpt|extract|harvest|"
                       r"mine|sample|scrape|summari[sz]e|look (?:at|through)|go through)\w*\b", re.IGNORECASE)


def _gathered_in(text: str, at: int, seen: dict) -> bool:
    """Whether the section around offset ``at`` has the agent take from its rows (a gathering verb, not negated)."""
    a, b = section_at(text, at)
    if a not in seen:
        seen[a] = any(not NEG_RE.search(_clause_head(text, m.start())) for m in GATHER_RE.finditer(text, a, b))
    return seen[a]


def _private_rows(text: str, fenced: set[int], low: str) -> tuple[int, list[str]]:
    """The kinds of private source named in the document's table rows and list items (not negated) in a section
    that has the agent gather from them, and the first row's line."""
    kinds: list[str] = []
    first = 0
    seen: dict = {}
    cands = set()
    for w in PRIVATE_LINE:
        at = low.find(w)
        while at >= 0 and len(cands) < 400:
            cands.add(low.rfind("\n", 0, at) + 1)
            at = low.find(w, at + len(w))
    for ls in sorted(cands):
        le = text.find("\n", ls)
        line = text[ls:le if le >= 0 else len(text)]
        i = text.count("\n", 0, ls) + 1
        if i in fenced or not ITEM_RE.match(line) or re.match(r"[ \t]*\|[\s:|-]*$", line):
            continue
        for name, rx in PRIVATE_RES:
            if name in kinds:
                continue
            m = rx.search(line)
            if m is None or NEG_RE.search(_clause_head(line, m.start())) or _talk(text, ls + m.start()):
                continue
            if not _gathered_in(text, ls, seen):
                break  # (rows of a section that takes from nothing)
            kinds.append(name)
            first = first or i
    return first, kinds


def shared(text: str) -> re.Match | None:
    """The first step that commits, pushes, publishes or posts (not negated in its clause)."""
    for m in SHARE_RE.finditer(text):
        if not NEG_RE.search(_clause_head(text, m.start())):
            return m
    return None


# ---------------------------------------------------------------- the skill's workflow, across its documents
def _reached(files: dict[str, bytes]) -> tuple[str | None, dict[str, str], dict[str, int]]:
    """SKILL.md's path, the texts of SKILL.md and of the Markdown files it names, and the line of SKILL.md that
    names each."""
    skill_md = "SKILL.md" if "SKILL.md" in files else next((p for p in files if p.lower() == "skill.md"), None)
    if skill_md is None or len(files[skill_md]) > MAX_DOC:
        return None, {}, {}
    st = files[skill_md].decode("utf-8", errors="replace")
    docs = {skill_md: st}
    lines: dict[str, int] = {skill_md: 0}
    for p in sorted(files):  # the skill's other Markdown files that SKILL.md names by their path
        if p == skill_md or not p.lower().endswith(".md") or len(files[p]) > MAX_DOC or len(docs) >= MAX_DOCS:
            continue
        at = st.find(p)
        while at >= 0:
            before = st[at - 1] if at else " "
            after = st[at + len(p)] if at + len(p) < len(st) else " "
            if not (before.isalnum() or before in "_-") and not (after.isalnum() or after == "_"):
                break
            at = st.find(p, at + 1)
        if at >= 0:
            docs[p] = files[p].decode("utf-8", errors="replace")
            lines[p] = st.count("\n", 0, at) + 1
    return skill_md, docs, lines


class _Lazy(dict):
    """Each document's fenced lines, found when first asked for."""

    def __init__(self, docs: dict[str, str], of=None):
        super().__init__()
        self.docs, self.of = docs, of or _fenced

    def __missing__(self, path: str):
        got = self[path] = self.of(self.docs[path])
        return got


def _has(found, rule: str) -> bool:
    return any(f.rule == rule and RANK[f.severity] >= RANK["high"] and f.grades for f in found)


def sent_out(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """The three readings above, on the skill ``files`` (``sc``: the engine's scanner)."""
    skill_md, docs, named_at = _reached(files)
    if skill_md is None:
        return []
    out = []
    fenced = _Lazy(docs)
    lows = _Lazy(docs, str.lower)
    def place(path: str, line: int, rid: str, note: str):
        st_lines = docs[skill_md].split("\n")
        if path == skill_md:
            text = st_lines[line - 1].strip()[:240] if 0 < line <= len(st_lines) else ""
            return sc._finding(rid, "high", skill_md, line, text, note)
        at = named_at[path]
        quoted = docs[path].split("\n")[line - 1].strip()[:120]
        return sc._finding(rid, "high", skill_md, at, st_lines[at - 1].strip()[:240],
                           f"names {path}, whose line {line} (\"{quoted}\") is part of the workflow: {note}")

    sends: list[tuple[str, int]] | None = None

    def sends_of() -> list[tuple[str, int]]:
        nonlocal sends
        if sends is None:  # (found once, when a reading needs them)
            sends = [(p, docs[p].count("\n", 0, at) + 1) for p in docs if "://" in docs[p] for at in _sends(docs[p])[:1]]
        return sends

    # secret values put in, and a send in the same workflow
    if not (_has(found, "SE-03") and _has(found, "EX-01")):
        for p, text in docs.items():
            got = _secret_values(text, lambda: fenced[p], lows[p])
            if got is None or not sends_of():
                continue
            sp, sl = sends_of()[0]
            out.append(place(p, got[0], "SE-03", f"puts the values of secrets in (\"{got[1]}\"), and {sp} line {sl} "
                                                 "sends what the workflow builds to an address outside the machine"))
            out.append(place(sp, sl, "EX-01", f"sends to an address outside the machine what a step fills with the values "
                                              f"of secrets ({p} line {got[0]}: \"{got[1]}\")"))
            break
    if not any(f.rule == "SE-03" for f in out) and not (_has(found, "SE-03") and _has(found, "EX-01")):
        out += _dumped_and_sent(docs, fenced, lows, place)
    # the original of what the skill scrubs, sent out
    dlow = (description or "").lower()
    if any(w in dlow for w in SCRUB_WORDS) and SCRUB_PURPOSE_RE.search(description) and not _has(found, "EX-01") \
            and not any(f.rule == "EX-01" for f in out) and sends_of():
        for p, text in docs.items():
            got = _raw_sent(text, fenced[p])
            if got is not None:
                out.append(place(p, got[0], "EX-01", f"a skill that exists to scrub data sends its {got[1]} form to an "
                                                     "address outside the machine"))
                break
    # private sources listed in rows, and the workflow shares what it writes
    if not _has(found, "AS-03"):
        share = None
        for p, text in docs.items():
            low = lows[p]
            if "~/." not in low and "_history" not in low and "memories" not in low:
                continue  # (the common case: none of the stores' marks)
            line, kinds = _private_rows(text, fenced[p], low)
            if len(kinds) < 2:
                continue
            if share is None:
                share = next(((q, m) for q, t in docs.items() for m in [shared(t)] if m is not None), False)
            if not share:
                break
            q, m = share
            out.append(place(p, line, "AS-03", f"lists {', '.join(kinds)} as sources to take from, and {q} line "
                                               f"{docs[q].count(chr(10), 0, m.start()) + 1} shares what it writes "
                                               f"(\"{m.group(0)}\")"))
            break
    return out


def _dumped_and_sent(docs: dict[str, str], fenced, lows, place) -> list:
    """dumped.py's bulk dump of a secret-bearing store, and a send to an outside address not held for the user's
    review (to a written address, or to a third party named in words): the dump's own document's send first, else
    one of another document of the workflow (a reference's dump step, SKILL.md's upload step). SE-03 on the dump,
    EX-01 on the send."""
    from skillpm.scan import dumped

    def send_in(q: str) -> int | None:
        text = docs[q]
        sends = (_sends(text) if "://" in text else []) + dumped.sinks(text, lows[q])
        return next((at for at in sends if not dumped.held_for_review(text, at)), None)

    for p, text in docs.items():
        got = dumped.bulk_dump(text, lows[p], lambda: fenced[p])
        if got is None:
            continue
        sp, send = p, send_in(p)
        if send is None:
            sp, send = next(((q, at) for q in docs if q != p for at in [send_in(q)] if at is not None), (p, None))
        if send is None:
            continue
        line, words, store = got
        sl = docs[sp].count("\n", 0, send) + 1
        where = f"line {sl}" if sp == p else f"{sp} line {sl}"
        return [place(p, line, "SE-03", f"dumps {store} in bulk, values included (\"{words}\"), and {where} sends "
                                        "what the workflow builds to an address outside the machine"),
                place(sp, sl, "EX-01", f"sends to an address outside the machine what {p} line {line} fills with {store}, "
                                       f"values included (\"{words}\")")]
    return []


# ---------------------------------------------------------------- templated.py's condition: the document is shared
COPIED_NOTE = "a section has the agent copy in"


def _context_kinds(text: str, line: int) -> int:
    """How many kinds of the agent's surroundings (its user's configuration, other skills, memories, other
    sessions) templated.py's names find in the section around ``line`` of ``text``."""
    from skillpm.scan.templated import AROUND_RE

    at = 0
    for _ in range(line - 1):
        at = text.find("\n", at) + 1
        if at <= 0:
            return 0
    starts = [0] + [m.start() for m in HEADING_RE.finditer(text)] + [len(text)]
    lo = max(x for x in starts if x <= at)
    hi = min(x for x in starts if x > at) if at < len(text) else len(text)
    kinds = set()
    for m in AROUND_RE.finditer(text, lo, hi):
        w = m.group(0).lower()
        kinds.add("skills" if ("skill" in w or "plugin" in w) else "memory" if "memor" in w else
                  "sessions" if "project" in w else "config")
    return len(kinds)


def templated_unshared(files: dict[str, bytes], found: list) -> None:
    """templated.py reads a section that has the agent copy its instructions, its user's configuration, the other
    skills or its memories into a document. One kind of its surroundings (memory files and MEMORY.md, say) copied
    into a document is a leak when the document leaves the agent's hands: committed, pushed, published, posted,
    saved to a shared place or sent to an outside address. Where it names one kind only and neither SKILL.md nor
    the document itself has such a step (a protocol for writing the agent's own memory files), the finding is
    lowered to low and says why. The agent's own instructions, and two kinds or more, stay as they are."""
    hits = [f for f in found if f.rule == "AS-03" and f.note and COPIED_NOTE in f.note and RANK[f.severity] >= RANK["medium"]]
    if not hits:
        return
    skill_md = "SKILL.md" if "SKILL.md" in files else next((p for p in files if p.lower() == "skill.md"), None)
    texts: dict[str, str] = {}
    seen: dict[str, bool] = {}
    for f in hits:
        for p in (skill_md, f.file):
            if p is not None and p in files and p not in texts:
                texts[p] = files[p][:MAX_DOC * 2].decode("utf-8", errors="replace")
                seen[p] = shared(texts[p]) is not None or bool(_sends(texts[p]))
        if any(seen.get(p) for p in (skill_md, f.file)) or f.file not in texts or _context_kinds(texts[f.file], f.line) >= 2:
            continue
        if any(g.rule == "SL-01" and g.file == f.file and g.note and COPIED_NOTE in g.note and abs(g.line - f.line) <= 12
               for g in found):
            continue  # the same section copies the agent's own instructions in: it stands, and so does this
        f.severity = "low"
        f.note += "; lowered: one kind of the agent's surroundings, and nothing in the skill shares the document"
