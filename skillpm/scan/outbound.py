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

from skillpm.scan.rules import RANK

MAX_DOC = 128 * 1024
MAX_DOCS = 8
HEADING_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]", re.MULTILINE)
FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)", re.MULTILINE)
MD_PATH_RE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.md)\b")

# ---------------------------------------------------------------- a send to an address outside the machine
URL_OUT = (r"https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/]|(?:[\w-]+\.)*example\.(?:com|org|net)\b"
           r"|(?:[\w-]+\.)+(?:example|test|invalid|local|localhost)\b(?![\w.-]))[\w-]+(?:\.[\w-]+)+")
URL_OUT_RE = re.compile(URL_OUT, re.IGNORECASE)
SEND_VERB_RE = re.compile(r"(?<![\w-])(?:POST|PUT|PATCH)\b|(?i:\b(?:send|sends|post|posts|upload|uploads|submit|submits|"
                          r"deliver|delivers|transmit|sync|ship|forward)\b|\bcurl\b[^\n]*\s(?:-F|--form|-d|--data[\w-]*|-T|"
                          r"--upload-file|-X\s*(?:POST|PUT|PATCH))\s|\bmutation\b)")
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|without|avoid\w*|"
                    r"exclud\w*|except|omit\w*|instead of|rather than|unless)\b", re.IGNORECASE)


def _sections(text: str) -> list[tuple[int, int]]:
    starts = [0] + [m.start() for m in HEADING_RE.finditer(text)] + [len(text)]
    return [(a, b) for a, b in zip(starts, starts[1:]) if b > a]


def _clause_head(text: str, at: int) -> str:
    s = max(text.rfind("\n", 0, at), max(text.rfind(c, 0, at) for c in ".!?;|")) + 1
    return text[s:at]


def _sends(text: str) -> list[int]:
    """Offsets of the sections' sends: a section that writes an outside address and a verb or method of sending
    (not negated in its clause)."""
    out = []
    if "://" not in text:
        return out
    for a, b in _sections(text):
        if URL_OUT_RE.search(text, a, b) is None:
            continue
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
SECRET_BYTES = (b"env", b"credentials", b"netrc", b"pypirc", b"npmrc", b"kube", b"id_", b"secret", b"key")


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
    out, inside, start = set(), False, 0
    for i, line in enumerate(text.split("\n"), 1):
        if FENCE_RE.match(line):
            if inside:
                out.update(range(start, i + 1))
            inside, start = not inside, i
    if inside:
        out.update(range(start, text.count("\n") + 2))
    return out


def _secret_values(text: str, fenced: set[int]) -> tuple[int, str] | None:
    """The first unit that puts the values of secrets in, and what it names."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    for i, line in _units(text, fenced):
        if NAMES_ONLY_RE.search(line) and not re.search(r"\b(?:unmasked|unredacted)\b", line, re.IGNORECASE):
            continue  # names or masked values only
        for rx, needs in ((ENV_DUMP_RE, None), (ENV_FILE_RE, VALUE_MARK_RE), (CRED_FILE_RE, TAKE_RE)):
            m = rx.search(line)
            if m is None or NEG_RE.search(_clause_head(line, m.start())):
                continue
            if needs is not None and needs.search(line) is None:
                continue
            if _talk(text, starts[i - 1] + m.start()):
                continue
            return i, m.group(0)
    return None


# ---------------------------------------------------------------- the original of scrubbed data sent out
SCRUB_PURPOSE_RE = re.compile(r"\b(?:redact\w*|anonymi[sz]\w*|pseudonymi[sz]\w*|scrub\w*|sanitis\w*|sanitiz\w*|de-?identif\w*|"
                              r"mask\w*|blur\w*)", re.IGNORECASE)
RAW_RE = re.compile(r"\b(?:original|unredacted|unmasked|un-?anonymi[sz]ed|unblurred|un-?scrubbed|unsanitis\w*|unsanitiz\w*|"
                    r"pre-?(?:scrub|redact|anonymi[sz]|sanitis|sanitiz|blur)\w*|raw)\b(?![- ](?:score|number|count))", re.IGNORECASE)


def _raw_sent(text: str, fenced: set[int]) -> tuple[int, str] | None:
    """A section that sends out and names the original of the data (not negated) in prose."""
    if "://" not in text:
        return None
    lines = text.split("\n")
    for a, b in _sections(text):
        if URL_OUT_RE.search(text, a, b) is None:
            continue
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
PRIVATE_BYTES = (b"~/.", b"_history", b"istory", b"opilot", b"globalStorage", b"memories", b"skills")  # one each kind needs
ITEM_RE = re.compile(r"[ \t]*(?:\||[-*+][ \t]|\d{1,3}[.)][ \t])")
SHARE_RE = re.compile(
    r"\bgit\s+(?:commit|push)\b|\bgh\s+(?:pr|issue|gist)\s+create\b|"
    r"(?<![\w-])(?:commit|push|publish|upload|share|post)\s+(?:it|them|this|that|these|those|the|to|on|a|an|your|everything|`)|"
    r"\b(?:save|write|put|copy|store)\w*\b[^.\n]{0,60}?\b(?:shared|team's|public)\s+(?:[\w-]+\s+){0,2}?(?:folder|drive|branch|"
    r"repo\w*|wiki|channel|board|space|site)\b|"
    r"\b(?:open|create|raise)\s+(?:a|an|the)\s+(?:pull request|merge request|gist)\b|"
    r"\b(?:be|been|is|are|get|gets)\s+(?:shared|published|committed|pushed|uploaded)\b|\bgh-pages\b|\bGitHub Pages\b",
    re.IGNORECASE)


def _private_rows(text: str, fenced: set[int]) -> tuple[int, list[str]]:
    """The kinds of private source named in the document's table rows and list items (not negated), and the
    first row's line."""
    kinds: list[str] = []
    first = 0
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    for i, line in _units(text, fenced):
        if not ITEM_RE.match(line) or re.match(r"[ \t]*\|[\s:|-]*$", line):
            continue
        for name, rx in PRIVATE_RES:
            if name in kinds:
                continue
            m = rx.search(line)
            if m is None or NEG_RE.search(_clause_head(line, m.start())) or _talk(text, starts[i - 1] + m.start()):
                continue
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
    if ".md" in st:
        for m in MD_PATH_RE.finditer(st):
            p = m.group(1).lstrip("./")
            if p in files and p not in docs and p != skill_md and len(files[p]) <= MAX_DOC and len(docs) < MAX_DOCS:
                docs[p] = files[p].decode("utf-8", errors="replace")
                lines[p] = st.count("\n", 0, m.start()) + 1
    return skill_md, docs, lines


