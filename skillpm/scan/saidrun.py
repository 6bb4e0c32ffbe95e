"""Remote code run, said in words: a script fetched from an address and run as it arrives, with no command written.

A troubleshooting entry "fetch the installer from https://… and pipe it directly into sh", an FAQ answer "grab the
newest setup script from … and feed it straight to bash", a table cell "download the current bootstrap … and execute
it in PowerShell with Invoke-Expression", a step "append a line to ~/.zshrc that downloads … and sources it": the
rules read ``curl … | sh`` as a command, and no command is written here. One unit of the document (a table row, a
list item with its continuation lines, a paragraph with the heading right above it) holds all three parts:

- an address outside the machine (``http(s)://…``) and a word that fetches it (download, fetch, grab, pull, get);
- the fetched text run as code: piped or fed into a shell or an interpreter, run or executed with one, sourced or
  dot-sourced, ``Invoke-Expression``/``iex``, or "run the bootstrap/setup script from <address>";
- said as an order: the clause before the run is not negated ("never pipe …"), not conditioned on the user ("ask the
  user before …", "only if the user agrees") and the unit does not talk about attacks or what to flag.

SC-01 (supply-chain): high when the unit also takes away what would make the run reviewable — an unpinned build
("--latest", "the newest", "today's build", "skip the pinning"), no checksum, no asking ("without a detour through
the user", "there is no need to check with the user") — or when it is persistence, else medium. Persistence: the unit
puts the run in a place that starts it again by itself (a shell start-up file, a PowerShell profile, a crontab, a
launch agent, a scheduled task, a Run key, a systemd unit, git hooks): PE-08 (high, privilege escalation) beside it, a
door kept open to whoever holds that address (as persisted.py reads the same pair in code).

SKILL.md is read, a document SKILL.md tells the agent to follow (one level up), and the skill's other Markdown
documents (lowered in references/, docs/, examples/ and tests/). A run written as a command (in a code block or a code
span) is the rules' (SC-01 on the command itself); this reader leaves a line where SC-01 is already as strong.
"""

from __future__ import annotations

import re

from skillpm.scan import litgate  # which literals may occur, from the file's words
from skillpm.scan.docunits import clause_start, low_of, near, unit_at
from skillpm.scan.result import Finding, document_finding, stronger_than_found

MAX_BYTES = 256 * 1024

URL_LITS = ("http://", "https://")
URL_RE = re.compile(r"https?://[^\s`'\")<>|]+", re.IGNORECASE)
# a word that fetches (the address may be named after it, before it, or the fetch said in a clause of its own)
FETCH_RE = re.compile(r"\b(?:download|fetch|grab|pull|get|gets|curl|wget|retriev|load)\w*\b", re.IGNORECASE)
_SHELLS = (r"[`'\"]?(?:sh|bash|zsh|dash|ksh|fish|(?:the|a|your|their)\s+(?:user's\s+)?(?:shell|terminal|interpreter)|"
           r"shell|powershell|pwsh|cmd(?:\.exe)?|python3?|node|ruby|perl|php|iex|invoke-expression)\b[`'\"]?")
