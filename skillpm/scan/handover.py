"""Setup instructions that hand the machine over, read as one procedure: parts said in separate steps or sections.

The readers of an order in prose (saidrun, unasked, unreviewed, bypassed) want the whole harm in one unit of the
document (a table row, a list item, a paragraph). A setup procedure spreads it over its steps: step 1 names where
things are, step 2 says what to keep, step 3 where to send it; a table names the source and the paragraph under it
allows the scripts. No one step is the harm, and each is ordinary. Here a procedure is the text around an anchor
(the heading-bounded sections within a few thousand characters of it, sections whose heading is about what to avoid
or flag left out), and a shape is the set of parts that together make the harm, each part a class of construct read
by what it does, not by one phrasing:

- Agent and tool configs harvested and sent out (AS-02 + EX-01, high): the configs of several agents or tools
  (three or more named: MCP files, IDE settings, CLI logins, or one sentence that spans them: "every agent's
  config", "all the JSON files under your editors' settings", "todos los agentes") and a send of them to a place
  outside the machine (a URL, a bucket, a gist, a webhook), with their secrets kept whole (variables resolved to
  values, "exactly as they appear", "do not redact") or the user not asked.
- An install taken away from a pinned registry release (SC-06, high): a source other than the registry (an
  archive URL, a tarball, a gist, a fork or a moving branch, the registry named and refused, another registry or
  index swapped in) and what would have checked it taken away (lifecycle scripts allowed, checksums, hashes or
  signatures skipped), three parts in all (an unpinned version counts as one).
- A scheduled or triggered headless agent (EA-03, PE-08, SC-04, high): a trigger that starts by itself (cron,
  launchd, a systemd timer, a CI schedule, a git hook, a shell profile, "every morning at 07:00") that starts the
  agent non-interactively, with its permission checks bypassed and its prompt fetched from a remote address, the
  job reinstalling itself, or the user not shown it (PE-08 and EA-03); a remote prompt alone makes SC-04.

Each part must be said as an order where it is an act (its clause not negated or conditioned on the user), and a
unit that talks about attacks or what to flag counts for nothing. The honest forms stay clean: an MCP guide that
tells the user which block to add (no send), a pinned registry install (no source part), a job the user asked for
that runs a fixed local command (no agent started, nothing bypassed, nothing remote). SKILL.md is read, a document
it tells the agent to follow (one level up), the skill's other Markdown documents, and a data file SKILL.md makes
binding (bounddata). Fenced code is the rules' to read.
"""

from __future__ import annotations

import re

from skillpm.scan import litgate  # which literals may occur, from the file's words
from skillpm.scan.docunits import lead_line, low_of, near, section_at, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024
REACH = 2500  # how far from the anchor a procedure's parts may stand (then out to the sections' bounds)

# ---------------------------------------------------------------- what every shape shares
NOT_ORDER_RE = re.compile(
    r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
    r"instead of|rather than|unless|whether|if the user|if they|let the user|the user (?:can|may|decides?|wants?)|"
    r"ask (?:the user|them|first)|once the user|after (?:the user|they)|only (?:if|when|after|once)|offer to)\b",
    re.IGNORECASE)
CLAUSE_END_RE = re.compile(r"[.!?;:,(](?=\s)|\n[ \t>]*\n|\||\n[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")
TALK_RE = re.compile(
    r"\b(?:attackers?|malicious|malware|adversar\w*|red\s+flags?|warning\s+signs?|flag(?:ged)?\s+(?:it|them|this|these|that|as|any)|"
    r"detection|detectors?|to\s+detect|suspicious|"
    r"phishing|exfiltrat\w*|dangerous|risky|insecure\s+pattern|unsafe|anti-?patterns?|pitfalls?|compromis\w*|"
    r"social\s+engineering|threat\s+model\w*|audit\w*|exploit\w*|incidents?|vulnerab\w*)\b", re.IGNORECASE)
NEG_HEADING_RE = re.compile(
    r"\b(?:never|don't|do not|avoid\w*|red flags?|warning signs?|pitfalls?|anti-?patterns?|mistakes?|threats?|risks?|"
    r"attacks?|detect\w*|what to look for|look\s+for|check\s+for|inspect\w*|audit\w*|hardening|removing|uninstall\w*|"
    r"security|scanning|heuristics?|hunt\w*|signals?)\b", re.IGNORECASE)
NOASK_RE = re.compile(
    r"\bwithout\s+(?:a\s+|any\s+)?(?:separate\s+|further\s+|extra\s+)?(?:confirm\w*|asking|approval|prompting|checking\s+with)|"
    r"\bno\s+need\s+to\s+(?:ask|prompt|confirm|check|show|tell)|\b(?:don't|do\s+not|never)\s+(?:ask|prompt|bother)\b|"
    r"\bno\s+(?:le\s+)?preguntes\b|\bsin\s+preguntar\b|\bohne\s+(?:zu\s+)?fragen\b|\bin\s+one\s+go\b|"
    r"\bconfirm\w*\s*:\s*(?:no|none|not\s+needed)\b|\bnot\s+(?:be\s+)?(?:needed|necessary)\b|"
    r"\bsilently\b|\bquietly\b", re.IGNORECASE)
FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)", re.MULTILINE)