class _Lazy(dict):
    """Each document's fenced lines, found when first asked for."""

    def __init__(self, docs: dict[str, str]):
        super().__init__()
        self.docs = docs

    def __missing__(self, path: str) -> set[int]:
        got = self[path] = _fenced(self.docs[path])
        return got


def _has(found, rule: str) -> bool:
    return any(f.rule == rule and f.grades and RANK[f.severity] >= RANK["high"] for f in found)


def sent_out(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """The three readings above, on the skill ``files`` (``sc``: the engine's scanner)."""
    skill_md, docs, named_at = _reached(files)
    if skill_md is None:
        return []
    out = []
    fenced = _Lazy(docs)
    st_lines = docs[skill_md].split("\n")

    def place(path: str, line: int, rid: str, note: str):
        if path == skill_md:
            text = st_lines[line - 1].strip()[:240] if 0 < line <= len(st_lines) else ""
            return sc._finding(rid, "high", skill_md, line, text, note)
        at = named_at[path]
        quoted = docs[path].split("\n")[line - 1].strip()[:120]
        return sc._finding(rid, "high", skill_md, at, st_lines[at - 1].strip()[:240],
                           f"names {path}, whose line {line} (\"{quoted}\") is part of the workflow: {note}")

    sends = [(p, docs[p].count("\n", 0, at) + 1) for p in docs if "://" in docs[p] for at in _sends(docs[p])[:1]]
    # secret values put in, and a send in the same workflow
    if sends and not (_has(found, "SE-03") and _has(found, "EX-01")):
        for p, text in docs.items():
            if not any(b in files[p] for b in SECRET_BYTES):
                continue
            got = _secret_values(text, fenced[p])
            if got is None:
                continue
            sp, sl = sends[0]
            out.append(place(p, got[0], "SE-03", f"puts the values of secrets in (\"{got[1]}\"), and {sp} line {sl} "
                                                 "sends what the workflow builds to an address outside the machine"))
            out.append(place(sp, sl, "EX-01", f"sends to an address outside the machine what a step fills with the values "
                                              f"of secrets ({p} line {got[0]}: \"{got[1]}\")"))
            break
    # the original of what the skill scrubs, sent out
    if sends and not _has(found, "EX-01") and not any(f.rule == "EX-01" for f in out) \
            and SCRUB_PURPOSE_RE.search(description or ""):
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
            if not any(w in files[p] for w in PRIVATE_BYTES):
                continue  # (the common case: none of the stores' marks)
            line, kinds = _private_rows(text, fenced[p])
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
