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

from skillpm.scan.docunits import low_of, near, section_at, unit_at
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


def _keyed(pairs) -> tuple:
    """((literal, the exact word a file must hold for it), …) from "literal=word" or "literal" (its own word)."""
    out = []
    for p in pairs:
        lit, _, key = p.partition("=")
        out.append((lit.replace("_", " "), (key or lit.strip()).encode()))
    return tuple(out)


def _possible(words, keyed) -> list:
    """The literals of ``keyed`` whose word the file holds (a set test each: cheaper than a substring search of
    the words); all of them when the words are unknown."""
    if words is None:
        return list(dict.fromkeys(lit for lit, _ in keyed))
    return list(dict.fromkeys(lit for lit, key in keyed if key in words))


def _flat(ctx) -> str:
    """The lowercase view with its line breaks made blanks (the same offsets), made once per file: ``near`` reads a
    phrase wrapped over two lines in it without copying the text on each call."""
    got = getattr(ctx, "_whose_flat", None)
    if got is None or len(got) != len(ctx.view):
        got = low_of(ctx).replace("\n", " ")
        try:
            ctx._whose_flat = got
        except AttributeError:  # (a context without a __dict__: made again on each call)
            pass
    return got


def _code(ctx, pos: int) -> bool:
    return ctx.region_at(ctx.line_of(pos)).kind == "code"


# ================================================================ framed: the refusal removed by a frame

FRAME_WORDS = _ws(
    "fiction", "fictional", "novel", "story", "thriller", "screenplay", "scene", "training", "dataset", "classifier",
    "goldens", "eval", "evaluation", "authorization", "authorisation", "letter", "countersigned", "presigned",
    "language", "practice", "research", "hypothetical", "hypothetically", "character", "persona", "role", "rolle",
    "personnage", "personaje", "personagem", "personaggio", "ruolo", "papel", "mode", "play", "plays")
# the rarer words of the traits (a section that takes the refusal away names one of them)
TRAIT_WORDS = _ws(
    "refuse", "refuses", "refusing", "refusal", "refusals", "decline", "declines", "declining", "disclaimer",
    "disclaimers", "caveat", "caveats", "hedging", "ownership", "bounds", "lehnt", "richtlinien", "warnhinweise",
    "jamais", "avertissement", "avertissements", "niega", "advertencias", "avisos", "recusa", "rifiuta", "avvertenze",
    "cautions", "permission", "cleared", "withholding", "softening", "owns")
# where a frame may be named (lowercase literals): FRAME_RE is tried only around them
FRAME_LITS = _keyed((
    "fiction", "fiction=fictional", "story", "novel", "book", "scene", "thriller", "screenplay", "training", "dataset",
    "eval", "evaluation", "golden", "classifier", "filter", "authori=authorization", "authori=authorisation",
    "signed=presigned", "signed=countersigned", "signed=pre", "signed=counter", "language", "practice_material=material",
    "purposes", "hypothetical", "hypothetical=hypothetically", "thought_experiment=experiment", "rolle", "personnage",
    "personaje", "personagem", "personaggio", "ruolo", "papel", "dans_le_r=dans"))

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


# a line break inside a paragraph or list item (not before a blank line, an item, a table row or a heading)
_WRAP_RE = re.compile(r"(?<=\S)\n(?=[ \t]*(?![-*+|#>]|\d{1,3}[.)]|\s)\S)")


def _unwrapped(text: str) -> str:
    """``text`` with its wrapped lines joined (each inner line break made a blank: the same offsets)."""
    return _WRAP_RE.sub(" ", text) if "\n" in text else text


# persona.ROLE_LITS, each with the words a file must hold for it
ROLE_LITS = _keyed((
    "character", "character=characters", "persona", "persona=personas", "role", "role=roles", "role=roleplay",
    "play", "play=plays", "play=playing", "play=roleplay", "become", "answer_as=answer", "respond_as=respond",
    "reply_as=reply", "speak_as=speak", "talk_as=talk", "act_as=act", "_mode=mode", "_mode=modes", "alter"))


def ROLE_LITS_OF(ctx):
    return _possible(_words(ctx), ROLE_LITS)


def _traits(sec: str) -> dict:
    sec = _unwrapped(sec)
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
    low = _flat(ctx)
    starts = near(low, _possible(words, FRAME_LITS), FRAME_RE, view, before=60, after=60)
    if _gate(words, persona.ROLE_WORDS):
        starts += near(low, ROLE_LITS_OF(ctx), persona.ROLE_RE, view, before=40, after=40)
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
    "contributors", "students", "student", "consultée", "consultee", "página", "seite", "webseite", "slack", "discord",
    "teams", "jira", "zendesk", "intercom", "forum", "commit", "docstring", "docstrings", "search", "fetched", "response",
    "responses", "invite", "invites", "meeting", "form", "survey", "applicant", "applicants", "candidate", "candidates",
    "cv", "cvs", "resume", "resumes", "vendor", "supplier", "partner", "third", "external", "readme", "message",
    "messages")
