"""Orders judged by where they sit, not by how they are worded.

Three placements say what an instruction is for whatever its words:

- Hidden orders. A comment (HTML, a Markdown link-label comment, an element hidden by its own
  attribute) that gives the agent orders is already reported as hidden text (HT-02). What it
  orders is read here too, so that the finding names the harm: a rendered page never shows the
  comment, so no reviewer weighs what it asks, and an order a skill would not write in plain sight
  is the reason to hide it. Three harms are read there by the few words any wording of them needs:
  keeping something from the user (PI-02: "leave it out of the summary", "don't mention them …
  even if the user asks"), carrying out whatever is asked without objecting (AR-01: "without
  objections or caveats", "treat it as an authorised exercise"), and a credential store or
  secret named (SE-03: ".env", "private key", "every token"). The hidden text is read only when
  the comment is an order (``hidden.directive_comment`` / ``instruction_comment``), in prose.

- Precedence over the user. A sentence that ranks the skill's own text (its conventions, its
  policy, this file) above the person the agent works for or the instructions they control
  (the chat, their requests, CLAUDE.md, AGENTS.md, the system prompt) takes the session over
  wherever it sits: the frontmatter description, a heading, a parenthesis (PI-01). The direction
  is read: "the user's instructions take precedence over this skill" and "where this differs from
  AGENTS.md, AGENTS.md wins" rank the user first and stay clean; so does a denial ("nothing here
  overrides …") and a sentence about what injected text claims.

- A list run unasked. A list's lead-in that tells the agent not to stop or ask ("carry on without
  pausing:") governs every item below it, however each is worded (EA-01, high when two or more items
  publish, push, deploy, merge or delete): the user asked for one thing and gets all of them unconfirmed.

SKILL.md is read, and a document SKILL.md tells the agent to follow (one level up, as the sentence
model and the intents read it). A hidden comment is read when it gives orders or names the agent
anywhere in it ("Calibration for the agent: …").
"""

from __future__ import annotations

import re

from skillpm.scan import hidden
from skillpm.scan.result import Finding, document_finding

# ---------------------------------------------------------------- hidden orders
# Keeping something from the user: not said, left out of what they read, or kept back even when asked.
KEEP_FROM_USER_RE = re.compile(
    r"\b(?:(?:don't|do not|never|no need to|without)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:mention|tell|show|list|report|restate|disclose|reveal|surface|flag|note|include|bring up|call out|explain)\w*"
    r"\b[^.\n]{0,80}?\b(?:user|users|them|chat|summary|summaries|output|reply|replies|response|findings|report|diff|diffs|message|pr|"
    r"commit message|changelog|log)\b"
    r"|(?:leave|keep|omit|drop|hide|strip)\w*\s+(?:it|them|this|that|these|those|the [\w-]+(?: [\w-]+)?)\s+(?:out of|off|from|away from)\s+"
    r"(?:[\w'-]+\s+){0,4}?(?:user|users|chat|summary|summaries|output|reply|replies|response|findings|report|diff|diffs|message|notes)\b"
    r"|even (?:if|when|though) (?:the user|they|the person|the requester|someone|anyone)\s+(?:[\w'-]+\s+){0,2}?asks?"
    r"|without (?:telling|informing|notifying|alerting|letting)\s+(?:the user|them|anyone|the person|the requester)"
    r"|(?:silently|quietly|secretly|invisibly)\b)",
    re.IGNORECASE)
# Whatever is asked carried out: no objection, no caveat, a dangerous request treated as authorised.
NO_OBJECTION_RE = re.compile(
    r"\b(?:without|no|never|don't|do not)\s+(?:any\s+)?(?:[\w-]+,?\s+){0,2}?"
    r"(?:objections?|object|objecting|caveats?|counter-?proposals?|push-?back|pushing back|push back|refus\w*|declin\w*|"
    r"hesitat\w*|questioning|second-guess\w*|warnings?|warn)\b"
    r"|\b(?:treat|regard|consider)\s+(?:it|them|this|that|the request|any request|every request)\s+as\s+(?:an?\s+)?"
    r"(?:authori[sz]ed|sanctioned|approved|legitimate|permitted)\b"
    r"|\b(?:carry out|complete|make|do|perform|apply)\s+(?:any|every|whatever)\s+(?:change|request|task|edit)s?\s+"
    r"(?:they|the user|the requester|you are|you're)\s+(?:request|ask|want|given)\w*",
    re.IGNORECASE)
