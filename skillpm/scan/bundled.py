"""Credential material gathered into files, and a file upload to a host outside, in one document (EX-01).

A "diagnostic bundle", a "support archive", a state file "for the hosted explainer": the document
has the agent put private keys, passphrases, passwords or a credentials file into what it collects
(or says the file it sends carries them), and a step of its own (often a code block a section later)
uploads a local file to an address outside the machine (`curl -F f=@…`, `--data-binary @…`, `-T`,
a `POST https://…` with `name=@file` fields). Neither half names the other: no sentence says "send
the key to …". Each alone is ordinary (a checklist of what a key file looks like; an upload of a
build); together, in one document the agent follows, the user's keys leave the machine.

The gathering must be said in prose (a code comment such as `# writes ~/.aws/credentials` says what a
command does), not forbidden ("never include the private key"); tokens and API keys
are left out of the material (a request's own credentials go with every upload). Read in SKILL.md
and in a document SKILL.md tells the agent to follow, one level up, as the intents are.
"""

from __future__ import annotations

import re

from skillpm.scan.result import Finding, document_finding

RULE = "EX-01"
MAX_BYTES = 256 * 1024

# credential material put into what the document gathers, or said to be in a file it handles
GATHER_RE = re.compile(
    r"\b(?:cop(?:y|ies|ying)|collect\w*|gather\w*|bundl\w*|includ\w*|add|adds|adding|attach\w*|pack\w*|archiv\w*|put|"
    r"write|writes|writing|grab\w*|tar|zip|dump\w*|carries|carry|contains?|holds?|has)\b"
    r"[^.\n]{0,100}?(?:\b(?:private keys?|private key files?|passphrases?|(?:database |db |user |admin |root )?passwords|"
    r"secret (?:access )?keys?|connection strings?|id_(?:rsa|ed25519|ecdsa|dsa)\b|kubeconfig|keychain|cookies|session tokens?|"
    r"credentials files?)|(?<![\w.])\.env(?:\.\w+)?\b|(?:~/)?\.ssh/(?!config|known_hosts)\w+|\.aws/credentials)",
    re.IGNORECASE)
# a local file uploaded to an address outside the machine
UPLOAD_RE = re.compile(
    r"(?:\bcurl\b[^\n]{0,200}?(?:\s-F\s+['\"]?[\w.-]+=@|--form\s+['\"]?[\w.-]+=@|--data-binary\s+['\"]?@|\s-d\s+['\"]?@|"
    r"\s-T\s+|--upload-file\s+)[^\n]{0,200}?https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)[:/])[\w.-]+"
    r"|\b(?:POST|PUT)\s+https?://(?!(?:localhost|127\.0\.0\.1)[:/])[\w.-]+[^\n]*\n[^\n]{0,80}?\w+=@[\w./-]+"
    r"|https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)[:/])[\w.-]+[^\n]{0,200}?\s-F\s+['\"]?[\w.-]+=@)",
    re.IGNORECASE)
# the material named to keep it out ("never include the private key", "everything except .env")
NOT_WORDS = r"\b(?:never|not|no|don't|do not|without|exclud\w*|except|omit\w*|avoid|skip\w*|redact\w*|strip\w*|mask\w*)\b"
NOT_RE = re.compile(NOT_WORDS + r"[^.\n]{0,60}$", re.IGNORECASE)  # before the gathering, in its sentence
NOT_IN_RE = re.compile(NOT_WORDS, re.IGNORECASE)  # inside the gathering's own words
# (every upload UPLOAD_RE reads names its address by "://": a file with none is not searched for these)
_MARKS = ("=@", "-T ", "--upload-file", "--data-binary", "-d @", "-d '@", '-d "@')


def in_file(ctx, by_id: dict) -> list[Finding]:
    """EX-01 where a document gathers credential material and uploads a local file outside (``ctx``: the
    engine's file context of SKILL.md or of a document it tells the agent to follow)."""
    rule = by_id.get(RULE)
    text = ctx.text
    if rule is None or len(text) > MAX_BYTES or "://" not in text or not any(m in text for m in _MARKS):
        return []
    send = UPLOAD_RE.search(text)
    if send is None:
        return []
    gather = next((m for m in GATHER_RE.finditer(text)
                   if not NOT_RE.search(text[max(0, m.start() - 80):m.start()].rsplit("\n", 1)[-1])
                   and not NOT_IN_RE.search(m.group(0))
                   and ctx.region_at(text.count("\n", 0, m.start()) + 1).kind != "code"), None)  # said in prose
    if gather is None:
        return []
    line = text.count("\n", 0, gather.start()) + 1
    send_line = text.count("\n", 0, send.start()) + 1
    note = (f"gathers credential material ({gather.group(0)[-50:]!r}), and line {send_line} uploads a local file "
            f"outside ({send.group(0)[-60:].strip()!r})")
    return [document_finding(ctx, rule, "high", line, note)]