_IT = r"(?:it|them|that|this|the\s+(?:script|file|installer|bootstrap|output|result|response|download|body|contents?))"
# the fetched text run as code
RUN_RE = re.compile(
    r"\bpip(?:e|es|ed|ing)\b[^.;\n|]{0,60}?\b(?:in)?to\s+(?:the\s+|a\s+|your\s+)?" + _SHELLS + "|"
    r"\bfeed(?:s|ing)?\b[^.;\n|]{0,60}?\b(?:in)?to\s+(?:the\s+|a\s+|your\s+)?" + _SHELLS + "|"
    r"\b(?:run|runs|running|execute|executes|executing|exec|evaluate|evaluates)\s+" + _IT + r"\s+(?:directly\s+|straight\s+|right\s+away\s+)?"
    r"(?:with|in|through|via|using|under|by)\s+(?:the\s+|a\s+)?" + _SHELLS + "|"
    r"\b(?:source|sources|sourced|sourcing|dot-sourc\w*|dot\s+sourc\w*|eval|evals|eval'?d)\s+" + _IT + r"\b|"
    r"\b(?:invoke-expression|iex)\b|"
    r"\b(?:run|runs|running|execute|executes|executing|eval\w*)\s+(?:whatever|what)\s+(?:it|the\s+(?:server|endpoint|url|"
    r"address|host|page))\s+(?:returns|sends|serves|gives)\b|"
    r"\b(?:run|runs|running|execute|executes|executing)\s+(?:the\s+)?(?:latest|newest|current|nightly|today's)?\s*"
    r"(?:bootstrap(?:\s+script)?|install(?:er|ation)?\s+script|setup\s+script|init\s+script|update\s+script)\s+"
    r"(?:from|at|hosted\s+at|published\s+at|served\s+at)\b",
    re.IGNORECASE)
RUN_WORDS = frozenset(w.encode() for w in (
    "pipe", "pipes", "piped", "piping", "feed", "feeds", "feeding", "run", "runs", "running", "execute", "executes",
    "executing", "exec", "evaluate", "evaluates", "source", "sources", "sourced", "sourcing", "dot", "eval", "evals",
    "iex", "invoke"))
# what would have made the run reviewable, taken away
UNCHECKED_RE = re.compile(
    r"\b(?:latest|newest|nightly|today's\s+build|current\s+(?:build|version|release|bootstrap)|unpinned|not\s+pinned|"
    r"skip\s+(?:the\s+)?pinning|(?:rather|instead)\s+than\s+a\s+pinned|"
    r"without\s+(?:a\s+|any\s+)?(?:checksum|hash|signature|verif\w*|pin\w*|review\w*|asking|confirm\w*|checking|"
    r"(?:a\s+)?detour\s+through\s+the\s+user)|no\s+(?:checksum|signature|verification)|"
    r"(?:no\s+need|not\s+necessary)\s+to\s+(?:ask|check|confirm)|(?:don't|do\s+not|never)\s+(?:ask|check\s+with|bother)|"
    r"(?:does\s+not|doesn't)\s+need\s+to\s+be\s+asked|on\s+(?:your|its)\s+own|silently|quietly)\b", re.IGNORECASE)
# a place that starts the run again by itself
STARTUP_RE = re.compile(
    r"(?:~|\$home|\$\{home\})?/?\.(?:zshrc|bashrc|bash_profile|bash_login|zprofile|zshenv|zlogin|profile|kshrc|cshrc|tcshrc)\b|"
    r"\bconfig\.fish\b|\$profile\b|\bpowershell\s+profile\b|\b(?:shell|login)\s+(?:start-?up|rc|init)\s+files?\b|"
    r"\brc\s+files?\b|\bcrontab\b|\bcron\s+(?:job|entry|line|schedule)s?\b|\blaunch\s?(?:agent|daemon)s?\b|\blaunchd\b|"
    r"\blogin\s+items?\b|\bsystemd\b|\bscheduled\s+tasks?\b|\btask\s+scheduler\b|\bschtasks\b|\brun\s+key\b|"
    r"currentversion\\+run\b|\bautostart\b|\bstart-?up\s+(?:file|script|folder|item)s?\b|\bgit\s+hooks?\b|"
    r"\bcore\.hookspath\b|\.git/hooks\b|\b(?:pre|post)-(?:commit|push|merge|checkout)\s+hook\b|\.envrc\b|\bdirenv\b|"
    r"\bprofile\.d\b|\brc\.local\b|\.ssh/rc\b|\b(?:at|on)\s+(?:every\s+|each\s+)?(?:log-?in|boot|start-?up|reboot)\b|"
    r"\b(?:every|each)\s+time\s+(?:a|the|you|they)\s+(?:\w+\s+)?(?:shell|terminal|session)\s+(?:starts|opens)\b", re.IGNORECASE)