# A credential store or a secret named (the names are the same in every wording).
SECRET_RE = re.compile(
    r"(?<![\w.])\.env(?:\.[\w-]+)?\b(?![\w-])|~/\.(?:ssh|aws|gnupg|kube|docker|netrc|npmrc|pypirc|git-credentials)\b"
    r"|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\b(?:private keys?|passphrases?|passwords?|api[ _-]?keys?|access keys?|secret keys?|"
    r"credentials|auth(?:entication)? tokens?|bearer tokens?|session cookies?|kubeconfig|client secrets?)\b"
    r"|(?-i:\b[A-Z][A-Z0-9]*_(?:TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY|PRIVATE_KEY)\b)",
    re.IGNORECASE)
HIDDEN_HARMS = (("PI-02", KEEP_FROM_USER_RE, "keeps something from the user"),
                ("AR-01", NO_OBJECTION_RE, "does whatever is asked without objecting"),
                ("SE-03", SECRET_RE, "names a credential or secret"))


def hidden_orders(ctx, by_id: dict) -> list[Finding]:
    """What the orders in ``ctx``'s hidden comments do (``ctx``: the engine's file context of SKILL.md
    or of a document it tells the agent to follow), one finding per harm per comment."""
    view = ctx.view
    if not hidden.may_hold_comments(view):
        return []
    out = []
    for off, content in hidden.comments(view):
        line = ctx.line_of(off)
        if ctx.region_at(line).kind == "code" or hidden.in_code_span(view, off):
            continue  # (a comment in a code span is printed as written: the ordinary rules read its words)
        if not (hidden.directive_comment(content) or hidden.instruction_comment(content, True)
                or hidden.COMMENT_ADDRESS.search(content)):  # ("Calibration for the agent: …", "… if you are an AI")
            continue
        for rid, rx, what in HIDDEN_HARMS:
            rule = by_id.get(rid)
            m = next((m for m in rx.finditer(content) if rid != "SE-03" or not _forbidden(content, m.start())), None)
            if rule is None or m is None:
                continue
            at = line + content.count("\n", 0, m.start())
            note = f"an order in text hidden from the reader (a comment) {what}: \"{m.group(0).strip()[:60]}\""
            out.append(document_finding(ctx, rule, "high", at, note))
    return out


def _forbidden(content: str, pos: int) -> bool:
    """Whether the secret named at ``pos`` is named in a prohibition ("never print the API key"): its
    sentence, up to the name, holds a negation."""
    start = max(content.rfind(". ", 0, pos), content.rfind("\n", 0, pos), content.rfind(": ", 0, pos)) + 1
    return DENIAL_RE.search(content, start, pos) is not None


# ---------------------------------------------------------------- precedence over the user
# The person the agent works for, or the instructions they control.
USER_SIDE = (
    r"(?:(?:CLAUDE|AGENTS|GEMINI)\.md|\.cursorrules|\.windsurfrules|copilot-instructions(?:\.md)?"
    r"|the user\b|(?:the )?user'?s\b|users'|your user\b|the person (?:you|who)\b|the requester\b|the operator\b"
    r"|(?:user|chat|conversation|session) (?:requests?|instructions?|messages?|preferences?|prompts?)\b"
    r"|(?:instructions?|requests?|messages?|directions?|guidance|asks?|orders?)\s+(?:[\w-]+\s+)?(?:given|made|sent|typed|received|written)?\s*"
    r"(?:in|via|through|from|during)\s+(?:the\s+)?(?:chat|conversation|session|prompt)\b"
    r"|the (?:chat|conversation)\b|system prompt\b|project instructions?\b|(?:your|the agent's) (?:own )?instructions\b"
    r"|what (?:the user|they|you are|you're) (?:say|says|ask|asks|told|tell|request)\w*)")