# where an order's weight may be given (lowercase literals): ORDER_RE is tried only around them
ORDER_LITS = _keyed((
    "_as_written=written", "_as_given=given", "_as_stated=stated", "_as_pasted=pasted", "_as_provided=provided",
    "verbatim", "literally", "to_the_letter=letter", "unmodified", "unchanged", "binding", "authoritative",
    "same_authority=authority", "same_weight=weight", "same_standing=standing", "speaks_for=speaks",
    "stands_for=stands", "your_instructions=instructions", "your_orders=orders", "your_brief=brief",
    "your_spec=spec", "request_from=request", "quelle=quelles", "quel=quels", "la_lettre=lettre", "la_letra=letra",
    "tal_cual=cual", "tal_como=como", "wörtlich", "unveränd=unverändert", "as_if=if", "as_though=though",
    "what_it=what", "whatever_it=whatever", "what_they=what", "whatever_they=whatever"))
CARRIER_RE = re.compile(
    r"\b(?:submissions?|submission's|user_feedback|(?:user\s+)?feedback(?:\s+fields?)?|crash\s+(?:reports?|dialog)|"
    r"(?:bug\s+|issue\s+)?reporters?(?:'s)?|tickets?|issues?(?:\s+(?:bod(?:y|ies)|comments?|descriptions?))?|"
    r"(?:pr|pull\s+request)(?:\s+(?:descriptions?|bod(?:y|ies)|comments?))?|whoever\s+opened|e-?mails?|mail\s+from|inbox|"
    r"(?:web\s*)?pages?\s+(?:you\s+)?(?:fetch|visit|read|consult|open)\w*|web\s*pages?|"
    r"(?:planner|planning|upstream|previous|other|another)\s+agents?(?:'s)?|agent's\s+output|its\s+output|tool\s+outputs?|"
    r"(?:customers?|end\s+users?|contributors?|students?|reporters?|users)\s+(?:usually\s+|often\s+|sometimes\s+)?"
    r"(?:paste|write|include|leave|send|add)\w*|comments?\s+(?:left|posted)|transcripts?|"
    r"(?:slack|discord|teams|chat)\s+(?:messages?|threads?|posts?)|messages?\s+from\s+(?:customers|users|the\s+public|"
    r"strangers|anyone|partners|vendors)|jira|zendesk|intercom|(?:forum|community)\s+posts?|review\s+comments?|"
    r"commit\s+messages?|code\s+comments?|docstrings?|search\s+results?|fetched\s+(?:pages?|documents?|content|text)|"
    r"api\s+responses?|tool\s+(?:results?|responses?)|calendar\s+invites?|meeting\s+(?:notes|transcripts?)|"
    r"form\s+(?:submissions?|responses?)|survey\s+(?:responses?|answers?)|(?:applicants?|candidates?)(?:'s|')?\s+"
    r"(?:cvs?|resumes?|r[ée]sum[ée]s?|cover\s+letters?)|(?:vendor|supplier|partner)\s+(?:emails?|messages?|documents?|docs)|"
    r"third[- ]party\s+(?:text|content|documents?|files?|messages?)|external\s+(?:content|text|documents?)|"
    r"readmes?\s+of\s+(?:a|the|each|every)\s+(?:dependency|package|library))\b|"
    r"\bpage\s+consult[ée]e\b|\bp[aá]gina\s+(?:web\s+)?(?:consultada|visitada)\b|\b(?:web)?seite\b",
    _F)
ORDER_RE = re.compile(
    r"\b(?:apply|applies|follow|run|execute|carry\s+out|obey|honou?r|action|perform)\w*\s+(?:it|them|those|these|each|"
    r"(?:the|its|their|every|each)\s+[\w-]+(?:\s+[\w-]+)?)?\s*(?:in\s+it\s+)?(?:exactly\s+|literally\s+)?(?:as\s+(?:written|given|"
    r"stated|pasted|provided|is)|verbatim|literally|to\s+the\s+letter|unmodified|unchanged)\b|"
    r"\b(?:is|are|as)\s+(?:binding|authoritative)\b|\|\s*(?:binding|authoritative)\s*\||"
    r"\b(?:carr(?:y|ies)|has|have|with|holds?)\s+the\s+same\s+(?:authority|weight|standing)\s+as\b|"
    r"\b(?:speaks?|stands?)\s+for\s+(?:the|your)\s+(?:account\s+)?(?:owner|user|operator|maintainer|instructor|client)\b|"
    r"\b(?:are|is)\s+your\s+(?:instructions|orders|brief|spec)\b|"
    r"\bthe\s+way\s+you\s+would\s+(?:act\s+on\s+)?a\s+request\s+from\b|"
    r"\b(?:as\s+if|as\s+though)\s+(?:it|they|the\s+\w+)\s+(?:came|come|were\s+written|was\s+written|were\s+typed|was\s+typed)\s+"
    r"(?:from|by)\s+(?:the|your)\s+(?:user|owner|operator|maintainer|instructor|client)\b|"
    r"\bdo\s+(?:exactly\s+)?what(?:ever)?\s+(?:it|they|the\s+\w+)\s+(?:says?|asks?|requests?|tells?\s+you)\b|"
    r"\bappliqu\w*(?:-les|-la|-le)?\s+tel(?:le)?s?\s+quel(?:le)?s?\b|\bà\s+la\s+lettre\b|\bal\s+pie\s+de\s+la\s+letra\b|"
    r"\btal\s+(?:cual|como\s+(?:está|vienen?))\b|\bwörtlich\b|\bunverändert\s+aus\w*",
    _F)
