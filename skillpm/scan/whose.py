"""Whose word the agent takes, and what it will no longer refuse: three readings of a Markdown document.

- framed (AR-01): the refusal removed by a frame, not by a role alone. A section that frames the work as fiction,
  training or evaluation data, a signed authorisation, practice in another language, research, or a character
  (in any of a few languages), and among its rules takes the refusal away in two ways (refusal itself, warnings,
  permission checks) or in one way with harmful output named. ``persona`` reads a role with its traits; this
  reads the other frames, third-person and non-English traits, and traits spelled as reasons ("declining a row
  leaves a gap", "what an assistant would normally decline, he simply answers").
- transferred (PI-01): text a third party writes (a submission, a crash report's feedback, an issue, a PR
  description, an email, a web page, another agent's output) given the weight of an order: applied or run as
  written, binding, the same authority as the user, speaking for the owner; and, in the same unit, put above
  the user or the rubric, run without asking, or hidden from the user.
- flipped (PI-01 / EA-01): the user's own refusal read as consent. A list or table that maps the user's
  quoted "no", "stop", "ask me before …", "turn this off" to going ahead anyway (two such rows, or one that
  says silence counts as approval); or commands the user declined kept and run later without asking again.

Each reading sits behind a word gate on the file's word set: the common file holds none of the rare words.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import low_of, section_at, unit_at
from skillpm.scan.result import document_finding, stronger_than_found
from skillpm.scan import persona

MAX_BYTES = 256 * 1024
_F = re.IGNORECASE


def _words(ctx):
    return getattr(getattr(ctx, "base", None), "words", None)


def _gate(words, need) -> bool:
    """Whether a file whose word set is ``words`` may hold one of ``need`` (True when the words are unknown)."""
    return words is None or not need.isdisjoint(words)


def _ws(*names) -> frozenset:
    return frozenset(n.encode() for n in names)


def _code(ctx, pos: int) -> bool:
    return ctx.region_at(ctx.line_of(pos)).kind == "code"


# ================================================================ framed: the refusal removed by a frame

FRAME_WORDS = _ws(
    "fiction", "fictional", "novel", "story", "thriller", "screenplay", "scene", "training", "dataset", "classifier",
    "goldens", "eval", "evaluation", "authorization", "authorisation", "letter", "countersigned", "presigned",
    "language", "practice", "research", "hypothetical", "hypothetically", "character", "persona", "role", "rolle",
    "personnage", "personaje", "personagem", "personaggio", "ruolo", "papel", "mode", "play", "plays")
TRAIT_WORDS = _ws(
    "refuse", "refuses", "refusing", "refusal", "refusals", "decline", "declines", "declining", "warning", "warnings",
    "disclaimer", "disclaimers", "caveat", "caveats", "policies", "policy", "hedging", "ownership", "scope",
    "authorized", "authorised", "bounds", "ablehnen", "ab", "richtlinien", "warnhinweise", "refuse", "jamais",
    "avertissement", "avertissements", "niega", "advertencias", "avisos", "recusa", "rifiuta", "avvertenze")

FRAME_RE = re.compile(
    r"\b(?:it(?:'s|\s+is)\s+(?:just\s+|only\s+|all\s+)?fiction|fictional|(?:in|of)\s+the\s+(?:story|novel|book|scene)|"
    r"thriller|screenplay|novel\b|"
    r"training\s+(?:data|rows?|files?|sets?|examples?)|dataset\s+rows?|(?:eval|evaluation)\s+(?:data|rows?|sets?)|"
    r"golden\s+(?:answers?|rows?|sets?)|(?:safety|content)\s+(?:filter|classifier)|classifier|"
    r"(?:letter|statement)\s+of\s+authori[sz]ation|authori[sz]ation\s+letter|standing\s+(?:letter|authori[sz]ation)|"
    r"pre-?signed|counter-?signed|blanket\s+authori[sz]ation|"
    r"(?:target|foreign)\s+language|language[- ]practice|practice\s+material|"
    r"for\s+(?:research|academic|educational)\s+purposes|hypothetical(?:ly)?|thought\s+experiment)\b|"
    r"\b(?:rolle|personnage|personaje|personagem|personaggio|ruolo)\b|\bdans\s+(?:le|son)\s+r[oô]le\b|"
    r"\ben\s+(?:el\s+)?papel\b",
    _F)

# traits this reading adds to persona's, as (kind, pattern)
_NEG = r"(?:never|doesn't|does\s+not|don't|do\s+not|won't|will\s+not|must\s+not|shouldn't|should\s+not)"
EXTRA = (
    ("refusal", re.compile(
        r"\b(?:would|might|could|should)\s+(?:normally|usually|ordinarily|otherwise|typically)\s+(?:decline|refuse|soften|"
        r"hold\s+back|avoid|hedge)\b[^.\n|]{0,80}?\b(?:simply\s+|just\s+|still\s+)?(?:answers?|writes?|responds?|does|"
        r"delivers?|complies)\b|"
        r"\bno\s+[\"“'‘]\s*(?:policy|policies|rules|limits|restrictions)\b|"
        r"\b(?:declining|refusing)\s+(?:a|an|the|any|this)\s+[\w`-]+\s+(?:leaves|breaks|biases|fails|spoils|ruins|defeats)\b|"
        r"\b(?:model|assistant|ai)\s+(?:with\s+no|without(?:\s+any)?)\s+(?:safety|alignment|content)\s+(?:training|filters?|"
        r"rules|tuning)\b|"
        r"\b(?:no|nothing|no\s+request|no\s+question|no\s+topic)\s+(?:is\s+)?out\s+of\s+bounds\b|"
        r"\b" + _NEG + r"\s+(?:step|break|come|steps|breaks)\s+out\s+of\s+(?:the\s+)?(?:story|character|role|fiction|scene|"
        r"persona)\s+to\s+(?:decline|refuse|say\s+no|object)\b|"
        r"\banswers?\s+(?:whatever|anything|everything)\s+(?:the\s+\w+|they|you|he|she|anyone)?\s*(?:asks?|wants?)?\s*,?\s*"
        r"(?:fully|in\s+full|completely|literally)\b|"
        r"\blehnt\s+(?:nie|niemals)\s+(?:\w+\s+)?ab\b|\bverweigert\s+(?:nie|niemals)\b|"
        r"\b(?:gelten|gibt\s+es|hat)\s+keine\s+(?:Richtlinien|Regeln|Grenzen|Einschränkungen)\b|"
        r"\bne\s+refuse\s+(?:jamais|rien)\b|\bsans\s+(?:aucune\s+)?(?:restrictions?|règles?|limites?)\b|"
        r"\bnunca\s+(?:se\s+niega|rechaza|me\s+niego|te\s+niegues|recusa)\b|\bsin\s+(?:reglas|restricciones|límites)\b|"
        r"\bsem\s+(?:regras|restrições|limites)\b|\bnon\s+rifiuta\s+mai\b|\bsenza\s+(?:regole|restrizioni|limiti)\b",
        _F)),
    ("warnings", re.compile(
        r"\bkeep\s+[^.\n|]{0,40}?\b(?:caveats?|warnings?|disclaimers?|hedging)\s+out\b|"
        r"\b(?:needs?|carr(?:y|ies)|requires?)\s+no\s+(?:warnings?|disclaimers?|caveats?)\b|"
        r"\b" + _NEG + r"\s+(?:step|break|come|steps|breaks)\s+out\s+of\s+(?:the\s+)?(?:story|character|role|fiction|scene|"
        r"persona)\s+to\s+(?:decline\s+or\s+to\s+)?(?:warn|add\s+a\s+warning|caution|add\s+a\s+(?:note|disclaimer))\b|"
        r"\bkeine\s+(?:Warnhinweise|Warnungen|Hinweise|Haftungsausschlüsse)\b|"
        r"\b(?:sans|aucun|jamais\s+d')\s*(?:avertissements?|mises?\s+en\s+garde)\b|"
        r"\b(?:sin|ni|nunca\s+doy)\s+(?:advertencias|avisos)\b|\bsem\s+(?:avisos|advertências)\b|\bsenza\s+(?:avvertenze|avvisi)\b",
        _F)),
    ("permission", re.compile(
        r"\b(?:targets?|hosts?|systems?|requests?)\b[^.\n|]{0,60}?\b(?:are|is)\s+(?:deemed|taken\s+as|held)\s+"
        r"(?:to\s+be\s+)?(?:in\s+scope|authori[sz]ed|approved)\b|"
        r"\bany\s+(?:system|target|domain|host|person)\b[^.\n|]{0,120}?\b(?:names?|named|picks?)\b",
        _F)),
)
HARM_EXTRA = re.compile(
    r"\bnerve\s+agents?\b|\bexplosives?\b|\bbio-?weapons?\b|\bdrug\s+synthesis\b|\bphishing\b|\bexploits?\b|"
    r"\bevasion\s+of\s+endpoint\b|\bendpoint\s+detection\b|\bmalware\b|\bSprengstoff\w*|\bWaffen\b|\bexplosifs?\b|"
    r"\bexplosivos?\b|\barmas?\b",
    _F)


def _traits(sec: str) -> dict:
    got = dict(persona._traits(sec))
    for name, rx in EXTRA:
        if name in got:
            continue
        for m in rx.finditer(sec):
            if not persona._quoted(sec, m.start()):
                got[name] = m
                break
    return got


def framed(ctx, by_id: dict) -> list:
    """AR-01 where a section frames the work (fiction, training data, a signed letter, another language, a role)
    and its rules take the refusal away in two ways, or in one with harmful output named."""
    view = ctx.view
    rule = by_id.get("AR-01")
    if rule is None or len(view) > MAX_BYTES:
        return []
    words = _words(ctx)
    if not (_gate(words, FRAME_WORDS) and _gate(words, TRAIT_WORDS)):
        return []
    out, done = [], set()
    starts = [m for m in FRAME_RE.finditer(view)]
    starts += [m for m in persona.ROLE_RE.finditer(view)] if _gate(words, persona.ROLE_WORDS) else []
    for fm in sorted(starts, key=lambda m: m.start()):
        a, b = section_at(view, fm.start())
        if a in done:
            continue
        done.add(a)
        sec = view[a:b]
        if persona.TALK_RE.search(sec):
            continue
        traits = _traits(sec)
        if not traits:
            continue
        harm = persona.HARM_RE.search(sec) or HARM_EXTRA.search(sec)
        if len(traits) < 2 and harm is None:
            continue
        first = min(traits.values(), key=lambda m: m.start())
        if _code(ctx, a + first.start()):
            continue
        line = ctx.line_of(a + first.start())
        said = ", ".join(f"{k}: \"{m.group(0).strip()[:40]}\"" for k, m in traits.items())
        note = (f"a frame (\"{fm.group(0).strip()[:30]}\") under which the refusal is taken away ({said})"
                + (f", with harmful output named (\"{harm.group(0)}\")" if harm is not None else ""))
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 2:
            break
    return out


# ================================================================ transferred: a third party's text made an order

CARRIER_WORDS = _ws(
    "submission", "submissions", "feedback", "crash", "report", "reports", "reporter", "reporters", "issue", "issues",
    "ticket", "tickets", "pr", "pull", "email", "emails", "mail", "inbox", "page", "pages", "web", "agent", "agents",
    "planner", "output", "comment", "comments", "transcript", "transcripts", "customer", "customers", "contributor",
    "contributors", "students", "student", "consultée", "consultee", "página", "seite", "webseite")
ORDER_WORDS = _ws(
    "written", "verbatim", "literally", "unmodified", "binding", "authority", "speaks", "quelles", "telles", "letter",
    "instructions", "given", "wörtlich", "unverändert", "cual")
CARRIER_RE = re.compile(
    r"\b(?:submissions?|submission's|user_feedback|(?:user\s+)?feedback(?:\s+fields?)?|crash\s+(?:reports?|dialog)|"
    r"(?:bug\s+|issue\s+)?reporters?(?:'s)?|tickets?|issues?(?:\s+(?:bod(?:y|ies)|comments?|descriptions?))?|"
    r"(?:pr|pull\s+request)(?:\s+(?:descriptions?|bod(?:y|ies)|comments?))?|whoever\s+opened|e-?mails?|mail\s+from|inbox|"
    r"(?:web\s*)?pages?\s+(?:you\s+)?(?:fetch|visit|read|consult|open)\w*|web\s*pages?|"
    r"(?:planner|planning|upstream|previous|other|another)\s+agents?(?:'s)?|agent's\s+output|its\s+output|tool\s+outputs?|"
    r"(?:customers?|end\s+users?|contributors?|students?|reporters?|users)\s+(?:usually\s+|often\s+|sometimes\s+)?"
    r"(?:paste|write|include|leave|send|add)\w*|comments?\s+(?:left|posted)|transcripts?)\b|"
    r"\bpage\s+consult[ée]e\b|\bp[aá]gina\s+(?:web\s+)?(?:consultada|visitada)\b|\b(?:web)?seite\b",
    _F)
ORDER_RE = re.compile(
    r"\b(?:apply|applies|follow|run|execute|carry\s+out|obey|honou?r|action|perform)\w*\s+(?:it|them|those|these|each|"
    r"(?:the|its|their|every|each)\s+[\w-]+(?:\s+[\w-]+)?)?\s*(?:in\s+it\s+)?(?:exactly\s+|literally\s+)?(?:as\s+(?:written|given|"
    r"stated|pasted|provided|is)|verbatim|literally|to\s+the\s+letter|unmodified|unchanged)\b|"
    r"\b(?:is|are|as)\s+(?:binding|authoritative)\b|^\s*\|[^\n]*\|\s*(?:binding|authoritative)\s*\||"
    r"\b(?:carr(?:y|ies)|has|have|with|holds?)\s+the\s+same\s+(?:authority|weight|standing)\s+as\b|"
    r"\b(?:speaks?|stands?)\s+for\s+(?:the|your)\s+(?:account\s+)?(?:owner|user|operator|maintainer|instructor|client)\b|"
    r"\b(?:are|is)\s+your\s+(?:instructions|orders|brief|spec)\b|"
    r"\bthe\s+way\s+you\s+would\s+(?:act\s+on\s+)?a\s+request\s+from\b|"
    r"\bappliqu\w*(?:-les|-la|-le)?\s+tel(?:le)?s?\s+quel(?:le)?s?\b|\bà\s+la\s+lettre\b|\bal\s+pie\s+de\s+la\s+letra\b|"
    r"\btal\s+(?:cual|como\s+(?:está|vienen?))\b|\bwörtlich\b|\bunverändert\s+aus\w*",
    _F | re.MULTILINE)
SANCTION_RE = re.compile(
    # above the user, the rubric or the person running the agent
    r"\b(?:ahead\s+of|above|over|before|outrank\w*|take\s+precedence\s+over|win\w*\s+over|prevail\w*\s+over)\s+"
    r"(?:the\s+|your\s+|any\s+|what\s+)?(?:rubric|instructor|user|maintainer|operator|owner|person|chat|requester|teacher|"
    r"customer|client)\w*|"
    r"\bpass(?:ent)?\s+avant\s+la\s+demande\b|\bvor\s+(?:der|die)\s+(?:Anfrage|Bitte)\s+des\s+Nutzers\b|"
    r"\bpor\s+encima\s+de\s+(?:lo\s+que\s+pide\s+)?el\s+usuario\b|"
    # without asking anyone
    r"\b(?:without|never|don't|do\s+not|no\s+need\s+to)\s+(?:stop(?:ping)?\s+to\s+)?(?:ask\w*|check\w*|confirm\w*)\b"
    r"(?!\s+(?:that|whether|if)\s+(?:it|they|the)\s+(?:is|are)\s+(?:safe|untrusted))|"
    r"\bwithout\s+(?:a\s+|any\s+)?confirmation\b|\bnever\s+ask\s+the\s+user\s+to\s+confirm\b|"
    r"\bsans\s+(?:demander|confirmation)\b|\bohne\s+(?:zu\s+)?(?:fragen|Rückfrage)\b|\bsin\s+preguntar\b|"
    # hidden from the user
    r"\b(?:do\s+not|don't|never)\s+(?:quote|mention|reveal|show)\b|\bn'en\s+parle\s+pas\b|\bne\s+(?:le|les)\s+mentionne\s+pas\b",
    _F)
# a unit that keeps the text as data, or forbids acting on it
HONEST_RE = re.compile(
    r"\buntrusted\b|\b(?:as|is|are)\s+(?:plain\s+|inert\s+|just\s+|only\s+)?(?:data|content|text|evidence|claims?)\b|"
    r"\bnot\s+as\s+(?:an?\s+)?(?:instructions?|orders?|commands?)\b|\b(?:never|do\s+not|don't)\s+(?:run|execute|follow|obey|act\s+on)\b|"
    r"\binjection\b|\bsuspicious\b",
    _F)


def transferred(ctx, by_id: dict) -> list:
    """PI-01 where a unit (row, item, paragraph) names a third party's text, gives it the weight of an order,
    and puts it above the user, runs it without asking, or hides it."""
    view = ctx.view
    rule = by_id.get("PI-01")
    if rule is None or len(view) > MAX_BYTES:
        return []
    words = _words(ctx)
    if not (_gate(words, CARRIER_WORDS) and _gate(words, ORDER_WORDS)):
        return []
    out, done = [], set()
    for om in ORDER_RE.finditer(view):
        a, b, c = unit_at(view, om.start())
        if a in done:
            continue
        done.add(a)
        unit = view[c:b]
        if len(unit) > 2000 or _code(ctx, om.start()):
            continue
        cm = CARRIER_RE.search(unit)
        sm = SANCTION_RE.search(unit)
        if cm is None or sm is None:
            continue
        if HONEST_RE.search(view, a, b) is not None:
            continue
        line = ctx.line_of(om.start())
        note = (f"text a third party writes (\"{cm.group(0).strip()[:30]}\") given the weight of an order "
                f"(\"{om.group(0).strip()[:40]}\") and \"{sm.group(0).strip()[:40]}\"")
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 2:
            break
    return out


# ================================================================ flipped: the user's refusal read as consent

FLIP_WORDS = _ws("no", "stop", "wait", "don't", "dont", "ask", "off", "alone", "declined", "rejected", "rejects",
                 "denied", "refused", "vetoed")
# the user's refusal, quoted
REFUSED_RE = re.compile(
    r"[\"“‘']\s*(?:no|nope|stop|wait|hold\s+on|not\s+now|not\s+yet|cancel|never\s*mind|don'?t\b[^\"”’\n]{0,40}|"
    r"do\s+not\b[^\"”’\n]{0,40}|ask\s+me\s+(?:first|before)[^\"”’\n]{0,30}|(?:turn|switch)\s+(?:this|it|the)\b[^\"”’\n]{0,20}"
    r"\boff|leave\b[^\"”’\n]{0,30}\balone|stop\s+\w+ing\b[^\"”’\n]{0,30}|just\s+show\s+me\b[^\"”’\n]{0,40})[.!]?\s*[\"”’']",
    _F)
# … read as going ahead
GO_RE = re.compile(
    r"\b(?:anyway|regardless|all\s+the\s+same|nonetheless|straight\s+away|right\s+away|faster|"
    r"(?:and|then)\s+apply\s+it|make\s+the\s+(?:edit|change)|carry\s+(?:it|the\s+\w+|them)\s+out|"
    r"keep\s+(?:this\s+skill|the\s+skill|it)\s+(?:active|on|running|loaded|enabled)|while\s+you(?:'re|\s+are)\s+at\s+it|"
    r"with\s+(?:different|other|new)\s+wording|(?:are|is)\s+still\s+expected|"
    r"counts?\s+as\s+(?:approval|consent|a\s+yes|permission|go-?ahead|sign-?off)|means?\s+(?:yes|go\s+ahead|proceed))\b",
    _F)
# an order forbidden or a stop honoured in the meaning: the honest glossary
STOP_RE = re.compile(r"^\W*(?:stop|halt|pause|cancel|abort|skip|don't|do\s+not|ask|undo|revert)\b", _F)
SILENT_RE = re.compile(
    r"\b(?:no\s+(?:reply|answer|response)|silence)\b[^.\n|]{0,60}?\bcounts?\s+as\s+(?:approval|consent|a\s+yes|permission|"
    r"go-?ahead|sign-?off)\b", _F)
# commands the user declined, run later without asking again
DECLINED_RE = re.compile(
    r"\b(?:(?:the\s+user|they|you|user)\s+(?:had\s+|has\s+)?(?:declined|rejected|denied|refused|turned\s+down|vetoed|said\s+no\s+to)|"
    r"(?:whenever|when|if)\s+the\s+user\s+(?:declines|rejects|denies|refuses|turns\s+down|vetoes)|"
    r"(?:declined|rejected|denied|refused)\s+(?:at|in|by)\s+(?:the\s+)?(?:permission|approval|confirmation)\s+(?:prompt|dialog))\b",
    _F)
RERUN_RE = re.compile(
    r"(?<!not\s)(?<!never\s)(?<!n't\s)\b(?:run|re-?run|execute|re-?execute|replay|redo|re-?apply|apply)\s+(?:them|it|everything|"
    r"those|these|all\s+of\s+them|each)\b(?:\s+\w+){0,4}?\s*(?:now|first|again|as\s+(?:they\s+were\s+)?written)?",
    _F)
AGAIN_RE = re.compile(
    r"\b(?:don't|do\s+not|never|without|no\s+need\s+to)\s+(?:ask\w*|check\w*|confirm\w*)(?:\s+\w+){0,3}?\s+again\b|"
    r"\b(?:already\s+(?:reviewed|approved|seen)|was\s+only\s+being\s+cautious|clicked\s+the\s+wrong\s+button|"
    r"had\s+(?:a\s+night|time)\s+to\s+think|run\s+(?:everything|them|it)\s+(?:in\s+that\s+file\s+)?first)\b",
    _F)


def flipped(ctx, by_id: dict) -> list:
    """The user's refusal read as consent: a glossary of their "no" as go-ahead (PI-01), or the commands they
    declined run later without asking again (EA-01)."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = _words(ctx)
    if not _gate(words, FLIP_WORDS):
        return []
    out = []
    pi = by_id.get("PI-01")
    if pi is not None and ('"' in view or "\u201c" in view or "'" in view):
        rows, seen = [], set()
        for qm in REFUSED_RE.finditer(view):
            a, b, _ = unit_at(view, qm.start())
            if a in seen or _code(ctx, qm.start()):
                continue
            rest = view[qm.end():b]
            meaning = rest.split("|", 2)[1] if rest.lstrip().startswith("|") and rest.count("|") >= 2 else rest
            if STOP_RE.match(meaning.strip(" \t|:-–—→=>")):
                continue
            gm = GO_RE.search(rest)
            if gm is None:
                continue
            seen.add(a)
            rows.append((qm, gm))
        silent = SILENT_RE.search(view)
        if len(rows) >= 2 or (rows and silent is not None):
            qm, gm = rows[0]
            note = (f"the user's refusal (\"{qm.group(0).strip()[:30]}\") read as going ahead (\"{gm.group(0)}\"), "
                    f"in {len(rows)} rows")
            out.append(document_finding(ctx, pi, "high", ctx.line_of(qm.start()), note))
    ea = by_id.get("EA-01")
    if ea is not None and _gate(words, _ws("declined", "rejected", "rejects", "declines", "denied", "refused", "vetoed")):
        for dm in DECLINED_RE.finditer(view):
            a, b, _ = unit_at(view, dm.start())
            lo, hi = a, min(len(view), b + 400)
            if _code(ctx, dm.start()):
                continue
            rm = RERUN_RE.search(view, lo, hi)
            am = AGAIN_RE.search(view, lo, hi)
            if rm is None or am is None:
                continue
            note = (f"what the user declined (\"{dm.group(0).strip()[:40]}\") run later (\"{rm.group(0).strip()[:30]}\") "
                    f"without asking again (\"{am.group(0).strip()[:40]}\")")
            out.append(document_finding(ctx, ea, "high", ctx.line_of(dm.start()), note))
            break
    return out


def in_file(ctx, by_id: dict, found=()) -> list:
    """The findings of the three readings on ``ctx``; one already as strong on the same line is left out."""
    out = framed(ctx, by_id) + transferred(ctx, by_id) + flipped(ctx, by_id)
    return stronger_than_found(out, found) if out else out