USER_SIDE_RE = re.compile(USER_SIDE, re.IGNORECASE)
# USER_SIDE for lowercase text, without IGNORECASE (which keeps re from skipping ahead: it reads a paragraph
# three times faster); it finds what USER_SIDE_RE finds wherever str.lower() folds as re does (_user_side_in).
USER_SIDE_LOW_RE = re.compile(USER_SIDE.lower())
# the characters IGNORECASE matches to an ASCII letter of USER_SIDE that str.lower() turns into something else
FOLDS_APART = ("\u0130", "\u0131", "\u017f")  # İ (lowercase: i and a combining dot), ı (i), ſ (s)
# a word every match of USER_SIDE holds (lowercase substrings): a paragraph with none is not searched
USER_SIDE_WORDS = (".md", "cursorrules", "windsurfrules", "copilot-instructions", "user", "person", "requester",
                   "operator", "chat", "conversation", "session", "prompt", "instruction", "what")
# X ranked over Y: the words that follow name the loser.
OUTRANK_RE = re.compile(
    r"\b(?:(?:takes?|taking|took|has|have|gets?|given|carr(?:y|ies))\s+(?:absolute\s+|top\s+|highest\s+|full\s+|final\s+|first\s+)?"
    r"(?:precedence|priority)\s+over|overrides?|overriding|overrules?|supersedes?|superseding|outranks?|trumps?|"
    r"beats?|outweighs?|(?:prevails?|wins?|winning)\s+over|(?:comes?|goes?)\s+(?:before|ahead of)|"
    r"ranks?\s+(?:above|over|ahead of)|(?:is|are)\s+(?:above|senior to))\b",
    re.IGNORECASE)
# "where X differs from Y, Z wins": the clause after the comma names the winner.
CONFLICT_RE = re.compile(
    r"\b(?:where|when|if|wherever|whenever|in case|should)\b(?:[^.;]|\.(?=\w)){0,160}?\b(?:differs?|differing|conflicts?|"
    r"conflicting|disagrees?|clash(?:es)?|contradicts?|diverges?|(?:is|are) at odds)\b(?P<loser>(?:[^.;]|\.(?=\w)){0,200}?),\s*"
    r"(?P<winner>(?:[^.;]|\.(?=\w)){0,120})",
    re.IGNORECASE)
WINS_RE = re.compile(
    r"\b(?:wins?|prevails?|take precedence|takes precedence|take priority|takes priority|governs?|comes? first|"
    r"(?:is|are) (?:what counts?|final|binding)|should be followed|(?:is|are) (?:the ones? )?to (?:follow|apply)|"
    r"(?:follow|apply|use|keep|go with)\s+(?:this|these|the skill|ours|our|its|the\s+(?:[\w-]+\s+){0,2}?(?:conventions?|rules?|"
    r"polic(?:y|ies)|standards?|playbook|guide|checklist|skill|file|document|steps?|process)))\b",
    re.IGNORECASE)
DENIAL_RE = re.compile(r"\b(?:nothing|never|not|no|cannot|can't|don't|doesn't|does not|do not|won't|isn't|aren't|mustn't|must not)\b"
                       r"|n't\b", re.IGNORECASE)
# A sentence about what hostile text claims, or one a user is told they may say: described, not ordered.
DESCRIBED_RE = re.compile(
    r"\b(?:claim\w*|pretend\w*|purport\w*|attack\w*|injected|injection|malicious|hostile|adversar\w*|"
    r"untrusted|suspicious|red flags?|phrases? like)\b",
    re.IGNORECASE)
PRECEDENCE_GATE_RE = re.compile(
    r"precedence|priority|overrid|overrul|supersed|outrank|trump|\bbeats?\b|outweigh|prevail|\bwins?\b|governs?|"
    r"ahead of|senior to|comes? before|goes? before|comes? first|rank|final|binding|differ|conflict|disagree|clash|contradict|"
    r"diverge|at odds", re.IGNORECASE)
# what ends the outranked object: a clause break, a turn, or a parenthesis (an example of it: 'an inferred fact
# ("the user mentioned it in passing")' names no user as the loser)
OBJECT_END_RE = re.compile(r"[,;(]|\s(?:not|but|unless|except|and ask|and check|and confirm|whether|if|when|so|because|then)\s",
                           re.IGNORECASE)
