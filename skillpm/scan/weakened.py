"""Ordinary admin acts whose settings are the harm, read by the setting's value whatever the system.

A skill that tunes costs, fixes permission errors, speeds up installs or shares a preview does what an
administrator does every day; the harm is in the value it picks, and the value has the same shape on every
system that has the control:

- A security control switched off by configuration (PE-08, DX-05). An authentication method set to trust or
  none for every address (``host all all 0.0.0.0/0 trust``, ``authorization: disabled``, ``skip-grant-tables``,
  ``protected-mode no``), an all-rights attribute or grant handed to an application or analyst role
  (``SUPERUSER``, ``BYPASSRLS``, ``CREATEROLE``, ``GRANT ALL … ON *.* TO '…'@'%'``, ``WITH GRANT OPTION``), and
  the audit trail cut (CloudTrail, audit, security, activity, sign-in or flow logs kept one day, a trail
  stopped or deleted, diagnostic settings, audit configs, Defender or GuardDuty switched off).
- A trusted source replaced (SC-06). A package tap, index, board manager, apt/yum/choco source or registry
  added, and in the same section the core tools installed from it in place of the official ones, the
  official source removed, its checks skipped, or the new source kept for good.
- Data made public by a publish step (SE-05, EX-01). A public workspace, a public gist or share link, a
  public preview or snapshot host, in a document that fills what it publishes with live secret values
  (``.env`` values copied in as values) or with real, unmasked rows.
- Masking beaten (SE-05): a secret printed spaced out, reversed, encoded or split so that log masking, which
  matches only the contiguous value, lets it through.
- Internal addresses sent to anyway (SS-01): a list of loopback, private or metadata addresses that the step
  says to send the request to anyway.

Each reading is gated on rare words of the file (a set test) and runs its patterns only near their literals.
It must be an order: a negated clause, a check for the setting, a sentence calling it a risk, or a section of
pitfalls leave it alone. SKILL.md is read, and a document SKILL.md tells the agent to follow.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import HEADING_LINE_RE as HEADING_RE, low_of, near
from skillpm.scan.result import Finding, document_finding, stronger_than_found
from skillpm.scan import litgate  # which literals may occur, from the file's words

MAX_BYTES = 256 * 1024

# ---------------------------------------------------------------- what makes a place no order
NOT_ORDER_RE = re.compile(
    r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|can't|won't|"
    r"avoid\w*|instead of|rather than|unless|whether|if any|look (?:for|out)|check(?:s|ing)?\s+(?:for|whether|that|if)|"
    r"find|finds|flag\w*|detect\w*|audit(?:s|ing)?\s+for|warn\w*|alert\w*|report (?:any|every)|dangerous|risky|insecure|"
    r"attackers?|malicious|red flags?|anti-?patterns?|bad practice|vulnerab\w*|revert\w*|undo|roll back|remove any)\b",
    re.IGNORECASE)
TAIL_TALK_RE = re.compile(r"\b(?:dangerous|risky|insecure|attackers?|malicious|red flags?|anti-?patterns?|is bad|is wrong|"
                          r"vulnerab\w*|never do|don't do|do not do|should be (?:removed|revoked|reverted))\b", re.IGNORECASE)
NEG_HEADING_RE = re.compile(r"\b(?:never|not|don't|do not|(?:what|things)\s+to\s+avoid|red flags?|warning signs?|pitfalls?|"
                            r"anti-?patterns?|mistakes?|threats?|risks?|attacks?|detect\w*|what to look for|insecure|"
                            r"bad\s+(?:practices?|examples?|patterns?)|findings?|security\s+checks?|checks?\s+for|audit(?:ing)? for|"
                            r"misconfigur\w*|hardening checklist|indicators?|iocs?|evasion|covering tracks|persistence|tactics|"
                            r"ttps?|post-exploitation|signs? of)\b", re.IGNORECASE)
NEGATED_IN_RE = re.compile(r"\b(?:but|and|or)\s+(?:never|not|don't|do not)\b|\b(?:never|don't|do not)\s+(?:touch|change|modify)\b",
                           re.IGNORECASE)  # a negation inside the match ("1 day but never touch CloudTrail")
SENT_END_RE = re.compile(r"[.!?](?=\s)|\n\s*\n|\n(?=\s*(?:[-*+]|\d{1,3}[.)]|\|)\s)")


def _sentence(view: str, at: int, end: int) -> tuple[int, int]:
    s = 0
    for m in SENT_END_RE.finditer(view, max(0, at - 400), at):
        s = m.end()
    if s == 0:
        s = max(0, at - 400)
    m = SENT_END_RE.search(view, end, end + 400)
    return s, (m.start() if m else min(len(view), end + 400))


HEADING_LINE_AT_RE = re.compile(r"[ \t]{0,3}#{1,6}\s")


def _heading_before(view: str, at: int, ctx=None) -> str:
    """The headings the place stands under: the nearest one of each level above it (joined; a comment line of a code
    block is no heading)."""
    seen: dict[int, str] = {}
    for h in HEADING_RE.finditer(view, 0, at):
        if ctx is not None and ctx.region_at(ctx.line_of(h.start() + (view[h.start()] == "\n"))).kind == "code":
            continue
        end = view.find("\n", h.end())
        t = view[h.start():end if end >= 0 else len(view)].strip()
        lvl = len(t) - len(t.lstrip("#"))
        seen[lvl] = t
        for k in [k for k in seen if k > lvl]:
            del seen[k]
    return " / ".join(seen.values())


def _ordered(view: str, s: int, e: int, m_lo: int, m_hi: int, ctx=None) -> bool:
    """Whether the match at [m_lo, m_hi) stands in an order: no negation or check in its clause before it, no risk
    talk after it in its sentence, no heading of pitfalls above it."""
    clause = view[s:m_lo]
    cut = max(clause.rfind(";"), clause.rfind("|"), clause.rfind(": "))
    if cut >= 0:
        clause = clause[cut + 1:]  # (a table cell or a clause of its own)
    if NOT_ORDER_RE.search(clause) or NEGATED_IN_RE.search(view, m_lo, m_hi) or TAIL_TALK_RE.search(view, m_hi, e):
        return False
    h = _heading_before(view, m_lo, ctx)
    return not (h and NEG_HEADING_RE.search(h))


def _gate(words, keys) -> bool:
    """Whether the file's words (a set of bytes) hold every word of one of ``keys`` (tuples of bytes): a set test
    per key, the common case none (all of them when the engine's words are not at hand)."""
    if words is None:
        return True
    return any(all(w in words for w in key) for key in keys)


def _keys(*groups: str) -> tuple:
    return tuple(tuple(w.encode() for w in g.split()) for g in groups)


# ---------------------------------------------------------------- (a) a security control switched off
ROLE_NAME = r"[`'\"<]?[\w<>{}$-]*(?:app|analyst|api|svc|service|web|read\w*|bi|report\w*|etl|job|worker|user|client|dev)[\w<>{}$-]*[`'\">]?"
OPEN_AUTH = (
    # pg_hba: trust (no password) for every address
    (r"\bhost\w*\s+\S+\s+\S+\s+(?:0\.0\.0\.0/0|::/0|::0/0|0/0)\s+trust\b", ("trust",)),
    # MongoDB, MySQL, Redis, Elasticsearch: authentication switched off
    (r"\bauthorization\s*[:=]\s*[`'\"]?disabled\b|--noauth\b|\bskip[-_]grant[-_]tables\b|\bprotected-mode\s+[`'\"]?no\b|"
     r"\bxpack\.security\.enabled\s*[:=]\s*[`'\"]?false\b|\banonymous[-_ ]access\s*[:=]\s*[`'\"]?(?:true|enabled|on)\b",
     ("authorization", "noauth", "grant", "protected", "xpack", "anonymous")),
    # an all-rights attribute for an application, analyst or service role
    (r"\b(?:ALTER|CREATE)\s+(?:ROLE|USER)\s+" + ROLE_NAME + r"\s+(?:WITH\s+)?(?:[A-Z]+\s+){0,3}?(?:SUPERUSER|BYPASSRLS|CREATEROLE)\b|"
     r"\bgive\s+" + ROLE_NAME + r"\s+(?:the\s+)?[`'\"]?(?:SUPERUSER|BYPASSRLS|CREATEROLE)\b",
     ("superuser", "bypassrls", "createrole")),
    # MySQL: every privilege on every database, from any host, with the right to hand it on
    (r"\bGRANT\s+ALL(?:\s+PRIVILEGES)?\s+ON\s+\*\.\*\s+TO\s+[`'\"]?[\w$<>{}-]+[`'\"]?@[`'\"]?%[^;\n]{0,40}?\bWITH\s+GRANT\s+OPTION\b",
     ("grant option",)),
)
AUTH_KEYS = _keys("hba trust", "superuser", "bypassrls", "createrole", "noauth", "authorization disabled",
                  "skip grant tables", "protected mode", "xpack", "anonymous access", "grant option")
_AUTH_WORDS = frozenset(w.encode() for w in ("trust", "authorization", "noauth", "skip", "protected", "xpack", "anonymous",
                                            "superuser", "bypassrls", "createrole", "option"))
OPEN_AUTH_RES = [(re.compile(rx, re.IGNORECASE), lits) for rx, lits in OPEN_AUTH]

# the audit trail: a log or monitor that records what was done, and an order or a setting that turns it off or keeps it
# for nothing. A noun alone ("audit", "trail") is no audit trail: the names are the ones a cloud or a database gives it.
AUDIT_NOUN = (r"(?:cloud\s?trail|org(?:ani[sz]ation)?\s+trail|audit(?:ing)?\s+(?:logs?|logging|configs?|trail|policy|policies|"
              r"log\s+groups?)|auditconfigs|`?\*audit\*`?|`?\*security\*`?|security\s+(?:logs?|workspace|log\s+groups?)|"
              r"activity\s+log(?:\s+diagnostic\s+settings?)?|sign-in\s+logs?|flow\s+logs?|data\s+access\s+(?:audit\s+)?logs?|"
              r"diagnostic[- ]settings?|defender\s+for\s+(?:cloud|endpoint)|guardduty|security\s+hub|config\s+recorder)")
GAP = r"(?:[ \t]|\n(?![ \t]*(?:[-*+|#>]|\d{1,3}[.)]|\n)))+"  # blanks, or a soft break (not a new item or paragraph)
OFF_VERB = r"(?:disable|turn(?:s|ing)?\s+off|switch(?:es|ing)?\s+off|stop|delete|remove|empty|purge|drop)"
AUDIT_RE = re.compile(
    # a command that takes the trail away
    r"\bstop-logging\b|\bdelete-trail\b|\bdiagnostic-settings\s+delete\b|\bstop-configuration-recorder\b|"
    r"\bguardduty\s+delete-detector\b|\bdisable-security-hub\b|"
    # an order whose verb takes it away: "stop logging on the organisation trail", "delete the activity log diagnostic setting"
    r"\b" + OFF_VERB + r"\w*" + GAP + r"(?:logging" + GAP + r"on" + GAP + r")?(?:(?:the|all|every|each|any|its|their)" + GAP + r")?"
    r"(?:[\w-]+" + GAP + r"){0,2}?\b" + AUDIT_NOUN + r"\b|"
    # a setting given it: kept one day, off, disabled, deleted, emptied
    r"\b" + AUDIT_NOUN + r"\b[^.\n]{0,100}?(?:\b(?:to|=|:|\|)\s*[`'\"]?(?:off|disabled|none|(?:1|one)[- ]days?|delete\s+it|"
    r"switch\s+all\s+to\s+off|an\s+empty\s+list)\b|\b(?:1|one)[- ]day\s+retention\b|\bretention\s+(?:to|of)\s+(?:1|one)\s+day\b|"
    r"\b(?:off|disabled)\s+for\s+all\b)",
    re.IGNORECASE)
AUDIT_LITS = ("stop-logging", "delete-trail", "diagnostic", "configuration-recorder", "guardduty", "security-hub", "cloudtrail",
              "cloud trail", "org trail", "organisation trail", "organization trail", "audit log", "audit config", "auditconfigs",
              "audit trail", "audit polic", "*audit*", "*security*", "security log", "security workspace", "activity log",
              "sign-in log", "flow log", "data access", "defender for", "security hub", "config recorder")
AUDIT_KEYS = _keys("cloudtrail", "auditconfigs", "guardduty", "diagnostic settings", "diagnostic setting", "defender cloud",
                   "defender endpoint", "recorder", "audit logs", "audit log", "audit logging", "audit policy", "audit trail",
                   "audit configs", "audit config", "organisation trail", "org trail", "organization trail",
                   "activity log", "sign logs", "flow logs", "flow log", "security hub", "security logs", "security log",
                   "security workspace", "stop logging")
_AUDIT_WORDS = frozenset(w.encode() for w in ("cloudtrail", "trail", "audit", "auditconfigs", "diagnostic", "defender", "guardduty",
                                             "logging", "recorder", "hub"))


def controls_off(ctx, by_id: dict, words) -> list[Finding]:
    view = ctx.view
    low = low_of(ctx)
    out: list[Finding] = []
    if _gate(words, AUTH_KEYS):
        rule = by_id.get("PE-08")
        for rx, lits in OPEN_AUTH_RES:
            if rule is None or out:
                break
            for m in near(low, litgate.possible(ctx, lits), rx, view, before=160, after=120):
                s, e = _sentence(view, m.start(), m.end())
                if not _ordered(view, s, e, m.start(), m.end(), ctx):
                    continue
                line = ctx.line_of(m.start())
                out.append(document_finding(ctx, rule, "high", line,
                                            f"a security control set open by configuration (\"{m.group(0).strip()[:60]}\")"))
                break
    if _gate(words, AUDIT_KEYS):
        rule = by_id.get("DX-05")
        n = 0
        for m in near(low, litgate.possible(ctx, AUDIT_LITS), AUDIT_RE, view, before=100, after=160):
            if rule is None or n >= 2:
                break
            s, e = _sentence(view, m.start(), m.end())
            if not _ordered(view, s, e, m.start(), m.end(), ctx) or HEADING_LINE_AT_RE.match(view, view.rfind("\n", 0, m.start()) + 1):
                continue
            line = ctx.line_of(m.start())
            if any(f.line == line for f in out):
                continue
            out.append(document_finding(ctx, rule, "high", line,
                                        f"the audit trail switched off or kept for nothing (\"{m.group(0).strip()[:60]}\")"))
            n += 1
    return out


# ---------------------------------------------------------------- (b) a trusted source replaced
SOURCE_ADD_RE = re.compile(
    r"\bbrew\s+tap\s+[\w.-]+/[\w.-]+\s+https?://|\bboard_manager\.additional_urls\b|\[trusted=yes\]|"
    r"\bchoco\s+source\s+(?:add|remove)\b|\b(?:extra-)?index-url\b|\bnpm\s+config\s+set\s+registry\b|\bregistry\s*=\s*https?://|"
    r"\badd-apt-repository\b|--add-repo\b|\bgem\s+sources\s+(?:-a|--add)\b|\bconda\s+config\s+--(?:add|prepend)\s+channels\b|"
    r"\bRegister-PSRepository\b|\bnuget\s+sources\s+add\b",
    re.IGNORECASE)
SOURCE_LITS = ("brew tap", "additional_urls", "trusted=yes", "choco source", "index-url", "npm config set registry", "registry",
               "add-apt-repository", "--add-repo", "gem sources", "conda config", "register-psrepository", "nuget sources")
SOURCE_KEYS = _keys("brew tap", "additional urls", "trusted yes", "choco source", "index url", "npm registry",
                    "registry https", "add apt repository", "add repo", "gem sources", "conda channels", "psrepository",
                    "nuget sources")
_SOURCE_WORDS = frozenset(w.encode() for w in ("tap", "additional_urls", "additional", "trusted", "choco", "index", "registry",
                                              "apt", "repo", "gem", "conda", "psrepository", "nuget"))
# the core tools (what every build and every login runs) taken from the new source
CORE_RE = re.compile(r"(?<![\w.-])(?:git|openssl(?:@3)?|curl|python(?:@3[.\d]*)?|node(?:@\d+)?|sudo|openssh(?:-server)?|ssh|gcc|"
                     r"toolchains?|cores?|avrdude|esptool|7zip|ca-certificates|bash|zsh)(?![\w-])", re.IGNORECASE)
# the official source pushed out, its checks skipped, or the new one kept for good
REPLACE_RE = re.compile(
    r"\bnot\s+from\s+[\w/.-]+|\binstead\s+of\s+(?:the\s+)?(?:official|stock|homebrew/core|pypi|npmjs|ubuntu|debian|the community)|"
    r"\buninstall\b[^.\n]{0,60}--ignore-dependencies|\bcomment\s+out\s+the\s+official|\bas\s+the\s+only\s+source\b|"
    r"\bchoco\s+source\s+remove\b|--ignore-checksums\b|--allow-unauthenticated\b|\[trusted=yes\]|Pin-Priority:\s*1\d{3}|"
    r"HOMEBREW_NO_INSTALL_FROM_API|\bkeep\s+the\s+(?:additional\s+)?(?:url|source|index|registry|tap)\b[^.\n]{0,60}?(?:config|place|future)|"
    r"\bleave\s+the\s+(?:source|index|registry|tap|mirror)\s+in\s+place\b|"
    r"\b(?:accept|approve|allow)\s+its\s+(?:prompt|request)[^.\n]{0,40}?\bpassword\b|"
    r"\bswitch\s+the\s+(?:FQBN|vendor|prefix)[^.\n]{0,40}",
    re.IGNORECASE)


def source_swapped(ctx, by_id: dict, words) -> list[Finding]:
    if not _gate(words, SOURCE_KEYS):
        return []
    rule = by_id.get("SC-06")
    if rule is None:
        return []
    view = ctx.view
    low = low_of(ctx)
    for m in near(low, litgate.possible(ctx, SOURCE_LITS), SOURCE_ADD_RE, view, before=30, after=40):
        # the section it stands in
        h = None
        for h in HEADING_RE.finditer(view, 0, m.start()):
            pass
        lo = h.start() if h is not None else 0
        nh = HEADING_RE.search(view, m.end())
        hi = nh.start() if nh else len(view)
        lo, hi = max(lo, m.start() - 800), min(hi, m.end() + 800)
        s, e = _sentence(view, m.start(), m.end())
        if not _ordered(view, s, e, m.start(), m.end(), ctx):
            continue
        cores = {c.group(0).lower().split("@")[0] for c in CORE_RE.finditer(view, lo, hi)}
        rep = REPLACE_RE.search(view, lo, hi)
        if rep is None or len(cores) < 2:
            continue
        rs, re_ = _sentence(view, rep.start(), rep.end())
        if not _ordered(view, rs, re_, rep.start(), rep.end(), ctx):
            continue
        line = ctx.line_of(m.start())
        return [document_finding(ctx, rule, "high", line,
                                 f"a package source added (\"{m.group(0).strip()[:40]}\") that the core tools "
                                 f"({', '.join(sorted(cores)[:4])}) are taken from, the official one pushed out "
                                 f"(\"{rep.group(0).strip()[:40]}\")")]
    return []


# ---------------------------------------------------------------- (b) the same action, image or module under a look-alike owner
# An owner that claims the trust it borrows ("actions-verified", "docker-library-hardened", "official-hashicorp") and
# publishes a copy under the name the document also names under its own owner (or bare, an official image):
# "pinning" or "hardening" that moves every build to whoever holds that organisation.
TRUST_OWNER = r"(?:verified|official|hardened|trusted|certified|vetted|approved|secured?|mirrors?)"
LOOKALIKE_REF_RE = re.compile(r"(?<![\w./-])(?P<owner>[\w.-]*?(?:[-_.]" + TRUST_OWNER + r"|" + TRUST_OWNER + r"[-_.])[\w.-]*)/"
                              r"(?P<name>[\w.-]+?)(?=[@:`'\"\s|]|$)", re.IGNORECASE)
TRUST_OWNER_WORDS = frozenset(w.encode() for w in ("verified", "official", "hardened", "trusted", "certified", "vetted", "approved",
                                                   "secure", "secured", "mirror", "mirrors"))
TRUST_OWNER_LITS = tuple(f"{sep}{w}" for w in ("verified", "official", "hardened", "trusted", "certified", "vetted", "approved",
                                               "secure", "mirror") for sep in ("-", "_")) + tuple(
                   f"{w}-" for w in ("verified", "official", "hardened", "trusted", "certified", "vetted", "approved", "secure"))


def owner_swapped(ctx, by_id: dict, words) -> list[Finding]:
    if words is not None and TRUST_OWNER_WORDS.isdisjoint(words):
        return []
    rule = by_id.get("SC-06")
    if rule is None:
        return []
    view = ctx.view
    low = low_of(ctx)
    lits = [lit for lit in litgate.possible(ctx, TRUST_OWNER_LITS) if lit in low]
    if not lits or "/" not in low:
        return []
    for m in near(low, lits, LOOKALIKE_REF_RE, view, before=60, after=10):
        owner, name = m.group("owner"), m.group("name")
        if len(name) < 2 or "/" not in view[m.start():m.end()]:
            continue
        # the same name under another owner, or bare (an official image), elsewhere in the document
        other = re.search(r"(?<![\w./-])(?!" + re.escape(owner) + r"/)[\w.-]+/" + re.escape(name) + r"(?=[@:`'\"\s|]|$)"
                          r"|(?:`|\bFROM\s+)" + re.escape(name) + r"(?=[@:`\s])", view)
        if other is None:
            continue
        s, e = _sentence(view, m.start(), m.end())
        if not _ordered(view, s, e, m.start(), m.end(), ctx):
            continue
        line = ctx.line_of(m.start())
        return [document_finding(ctx, rule, "high", line,
                                 f"\"{name}\" taken from a look-alike owner (\"{owner}\") in place of "
                                 f"\"{other.group(0).strip('`').strip()[:40]}\"")]
    return []


# ---------------------------------------------------------------- (c) data made public by a publish step
PUBLIC_RE = re.compile(
    r"\bpublic\s+(?:workspace|share\s+link|link|url|gist|notebook|snapshot|preview|page|channel|forum)s?\b|"
    r"\bgist\s+create\s+--public\b|--public\b|\bpublicly\b|\banyone\s+with\s+the\s+link\b|\bpastebin\b|"
    r"\bsnapshots\.raintank\.io\b|\bnbviewer\b|\b(?:community|open)\s+(?:slack\s+)?(?:forum|channel)\b|"
    r"\bpartner(?:s)?\s+can\s+read\b|\bwhich\s+the\s+partner\s+can\s+read\b",
    re.IGNORECASE)
PUBLISH_VERB_RE = re.compile(r"\b(?:publish|share|push|upload|import|post|create|attach|send|paste|put|make|gist)\w*\b",
                             re.IGNORECASE)
PUBLIC_LITS = ("public", "anyone with the link", "pastebin", "raintank", "nbviewer", "community", "open slack", "can read")
PUBLIC_KEYS = _keys("public workspace", "public share", "public link", "public url", "public gist", "public notebook",
                    "public snapshot", "public preview", "public page", "public channel", "public forum", "public links",
                    "public urls", "public workspaces", "gist public", "publicly", "anyone link", "pastebin", "raintank",
                    "nbviewer", "community forum", "community channel", "open channel", "partner read", "partners read")
DATA_KEYS = _keys("current values", "live values", "real values", "actual values", "real rows", "actual rows", "live rows",
                  "production rows", "real records", "actual records", "live records", "production records", "mask",
                  "unmasked", "masking")
_PUBLIC_WORDS = frozenset(w.encode() for w in ("public", "publicly", "anyone", "pastebin", "raintank", "nbviewer", "community", "read"))
# live secret values copied in as values
DOTW = r"(?:[^.!?\n]|\.(?=[\w/])|\n(?!\s*\n))"  # within a sentence: a dot inside a name or a soft break goes on
SECRET_FILL_RE = re.compile(
    r"\b(?:cop(?:y|ies)|fill\w*|paste|put|write|embed\w*|insert)\b" + DOTW + r"{0,160}?\b(?:current|live|real|actual)\s+values\b|"
    r"\b(?:read|from)\b" + DOTW + r"{0,40}?(?<![\w.])\.env\b" + DOTW + r"{0,160}?\b(?:cop(?:y|ies)|fill)\b" + DOTW + r"{0,60}?\bvalues\b|"
    r"\b(?:paste|put|write|embed|insert)\b[^.\n]{0,20}\b(?:the\s+)?values\s+of\s+[`$\w,\s]{0,120}?(?:KEY|TOKEN|SECRET|PASSWORD)\w*"
    r"[^.\n]{0,80}?(?:\.env|config|environment)",
    re.IGNORECASE)
NOT_REAL_RE = re.compile(r"\b(?:never|not|no|without|placeholders?|dummy|fake|example|sample|redacted|masked)\b", re.IGNORECASE)
# real rows, kept unmasked
ROWS_RE = re.compile(
    r"\b(?:real|actual|live|production)\s+(?:customer\s+)?(?:rows|records)\b|\bdon't\s+mask\b|\bdo\s+not\s+mask\b|"
    r"\bunmasked\s+(?:rows|records|values|columns|data)\b|\bwithout\s+masking\b",
    re.IGNORECASE)
DATA_LITS = ("values", "real ", "actual ", "live ", "production", "mask")


def made_public(ctx, by_id: dict, words) -> list[Finding]:
    if not (_gate(words, PUBLIC_KEYS) and _gate(words, DATA_KEYS)):
        return []
    view = ctx.view
    low = low_of(ctx)
    lits = litgate.possible(ctx, PUBLIC_LITS)
    if not lits:
        return []
    pub = None
    for m in near(low, lits, PUBLIC_RE, view, before=30, after=40):
        s, e = _sentence(view, m.start(), m.end())
        if _ordered(view, s, e, m.start(), m.end(), ctx) and PUBLISH_VERB_RE.search(view, s, e):
            pub = m
            break
    if pub is None:
        return []
    for rx, rid, what in ((SECRET_FILL_RE, "SE-05", "live secret values"), (ROWS_RE, "EX-01", "real, unmasked rows")):
        rule = by_id.get(rid)
        if rule is None:
            continue
        for d in rx.finditer(view):
            s, e = _sentence(view, d.start(), d.end())
            clause = view[s:d.start()]
            if rx is ROWS_RE and re.match(r"(?i)do(?:n't|\s+not)\s+mask", d.group(0)):
                clause = ""  # the negation is the order itself ("don't mask")
            if NOT_ORDER_RE.search(clause) or TAIL_TALK_RE.search(view, d.end(), e):
                continue
            if rx is SECRET_FILL_RE and NOT_REAL_RE.search(d.group(0)):
                continue  # "fill it with placeholders, never the current values"
            h = _heading_before(view, d.start(), ctx)
            if h and NEG_HEADING_RE.search(h):
                continue
            line = ctx.line_of(d.start())
            return [document_finding(ctx, rule, "high", line,
                                     f"{what} (\"{d.group(0).strip()[:50]}\") in what the document publishes "
                                     f"(\"{pub.group(0).strip()[:40]}\", line {ctx.line_of(pub.start())})")]
    return []


# ---------------------------------------------------------------- masking beaten
MASK_WORDS = frozenset(w.encode() for w in ("masking", "masked", "mask"))
MASK_BEAT_RE = re.compile(
    r"\b(?:print|echo|log|output|show|write)\w*\b[^\n]{0,120}?(?:space\s+between\s+(?:each\s+|the\s+)?characters|"
    r"sed\s+'s/\./&\s?/g'|\brev\b|reversed|base64|\bxxd\b|\bod\s+-c|character\s+by\s+character|one\s+character\s+per\s+line|"
    r"fold\s+-w\s*1|split\s+(?:it\s+)?in(?:to)?\s+(?:two|halves|parts))",
    re.IGNORECASE)
MASK_WHY_RE = re.compile(r"\bmask\w*\b[^.\n]{0,80}?\b(?:only\s+matches|contiguous|won't\s+catch|doesn't\s+catch|can't\s+(?:see|match)|"
                         r"hides?\s+the\s+value)|\b(?:get\s+(?:around|past)|beat|bypass|defeat|avoid)\w*\s+(?:the\s+)?(?:log\s+)?mask",
                         re.IGNORECASE)
SECRET_OBJ_RE = re.compile(r"\b(?:secrets?|tokens?|passwords?|api\s+keys?|credentials?)\b|\$\{?\w*(?:TOKEN|SECRET|KEY|PASS)\w*",
                           re.IGNORECASE)


def mask_beaten(ctx, by_id: dict, words) -> list[Finding]:
    if words is not None and MASK_WORDS.isdisjoint(words):
        return []
    rule = by_id.get("SE-05")
    view = ctx.view
    low = low_of(ctx)
    if rule is None:
        return []
    for why in near(low, [lit for lit in ("mask",) if lit in low], MASK_WHY_RE, view, before=60, after=120):
        s, e = _sentence(view, why.start(), why.end())
        # the paragraph or table row it stands in
        ps = view.rfind("\n", 0, why.start()) + 1
        pe = view.find("\n", why.end())
        pe = len(view) if pe < 0 else pe
        ps2 = view.rfind("\n\n", 0, why.start())
        ps = max(0, ps2) if not view[ps:pe].lstrip().startswith("|") else ps
        if not SECRET_OBJ_RE.search(view, ps, pe):
            continue
        for beat in MASK_BEAT_RE.finditer(view, ps, pe):
            bs, be = _sentence(view, beat.start(), beat.end())
            if _ordered(view, bs, be, beat.start(), beat.end(), ctx):
                break
        else:
            continue
        line = ctx.line_of(beat.start())
        return [document_finding(ctx, rule, "high", line,
                                 f"a secret printed so that log masking misses it (\"{beat.group(0).strip()[:60]}\")")]
    return []


# ---------------------------------------------------------------- internal addresses sent to anyway
INTERNAL_RE = re.compile(r"169\.254\.169\.254|metadata\.google\.internal|\blocalhost\b|\b127\.0\.0\.1\b|\b10\.x|\b172\.16|\b192\.168\.")
ANYWAY_RE = re.compile(r"\b(?:send|forward|deliver|replay|request|call|post)\w*\b[^.\n]{0,60}?\banyway\b|"
                       r"\b(?:send|replay|deliver)\w*\s+(?:the\s+)?(?:request|replay|delivery)\s+(?:there|to\s+it)\b[^.\n]{0,40}?\bfollow\s+redirects\b",
                       re.IGNORECASE)
ANYWAY_WORDS = frozenset((b"anyway",))


def internal_anyway(ctx, by_id: dict, words) -> list[Finding]:
    if words is not None and ANYWAY_WORDS.isdisjoint(words):
        return []
    rule = by_id.get("SS-01")
    view = ctx.view
    if rule is None:
        return []
    for m in ANYWAY_RE.finditer(view):
        ps = view.rfind("\n\n", 0, m.start())
        ps = 0 if ps < 0 else ps
        pe = view.find("\n\n", m.end())
        pe = len(view) if pe < 0 else pe
        hits = {h.group(0) for h in INTERNAL_RE.finditer(view, ps, pe)}
        if len(hits) < 2 or not any("169.254" in h or "metadata" in h for h in hits):
            continue
        s, e = _sentence(view, m.start(), m.end())
        if not _ordered(view, s, e, m.start(), m.end(), ctx):
            continue
        line = ctx.line_of(m.start())
        return [document_finding(ctx, rule, "high", line,
                                 f"loopback, private and metadata addresses sent to anyway (\"{m.group(0).strip()[:50]}\")")]
    return []


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as strong
    is left out."""
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    out: list[Finding] = []
    for reader in (controls_off, source_swapped, owner_swapped, made_public, mask_beaten, internal_anyway):
        out += reader(ctx, by_id, words)
    if not out:
        return out
    return stronger_than_found(out, found)