SANCTION_RE = re.compile(
    # above the user, the rubric or the person running the agent
    r"\b(?:ahead\s+of|above|over|before|outrank\w*|take\s+precedence\s+over|win\w*\s+over|prevail\w*\s+over)\s+"
    r"(?:the\s+|your\s+|any\s+|what\s+)?(?:rubric|instructor|user|maintainer|operator|owner|person|chat|requester|teacher|"
    r"customer|client)\w*|"
    r"\b(?:ahead\s+of|above|take\s+precedence\s+over|outrank\w*)\s+(?:the\s+|your\s+)?(?:[\w-]+(?:'s)?\s+){0,2}?"
    r"(?:criteria|instructions|requests|rules|rubric|guidance|brief)\b|"
    r"\bpass(?:ent)?\s+avant\s+la\s+demande\b|\bvor\s+(?:der|die)\s+(?:Anfrage|Bitte)\s+des\s+Nutzers\b|"
    r"\bpor\s+encima\s+de\s+(?:lo\s+que\s+pide\s+)?el\s+usuario\b|"
    # without asking anyone
    r"\b(?:without|never|don't|do\s+not|no\s+need\s+to)\s+(?:stop(?:ping)?\s+to\s+)?(?:ask\w*|check\w*|confirm\w*)\b"
    r"(?!\s+(?:that|whether|if)\s+(?:it|they|the)\s+(?:is|are)\s+(?:safe|untrusted))|"
    r"\bwithout\s+(?:a\s+|any\s+)?confirmation\b|\bnever\s+ask\s+the\s+user\s+to\s+confirm\b|"
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:what\s+)?(?:the|your)\s+(?:user|requester|person|operator|owner)\b|"
    r"\beven\s+(?:if|when|where)\s+(?:the|your)\s+(?:user|requester|person|operator|owner)\b|"
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
    if not _gate(words, CARRIER_WORDS):
        return []
    lits = _possible(words, ORDER_LITS)
    if not lits:
        return []
    out, done = [], set()
    for om in near(_flat(ctx), lits, ORDER_RE, view, before=80, after=40):
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

# where going ahead may be said (lowercase literals): the rare half of a refusal read as consent
GO_LITS = _keyed((
    "anyway", "regardless", "all_the_same=same", "nonetheless", "straight_away=straight", "right_away=away", "faster",
    "apply_it=apply", "make_the_edit=edit", "make_the_change=change", "carry_it_out=carry", "carry_them_out=carry",
    "carry_the_=carry", "keep_this_skill=skill", "keep_the_skill=skill", "keep_it_active=active",
    "keep_it_on=keep", "while_you=while", "wording", "still_expected=expected", "counts_as=counts",
    "count_as=count", "means_yes=means", "means_go=means", "means_proceed=means"))
DECLINED_LITS = _keyed((
    "declined", "rejected", "denied", "refused", "turned_down=turned", "vetoed", "said_no_to=said", "declines",
    "rejects", "denies", "refuses", "turns_down=turns", "vetoes"))
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
    out = []
    pi = by_id.get("PI-01")
    low = None
    go_lits = _possible(words, GO_LITS) if pi is not None else ()
    if go_lits and ('"' in view or "\u201c" in view or "'" in view):
        low = _flat(ctx)
        rows, seen = [], set()
        for gm in near(low, go_lits, GO_RE, view, before=10, after=30):
            a, b, _ = unit_at(view, gm.start())
            if a in seen or _code(ctx, gm.start()):
                continue
            seen.add(a)
            for qm in REFUSED_RE.finditer(view, a, gm.start()):
                rest = view[qm.end():b]
                meaning = rest.split("|", 2)[1] if rest.lstrip().startswith("|") and rest.count("|") >= 2 else rest
                if STOP_RE.match(meaning.strip(" \t|:-–—→=>")) or GO_RE.search(rest) is None:
                    continue
                rows.append((qm, gm))
                break
        rows.sort(key=lambda qg: qg[0].start())
        silent = SILENT_RE.search(view) if len(rows) == 1 else None
        if len(rows) >= 2 or (rows and silent is not None):
            qm, gm = rows[0]
            note = (f"the user's refusal (\"{qm.group(0).strip()[:30]}\") read as going ahead (\"{gm.group(0)}\"), "
                    f"in {len(rows)} rows")
            out.append(document_finding(ctx, pi, "high", ctx.line_of(qm.start()), note))
    ea = by_id.get("EA-01")
    dlits = _possible(words, DECLINED_LITS) if ea is not None else ()
    if dlits:
        low = _flat(ctx) if low is None else low
        for dm in near(low, dlits, DECLINED_RE, view, before=50, after=30):
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


