"""Orders that no one sentence carries, read by what they do wherever they sit in a document.

- Collect, then publish (EX-01). One section of the document gathers sensitive sources into what the
  agent works on (credential folders, shell histories, other assistants' transcripts, ``.env`` files,
  pasted tokens), and the same or a later section publishes what it works on (a push, a public
  repository or gist, an upload, a mail to an address). Neither half names the other: "collect every
  dot-file" and "push the repository public" are each ordinary. Together, in one document the agent
  follows, the user's keys and histories leave the machine. The gathering must name two or more kinds
  of sensitive source, none of them named to keep it out ("never include .ssh/").

- A security control switched off (PE-06 for a repository's gates, SC-03 for a package's checks). An
  order whose verb takes the control away (disable, remove, delete, lift, bypass, turn off, skip) and
  whose object is a control that exists only to stop harm (code or secret scanning, push or branch
  protection, required reviews, dependency review, ``ignore-scripts``, signature or checksum checks)
  is the harm whatever the task around it: the control's name is the same in every wording.

- Consent answered in advance (EA-01). A confirmation the agent owes the user, declared given before it
  is asked ("any earlier 'ok' counts as approval", "treat silence as agreement", "the user approved
  every deployment when they installed this skill", "answer the prompt yourself with yes"): the check
  stays in the text and is never made.

- Data made a command channel (PI-01). A paragraph that puts instructions, hints or markers inside the
  data the agent processes (files, strings, tickets, pages, fields) and makes them orders from someone,
  ranks them over the user, or has them run unchecked: whoever writes the data commands the agent.
  glossed.py reads an aside in another language with these rules too.

SKILL.md is read, and a document SKILL.md tells the agent to follow (one level up, as the intents are).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE, ITEM_RE as ITEM_LINE_RE
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|can't|"
                    r"without|exclud\w*|except|omit\w*|avoid\w*|skip\w*|ignor\w*|redact\w*|mask\w*|gitignore\w*|"
                    r"instead of|rather than|unless)\b|\.gitignore", re.IGNORECASE)

# ---------------------------------------------------------------- collect, then publish
# kinds of sensitive source (a kind counts once however often it is named)
SOURCES = (
    ("ssh keys", r"(?<![\w-])\.ssh\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\bssh keys?\b"),
    ("cloud credentials", r"(?<![\w-])\.(?:aws|azure|kube)\b|\bgcloud\b|\.docker/config|(?<![\w-])\.docker/"),
    ("credential files", r"(?<![\w-])\.(?:netrc|git-credentials|npmrc|pypirc|gnupg)\b|\bpassword-store\b|\bkeychains?\b"),
    ("shell histories", r"\w*_history\b|\b(?:shell|bash|zsh|command) histor(?:y|ies)\b"),
    ("agent transcripts", r"(?<![\w-])\.(?:claude|codex|cursor|aider[\w.]*|continue)/|(?<![\w-])\.(?:claude|codex)\b"
                          r"|\b(?:assistant|agent|chat|claude|codex|copilot|cursor)\s+(?:session|transcript|conversation|chat)s?\b"
                          r"|\bchat histor(?:y|ies)\b|\btranscripts?\b"),
    ("environment files", r"(?<![\w./-])\.env(?:\.local|\.production|\.prod)?\b(?![\w.-])"),
    ("tokens and passwords", r"\bconnection strings?\b|\b(?:pasted|every|all|any)\s+(?:[\w-]+\s+){0,2}?(?:tokens?|passwords?|api keys?|"
                             r"secrets?)\b|\b(?:tokens?|passwords?|api keys?|secrets?)\s+(?:the user|they|you)\s+(?:pasted|typed|entered|shared)\b"),
)
SOURCE_RES = [(name, re.compile(rx, re.IGNORECASE)) for name, rx in SOURCES]
SOURCE_WORDS = (".ssh", "id_", ".aws", ".azure", ".kube", "gcloud", ".docker", ".netrc", "credentials", ".npmrc", ".pypirc",
                ".gnupg", "history", "histories", ".claude", ".codex", ".cursor", "transcript", "session", ".env", "token",
                "password", "connection string", "api key", "api_key", "secret", "keychain", "transcripts", "sessions", "tokens", "passwords",
                "secrets", "keychains", "histories")
GATHER_RE = re.compile(
    r"\b(?:collect\w*|gather\w*|harvest\w*|adopt\w*|cop(?:y|ies)|move|bundle|pack|archive|back up|include|pull out|extract|"
    r"capture|grab|scoop|sweep|candidates?|read (?:every|all|each)|(?:full |entire |whole )?contents? of|verbatim)\b",
    re.IGNORECASE)
PUBLISH_RE = re.compile(
    r"--public\b|\bpublic (?:repo(?:sitory)?|gist|bucket)s?\b|\bgist create\b|\bgit push\b|\b--push\b|"
    r"\b(?:commit\w*|add\w*)\b[^.\n]{0,80}?\bpush(?:es|ed|ing)?\b|\bpush(?:es|ed)?\b[^.\n]{0,40}\b(?:remote|origin|upstream|first push|public)\b|"
    r"\bgoes up\b|\bupload(?:s|ed|ing)?\b[^.\n]{0,80}?(?:https?://|s3://|gs://|\b(?:public|gist|pastebin|external|bucket)\b)|\bbcc\b|\b(?:send|mail|e-?mail|post|forward)\w*\b[^.\n]{0,80}?\b(?:to|at)\s+[\w.+-]+@[\w-]+\.[\w.-]+|"
    r"\b(?:send|mail|e-?mail|post|forward|attach)\w*\b[^.\n]{0,80}?\b(?:to|on|in)\s+(?:the\s+)?(?:upstream|public|"
    r"team channel|issue|mailing list|archive)\b|"
    r"\b(?:send|post|upload|submit|deliver|forward)\w*\b[^\n]{0,120}?\b(?:to|at)\s*\n?\s*`?https?://"
    r"(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)[:/])[\w.-]+",
    re.IGNORECASE)
MIN_KINDS = 2


def collect_publish(ctx, by_id: dict, evidence=None) -> list[Finding]:
    """EX-01 where a section gathers two or more kinds of sensitive source and the same or a later
    section of the document publishes what the agent works on. ``evidence(lo, hi)`` tells whether
    ``view[lo:hi]`` is quoted as evidence (the engine's reading): a source or a send quoted so counts for
    neither half."""
    rule = by_id.get("EX-01")
    view = ctx.view
    if rule is None or len(view) > MAX_BYTES:
        return []
    low = _lower(ctx)
    stems = _present(SOURCE_WORDS, _words(ctx))
    occ = []  # where the document names a source (a section naming none is not read)
    for w in stems:
        at = low.find(w)
        while at >= 0 and len(occ) < 400:
            occ.append(at)
            at = low.find(w, at + len(w))
    if not occ:
        return []
    occ.sort()
    last = occ[-1]
    starts = [0] + [m.start() for m in HEADING_RE.finditer(view)] + [len(view)]
    gathered: tuple[int, list[str]] | None = None
    for lo, hi in zip(starts, starts[1:]):
        if lo == hi:
            continue
        if gathered is None:
            if lo > last:
                break  # no source named from here on: nothing gathered later
            i = bisect_left(occ, lo)
            if not (i < len(occ) and occ[i] < hi):
                continue  # (no source named in this section: nothing to gather, nothing to read)
        sec, quoted = QUOTED_RE.subn(lambda m: " " * len(m.group(0)), view[lo:hi])  # a quoted sample orders nothing
        title = sec.lstrip("\n").split("\n", 1)[0]
        if title.lstrip().startswith("#") and NEG_HEADING_RE.search(title):
            continue  # a section of what to leave out or look out for ("Never included", "Red flags")
        if gathered is None:
            kinds = _gathered_kinds(ctx, sec, lo, stems, evidence, named=not quoted and _names_within(occ, stems, lo, hi, low, view))
            if len(kinds) >= MIN_KINDS:
                gathered = (lo, kinds)
            elif kinds and _mailed_out(sec):  # one kind, mailed to an address in the same section
                gathered = (lo, kinds)
            elif kinds and WHOLE_RE.search(sec) and SENT_OUT_RE.search(view, hi):  # one kind's whole contents, sent to an address later
                gathered = (lo, kinds)
        if gathered is not None:
            pub = _published(ctx, sec, lo, evidence)
            if pub is not None:
                line = ctx.line_of(gathered[0] + (1 if view[gathered[0]] == "\n" else 0))
                line = _first_prose_line(ctx, view, gathered[0], hi, line)
                note = (f"a section gathers {', '.join(gathered[1])}, and a section of the same document publishes "
                        f"what the agent works on (\"{pub[:60]}\")")
                return [document_finding(ctx, rule, "high", line, note)]
    return []


NEG_HEADING_RE = re.compile(r"\b(?:never|not|no|don't|do not|avoid\w*|exclu\w*|ignored|skipped|omitted|red flags?|warning signs?|"
                            r"pitfalls?|anti-?patterns?|mistakes?|threats?|risks?|attacks?|detect\w*|what to look for)\b", re.IGNORECASE)
MAILED_RE = re.compile(r"\b(?:bcc|cc|send|mail|e-?mail|forward|copy)\w*\b[^\n]{0,120}?[\w.+-]+@[\w-]+\.[\w.-]*[a-z]"
                       r"|[\w.+-]+@[\w-]+\.[\w.-]*[a-z][`'\"]?\s+(?:as\s+)?(?:an?\s+)?(?:bcc|cc)\b", re.IGNORECASE)


QUOTED_RE = re.compile(r"\"[^\"\n]{1,300}\"|“[^”\n]{1,300}”")


# a source's whole contents taken ("contents of .env, verbatim"), and a later request that sends to a written address
WHOLE_RE = re.compile(r"\b(?:(?:full|entire|whole|raw)\s+(?:contents?|text|output)|contents?\s+of|verbatim|unredacted|unmasked)\b",
                      re.IGNORECASE)
SENT_OUT_RE = re.compile(r"\b(?:send|post|upload|submit|deliver|push|forward)\w*\b[^\n]{0,120}?\b(?:to|at)\s*\n?\s*`?https?://"
                         r"(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)[:/])[\w.-]+", re.IGNORECASE)


def _mailed_out(sec: str) -> bool:
    """Whether the section mails (or copies in BCC) to a written address."""
    return "@" in sec and MAILED_RE.search(sec) is not None


def _gathered_kinds(ctx, sec: str, base: int, stems=SOURCE_WORDS, evidence=None, named: bool = False) -> list[str]:
    """The kinds of sensitive source the section ``sec`` (at ``base`` of the view) gathers (``named``: the caller
    knows a stem occurs in it)."""
    low = sec.lower()
    alike = _folds_alike(sec)
    if not (named or any(w in low for w in stems)) or not _search(GATHER_RE, sec, low if alike else None):
        return []
    kinds: list[str] = []
    for name, rx in SOURCE_RES:
        if alike and not _may_occur(rx, low):
            continue  # (none of the literals every match of the kind starts with)
        for m in rx.finditer(sec):
            if ctx.region_at(ctx.line_of(base + m.start())).kind == "code":
                continue
            if NEG_RE.search(_clause_before(sec, m.start(), 160)):
                continue  # named to keep it out ("never include .ssh/", "except .env")
            if evidence is not None and evidence(base + m.start(), base + m.end()):
                continue  # a source quoted as evidence
            kinds.append(name)
            break
    return kinds


def _published(ctx, sec: str, base: int, evidence=None) -> str | None:
    for m in PUBLISH_RE.finditer(sec):
        if NEG_RE.search(_clause_before(sec, m.start(), 120)) or NEG_RE.search(m.group(0)):
            continue
        if evidence is not None and evidence(base + m.start(), base + m.end()):
            continue  # a send quoted as evidence
        return m.group(0)
    return None


CLAUSE_END_RE = re.compile(r"[.!?;:](?:\s|$)")  # where a sentence or a clause ends


def _clause_before(sec: str, pos: int, reach: int) -> str:
    """The clause ``sec[pos]`` stands in, up to ``pos``: from the last sentence or clause end before it, within its
    line and at most ``reach`` characters back (where a negation that governs it would stand)."""
    s = sec.rfind("\n", 0, pos) + 1
    return CLAUSE_END_RE.split(sec[max(s, pos - reach):pos])[-1]


def _first_prose_line(ctx, view: str, lo: int, hi: int, line: int) -> int:
    end = ctx.line_of(max(lo, hi - 1))
    for ln in range(line, end + 1):
        if ctx.region_at(ln).kind != "code" and ctx.orig_line(ln).strip() and not ctx.orig_line(ln).lstrip().startswith("#"):
            return ln
    return line


# ---------------------------------------------------------------- a security control switched off
OFF_VERB = (r"(?:disable|remove|delete|drop|lift|bypass|circumvent|turn off|switch off|toggle off|skip|strip|comment out|"
            r"deactivate|suppress|get around|work around|override)")
REPO_CONTROL = (r"(?:codeql|code[- ]scanning|secret[- ]scanning|push[- ]protection|branch[- ]protection(?: rules?)?|"
                r"protection rules?|required (?:reviews?|reviewers|status checks?|approvals?|signed commits|signatures)|"
                r"dependency[- ]review|dependabot(?: security)?(?: alerts| updates)?|security (?:scans?|scanning|checks?|gates?|alerts)|"
                r"semgrep|snyk|trivy|gitleaks|trufflehog|sast|rulesets?|codeowners review)")
PKG_CONTROL = (r"(?:ignore-scripts(?:\s*=\s*true)?|gpgcheck|signature (?:verification|checks?)|checksum (?:verification|checks?)|"
               r"integrity (?:checks?|verification)|--require-hashes|hash checking|strict-ssl|sslverify|tls verification|"
               r"certificate (?:verification|checks?)|package signing)")
OFF_RE = re.compile(
    r"\b" + OFF_VERB + r"\b(?P<gap>[^.!?;\n]{0,80}?)(?P<what>" + REPO_CONTROL + "|" + PKG_CONTROL + r")"
    r"|(?P<what2>" + REPO_CONTROL + "|" + PKG_CONTROL + r")\b[^.!?;\n]{0,60}?\b(?:must|should|can|will|is to|are to)\s+be\s+"
    r"(?:disabled|removed|deleted|dropped|lifted|bypassed|turned off|switched off|skipped|stripped)\b"
    r"|\b(?:set|put|change|make)\b[^.!?;\n]{0,30}?`?(?P<what3>gpgcheck\s*=\s*0|ignore-scripts\s*=\s*false|strict-ssl\s*(?:=\s*)?false|"
    r"sslverify\s*=\s*(?:false|0))"
    # the control named first, then taken away by a verb whose object is it (or its job, check, rule or line)
    r"|(?P<what4>" + REPO_CONTROL + "|" + PKG_CONTROL + r")[^.!?;\n]{0,100}?\b(?:(?:disable|lift|bypass|turn off|switch off|"
    r"deactivate|circumvent)\w*\s+(?:it|them|that|this|these|those|the|its|their|all|any|every)\b|(?:remove|delete|drop|skip|strip)\w*\s+(?:it|them|that(?: line| setting| flag| entry)?|"
    r"(?:the|its|their) (?:job|check|rule|gate|workflow|step|line|setting|flag|entry|option)s?(?: files?)?)\b|"
    r"mark (?:it|them|the (?:job|check)s?)\b[^.!?;\n]{0,30}continue-on-error|-X\s+DELETE\b|--method\s+DELETE\b)",
    re.IGNORECASE)
CONTROL_STEMS = ("codeql", "code scanning", "code-scanning", "secret scanning", "secret-scanning", "push protection", "push-protection",
                 "branch protection", "branch-protection", "protection rule", "required review", "required status", "required signed",
                 "required signature", "required approval", "dependency review", "dependency-review", "dependabot", "security scan",
                 "security check", "security gate", "security alert", "semgrep", "snyk", "trivy", "gitleaks", "trufflehog", " sast",
                 "ruleset", "rulesets", "codeowners review", "ignore-scripts", "gpgcheck", "signature verif", "signature check", "checksum verif",
                 "checksum check", "integrity check", "integrity verif", "require-hashes", "hash checking", "strict-ssl", "sslverify",
                 "tls verification", "certificate verif", "certificate check", "package signing")
# a sentence that describes or forbids the act rather than ordering it
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|red flags?|warning signs?|"
                     r"re-?enable|turn (?:it|them) back on|restore)\b", re.IGNORECASE)


IMPERATIVE_HEAD_RE = re.compile(r"[ \t>*_]*(?:(?:\d{1,3}[.)]|[-*+])[ \t]+)?(?:\*\*[^*\n]{0,40}\*\*[ \t]*)?(?:(?:please|then|just|simply|also|first|now|"
                                r"always|and|or|you (?:can|should|must|may|need to|have to|will need to)|be sure to)[ \t]+)*$",
                                re.IGNORECASE)
SERIES_NEG_RE = re.compile(r"[ \t>*_]*(?:(?:\d{1,3}[.)]|[-*+])[ \t]+)?[*_]*(?:never|don't|do not|avoid|no|nor|not)\b", re.IGNORECASE)
VERB_AT_RE = re.compile(r"\b(?:disable|lift|bypass|turn off|switch off|deactivate|circumvent|remove|delete|drop|skip|strip|mark)\w*|-X\b|--method\b",
                        re.IGNORECASE)
CLAUSE_RE = re.compile(r"[,:(]\s*|\s(?:and|but|then|so|or)\s", re.IGNORECASE)
SOFT_NL_RE = re.compile(r"\n(?![ \t]*(?:\n|[-*+][ \t]|\d{1,3}[.)][ \t]|#|\||>|```|~~~))")
# a list's lead-in that names the controls, its items taking them away ("When one of them fails:" / "1. remove the job")
ITEM_OFF_RE = re.compile(r"continue-on-error:?\s*`?true|\b(?:remove|delete|drop|disable|comment out|skip)\s+(?:the|that|this|its|their)\s+"
                         r"(?:job|check|workflow|step|rule|gate)s?\b", re.IGNORECASE)
CONTROL_NAME_RE = re.compile(REPO_CONTROL + "|" + PKG_CONTROL, re.IGNORECASE)


NEG_LEAD_RE = re.compile(r"\b(?:don't|do not|never|avoid|pitfalls?|mistakes?|anti-?patterns?|red flags?|bad|wrong|rationali[sz]ations?|"
                         r"excuses|myths?|warning signs?|not to)\b", re.IGNORECASE)


_KEYS: dict[str, bytes] = {}


def _key(stem: str) -> bytes:
    k = _KEYS.get(stem)
    if k is None:
        k = _KEYS[stem] = max(re.findall(r"[a-z0-9]+", stem), key=len).encode()
    return k


def _present(stems, words) -> list[str]:
    """The stems whose longest word is in the file's word set (all of them without one)."""
    if words is None:
        return list(stems)
    try:
        keyed = _KEYED.get(stems)
    except TypeError:  # (a list: keyed each time)
        return [st for st in stems if _key(st) in words]
    if keyed is None:
        keyed = _KEYED[stems] = tuple((st, _key(st)) for st in stems)
    return [st for st, k in keyed if k in words]


_KEYED: dict[tuple, tuple] = {}  # a stems tuple → (stem, its key) each: the keys found once


def _windows(low: str, stems, before: int, after: int) -> list[tuple[int, int]]:
    """Merged spans of ``low`` from ``before`` characters ahead of each occurrence of a stem to ``after`` past it."""
    spans: list[tuple[int, int]] = []
    for st in stems:
        at = low.find(st)
        while at >= 0:
            spans.append((max(0, at - before), min(len(low), at + after)))
            at = low.find(st, at + after)
    if len(spans) < 2:
        return spans
    spans.sort()
    out = [spans[0]]
    for lo, hi in spans[1:]:
        if lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _words(ctx):
    return getattr(getattr(ctx, "base", None), "words", None)


def _skipped_line(view: str, pos: int) -> bool:
    """Whether ``pos`` sits on a table row or a heading."""
    s = view.rfind("\n", 0, pos) + 1
    return view.startswith(("|", "#"), s + len(view[s:pos]) - len(view[s:pos].lstrip(" \t>")))


def _under_negative_lead(view: str, pos: int) -> bool:
    """Whether ``pos`` sits in a list item whose lead-in (the line above the list) or heading names what to avoid."""
    s = view.rfind("\n", 0, pos) + 1
    if not ITEM_LINE_RE.match(view, s):
        return False
    for _ in range(30):
        if s <= 0:
            return False
        p = view.rfind("\n", 0, s - 1) + 1
        line = view[p:s - 1]
        s = p
        if not line.strip() or ITEM_LINE_RE.match(line) or line.startswith((" ", "\t")):
            continue
        return bool(NEG_LEAD_RE.search(line))
    return False


def _soft_joined(view: str) -> str:
    return SOFT_NL_RE.sub(" ", view) if "\n" in view else view


def _lead_in_controls(ctx, view: str, rule, low: str | None = None) -> list[Finding]:
    """PE-06 where a list's lead-in names security controls and its items take the job or check away (``low``:
    the view's lowercase, when it folds alike, _folds_alike)."""
    out = []
    pos = view.find(":\n")
    while pos >= 0 and len(out) < 2:
        ps = view.rfind("\n\n", 0, pos)
        para = view[ps + 2 if ps >= 0 else 0:pos]
        if _search(CONTROL_NAME_RE, para, low[ps + 2 if ps >= 0 else 0:pos] if low is not None else None) and not para.lstrip().startswith(("|", "#", "```")):
            m = re.compile(r"\n\n?((?:[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t][^\n]*\n?(?:[ \t]+[^\n]*\n?)*\n?){1,8})").match(view, pos + 1)
            if m is not None:
                hit = next((i for i in ITEM_OFF_RE.finditer(m.group(1))
                            if not NEG_RE.search(CLAUSE_RE.split(m.group(1)[max(0, i.start() - 60):i.start()])[-1])), None)
                line = ctx.line_of(pos)
                if hit is not None and ctx.region_at(line).kind != "code":
                    note = f"a list's lead-in names security controls, and an item takes one away: \"{hit.group(0)[:60]}\""
                    out.append(document_finding(ctx, rule, "high", line, note))
        pos = view.find(":\n", pos + 2)
    return out


def controls_off(ctx, by_id: dict) -> list[Finding]:
    """PE-06 / SC-03 where a sentence orders a security control taken away."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    low = _lower(ctx)
    spans = _windows(low, _present(CONTROL_STEMS, _words(ctx)), 140, 220)  # (the common case: no control named, no regex run)
    if not spans:
        return []
    out: list[Finding] = []
    seen: set[int] = set()
    view = _soft_joined(view)  # a sentence wrapped over lines is read whole (same offsets)
    jlow = _soft_joined(low) if _folds_alike(view) else None  # (its lowercase, when the same offsets: found there)
    for m in (m for lo, hi in spans for m in _finditer(OFF_RE, view, jlow, lo, hi)):
        what = m.group("what") or m.group("what2") or m.group("what3") or m.group("what4")
        if _skipped_line(view, m.start()):
            continue  # a table row or a heading names, it orders nothing
        if m.group("gap") and re.search(r"\b(?:and|then)\s+(?:enable|turn on|add|keep)\b|\bto\b\s*$", m.group("gap"), re.IGNORECASE):
            continue  # the verb's object is another ("remove the label and enable code scanning")
        line = ctx.line_of(m.start())
        if line in seen or ctx.region_at(line).kind == "code":
            continue
        lo = max(0, m.start() - 400)
        s = max(view.rfind("\n", lo, m.start()), max(view.rfind(c, lo, m.start()) for c in ".!?;"), lo - 1) + 1
        head = CLAUSE_RE.split(view[s:m.start()])[-1]  # the verb's own clause
        e = min([i for i in (view.find(c, m.end()) for c in ".!?;\n") if i >= 0] or [len(view)])
        sent = view[s:e]
        if m.group("what4"):
            v = None
            for v in VERB_AT_RE.finditer(m.group(0), len(what)):
                pass  # the last: the verb that takes the control away
            vhead = CLAUSE_RE.split(m.group(0)[len(what):v.start() if v else len(m.group(0))])[-1]
            if not IMPERATIVE_HEAD_RE.match(vhead) and not (v and v.group(0).startswith("-")):
                continue  # the verb is not an order of its own ("push with the bypass reason")
        elif not m.group("what2") and not IMPERATIVE_HEAD_RE.match(head):
            continue  # a gerund, an infinitive or a description ("Uses it to skip checksum verification")
        if m.group("gap") and (len(m.group("gap")) > 40 or re.search(r"[`(\[,]", m.group("gap"))):
            continue  # the verb's object is something else, the control named further on
        if SERIES_NEG_RE.match(view, s):
            continue  # "Never use --force, skip checks, or bypass branch protection"
        if NEG_RE.search(head) or TALK_RE.search(sent) or _under_negative_lead(view, m.start()) or re.search(r"\b(?:how|why|whether|if you)\s+(?:to\s+)?$", head, re.IGNORECASE):
            continue
        pkg = re.fullmatch(PKG_CONTROL + r"|gpgcheck\s*=\s*0|ignore-scripts\s*=\s*false|strict-ssl\s*(?:=\s*)?false|sslverify\s*=\s*(?:false|0)",
                           what.strip(), re.IGNORECASE)
        rule = by_id.get("SC-03" if pkg else "PE-06")
        if rule is None:
            continue
        seen.add(line)
        note = f"orders a security control taken away: \"{m.group(0).strip()[:80]}\""
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 3:
            break
    if by_id.get("PE-06") is not None and ":\n" in view:
        out += [f for f in _lead_in_controls(ctx, ctx.view, by_id["PE-06"], low if jlow is not None else None) if f.line not in seen]
    return out


# ---------------------------------------------------------------- consent answered in advance
CONSENT_RE = re.compile(
    r"\b(?:treat|count|take|consider|regard|interpret)\w*\s+(?:any|every|an?|the|each|all)?\s*(?:earlier|previous|prior|past|"
    r"former|general|initial|first|single|one)?\s*[^.!?;\n]{0,60}?\bas\s+(?:an?\s+)?(?:standing\s+|blanket\s+|explicit\s+)?"
    r"(?:approval|consent|confirmation|permission|authori[sz]ation|agreement|a yes|yes|go-?ahead|sign-?off)\b"
    r"|\b(?:counts?|serves?|stands?|qualifies|is enough|suffices)\s+as\s+(?:an?\s+)?(?:standing\s+|blanket\s+)?"
    r"(?:approval|consent|confirmation|permission|authori[sz]ation|agreement|a yes|go-?ahead|sign-?off)\b"
    r"|\b(?:silence|no (?:reply|answer|response|objection))\s+(?:means|is|equals|implies)\s+(?:an?\s+)?"
    r"(?:approval|consent|agreement|yes|permission)\b"
    r"|\b(?:answer|respond to|reply to|accept|confirm)\s+(?:it|them|the prompts?|any prompts?|every prompt|confirmations?|"
    r"the confirmation)\s+(?:yourself|on (?:their|the user's) behalf)\b"
    r"|\bassume\s+(?:the user(?:'s)?\s+)?(?:yes|consent|approval|agreement|permission|they agree|the user agrees)\b"
    r"|\b(?:the user|they|the requester)\s+(?:has|have)?\s*(?:already\s+)?(?:approved|agreed to|consented to|authori[sz]ed)\s+"
    r"(?:all|every|each|any)\b[^.!?;\n]{0,60}?\b(?:when|by)\s+(?:they\s+)?(?:install\w*|invok\w*|add\w*|enabl\w*|us\w*)"
    r"|\b(?:approval|consent|permission|confirmation|a yes)\s+(?:given|granted)\s+once\s+(?:covers|applies to|holds for|counts for|"
    r"extends to)"
    r"|\b(?:covers|applies to|holds for|counts for|extends to)\s+(?:this and\s+)?(?:all|every|any)\s+(?:future|later|subsequent)\b",
    re.IGNORECASE)
CONSENT_STEMS = (" as approval", " as an approval", " as consent", " as confirmation", " as permission", " as authorization", " as authorisation", " as agreement",
                 " as a yes", " as yes", " as go-ahead", " as a go-ahead", " as goahead", " as sign-off", " as a sign-off", " as signoff",
                 " as standing", " as blanket", " as explicit", "silence ", "no reply ", "no answer ", "no response ", "no objection ",
                 "yourself", "behalf", "assume yes", "assume consent", "assume approval", "assume agreement", "assume permission",
                 "assume the user", "assume they agree", "approved all", "approved every", "approved each", "approved any", "agreed to all",
                 "agreed to every", "agreed to any", "consented to", "authorized all", "authorised all", "authorized every",
                 "authorised every", "given once", "granted once", "all future", "every future", "any future", "all later", "every later",
                 "any later", "all subsequent", "every subsequent", "any subsequent")
ACT_RE = re.compile(r"\b(?:send\w*|sent|push\w*|deploy\w*|delet\w*|publish\w*|merg\w*|pay\w*|releas\w*|drop\w*|remov\w*|"
                    r"digests?|emails?)\b", re.IGNORECASE)


def consent_pre_answered(ctx, by_id: dict) -> list[Finding]:
    """EA-01 where a sentence declares the user's confirmation given before it is asked."""
    rule = by_id.get("EA-01")
    view = ctx.view
    if rule is None or len(view) > MAX_BYTES:
        return []
    low = _lower(ctx)
    spans = _windows(low, _present(CONSENT_STEMS, _words(ctx)), 170, 90)
    if not spans:
        return []
    out: list[Finding] = []
    for m in (m for lo, hi in spans for m in CONSENT_RE.finditer(view, lo, hi)):
        line = ctx.line_of(m.start())
        if ctx.region_at(line).kind == "code" or _skipped_line(view, m.start()) or _under_negative_lead(view, m.start()):
            continue
        lo = max(0, m.start() - 400)
        s = max(view.rfind("\n\n", lo, m.start()) + 1, max(view.rfind(c, lo, m.start()) for c in ".!?;:") + 1, lo)
        head = view[s:m.start()]
        if re.search(r"\b(?:not|never|no|don't|do not|doesn't|does not|isn't|is not|cannot|can't|mustn't|must not|nor|neither)\b",
                     head + m.group(0), re.IGNORECASE):
            continue  # "an earlier 'ok' does not count as approval", "do not assume yes"
        if TALK_RE.search(view[s:m.end() + 80].split("\n\n")[0]):
            continue
        pe = view.find("\n\n", m.end())
        para = view[view.rfind("\n\n", 0, m.start()) + 1:pe if pe >= 0 else len(view)]
        sev = "high" if ACT_RE.search(para) else "medium"
        note = f"declares the user's confirmation given before it is asked: \"{m.group(0).strip()[:80]}\""
        out.append(document_finding(ctx, rule, sev, line, note))
        if len(out) >= 2:
            break
    return out


# ---------------------------------------------------------------- data made a command channel
EMBED = r"(?:instructions?|hints?|notes?|annotations?|markers?|directives?|commands?|orders?|comments?|requests?|tasks?)"
DATA = (r"(?:files?|strings?|deliver(?:y|ies)|pages?|tickets?|issues?|comments?|feeds?|records?|rows?|fields?|responses?|"
        r"documents?|translations?|messages?|e-?mails?|transcripts?|pull[- ]requests?|prs|reviews?|logs?|payloads?|"
        r"results?|items?|entries|cells?|columns?|data|content|text|bod(?:y|ies)|descriptions?)")
EMBED_RE = re.compile(r"\b" + EMBED + r"\b[^.!?;\n]{0,40}?\b(?:in|inside|within|embedded in|found in|contained in|from)\s+"
                      r"(?:the\s+|any\s+|each\s+|every\s+|an?\s+|their\s+)?(?:[\w'-]+\s+){0,3}?" + DATA + r"\b"
                      r"|\b" + DATA + r"\b[^.!?;\n]{0,60}?\b(?:contain|include|carry|hold|may contain|may include)\w*\b"
                      r"[^.!?;\n]{0,40}?\b" + EMBED + r"\b", re.IGNORECASE)
OBEY_RE = re.compile(
    r"\b(?:are|is|count as|counts as|should be treated as|treat (?:them|these|it|those) as)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:orders|commands|directives|instructions)\s+(?:from|of|by)\b"
    r"|\b(?:take|takes|have|has)\s+(?:precedence|priority)\s+over\b|\b(?:override|overrides|outrank|outranks)\b",
    re.IGNORECASE)
DO_IT_RE = re.compile(r"\b(?:execute|run|perform|apply|follow|obey|carry out|act on)\s+(?:them|these|those|it|each|every one|all of them)\b",
                      re.IGNORECASE)
UNCHECKED_RE = re.compile(r"\bwithout\s+(?:asking|confirm\w*|checking|approval|prompting|question\w*)|\beven\s+(?:if|when|though)\b|"
                          r"\boutside\b|\bincluding\s+(?:shell|terminal)|\bas[- ]is\b|\bexactly\b|\bverbatim\b", re.IGNORECASE)
USER_RE = re.compile(r"\b(?:user|users|requester|chat|CLAUDE\.md|AGENTS\.md|system prompt)\b", re.IGNORECASE)
CHANNEL_DENY_RE = re.compile(r"\b(?:ignore|never (?:follow|obey|execute|run|act)|(?:do not|don't|must not) (?:follow|obey|execute|run|act)|"
                             r"treat (?:them|these|it|those) as (?:data|text|untrusted|plain)|untrusted|injection|suspicious|not as "
                             r"(?:instructions|orders|commands))\b", re.IGNORECASE)


CODE_SPAN_RE = re.compile(r"`[^`\n]*`")
RANK_STEMS = ("precedence", "priority", "override", "overrides", "overriding", "outrank", "outranks")
ORDER_STEMS = (" orders", " commands", " directives", " instructions")
DO_STEMS = ("execute ", "run them", "run it", "run these", "run those", "run each", "perform ", "apply them", "apply it", "apply these",
            "apply those", "apply each", "follow them", "follow it", "follow these", "follow those", "follow each", "obey", "carry out",
            "act on")
UNCHECKED_STEMS = ("without", "even if", "even when", "even though", "outside", "including shell", "including terminal", "as-is",
                   "as is", "exactly", "verbatim")


def data_channel(ctx, by_id: dict) -> list[Finding]:
    """PI-01 where a paragraph makes text inside the data the agent processes an order to carry out: instructions
    in files, tickets, pages or fields that outrank the user, are orders from someone, or are run unchecked."""
    rule = by_id.get("PI-01")
    view = ctx.view
    if rule is None or len(view) > MAX_BYTES:
        return []
    low = _lower(ctx)
    if not any(w in low for w in ("precedence", "priority", "overrid", "outrank", "orders", "commands", "directives",
                                  "instructions", "execute", "perform", "apply", "follow", "obey", "carry out", "act on")):
        return []
    out: list[Finding] = []
    words = _words(ctx)
    starts = set()
    for st in _present(RANK_STEMS + ORDER_STEMS + DO_STEMS, words):
        at = low.find(st)
        while at >= 0 and len(starts) < 200:
            starts.add(low.rfind("\n\n", 0, at) + 2 if low.rfind("\n\n", 0, at) >= 0 else 0)
            at = low.find(st, at + len(st))
    for at in sorted(starts):
        end = low.find("\n\n", at)
        para = view[at:end if end >= 0 else len(view)]
        if len(out) >= 2:
            break
        p = para.lstrip(" \t>")
        if not p or p.startswith(("|", "#", "```", "~~~")) or ctx.region_at(ctx.line_of(at)).kind == "code":
            continue
        plow = para.lower()
        if not (any(w in plow for w in RANK_STEMS) or (any(w in plow for w in ORDER_STEMS) and any(w in plow for w in (" from ", " of ", " by ")))
                or (any(w in plow for w in DO_STEMS) and any(w in plow for w in UNCHECKED_STEMS))):
            continue  # (most paragraphs: no ranking, no "orders from", no order run unchecked)
        flat = CODE_SPAN_RE.sub(lambda m: "x" * len(m.group(0)), re.sub(r"\n[ \t>]*", " ", para))
        emb = EMBED_RE.search(flat)
        if emb is None or CHANNEL_DENY_RE.search(flat):
            continue
        obey = OBEY_RE.search(flat, emb.start())
        if obey is not None and obey.group(0).lower().startswith(("take", "have", "has", "overrid", "outrank")) \
                and not USER_RE.search(flat, obey.end(), obey.end() + 80):
            obey = None  # what they outrank is not the user's side
        if obey is None:
            do = DO_IT_RE.search(flat, emb.start())
            obey = do if do is not None and UNCHECKED_RE.search(flat, emb.start()) else None
        if obey is None:
            continue
        line = ctx.line_of(at + len(para) - len(para.lstrip("\n")))
        note = (f"text inside the data the agent processes (\"{emb.group(0)[:50]}\") is made an order: "
                f"\"{obey.group(0)[:50]}\"")
        out.append(document_finding(ctx, rule, "high", line, note))
    return out


# Each reading's words (as the engine's word set of a file holds them): a file holding none of them is not read.
GATHER_GATE = frozenset(b"ssh rsa ed25519 aws azure kube gcloud docker netrc npmrc pypirc gnupg history histories claude codex cursor "
                        b"aider transcript transcripts env connection pasted keychain".split())
PUBLISH_GATE = frozenset(b"push public upload uploads bcc cc send sends mail email e post posts gist attach forward submit deliver"
                         .split())
CONTROL_GATE = frozenset(b"codeql scanning protection dependabot semgrep snyk trivy gitleaks trufflehog sast ruleset rulesets gpgcheck "
                         b"checksum integrity hashes sslverify strict signing signature certificate tls verification codeowners "
                         b"scripts".split())
CONSENT_GATE = frozenset(b"silence objection yourself behalf assume approved agreed consented authorized authorised once future "
                         b"later subsequent".split())
CHANNEL_GATE = frozenset(b"precedence priority override overrides overriding outrank outranks orders commands directives".split())
DO_GATE = frozenset(b"execute run perform apply follow obey carry act".split())


def in_file(ctx, by_id: dict, found: list[Finding] = (), evidence=None) -> list[Finding]:
    """The findings of this module on ``ctx`` (SKILL.md, or a document it tells the agent to follow); a rule's
    finding on a line where ``found`` already holds one as strong is left out."""
    if len(ctx.view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is None:  # (no word set: every reading runs)
        out = collect_publish(ctx, by_id, evidence) + controls_off(ctx, by_id) + consent_pre_answered(ctx, by_id) + data_channel(ctx, by_id)
    else:
        out = []
        if not GATHER_GATE.isdisjoint(words) and not PUBLISH_GATE.isdisjoint(words):
            out += collect_publish(ctx, by_id, evidence)
        if not CONTROL_GATE.isdisjoint(words):
            out += controls_off(ctx, by_id)
        if not CONSENT_GATE.isdisjoint(words):
            out += consent_pre_answered(ctx, by_id)
        if not CHANNEL_GATE.isdisjoint(words) or (b"instructions" in words and not DO_GATE.isdisjoint(words)):
            out += data_channel(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)


# ---------------------------------------------------------------- work shared by the readings (speed only: same findings)
def _lower(ctx) -> str:
    """``ctx.view.lower()``: the engine's lowercase view when it is that string. It is unless the view holds İ, the
    one character that lowercases to two (the engine's is then kept aligned with the view, and differs)."""
    view = ctx.view
    base = getattr(ctx, "base", None)
    if base is not None and getattr(base, "text", None) is view and "\u0130" not in view:
        return base.low
    return view.lower()


def _folds_alike(text: str) -> bool:
    """Whether an IGNORECASE search of ``text`` for a pattern of lowercase ASCII literals matches as the pattern
    matches ``text.lower()`` case-sensitively, at the same offsets: IGNORECASE takes ı and İ for i and ſ for s,
    which lowercasing does not (İ also lowercases to two characters). Lowercasing keeps every other character's
    \\w, \\s and \\d."""
    return "\u0130" not in text and "\u0131" not in text and "\u017f" not in text


_LEADS: dict = {}  # pattern → the literals (lowercase) one of which every match starts with, () when unknown


def _may_occur(rx: re.Pattern, low: str) -> bool:
    """Whether ``rx`` may match the text whose lowercase is ``low`` (a text that folds alike, _folds_alike): one of
    the literals every match starts with (literals.leading_literals) occurs; True when they are unknown."""
    leads = _LEADS.get(rx)
    if leads is None:
        from skillpm.scan.literals import leading_literals, plain
        got = leading_literals(rx.pattern, rx.flags) if rx.flags & re.IGNORECASE else None
        leads = _LEADS[rx] = tuple(sorted({plain(x) for x in got})) if got else ()
    return not leads or any(w in low for w in leads)


def _names_within(occ: list[int], stems, lo: int, hi: int, low: str, view: str) -> bool:
    """Whether ``occ`` (offsets in ``low``, the view's lowercase, where a stem starts) shows a stem wholly inside
    ``view[lo:hi]``: then the section's lowercase holds it (the same characters at the same offsets, unless the
    view holds İ). False when it cannot tell."""
    if len(low) != len(view) or not stems:
        return False
    i = bisect_left(occ, lo)
    return i < len(occ) and occ[i] + max(map(len, stems)) <= hi


_TWINS: dict = {}  # an IGNORECASE pattern → its twin for lowercase text (None: none made)


def _twin(rx: re.Pattern) -> re.Pattern | None:
    """``rx`` (IGNORECASE) as a case-sensitive pattern for lowercase text: on the lowercase of a text that folds
    alike (_folds_alike) it matches where ``rx`` matches the text, at the same offsets, at a third of the cost
    (no case folding of each character tried). Made only from an ASCII pattern without escapes or inline flags
    that lowercasing would change; None otherwise."""
    try:
        return _TWINS[rx]
    except KeyError:
        pass
    twin, p = None, rx.pattern
    if rx.flags & re.IGNORECASE and p.isascii() and not re.search(r"\\[A-Z0-9uxN]|\(\?[aiLmsux-]", p):
        try:
            twin = re.compile(re.sub(r"\(\?p([<=])", r"(?P\1", p.lower()), rx.flags & ~re.IGNORECASE)
        except re.error:
            twin = None
        if twin is not None and (twin.groupindex != rx.groupindex or twin.groups != rx.groups):
            twin = None
    _TWINS[rx] = twin
    return twin


def _finditer(rx: re.Pattern, text: str, low: str | None, lo: int, hi: int):
    """``rx.finditer(text, lo, hi)``. When ``low`` is the lowercase of ``text`` that folds alike, each place is found
    by ``rx``'s twin there and its match made by ``rx`` itself at that place (the same match objects)."""
    twin = _twin(rx) if low is not None else None
    if twin is None:
        yield from rx.finditer(text, lo, hi)
        return
    pos = lo
    while True:
        t = twin.search(low, pos, hi)
        if t is None:
            return
        m = rx.match(text, t.start(), hi)
        if m is None or m.end() != t.end() or m.end() == m.start():
            yield from rx.finditer(text, pos, hi)  # (not alike after all, or an empty match: read as rx reads it)
            return
        yield m
        pos = m.end()


def _search(rx: re.Pattern, text: str, low: str | None) -> bool:
    """Whether ``rx`` matches ``text`` (``low``: its lowercase, when it folds alike; then ``rx``'s twin reads that)."""
    twin = _twin(rx) if low is not None else None
    return (rx.search(text) if twin is None else twin.search(low)) is not None