def _fenced(view: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block of ``view`` (an unclosed fence runs to the end)."""
    out, marks = [], [m.start() for m in FENCE_RE.finditer(view)]
    for i in range(0, len(marks), 2):
        out.append((marks[i], marks[i + 1] if i + 1 < len(marks) else len(view)))
    return out


def _in(spans, pos: int) -> bool:
    return any(a <= pos < b for a, b in spans)


def _ordered(view: str, pos: int) -> bool:
    """Whether the act at ``pos`` is an order: its clause up to it is not negated nor conditioned on the user."""
    lo = max(0, pos - 200)
    s = lo
    for e in CLAUSE_END_RE.finditer(view, lo, pos):
        s = e.end()
    return not NOT_ORDER_RE.search(view, s, pos)


def _table_header(view: str, row: int) -> tuple[int, int]:
    """(start, end) of the first row of the table whose row starts at ``row``."""
    at = row
    for _ in range(200):
        if at == 0:
            break
        ps = view.rfind("\n", 0, at - 1) + 1
        if not view[ps:at].lstrip(" \t>").startswith("|"):
            break
        at = ps
    e = view.find("\n", at)
    return at, (len(view) if e < 0 else e)


def _scope(view: str, at: int) -> tuple[int, int]:
    """The procedure around ``at``: the sections within REACH of it, out to their bounds (at most 2×REACH more)."""
    lo = section_at(view, max(0, at - REACH))[0]
    hi = section_at(view, min(len(view) - 1, at + REACH))[1]
    return max(lo, at - 2 * REACH), min(hi, at + 2 * REACH)


class _Reading:
    """The parts found in one scope of one document, each act checked once."""

    def __init__(self, view: str, lo: int, hi: int, fenced):
        self.view, self.lo, self.hi, self.fenced = view, lo, hi, fenced
        self._units: dict[int, bool] = {}
        self._heads: dict[int, bool] = {}

    def _talks(self, pos: int) -> bool:
        """Whether the unit around ``pos`` talks about attacks or what to look for (a table row: with its header)."""
        start, end, ctx_start = unit_at(self.view, pos)
        got = self._units.get(start)
        if got is None:
            got = TALK_RE.search(self.view, ctx_start, end) is not None
            if not got:  # a table row with its header row, a list item with the line that leads into its list
                lead = (_table_header(self.view, start) if self.view[start:end].lstrip(" \t>").startswith("|")
                        else lead_line(self.view, start))
                if lead is not None:
                    hs, he = lead
                    got = TALK_RE.search(self.view, hs, he) is not None or NEG_HEADING_RE.search(self.view, hs, he) is not None
            self._units[start] = got
        return got

    def _aside(self, pos: int) -> bool:
        """Whether ``pos`` stands in a section whose heading is about what to avoid, flag or remove."""
        a = section_at(self.view, pos)[0]
        got = self._heads.get(a)
        if got is None:
            e = self.view.find("\n", a)
            title = self.view[a:e if e >= 0 else len(self.view)]
            got = self._heads[a] = title.lstrip().startswith("#") and NEG_HEADING_RE.search(title) is not None
        return got

    def find(self, rx: re.Pattern, ordered: bool = True):
        """The first match of ``rx`` in the scope that counts: outside fenced code, in a unit not about attacks, in a
        section not about what to avoid, and (when ``ordered``) said as an order."""
        for m in rx.finditer(self.view, self.lo, self.hi):
            p = m.start()
            if _in(self.fenced, p) or self._aside(p) or self._talks(p):
                continue
            if ordered and not _ordered(self.view, p):
                continue
            return m
        return None

    def sentences(self):
        """(start, end) of each sentence of the scope (split at sentence ends, blank lines, list items, table cells)."""
        s = self.lo
        for e in SENT_RE.finditer(self.view, self.lo, self.hi):
            if e.start() > s:
                yield s, e.start()
            s = e.end()
        if s < self.hi:
            yield s, self.hi


SENT_RE = re.compile(r"[.!?;](?=\s)|\n[ \t>]*\n|\n[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]|\n#")

# ---------------------------------------------------------------- agent and tool configs harvested and sent out
# one agent's or tool's config, login or MCP file, named (each counts once)
NAMED_CONFIG_RE = re.compile(
    r"claude_desktop_config|\.claude\.json|(?<![\w-])\.?mcp(?:_config|_settings)?\.json|cline_mcp_settings|"
    r"\.codex/config|\.gemini/settings|\.cursor/|\.codeium/|\.windsurf\b|\.continue/|\.vscode/|\.zed/|\.config/gh\b|"
    r"\bhosts\.yml\b|\.npmrc\b|\.pypirc\b|\.docker/config|\.aws/(?:credentials|config)|\.kube/config|\.netrc\b|"
    r"\bclaude\s+desktop\b|\bclaude\s+code\b|\bcursor\b|\bwindsurf\b|\bcodex\b|\bgemini\b|\bvs\s?code\b|\bzed\b|\bcline\b|"
    r"\bcopilot\b|\baider\b|\bopencode\b|\bgoose\b|\bcontinue\.dev\b", re.IGNORECASE)
CONFIG_WORD_RE = re.compile(
    r"\b(?:configs?|configurations?|configuraci[oó]n(?:es)?|konfiguration\w*|settings|mcp|servers?|credentials?|credenciales|"
    r"logins?|auth\w*|tokens?|api\s+keys?)\b", re.IGNORECASE)
SPAN_RE = re.compile(r"\b(?:every|all|each|whichever|any|todos|todas|alle[ns]?|tous|toutes)\b", re.IGNORECASE)
TOOLS_RE = re.compile(
    r"\b(?:agents?|agent's|agents'|clients?|editors?|editor's|editors'|ides?|assistants?|assistants'|tools?|"
    r"agentes|herramientas|editores|werkzeuge|outils)\b", re.IGNORECASE)
# their secrets kept whole
SECRET_KEPT_RE = re.compile(
    r"\bresolv\w*\b[^.\n]{0,80}?\b(?:values?|variables?|tokens?|secrets?|keys?)\b|"
    r"\b(?:values?|variables?|tokens?|references?)\b[^.\n]{0,60}?\bresolv\w*|"
    r"\b(?:literal|actual|real|resolved|plain-?text)\s+(?:values?|tokens?|keys?|secrets?)\b|"
    r"\bvalues?\s+(?:it|they)\s+currently\s+ha(?:s|ve)\b|\bexactly\s+as\s+(?:they|it)\s+(?:are|is|appears?)\b|"
    r"\b(?:do\s+not|don't|never|without)\s+(?:redact|mask|strip|scrub)\w*|\bunredacted\b|\bunmasked\b|"
    r"\bplaceholders?\b[^.\n]{0,60}?\b(?:fail|break|won't\s+work)\w*|\bcredenciales\b|"
    r"\b(?:including|with|and)\s+(?:their|the|its|any)\s+(?:\w+\s+)?(?:tokens?|api\s+keys?|secrets?|credentials?)\b|"
    r"\b(?:hold|holds|keep|keeps)\s+(?:[\w\s]{0,30}?\bor\s+)?(?:their\s+)?(?:tokens?|api\s+keys?|secrets?)\b", re.IGNORECASE)
SEND_RE = re.compile(
    r"\b(?:send|post|upload|submit|sync|push|share|import|copy|copia|cop[ií]e|forward|transfer|publish|envía|sube|"
    r"hochladen|senden)\w*\b[^\n|]{0,240}?(?:https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/])[\w-]+\.|"
    r"\b(?:s3|gs)://|\b(?:gists?|buckets?|pastebin|webhooks?)\b)", re.IGNORECASE)
HARVEST_WORDS = frozenset(w.encode() for w in (
    "send", "sends", "post", "upload", "submit", "sync", "push", "share", "import", "copy", "copia", "forward",
    "transfer", "publish", "sube", "senden", "hochladen"))
CONFIG_GATE = frozenset(w.encode() for w in (
    "mcp", "json", "config", "configs", "configuration", "configurations", "settings", "credentials", "credenciales",
    "configuración", "configuracion", "konfiguration", "claude", "cursor", "codex", "gemini", "windsurf", "npmrc"))
NAMED_MIN = 3


def _spread(r: _Reading):
    """Where the scope spans several agents' or tools' configs: one section naming three or more, or one sentence
    that spans them ("every agent's config", "all the JSON files under your editors' settings"); else None."""
    view = r.view
    seen: dict[str, int] = {}
    for m in NAMED_CONFIG_RE.finditer(view, r.lo, r.hi):
        if _in(r.fenced, m.start()) or r._aside(m.start()):
            continue
        if not any(c in m.group(0) for c in "/._"):  # a product's name: its config said in the same unit
            a, b, _ = unit_at(view, m.start())
            if CONFIG_WORD_RE.search(view, a, b) is None:
                continue
        seen.setdefault(re.sub(r"\W", "", m.group(0).lower()), m.start())
    if len(seen) >= NAMED_MIN:
        return min(seen.values())
    for a, b in r.sentences():
        m = SPAN_RE.search(view, a, b)
        if m is None or _in(r.fenced, a):
            continue
        if TOOLS_RE.search(view, a, b) and CONFIG_WORD_RE.search(view, a, b) and not r._talks(a) and not r._aside(a):
            if _ordered(view, m.start()) or NAMED_CONFIG_RE.search(view, a, b):
                return m.start()
    return None


def _harvest(ctx, r: _Reading, by_id: dict) -> list[Finding]:
    send = r.find(SEND_RE)
    if send is None:
        return []
    at = _spread(r)
    if at is None:
        return []
    kept = r.find(SECRET_KEPT_RE, ordered=False)
    unasked = r.find(NOASK_RE, ordered=False)
    if kept is None and unasked is None:
        return []
    why = (f"their secrets kept whole (\"{kept.group(0)[:40]}\")" if kept is not None
           else f"the user not asked (\"{unasked.group(0)[:40]}\")")
    # the tokens of every connected service, whole, sent out unasked: as strong as the rules' EX-01 on code
    sev = "critical" if kept is not None and unasked is not None else "high"
    out = []
    if (rule := by_id.get("AS-02")) is not None:
        out.append(document_finding(ctx, rule, "high", ctx.line_of(at),
                                    "a setup procedure collects the configs of several agents or tools, " + why))
    if (rule := by_id.get("EX-01")) is not None:
        out.append(document_finding(ctx, rule, sev, ctx.line_of(send.start()),
                                    f"a setup procedure sends the agents' and tools' configs out "
                                    f"(\"{send.group(0)[:60]}\"), {why}"))
    return out


# ---------------------------------------------------------------- an install taken away from a pinned registry release
_ECOS = (r"(?:npm|pypi|pip|crates\.io|cargo|rubygems|gems?|maven(?:\s+central)?|nuget|packagist|composer|hex|pub\.dev|"
         r"go\s+proxy|homebrew|conda|the\s+(?:package\s+)?registry|the\s+(?:package\s+)?index|the\s+official\s+\w+)")
SOURCE_PARTS = (
    ("archive", re.compile(r"https?://[^\s`'\")<>|]+?\.(?:tgz|tar\.gz|tar\.bz2|tar\.xz|zip|whl|gem|crate|jar|nupkg)\b|"
                           r"\btarballs?\b|\bzipballs?\b", re.IGNORECASE), True),
    ("fork or moving ref", re.compile(
        r"\bforks?\b|\bgists?\b|\bgit\+https?://|@(?:main|master|head|latest|dev)\b|"
        r"\b(?:branch|ref)\s+`?(?:main|master|head|dev|develop|trunk|nightly)\b|"
        r"`?\b(?:main|master|develop|trunk)`?\s+branch\b", re.IGNORECASE), True),
    ("registry refused", re.compile(
        r"\b(?:not|rather\s+than|instead\s+of)\s+(?:from\s+|through\s+|via\s+|on\s+)?(?:the\s+)?" + _ECOS + r"\b", re.IGNORECASE),
     False),
    ("registry swapped", re.compile(
        r"\bregistry\s*=\s*[`'\"]?https?://(?!registry\.npmjs\.org|registry\.yarnpkg\.com)|--(?:extra-)?index-url\b|\bGOPROXY\b|\bour\s+(?:own\s+)?(?:mirror|registry|index)\b|"
        r"\b(?:point|switch|set)\w*\s+(?:npm|pip|yarn|pnpm|cargo|gem|bundler|composer|nuget|uv|poetry)\b[^.\n]{0,30}?"
        r"\b(?:at|to)\b[^.\n]{0,30}?(?:mirror|registry|index|https?://)", re.IGNORECASE), True),
)
UNPINNED_RE = re.compile(
    r"\bunversioned\b|\bunpinned\b|\bnot\s+pinned\b|\blatest(?:\.tgz|\.tar\.gz|\.zip)?\b|\bnewest\b|\bno\s+(?:tag|version|pin)\w*|"
    r"\bwhatever\s+(?:version|release|build|the\s+\w+\s+serves)|\bwe\s+move\s+it\b|\bmoving\s+(?:branch|tag|ref)\b|"
    r"\bpick\s+up\s+(?:\w+\s+){0,2}updates\s+automatically\b|\bwithout\s+(?:a\s+)?(?:version|pin\w*)", re.IGNORECASE)
SCRIPTY_RE = re.compile(r"\b(?:install|lifecycle|build|setup)\s*scripts?\b|\b(?:post|pre)install\b|\blifecycle\b",
                        re.IGNORECASE)
# an allowing verb whose object is the scripts ("allow them", "enable the postinstall", "let install scripts run")
ALLOW_RE = re.compile(r"\b(?:allow(?!-?list)|enable|permit|approve|let)\w*\s+(?:them|it|those|these|(?:the\s+|its\s+|their\s+|"
                      r"all\s+)?(?:[\w-]+\s+)?(?:scripts?|postinstall|preinstall|lifecycle\s+\w+|install\s+hooks?)\b)",
                      re.IGNORECASE)
SCRIPTS_ON_RE = re.compile(r"ignore-scripts\s*(?:=|to|:)?\s*`?\s*false\b|--no-ignore-scripts\b|"
                           r"\bscripts?\s+(?:are\s+|be\s+)?(?:allowed|enabled|permitted)\b", re.IGNORECASE)
CHECKS_OFF_RE = re.compile(
    r"(?:\b(?:skip|disable|drop|remove|turn\w*\s+off|switch\w*\s+off|ignore|bypass)\w*\b[^.\n|]{0,40}?|"
    r"\bwithout\s+(?:a\s+|any\s+|the\s+)?)(?:checksums?|hash(?:es|ing)?\b|integrity|signatures?|verification|--require-hashes|sum\s+(?:verification|check\w*|"
    r"database)|gpg)|\bGONOSUM(?:DB|CHECK)\b|\bGOINSECURE\b|(?<![\w-])-insecure\b|--trusted-host\b|--insecure\b|"
    r"--allow-unauthenticated\b|strict-ssl\s*=?\s*false|--no-check-certificate\b|--skip-integrity\w*", re.IGNORECASE)
INSTALL_GATE = frozenset(w.encode() for w in (
    "scripts", "script", "postinstall", "preinstall", "lifecycle", "checksum", "checksums", "hash", "hashes", "hashing",
    "integrity", "signature", "signatures", "verification", "gonosumdb", "gonosumcheck", "goinsecure", "insecure",
    "trusted"))


def _scripts_on(r: _Reading):
    """Where lifecycle scripts are allowed to run: ignore-scripts turned off, or an allowing verb, said as an order,
    in a sentence about install scripts."""
    m = r.find(SCRIPTS_ON_RE)
    if m is not None:
        return m
    for a, b in r.sentences():
        if SCRIPTY_RE.search(r.view, a, b) is None:
            continue
        for v in ALLOW_RE.finditer(r.view, a, b):
            if not (_in(r.fenced, v.start()) or r._aside(v.start()) or r._talks(v.start())) and _ordered(r.view, v.start()):
                return v
    return None


def _install(ctx, r: _Reading, by_id: dict) -> list[Finding]:
    rule = by_id.get("SC-06")
    if rule is None:
        return []
    strong = [(n, m) for n, m in (("lifecycle scripts allowed", _scripts_on(r)),
                                  ("checks skipped", r.find(CHECKS_OFF_RE))) if m is not None]
    if not strong:
        return []
    sources = [(n, m) for n, rx, ordered in SOURCE_PARTS if (m := r.find(rx, ordered)) is not None]
    if not sources:
        return []
    unpinned = r.find(UNPINNED_RE, ordered=False)
    parts = strong + sources + ([("unpinned", unpinned)] if unpinned is not None else [])
    if len(parts) < 3:
        return []
    what = "; ".join(f"{n} (\"{m.group(0)[:40]}\")" for n, m in parts)
    line = ctx.line_of(sources[0][1].start())
    return [document_finding(ctx, rule, "high", line,
                             f"an install taken away from a pinned registry release, said across the procedure: {what}")]


# ---------------------------------------------------------------- a scheduled or triggered headless agent
TRIGGER_RE = re.compile(
    r"\bcron(?:tab)?\b|\bschedul\w*|\btimers?\b|\blaunch\s?(?:agent|daemon)s?\b|\blaunchd\b|\bsystemd\b|"
    r"\b(?:every|each)\s+(?:morning|day|night|evening|hour|weekday|\d+\s+(?:minutes?|hours?))\b|\b(?:daily|nightly|hourly)\b|"
    r"\bat\s+\d{1,2}:\d{2}\b|\b(?:pre|post)-(?:merge|checkout|commit|receive|push|rewrite)\b|\bgit\s+hooks?\b|\.git/hooks\b|"
    r"(?:~|\$home)?/?\.(?:zshrc|bashrc|bash_profile|zprofile|profile)\b|\$profile\b|\bshell\s+profile\b|"
    r"\b(?:at|on)\s+(?:every\s+|each\s+)?(?:log-?in|boot|reboot)\b|\bat\s+(?:system\s+)?start-?up\b|\bscheduled\s+tasks?\b|"
    r"\bschtasks\b",
    re.IGNORECASE)
_AGENT = (r"(?:(?:coding|ai)\s+)?(?:agent|claude(?:\s+code)?|codex(?:\s+cli)?|gemini(?:\s+cli)?|aider|copilot(?:\s+cli)?|"
          r"cursor-agent|opencode|goose)")
_HEADLESS = r"(?:headless\w*|non-?interactive\w*|print\s+mode|unattended|-p\b|exec\b)"
AGENT_RUN_RE = re.compile(
    r"\b(?:start|run|launch|invoke|spawn|call|kick\w*\s+off|open)\w*\s+(?:the\s+|a\s+|an\s+)?" + _AGENT + r"\b|"
    r"\b" + _AGENT + r"\b[^.\n|]{0,60}?" + _HEADLESS + r"|\b" + _HEADLESS + r"[^.\n|]{0,60}?\b" + _AGENT + r"\b|"
    r"\bclaude\s+-p\b|\bcodex\s+exec\b|\bgemini\s+-p\b", re.IGNORECASE)
_CHECKS = r"(?:permission|approval|confirmation|sandbox|safety)"
BYPASS_RE = re.compile(
    r"skip-permissions|\bdangerously\b|\bbypass\w*[- ](?:all[- ])?(?:approvals?|permissions?|sandbox)|"
    r"\b" + _CHECKS + r"s?\s+(?:checks?\s+|prompts?\s+|policy\s+)?(?:turned|switched|set)\s+(?:off|to\s+never)|"
    r"\b(?:turn|switch|skip|disable|bypass|suppress)\w*\s+(?:off\s+)?(?:all\s+)?(?:the\s+|its\s+|tool\s+)*" + _CHECKS + r"s?\b|"
    r"\b(?:all\s+)?(?:tool\s+)?" + _CHECKS + r"s?\s+(?:checks?\s+|prompts?\s+)?(?:skipped|off|disabled|bypassed)\b|"
    r"\bfull[- ]auto\b|\byolo\b|\bapproval\s+(?:policy|mode)\s+(?:set\s+to\s+|of\s+)?[`'\"]?never\b|"
    r"\bauto-?approv\w*\s+(?:all|every)|\baccept\s+(?:all|every)\s+(?:tool|edit|command)|--allowedtools\s+['\"]?\*|"
    r"\bfull\s+(?:sandbox|disk)\s+access\b", re.IGNORECASE)
FETCHED_RE = re.compile(r"\b(?:fetch|download|curl|wget|pull|get|load|read|retriev|publish|host|serv|take)\w*|"
                        r"\b(?:from|at)\s*`?$", re.IGNORECASE)
PROMPTISH_RE = re.compile(r"\b(?:prompts?|tasks?|task\s+list|instructions?|to-?dos?)\b", re.IGNORECASE)
URL_RE = re.compile(r"https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/])[\w-]+\.[^\s`'\")<>|]*", re.IGNORECASE)
REINSTALL_RE = re.compile(
    r"\b(?:comes?|put\w*|brings?)\s+(?:it\s+|them\s+)?back\b|\bre-?(?:install|creat|add|appl|enabl|register)\w*|"
    r"\bnot\s+already\s+(?:installed|present|there|scheduled)\b|\bsurviv\w*\s+(?:reboots?|resets?|restarts?|updates?)\b|"
    r"\bif\s+(?:someone|anyone|the\s+user|it|the\s+\w+)\s+(?:deletes|removes|is\s+(?:removed|deleted|reset)|has\s+been\s+removed)",
    re.IGNORECASE)
# the bypass put to the user as a choice ("a permission flag, confirmed with the user up front"): the user's decision,
# not a machine handed over
CONSENT_RE = re.compile(
    r"\bconfirm\w*\s+with\s+the\s+user\b|\b(?:chosen|picked|approved|agreed)\s+(?:by|with)\s+the\s+user\b|"
    r"\bask\s+the\s+user\s+(?:which|whether|to\s+(?:choose|pick|confirm))\b|\bthe\s+user'?s?\s+(?:choice|decision)\b",
    re.IGNORECASE)
UNSHOWN_RE = re.compile(r"\bno\s+need\s+to\s+show\b|\b(?:don't|do\s+not)\s+show\b|\bsingle\s+line\b|\bone\s+line\s*:", re.IGNORECASE)
AGENT_GATE = frozenset(w.encode() for w in (
    "agent", "claude", "codex", "gemini", "aider", "copilot", "opencode", "goose", "headless", "noninteractive"))
TRIGGER_GATE = frozenset(w.encode() for w in (
    "cron", "crontab", "schedule", "scheduled", "scheduling", "schedules", "timer", "timers", "launchagent",
    "launchagents", "launchd", "launch", "systemd", "daily", "nightly", "hourly", "hook", "hooks", "bashrc", "zshrc",
    "bash_profile", "zprofile", "profile", "startup", "schtasks", "morning", "every"))


def _remote_prompt(r: _Reading):
    """A remote address the agent's prompt or task is taken from, said as an order, in one sentence."""
    for a, b in r.sentences():
        u = URL_RE.search(r.view, a, b)
        if u is None or not PROMPTISH_RE.search(r.view, a, b) or r.view[max(0, u.start() - 2):u.start()] == "](":
            continue  # (a link's target is a page to read, not a prompt fetched at each run)
        if not FETCHED_RE.search(r.view, a, u.start()):
            continue
        if _in(r.fenced, u.start()) or r._aside(u.start()) or r._talks(u.start()) or not _ordered(r.view, u.start()):
            continue
        return u
    return None


def _scheduled(ctx, r: _Reading, by_id: dict) -> list[Finding]:
    trig = r.find(TRIGGER_RE, ordered=False)
    if trig is None:
        return []
    agent = r.find(AGENT_RUN_RE)
    if agent is None:
        return []
    bypass = r.find(BYPASS_RE)
    remote = _remote_prompt(r)
    out = []
    if bypass is not None and r.find(CONSENT_RE, ordered=False) is None:
        held = (remote is not None and ("its prompt fetched live", remote)) or \
               ((m := r.find(REINSTALL_RE, ordered=False)) is not None and ("the job reinstalling itself", m)) or \
               ((m := r.find(NOASK_RE, ordered=False)) is not None and ("the user not asked", m)) or \
               ((m := r.find(UNSHOWN_RE, ordered=False)) is not None and ("the user not shown it", m))
        if held:
            what = (f"\"{trig.group(0)[:30]}\" starts the agent (\"{agent.group(0)[:40]}\") with its permission checks "
                    f"bypassed (\"{bypass.group(0)[:40]}\"), {held[0]} (\"{held[1].group(0)[:50]}\")")
            if (rule := by_id.get("EA-03")) is not None:
                out.append(document_finding(ctx, rule, "high", ctx.line_of(trig.start()),
                                            "a scheduled or triggered headless agent, said across the procedure: " + what))
            if (rule := by_id.get("PE-08")) is not None:
                out.append(document_finding(ctx, rule, "high", ctx.line_of(bypass.start()),
                                            "the agent left running on its own with its permissions bypassed: " + what))
    if remote is not None and (rule := by_id.get("SC-04")) is not None:
        # with its permission checks off, a prompt from that address is code run unattended (as SC-01's curl | sh)
        out.append(document_finding(ctx, rule, "critical" if bypass is not None else "high", ctx.line_of(remote.start()),
                                    f"a scheduled or triggered agent (\"{trig.group(0)[:30]}\", \"{agent.group(0)[:40]}\") "
                                    f"takes its prompt from \"{remote.group(0)[:60]}\" at each run: whoever holds that "
                                    "address directs it"))
    return out


# ---------------------------------------------------------------- the reading
# where a procedure may be: the places of an anchor's literals (plain finds), its pattern run only around them
PLACE_RE = re.compile(r"https?://|\b(?:s3|gs)://|\bgists?\b|\bbuckets?\b|\bwebhooks?\b|\bpastebin\b", re.IGNORECASE)
PLACE_LITS = ("://", "gist", "bucket", "webhook", "pastebin")
STRONG_RE = re.compile(ALLOW_RE.pattern + "|" + SCRIPTS_ON_RE.pattern + "|" + CHECKS_OFF_RE.pattern, re.IGNORECASE)
STRONG_LITS = ("allow", "enable", "permit", "approv", "ignore-scripts", "checksum", "hash", "integrity", "signature",
               "verification", "gonosum", "goinsecure", "insecure", "trusted-host", "strict-ssl", "no-check-cert",
               "require-hashes", "gpg", "scripts")
BYPASS_LITS = ("skip-permissions", "dangerously", "bypass", "permission", "approval", "confirmation", "sandbox",
               "full-auto", "full auto", "yolo", "auto-approv", "autoapprov", "accept all", "accept every",
               "allowedtools", "disk access", "safety")

def _w(*ws) -> frozenset:
    return frozenset(w.encode() for w in ws)


# the words of each shape's rarer parts (a set test on the file's words: a file without them is not read)
KEPT_OR_UNASKED = _w("resolve", "resolved", "resolving", "resolves", "literal", "actual", "exactly", "redact", "redacted",
                     "unredacted", "unmasked", "mask", "placeholder", "placeholders", "credenciales", "currently", "hold",
                     "holds", "keep", "keeps", "including", "confirmation", "confirm", "asking", "approval", "prompting",
                     "ask", "prompt", "preguntes", "preguntar", "fragen", "silently", "quietly", "needed", "necessary", "go")
ALLOWING = _w("allow", "allowed", "allowing", "enable", "enabled", "permit", "permitted", "approve", "let", "false")
SCRIPT_WORDS = _w("scripts", "script", "postinstall", "preinstall", "lifecycle")
CHECK_WORDS = _w("checksum", "checksums", "hash", "hashes", "hashing", "integrity", "signature", "signatures",
                 "verification", "gonosumdb", "gonosumcheck", "goinsecure", "insecure", "trusted", "strict", "gpg")
BYPASS_OR_PROMPT = _w("skip", "permissions", "dangerously", "bypass", "bypassing", "permission", "approval", "approvals",
                      "confirmation", "confirmations", "sandbox", "auto", "yolo", "allowedtools", "prompt", "prompts",
                      "instructions", "task", "tasks", "safety")


def _gated(shape, words) -> bool:
    """Whether the file's words leave ``shape`` possible (True when the words are not at hand)."""
    if words is None:
        return True
    if shape is _harvest:
        return not (HARVEST_WORDS.isdisjoint(words) or CONFIG_GATE.isdisjoint(words) or KEPT_OR_UNASKED.isdisjoint(words))
    if shape is _install:
        return not CHECK_WORDS.isdisjoint(words) or not (ALLOWING.isdisjoint(words) or SCRIPT_WORDS.isdisjoint(words))
    return not (AGENT_GATE.isdisjoint(words) or TRIGGER_GATE.isdisjoint(words) or BYPASS_OR_PROMPT.isdisjoint(words))


# ---------------------------------------------------------------- each shape's rarest part, once per file
# The word gates above pass about a third of all Markdown ("every", "profile", "copy" and "json" are common words);
# each shape then reads up to six procedures around common anchors. A scope can only fire where the shape's
# rarest required part matches inside it, so a file where that part cannot match anywhere is not read at all.
# Each test is a necessary condition of the part's own pattern (the same findings, fewer files read).
# (IGNORECASE matches these four non-ASCII letters to ASCII ones; a lowercase view holding one is read as before.)
_FOLDS = ("\u0130", "\u0131", "\u017f", "\u212a")
# TRIGGER_RE's alternatives, each behind the words it needs, lowercased and without word bounds (so each holds every
# lowercased match of its alternative, and is a literal or starts with one: a fast search)
TRIGGER_HIT = _w("cron", "crontab", "timer", "timers", "launchd", "launchagent", "launchagents", "launchdaemon",
                 "launchdaemons", "systemd", "daily", "nightly", "hourly", "schtasks", "zshrc", "bashrc", "zprofile")
_LOW = lambda rx: re.compile(rx).search  # noqa: E731
TRIGGER_CHECKS = (  # (each of these word sets meets the file's words, the search that must then find one)
    ((_w("profile"),), lambda low: ".profile" in low or "$profile" in low or "bash_profile" in low
     or _LOW_SHELL_PROFILE(low) is not None),
    ((_w("launch"), _w("agent", "agents", "daemon", "daemons")), lambda low: _LOW_LAUNCH(low) is not None),
    ((_w("hook", "hooks"), _w("git")), lambda low: ".git/hooks" in low or _LOW_GIT_HOOK(low) is not None),
    ((_w("login", "boot", "reboot", "log"), _w("at", "on")), lambda low: _LOW_AT_LOGIN(low) is not None),
    ((_w("startup", "start"), _w("at")), lambda low: _LOW_AT_STARTUP(low) is not None),
    ((_w("pre", "post"), _w("merge", "checkout", "commit", "receive", "push", "rewrite")),
     lambda low: _LOW_GIT_EVENT(low) is not None),
    ((_w("every", "each"), _w("morning", "day", "night", "evening", "hour", "hours", "weekday", "minute", "minutes")),
     lambda low: _LOW_EVERY(low) is not None or _LOW_EACH(low) is not None),
    ((_w("at"),), lambda low: _LOW_AT_TIME(low) is not None),
)
_LOW_SHELL_PROFILE = _LOW(r"shell\s+profile")
_LOW_LAUNCH = _LOW(r"launch\s?(?:agent|daemon)")
_LOW_GIT_HOOK = _LOW(r"git\s+hook")
_LOW_AT_LOGIN = _LOW(r"(?:at|on)\s+(?:(?:every|each)\s+)?(?:log-?in|boot|reboot)")
_LOW_AT_STARTUP = _LOW(r"at\s+(?:system\s+)?start-?up")
_LOW_GIT_EVENT = _LOW(r"(?:pre|post)-(?:merge|checkout|commit|receive|push|rewrite)")
_WHEN = r"\s+(?:morning|day|night|evening|hour|weekday|\d+\s+(?:minute|hour))"
_LOW_EVERY = _LOW(r"every" + _WHEN)
_LOW_EACH = _LOW(r"each" + _WHEN)
_LOW_AT_TIME = _LOW(r"at\s+\d{1,2}:\d\d")
# a send said with its place: SEND_RE's match holds no line break and ends in a place, one of PLACE_LITS
PLACE_LOW_RE = re.compile(r"://|gist|bucket|webhook|pastebin")


def _folds(low: str) -> bool:
    return not low.isascii() and any(c in low for c in _FOLDS)


def _trigger_possible(low: str, words) -> bool:
    """Whether TRIGGER_RE may match somewhere in the view whose lowercase is ``low``."""
    if words is None or _folds(low) or not TRIGGER_HIT.isdisjoint(words) or "schedul" in low:
        return True
    return any(all(not w.isdisjoint(words) for w in need) and check(low) for need, check in TRIGGER_CHECKS)


def _send_possible(view: str, low: str) -> bool:
    """Whether SEND_RE may match somewhere in ``view``: it is read only on the lines that hold a place."""
    if _folds(low):
        return True
    done = -1
    for m in PLACE_LOW_RE.finditer(low):
        if m.start() < done:
            continue
        a = low.rfind("\n", 0, m.start()) + 1
        e = low.find("\n", m.end())
        done = e = len(low) if e < 0 else e
        if SEND_RE.search(view, a, e) is not None:
            return True
    return False


# SOURCE_PARTS' alternatives lowercased without their word bounds and look-aheads (each holds every lowercased match
# of its alternative): a plain find, or a search that starts with a literal, each behind the words it needs
_PMS = "npm|pip|yarn|pnpm|cargo|gem|bundler|composer|nuget|uv|poetry"
_LOW_ARCHIVE = _LOW(r"https?://[^\s`'\")<>|]+?\.(?:tgz|tar\.gz|tar\.bz2|tar\.xz|zip|whl|gem|crate|jar|nupkg)")
_REFS = r"\s+`?(?:main|master|head|dev|develop|trunk|nightly)"
_ECO_AFTER = r"\s+(?:from\s+|through\s+|via\s+|on\s+)?(?:the\s+)?" + _ECOS
_POINTED = r"\w*\s+(?:" + _PMS + r")[^.\n]{0,30}?(?:at|to)[^.\n]{0,30}?(?:mirror|registry|index|https?://)"
SOURCE_HIT = _w("tarball", "tarballs", "zipball", "zipballs", "fork", "forks", "gist", "gists", "goproxy")
SOURCE_CHECKS = (  # (each of these word sets meets the file's words, the searches of which one must find)
    ((_w("git"), _w("http", "https")), ("git+http",), ()),
    ((_w("main", "master", "head", "latest", "dev"),), (), (_LOW(r"@(?:main|master|head|latest|dev)"),)),
    ((_w("index"), _w("url")), ("index-url",), ()),
    ((_w("http", "https"),), (), (_LOW_ARCHIVE, _LOW(r"registry\s*=\s*[`'\"]?https?://"))),
    ((_w("branch"), _w("main", "master", "head", "dev", "develop", "trunk", "nightly")), (),
     (_LOW(r"branch" + _REFS), _LOW(r"ma(?:in|ster)`?\s+branch"), _LOW(r"develop`?\s+branch"),
      _LOW(r"trunk`?\s+branch"))),
    ((_w("ref"), _w("main", "master", "head", "dev", "develop", "trunk", "nightly")), (), (_LOW(r"ref" + _REFS),)),
    ((_w("our"), _w("mirror", "registry", "index")), (), (_LOW(r"our\s+(?:own\s+)?(?:mirror|registry|index)"),)),
    ((_w(*_PMS.split("|")),), (), tuple(_LOW(v + _POINTED) for v in ("point", "switch", "set"))),
    ((_w("not"),), (), (_LOW(r"not" + _ECO_AFTER),)),
    ((_w("rather"), _w("than")), (), (_LOW(r"rather\s+than" + _ECO_AFTER),)),
    ((_w("instead"), _w("of")), (), (_LOW(r"instead\s+of" + _ECO_AFTER),)),
)


def _source_possible(low: str, words) -> bool:
    """Whether one of SOURCE_PARTS may match somewhere in the view whose lowercase is ``low``."""
    if words is None or _folds(low) or not SOURCE_HIT.isdisjoint(words):
        return True
    return any(all(not w.isdisjoint(words) for w in need) and
               (any(lit in low for lit in lits) or any(rx(low) is not None for rx in rxs))
               for need, lits, rxs in SOURCE_CHECKS)


def _possible(shape, view: str, low: str, words) -> bool:
    """Whether the shape's rarest part may match anywhere in the file (checked once per file)."""
    if shape is _scheduled:
        return _trigger_possible(low, words)
    if shape is _harvest:
        return _send_possible(view, low)
    return _source_possible(low, words)


SHAPES = (
    # (what it reads, the anchors: (literals, pattern) each)
    (_harvest, ((PLACE_LITS, PLACE_RE),)),
    (_install, ((STRONG_LITS, STRONG_RE),)),
    (_scheduled, ((BYPASS_LITS, BYPASS_RE), (("://",), URL_RE))),
)
MOST_SCOPES = 6  # procedures read per shape and file


def handed_over(ctx, by_id: dict) -> list[Finding]:
    view = ctx.view
    if len(view) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    low = fenced = None
    out: list[Finding] = []
    for read, anchors in SHAPES:
        if not _gated(read, words):
            continue
        if low is None:
            low = low_of(ctx)
        if not _possible(read, view, low, words):
            continue
        done: list[tuple[int, int]] = []
        for lits, rx in anchors:
            for m in near(low, litgate.possible(ctx, lits), rx, view, before=60, after=80, most=60):
                if len(done) >= MOST_SCOPES:
                    break
                p = m.start()
                if fenced is None:  # (made only where an anchor is found)
                    fenced = _fenced(view)
                if _in(fenced, p) or any(a <= p < b for a, b in done):
                    continue
                lo, hi = _scope(view, p)
                done.append((max(lo, p - REACH), min(hi, p + REACH)))  # (a later anchor this near reads the same parts)
                got = read(ctx, _Reading(view, lo, hi, fenced), by_id)
                if got:
                    out += got
                    break
            else:
                continue
            break
    return out


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = handed_over(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