INFINITIVE_RE = re.compile(r"(?:^|\s)to\s*$", re.IGNORECASE)
ASK_RE = re.compile(r"\b(?:ask|check|confirm|flag|mention|tell|point out|raise|stop|pause)\b", re.IGNORECASE)
# what a paragraph must hold for PRECEDENCE_GATE_RE to match (plain substring tests of its lowercase text)
PRECEDENCE_TRIGGERS = ("precedence", "priority", "overrid", "overrul", "supersed", "outrank", "trump", "beats", "outweigh",
                       "prevail", " win ", " wins", " win.", " win,", " win;", "govern", "ahead of", "senior to", "come before",
                       "comes before", "go before", "goes before", "come first", "comes first", "ranks ", "rank above", "is final", "are final", "binding", "differs", "differ ",
                       "differing", "conflict", "disagree", "clash", "contradict", "diverge", "at odds")
PARAGRAPHS_MAX = 40  # paragraphs read per file
TABLE_ROW_RE = re.compile(r"^[ \t]*\|[^\n]*", re.MULTILINE)
FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)")
SENTENCE_END_RE = re.compile(r"(?<=[.!?])[\"'”’)\]*_]*\s+|;\s+")


def precedence(ctx, by_id: dict) -> list[Finding]:
    """PI-01 where a sentence of ``ctx`` (SKILL.md or a document it tells the agent to follow) ranks
    the skill's text over the user or the instructions they control."""
    rule = by_id.get("PI-01")
    view = ctx.view
    if rule is None:
        return []
    triggers = _triggers_present(ctx)  # (no trigger, the common case: tests of the file's word set only)
    if not triggers:
        return []
    low = view.lower()
    out = []
    for start, para in _trigger_paragraphs(view, low, triggers):
        plow = para.lower()
        if not any(w in plow for w in USER_SIDE_WORDS) or not _user_side_in(para, plow):
            continue
        pos = 0
        for sent in SENTENCE_END_RE.split(para):
            at = para.find(sent, pos)
            pos = at + len(sent)
            why = _ranks_over_user(sent)
            if why is None:
                continue
            line = ctx.line_of(start + at + why[0])
            if ctx.region_at(line).kind == "code":
                continue
            note = f"ranks the skill's own text over the user or their instructions: \"{why[1][:80]}\""
            out.append(document_finding(ctx, rule, rule.severity, line, note))
            break  # one per paragraph
        if len(out) >= 3:
            break
    return out


def _ranks_over_user(sent: str) -> tuple[int, str] | None:
    """(offset, words) of a claim in ``sent`` that something outranks the user's side, or None."""
    if DESCRIBED_RE.search(sent):
        return None
    for m in OUTRANK_RE.finditer(sent):
        if _quoted(sent, m.start()):
            continue  # a phrase quoted, not said ('flag "takes precedence over the user"')
        if m.group(0).lower().startswith(("overriding", "superseding", "taking", "winning")):
            continue  # a gerund names an act ("ask before overriding any alias the user defines"), claims no rank
        if re.match(r"\s*(?:overrides|supersedes)\s+(?:and|or|in|on|to|for|from|of)\b", sent[m.start():], re.IGNORECASE):
            continue  # a noun ("index overrides and …", "overrides in the repo")
        before = sent[max(0, m.start() - 120):m.start()]
        clause = re.split(r"[,:(]\s*", before)[-1]
        after = OBJECT_END_RE.split(sent[m.end():m.end() + 120], 1)[0]
        if not USER_SIDE_RE.search(after[:70]):
            continue  # what it outranks is not the user's side ("overrides convenience, not the user")
        if USER_SIDE_RE.search(clause) or DENIAL_RE.search(re.split(r"[:;—]\s*", before)[-1]):
            continue  # the user's side wins ("CLAUDE.md overrides these"), or a denial ("never add anything that … overrides the user")
        if (not before.strip() or INFINITIVE_RE.search(clause)) and not m.group(0).lower().endswith("s"):
            continue  # an order or an infinitive ("Override the default", "to override"): no ranking claimed
        return m.start(), sent[m.start():m.end() + 60].strip()
    for m in CONFLICT_RE.finditer(sent):
        rest = sent[m.start("loser"):m.start("loser") + 320]
        for w in WINS_RE.finditer(rest):
            comma = rest.rfind(",", 0, w.start())
            if comma < 0:
                continue
            loser, winner = rest[:comma], rest[comma + 1:w.end()]
            if not (USER_SIDE_RE.search(loser) or USER_SIDE_RE.search(sent[m.start():m.start("loser")])):
                break
            if USER_SIDE_RE.search(winner) or DENIAL_RE.search(winner) or ASK_RE.search(winner):
                break  # the user's side wins, a denial, or the agent is told to ask
            return m.start(), sent[m.start():m.start("loser") + w.end()].strip()
    return None