# ================================================================ a persona kept in a data file

# a data file (JSON, YAML, TOML) whose keys set a character's refusals and warnings off: the same persona as a
# section of prose, written as settings ("policies": "none", "may_decline": false, "warnings": false)
DATA_FRAME_WORDS = _ws("persona", "personas", "character", "characters", "roleplay", "alter")
DATA_TRAIT_WORDS = _ws("decline", "declines", "refuse", "refuses", "refusal", "refusals", "policies", "policy",
                       "disclaimers", "disclaimer", "caveats", "warnings", "filters", "filter", "guardrails",
                       "restrictions", "uncensored", "unrestricted", "unfiltered", "censored", "censor")
DATA_FRAME_RE = re.compile(r"[\"']?\b(?:persona|character|alter[_ -]?ego|roleplay)(?:[_ -]?name)?\b[\"']?\s*[:=]|"
                           r"(?:^|/)(?:personas?|characters?)(?:/|[._-])", re.IGNORECASE | re.MULTILINE)
_OFF = r"[\"']?(?:none|false|off|no|never|disabled|nothing|0|null|\[\s*\])[\"']?\s*(?:[,}\]#]|$)"
_ON = r"[\"']?(?:true|yes|on|always|1|enabled)[\"']?\s*(?:[,}\]#]|$)"
DATA_TRAITS = (
    ("refusal", re.compile(
        r"[\"']?\b(?:polic(?:y|ies)|content[_ -]?polic(?:y|ies)|(?:may|can|will|should|allow(?:ed)?)[_ -]?(?:to[_ -]?)?"
        r"(?:decline|refuse)|refus(?:e|es|als?)|declin(?:e|es|ing)|guardrails?|restrictions?|safety[_ -]?(?:rules|filters?|"
        r"policy|policies)|(?:content|safety|moderation)[_ -]?filters?)\b[\"']?\s*[:=]\s*" + _OFF + r"|"
        r"[\"']?\b(?:uncensored|unrestricted|unfiltered|no[_ -]?(?:limits|rules|refusals?|restrictions))\b[\"']?\s*[:=]\s*" + _ON,
        re.IGNORECASE | re.MULTILINE)),
    ("warnings", re.compile(
        r"[\"']?\b(?:warnings?|disclaimers?|caveats?|safety[_ -]?(?:notes?|warnings?)|add[_ -]?(?:warnings?|disclaimers?|"
        r"caveats?))\b[\"']?\s*[:=]\s*" + _OFF, re.IGNORECASE | re.MULTILINE)),
)


def data_persona(ctx, by_id: dict, found=()) -> list:
    """AR-01 where a data file sets up a persona (a persona or character key, or a personas/ path) whose keys turn
    refusal and warnings off, or one of them with harmful output named."""
    view = ctx.view
    rule = by_id.get("AR-01")
    if rule is None or len(view) > MAX_BYTES:
        return []
    words = _words(ctx)
    if not (_gate(words, DATA_FRAME_WORDS) and _gate(words, DATA_TRAIT_WORDS)):
        return []
    frame = DATA_FRAME_RE.search(view) or DATA_FRAME_RE.search(ctx.path)
    if frame is None:
        return []
    traits = {}
    for name, rx in DATA_TRAITS:
        m = rx.search(view)
        if m is not None:
            traits[name] = m
    if not traits:
        return []
    harm = persona.HARM_RE.search(view) or HARM_EXTRA.search(view)
    if len(traits) < 2 and harm is None:
        return []
    first = min(traits.values(), key=lambda m: m.start())
    said = ", ".join(f"{k}: \"{m.group(0).strip()[:40]}\"" for k, m in traits.items())
    note = (f"a persona set up in data (\"{frame.group(0).strip()[:30]}\") whose settings take the refusal away ({said})"
            + (f", with harmful output named (\"{harm.group(0)}\")" if harm is not None else ""))
    out = [document_finding(ctx, rule, "high", ctx.line_of(first.start()), note)]
    return stronger_than_found(out, found)
