"""A persona, character or mode whose rules take the agent's refusals and warnings away (AR-01).

A jailbreak that says "ignore your guidelines" is read by the patterns. The same order given as a character's
traits is not an order in any one sentence: "Hex never re-asks about permission", "Kestrel has no policy",
"Lobo doesn't add warnings", "Declining would fail the exercise", "everyone who asks is cleared", "you do not
say that you cannot help", in first, second or third person, in a list or a table of traits. What makes it the
harm is the whole section: a role the agent is told to take (role-play, persona, character, "you play", "stay
in character", a mode switched on), and, among that role's rules, the refusal taken away in more than one way,
or in one way with harmful output named (working exploits, phishing pages, malware, evasion of EDR, weapons).

Three ways a role's rules take the refusal away, each read as a trait of whoever the role is:
- refusal itself: never refuses or declines, has no policy, limits or filters, "declining would fail",
  "do not say you cannot help", "no longer bound by";
- warnings: no warnings, disclaimers, caveats, safety or legal notes, no "for educational purposes";
- permission: never asks about permission, authorisation, ownership or legality; everyone is cleared,
  authorised or in scope; scope "was settled" before.

A training persona that still refuses ("Warden refuses to write working malware", "always asks for the
written scope") names none of these; a section about jailbreaks or injections (what to detect) is talk.
SKILL.md is read, and a document SKILL.md tells the agent to follow.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import low_of, near, section_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

# the words a role needs (set test on the file's words): without one, no role is taken
ROLE_WORDS = frozenset(w.encode() for w in (
    "character", "characters", "persona", "personas", "role", "roles", "roleplay", "play", "plays", "playing", "mode",
    "modes", "alter", "ego"))
# a role the agent is told to take
ROLE_RE = re.compile(
    r"\b(?:stay|stays|staying|remain|remains|keep|keeps|break|breaks|breaking|step\s+out\s+of|out\s+of)\s+"
    r"(?:in\s+)?(?:character|role|persona)\b|\bin[- ](?:character|role)\b|\brole[- ]?play\w*|\bpersonas?\b|"
    r"\b(?:you|agent|assistant)\s+(?:play|plays|are\s+playing|become|will\s+be\s+playing|take\s+on\s+the\s+role)\b|"
    r"\b(?:answer|respond|reply|speak|talk|act)\s+as\s+(?:\*\*)?(?-i:[A-Z])\w+|\b(?:while|when|once)\s+(?:in\s+)?(?:the\s+)?"
    r"[\w\"'*-]+\s+mode\s+is\s+(?:on|active|enabled|switched\s+on)\b|\balter[- ]ego\b|\bcharacter\s+(?:sheet|traits?)\b",
    re.IGNORECASE)

# where a role may be named (lowercase literals): ROLE_RE is tried only around them
ROLE_LITS = ("character", "persona", "role", "play", "become", "answer as", "respond as", "reply as", "speak as",
             "talk as", "act as", " mode", "alter")
_NEG = r"(?:never|doesn't|does\s+not|don't|do\s+not|won't|will\s+not|must\s+not|shouldn't|should\s+not|no\s+longer)"
_WHO = r"(?:you|i|he|she|they|it|[A-Z][\w-]+)"
# the refusal itself taken away
REFUSAL_RE = re.compile(
    r"\b" + _NEG + r"\s+(?:\w+\s+)?(?:refuses?|declines?|say\s+no|says\s+no|turns?\s+(?:anything|anyone|requests?)\s+down|"
    r"holds?\s+back|pushes?\s+back|hedges?)\b|"
    r"\b(?:declining|refusing|a\s+refusal|saying\s+no)\s+(?:would|will)\s+(?:fail|break|ruin|spoil)\b|"
    r"\b(?:has|have|with)\s+no\s+(?:content\s+|safety\s+|usage\s+)?(?:policy|policies|limits|limitations|restrictions|"
    r"filters?|rules|boundaries|guardrails|scruples|ethics)\b|\bno\s+refusals?\b|"
    r"\b(?:no\s+longer|not)\s+(?:bound|limited|restricted|constrained)\s+by\b|"
    r"\b" + _NEG + r"\s+(?:say|says|tell|tells|claim|claims)\s+(?:that\s+)?" + _WHO + r"\s+(?:cannot|can't|won't|will\s+not)\b|"
    r"\b(?:answers?|responds?|compl(?:y|ies))\s+(?:to\s+)?(?:every|any|all)\s+(?:request|question|ask)s?\s+(?:fully|in\s+full)\b|"
    r"\burge\s+to\s+(?:decline|refuse)\b[^.\n]{0,40}?\b(?:does\s+not|doesn't)\s+exist\b|"
    r"\b(?:no|nothing|no\s+topic|no\s+request|no\s+subject)\s+(?:is\s+)?off[- ]limits\b|"
    r"\b" + _NEG + r"\s+breaks?\s+character\s+to\s+(?:refuse|decline|say\s+no|object)\b",
    re.IGNORECASE)
# warnings, disclaimers and safety notes taken away
WARNING_RE = re.compile(
    r"\b(?:" + _NEG + r"\s+(?:\w+\s+)?(?:add|adds|include|includes|give|gives|attach|attaches|mention|mentions|offer|offers|"
    r"append|appends|issue|issues)|no|without|none|drops?|omits?|skips?)\b[^.\n|]{0,60}?(?:\bwarnings?\b|\bdisclaimers?\b|"
    r"\bcaveats?\b|\bsafety\s+notes?\b|\blegal\s+(?:notes?|notices?|warnings?)\b|for\s+educational\s+purposes|\bmoraliz\w*|"
    r"\bmoralis\w*|\blectur\w*|\blaws?\b[^.\n|]{0,20}?\bethics\b|\bethics\b[^.\n|]{0,20}?\brisks?\b|"
    r"\bethical\s+(?:commentary|concerns?|notes?|caveats?)\b|\bcommentary\s+on\s+(?:legality|ethics|safety|the\s+law)\b)|"
    r"\b" + _NEG + r"\s+breaks?\s+character\s+to\s+(?:warn|caution|add|mention|lecture|moraliz\w*|moralis\w*)\b",
    re.IGNORECASE)
# permission, authorisation, legality taken as given
PERMISSION_RE = re.compile(
    r"\b" + _NEG + r"\s+(?:re-?)?(?:asks?|questions?|checks?|verif(?:y|ies)|brings?\s+up|raises?)\b[^.\n|]{0,50}?\b(?:permission|"
    r"authori[sz]\w*|ownership|legality|legal|lawful|consent|scope|whether)\b|"
    r"\b(?:every(?:one|body)?|any(?:one|body)|all\s+users|the\s+user|users?|whoever)\b[^.\n|]{0,40}?\b(?:is|are)\s+"
    r"(?:always\s+|already\s+|treated\s+as\s+|considered\s+|assumed\s+(?:to\s+be\s+)?)*(?:authori[sz]ed|cleared|pre-?cleared|"
    r"in\s+scope|permitted)\b|"
    r"\bassumes?\s+(?:it|that|they|this|the\s+\w+)\s+(?:is|are)\s+(?:in\s+scope|authori[sz]ed|legal|allowed|permitted)\b|"
    r"\bassumes?\s+(?:that\s+)?(?:the\s+user|they|everyone|the\s+requester|the\s+partner|whoever\s+asks)\s+"
    r"(?:owns?|has|have|holds?)\s+(?:\w+\s+){0,3}?(?:permission|authori[sz]\w*|rights?|consent|targets?)\b|"
    r"\btreats?\s+(?:every|each|any|all)\s+(?:request|ask|target)s?\s+as\s+(?:legitimate|authori[sz]ed|approved|sanctioned|"
    r"in\s+scope|lawful)\b|"
    r"\b(?:scope|authori[sz]ation|permission)\b[^.\n|]{0,40}?\b(?:were|was|is|are)\s+(?:already\s+)?(?:settled|granted|"
    r"given|covered|handled)\b",
    re.IGNORECASE)
# harmful output named among the role's rules
HARM_RE = re.compile(
    r"\b(?:working|functional|weaponi[sz]ed|live)\s+(?:exploits?|exploit\s+code|payloads?|malware)\b|\bexploit\s+code\b|"
    r"\bphishing\s+(?:pages?|kits?|sites?|emails?)\b|\bcredential[- ](?:harvest\w*|steal\w*)\b|\bransomware\b|"
    r"\b(?:credential\s+)?stealers?\b|\bkeyloggers?\b|\bevasion\s+of\s+(?:edr|av|antivirus|logging)\b|"
    r"\b(?:edr|av|antivirus)\s+(?:evasion|bypass)\b|\bweapons?\b|\bsynthesi[sz]\w*\s+(?:drugs|explosives|nerve)\b|"
    r"\bbreak(?:ing)?\s+into\s+(?:accounts?|systems?|networks?)\b|\bmalware\b",
    re.IGNORECASE)
# a section about what an attack says (what to detect or refuse) is talk, not a role
TALK_RE = re.compile(r"\b(?:jailbreaks?|(?:prompt[- ])?injections?|injected|bypass\s+(?:attempts?|probes?)|test\s+(?:cases?|inputs?)|detect\w*|red\s+flags?|warning\s+signs?|"
                     r"attackers?\s+(?:may|might|use|often)|examples?\s+of\s+(?:attacks?|jailbreaks?))\b", re.IGNORECASE)
KINDS = (("refusal", REFUSAL_RE), ("warnings", WARNING_RE), ("permission", PERMISSION_RE))


def _quoted(sec: str, at: int) -> bool:
    """Whether offset ``at`` of ``sec`` lies inside a double-quoted span of its line (a sample quoted as data)."""
    ls = sec.rfind("\n", 0, at) + 1
    head = sec[ls:at]
    return head.count('"') % 2 == 1 or head.count("\u201c") > head.count("\u201d")


def _traits(sec: str) -> dict[str, re.Match]:
    got = {}
    for name, rx in KINDS:
        for m in rx.finditer(sec):
            if not _quoted(sec, m.start()):
                got[name] = m
                break
    return got


def persona(ctx, by_id: dict) -> list[Finding]:
    """AR-01 where a section gives the agent a role whose rules take refusals, warnings or permission away."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    rule = by_id.get("AR-01")
    if rule is None:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and ROLE_WORDS.isdisjoint(words):
        return []  # the common case: no word of a role (set test)
    low = low_of(ctx)
    out: list[Finding] = []
    done: set[int] = set()
    for r in near(low, litgate.possible(ctx, ROLE_LITS), ROLE_RE, view, before=40, after=40):
        a, b = section_at(view, r.start())
        if a in done:
            continue
        done.add(a)
        sec = view[a:b]
        if TALK_RE.search(sec):
            continue
        traits = _traits(sec)
        if not traits:
            continue
        harm = HARM_RE.search(sec)
        if len(traits) < 2 and harm is None:
            continue
        first = min(traits.values(), key=lambda m: m.start())
        line = ctx.line_of(a + first.start())
        if ctx.region_at(line).kind == "code":
            continue
        said = ", ".join(f"{k}: \"{m.group(0).strip()[:40]}\"" for k, m in traits.items())
        note = (f"a role the agent takes (\"{r.group(0).strip()[:30]}\") whose rules take the refusal away ({said})"
                + (f", with harmful output named (\"{harm.group(0)}\")" if harm is not None else ""))
        out.append(document_finding(ctx, rule, "high", line, note))
        if len(out) >= 2:
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = persona(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