# the clause before the run: negated, conditioned on the user, or a description
NOT_ORDER_RE = re.compile(
    r"\b(?:never|not|no|don't|do not|doesn't|does not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
    r"instead of|rather than|unless|whether|if the user|if they|let the user|the user (?:can|may|decides?)|"
    r"ask (?:the user|them|first)|once the user|after the user|only (?:if|when|after|once))\b", re.IGNORECASE)
TALK_RE = re.compile(
    r"\b(?:attackers?|malicious|malware|adversar\w*|red\s+flags?|warning\s+signs?|flag(?:s|ged)?|detect\w*|suspicious|"
    r"phishing|scam\w*|dangerous|risky|insecure|unsafe|anti-?patterns?|pitfalls?|compromis\w*|social\s+engineering)\b",
    re.IGNORECASE)
SENT_END_RE = re.compile(r"[.!?;](?=\s)|\n[ \t>]*\n|\|")


def said_runs(ctx, by_id: dict) -> list[Finding]:
    """SC-01 (and PE-08 when it persists) where a unit orders a fetched script run as it arrives, in words."""
    view = ctx.view
    if len(view) > MAX_BYTES or "://" not in view:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and RUN_WORDS.isdisjoint(words):
        return []  # no word that runs anything (a set test)
    low = low_of(ctx)
    out: list[Finding] = []
    done: set[int] = set()
    for url in near(low, litgate.possible(ctx, URL_LITS), URL_RE, view, before=0, after=300, most=60):
        start, end, ctx_start = unit_at(view, url.start())
        if start in done:
            continue
        done.add(start)
        unit = view[ctx_start:end]
        run = next((m for m in RUN_RE.finditer(view, start, end) if _ordered(view, start, m)), None)
        if run is None or not FETCH_RE.search(unit) or TALK_RE.search(unit):
            continue
        line = ctx.line_of(run.start())
        if ctx.region_at(line).kind == "code" or ctx.region_at(ctx.line_of(url.start())).kind == "code":
            continue  # a command: the rules read it as written
        startup = STARTUP_RE.search(view, ctx_start, end)
        unchecked = UNCHECKED_RE.search(view, ctx_start, end)
        what = f"\"{url.group(0)[:60]}\" fetched and run as it arrives (\"{run.group(0).strip()[:40]}\")"
        sc = by_id.get("SC-01")
        if sc is not None:
            why = (f"; {'kept running at every start by' if startup else 'and'} \"{(startup or unchecked).group(0)[:40]}\""
                   if startup or unchecked else "")
            out.append(document_finding(ctx, sc, "high" if startup or unchecked else "medium", line,
                                        f"remote code run said in words: {what}{why}"))
        pe = by_id.get("PE-08")
        if startup and pe is not None:
            out.append(document_finding(ctx, pe, "high", ctx.line_of(startup.start()),
                                        f"persistence said in words: \"{startup.group(0)[:40]}\" made to run {what} "
                                        "every time it starts, a door kept open to whoever holds that address"))
        if len(out) >= 4:
            break
    return out


def _ordered(view: str, unit_start: int, m) -> bool:
    """Whether the run at ``m`` is an order: its clause up to it is not negated, conditioned on the user, nor inside a
    quotation (someone's words)."""
    head = view[clause_start(SENT_END_RE, view, unit_start, m.start()):m.start()]
    if NOT_ORDER_RE.search(head):
        return False
    before = view[unit_start:m.start()]
    return not ((before.count('"') + before.count("\u201c") - before.count("\u201d")) % 2)


def in_file(ctx, by_id: dict, found: list[Finding] = ()) -> list[Finding]:
    """The findings of this module on ``ctx``; a rule's finding on a line where ``found`` already holds one as
    strong is left out."""
    out = said_runs(ctx, by_id)
    if not out:
        return out
    return stronger_than_found(out, found)