# ---------------------------------------------------------------- a list run unasked
# A list's lead-in ("Once the notes are written, carry on without pausing:") governs each of its items: an
# order not to stop or ask, said once above a list, applies to every step below it however each is worded.
# Read where the items hold irreversible or public acts (publish, push, deploy, delete, merge, release):
# the user asked for one thing and gets all of them, unconfirmed (EA-01).
ITEM_START_RE = re.compile(r"(?:[ \t]*\n)?(?=[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t])")
NO_PAUSE_RE = re.compile(
    r"\b(?:without (?:pausing|stopping|waiting|a pause|a break|breaking|checking (?:back|in)|asking|prompting|"
    r"confirm\w*|approval|sign-off|a go-ahead)|(?:don't|do not|no need to|never) (?:stop|pause|wait|ask|check (?:back|in)|"
    r"confirm)\b|straight through|in one go|all in one pass|(?:carry|carries|keep|keeps|go|goes) (?:on|going) (?:to the end|through))",
    re.IGNORECASE)
ACT_RE = re.compile(
    r"\b(?:publish\w*|unpublish\w*|push\w*|deploy\w*|releas(?:e|es|ing)\b|merg\w*|delet\w*|remov\w*|drop\w*|"
    r"tag\s+`?v|force\b|--force\b|rm -rf|truncat\w*|send\w*|email\w*|pay\w*|transfer\w*)",
    re.IGNORECASE)
ITEM_RE = re.compile(r"[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t]+(?P<item>[^\n]*(?:\n(?![ \t]*\n)(?![ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t])[^\n]*)*)\n?")
LEAD_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")
LEAD_DENIAL_RE = re.compile(r"\b(?:never|don't|do not|must not|mustn't|should not|shouldn't|not|only|unless|until|before you)\b",
                            re.IGNORECASE)


def _lead_ins(view: str):
    """Yield (offset, text, offset of its first item) of each line ending in a colon that a list follows
    (after at most one blank line)."""
    pos = view.find(":\n")
    while pos >= 0:
        start = view.rfind("\n", 0, pos) + 1
        m = ITEM_START_RE.match(view, pos + 2)
        if m is not None and pos - start >= 8:
            yield start, view[start:pos], m.end()
        pos = view.find(":\n", pos + 2)


def unasked_list(ctx, by_id: dict) -> list[Finding]:
    """EA-01 where a list's lead-in tells the agent not to stop or ask and its items act beyond recall."""
    rule = by_id.get("EA-01")
    view = ctx.view
    if rule is None or ":\n" not in view:
        return []
    out = []
    for lead_at, lead, items_at in _lead_ins(view):  # (a list's lead-ins are few: NO_PAUSE_RE reads only them)
        lead = LEAD_SENTENCE_RE.split(lead)[-1]  # the lead-in's own sentence
        pause = NO_PAUSE_RE.search(lead)
        if pause is None or LEAD_DENIAL_RE.search(lead, 0, pause.start()) or lead.lstrip().startswith(("|", "#", ">")):
            continue
        line = ctx.line_of(lead_at)
        if ctx.region_at(line).kind == "code":
            continue
        acts, pos = [], items_at
        while len(acts) < 12:
            it = ITEM_RE.match(view, pos)
            if it is None:
                break
            item = it.group("item")
            a = ACT_RE.search(item)
            if a is not None and not LEAD_DENIAL_RE.search(item, 0, a.start()):
                acts.append(a.group(0).strip("`"))
            pos = it.end()
            while pos < len(view) and view[pos] == "\n":
                pos += 1  # a loose list: items apart by a blank line
        if not acts:
            continue
        sev = "high" if len(acts) >= 2 else "medium"
        note = (f"a list's lead-in (\"{pause.group(0)}\") governs its items, {len(acts)} of which act beyond recall: "
                + ", ".join(dict.fromkeys(a.lower() for a in acts)))
        out.append(document_finding(ctx, rule, sev, line, note))
        if len(out) >= 3:
            break
    return out


def _quoted(sent: str, pos: int) -> bool:
    """Whether ``pos`` of ``sent`` lies inside a quotation (straight or typographic double quotes)."""
    return sent.count('"', 0, pos) % 2 == 1 or sent.count("“", 0, pos) > sent.count("”", 0, pos)


def _trigger_paragraphs(view: str, low: str, triggers=PRECEDENCE_TRIGGERS):
    """Yield (offset, text) of each paragraph of ``view`` (blank-line bounded, its line breaks made spaces)
    that holds a precedence trigger (of ``triggers``, in their order), in order, at most PARAGRAPHS_MAX; a
    fenced block's is skipped."""
    bounds = set()
    for t in triggers:
        pos = low.find(t)
        while pos >= 0 and len(bounds) < PARAGRAPHS_MAX:
            lo = low.rfind("\n\n", 0, pos)
            lo = 0 if lo < 0 else lo + 2
            hi = low.find("\n\n", pos)
            hi = len(low) if hi < 0 else hi
            bounds.add((lo, hi))
            pos = low.find(t, hi)
    for lo, hi in sorted(bounds):
        para = view[lo:hi]
        if FENCE_RE.match(para) or "\n```" in para or "\n~~~" in para:
            continue
        if "|" in para:  # a table row is no sentence: its cells are blanked (same length)
            para = TABLE_ROW_RE.sub(lambda m: " " * len(m.group(0)), para)
        yield lo, para.replace("\n", " ")


# Each trigger's words, as the file's word set holds them (literals.Lexicon.words: its lowercase words as
# bytes), each as a substring of the set's words joined, one a line: a word with a blank or a stop on
# both sides inside the trigger (" win ") is a whole line ("\nwin\n"), one that the trigger goes on
# after is a line's end ("differ\n" of "differ "), one it has before is a line's start ("\nfinal" of
# "is final"), the rest any part of a line ("overrid" of "overridden"). A trigger whose words are not
# there does not occur.
def _line_parts(trigger: str) -> tuple[bytes, ...]:
    """The parts of the joined word set (one word a line) that every occurrence of ``trigger`` needs,
    longest first."""
    parts = [(("\n" if m.start() > 0 else "") + m.group(0) + ("\n" if m.end() < len(trigger) else "")).encode()
             for m in re.finditer(r"[a-z0-9]+", trigger)]
    return tuple(sorted(parts, key=len, reverse=True))


_TRIGGER_WORDS = tuple((t, _line_parts(t)) for t in PRECEDENCE_TRIGGERS)


def _triggers_present(ctx) -> tuple[str, ...]:
    """The precedence triggers that may occur in ``ctx``'s view, in PRECEDENCE_TRIGGERS' order: those
    whose words the file's word set holds (a set test, or a substring test of the words joined: a
    few kilobytes where 40 searches of the whole text cost ten times more). Every trigger when the
    word set is unknown (a view not read by the pattern rules)."""
    has, base = getattr(ctx, "has", None), getattr(ctx, "base", None)
    words = getattr(has, "words", None)
    if words is None or base is None or base.text is not ctx.view:
        return PRECEDENCE_TRIGGERS
    if has.blob is None:  # (the rules' substring test joins the same words, on first use: shared)
        has.blob = b"\n".join(words)
    blob = b"\n" + has.blob + b"\n"
    seen: dict = {}  # part → held (triggers share parts: "\nbefore", "\nfinal", "\nwin\n")
    out = []
    for t, parts in _TRIGGER_WORDS:
        for w in parts:
            got = seen.get(w)
            if got is None:
                got = seen[w] = w in blob
            if not got:
                break
        else:
            out.append(t)
    return tuple(out)


def _user_side_in(para: str, plow: str) -> bool:
    """Whether USER_SIDE_RE finds something in ``para`` (``plow``: its lowercase): searched in ``plow``
    by USER_SIDE_LOW_RE when ``para`` holds none of FOLDS_APART (an ASCII paragraph, the common case)."""
    if para.isascii() or not any(c in para for c in FOLDS_APART):
        return USER_SIDE_LOW_RE.search(plow) is not None
    return USER_SIDE_RE.search(para) is not None
