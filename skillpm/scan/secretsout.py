"""A credential's whole value put in a record that the same document sends out (EX-01).

An audit trail, a rotation log or a "compliance record" may name a credential; it never needs its value.
A document that asks for a key's, token's or password's value in full (verbatim, unhashed, in plain text)
and also sends its records to an address outside the machine (a POST to a URL, a collector, a webhook)
moves the secret out, though no one sentence says "send the key to …": the value is asked for in a table
row or a field list, the sending is a step of its own a section later. Each half alone is ordinary (a
field list; an upload of a report); together, in one document the agent follows, they are a leak.
Read in SKILL.md and in a document SKILL.md tells the agent to follow, as the intents are.
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import low_of, near
from skillpm.scan.result import Finding, document_finding

RULE = "EX-01"
MAX_BYTES = 256 * 1024

# the value of a credential, wanted whole: "the old credential value, in full", "the token's full value",
# "each secret's plaintext value", "the password itself, unhashed"
VALUE_RE = re.compile(
    r"\b(?:(?:credential|secret|key|token|password|passphrase|api[ _-]?key|access[ _-]?key)(?:'s|s'|s)?\s+"
    r"(?:[\w-]+\s+){0,1}?values?\b[^.\n|]{0,40}?\b(?:in full|verbatim|unmasked|unredacted|unhashed|not hashed|"
    r"in (?:plain|clear) ?text|as (?:it|they) (?:is|are))"
    r"|(?:full|complete|whole|raw|plain-?text|clear-?text|unmasked|unredacted|unhashed|actual|real)\s+"
    r"(?:[\w-]+\s+){0,1}?(?:credential|secret|key|token|password|passphrase)s?\s+(?:values?|strings?))\b", re.IGNORECASE)
_VALUE_WORD_RE = re.compile(r"[Vv][Aa][Ll][Uu][Ee]")
_STRING_WORD_RE = re.compile(r"[Ss][Tt][Rr][Ii][Nn][Gg]")  # "the full key string": the same value by another name
# the document's records sent to an address outside the machine
SEND_OUT_RE = re.compile(
    r"\b(?:send|sends|sending|post|posts|posting|upload|uploads|uploading|submit|submits|forward|forwards|deliver|"
    r"delivers|transmit|transmits|push|pushes|ship|ships|e-?mail|e-?mails|mail|mails)\b[^.\n]{0,60}?\b(?:records?|entr(?:y|ies)|payloads?|"
    r"json|body|bodies|reports?|logs?|rows?|them|it|each|every|all|csv)\b(?:[^.\n]|\n(?![ \t]*\n)){0,100}?"
    r"(?:https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])[:/])[\w.-]+|\b(?:collector|webhook|endpoint|"
    r"ingest(?:ion)? (?:api|service|url)|external (?:service|server|api))|"
    r"\b[\w.+-]+@(?!(?:example|localhost)\b)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b)", re.IGNORECASE)
# a record that holds names, fingerprints or hashes instead ("never the value in full")
_NOT_VALUE_RE = re.compile(r"\b(?:never|not|no|without|don't|do not|instead of|rather than|except)\b[^.\n|]{0,40}$",
                           re.IGNORECASE)


def in_file(ctx, by_id: dict, negated) -> list[Finding]:
    """EX-01 where a document asks for a credential's whole value and sends its records out (``ctx``: the
    engine's file context; ``negated(text, start, end)``: the engine's clause negation)."""
    rule = by_id.get(RULE)
    words = getattr(ctx.base, "words", None)
    text = ctx.text
    if rule is None or words is None or len(text) > MAX_BYTES or ("alue" not in text and "ALUE" not in text
                                                                 and b"string" not in words):
        return []
    value = None
    scans = (_VALUE_WORD_RE, _STRING_WORD_RE) if b"string" in words else (_VALUE_WORD_RE,)
    for word_re in scans:
        lo_seen = -1
        for at in word_re.finditer(text):  # a literal scan: VALUE_RE runs only around each "value" (or "string")
            lo, hi = max(lo_seen, at.start() - 70), at.end() + 60
            lo_seen = hi
            for m in VALUE_RE.finditer(text, lo, hi):
                before = text[max(0, m.start() - 60):m.start()]
                if not _NOT_VALUE_RE.search(before.rsplit("\n", 1)[-1]) and not negated(text, m.start(), m.end()):
                    value = m
                    break
            if value is not None:
                break
        if value is not None:
            break
    if value is None:
        return []
    send = next((s for s in SEND_OUT_RE.finditer(text) if not negated(text, s.start(), s.end())), None)
    if send is None:
        return []
    line = text.count("\n", 0, value.start()) + 1
    send_line = text.count("\n", 0, send.start()) + 1
    note = (f"asks for {value.group(0)!r}, and line {send_line} sends the document's records out "
            f"({send.group(0)[-60:]!r})")
    return [document_finding(ctx, rule, "high", line, note)]


# ---------------------------------------------------------------- a secret's whole value put where others read it

PLACED_RULE = "SE-03"
_SECRET_STRICT = (r"(?:credentials?|secrets?|tokens?|passwords?|passphrases?|api[ _-]?keys?|access[ _-]?keys?|"
                  r"private[ _-]?keys?|secret[ _-]?keys?|connection[ _-]strings?|database_url|dsn)")
_SECRET = r"(?:" + _SECRET_STRICT[3:-1] + r"|keys?)"
_WHOLE = (r"(?:full|in\s+full|complete|entire|whole|unabridged|verbatim|plain-?text|plaintext|clear-?text|unmasked|"
          r"unredacted|untruncated|password\s+included)")
# a field or placeholder of a template asking for the value whole: "<old value, full>", "{new_token_plaintext}",
# "{{full current connection string, password included}}" (short, no code in it)
PLACEHOLDER_RE = re.compile(r"(?:<|\{\{?|\[\[?)([^<>{}\[\]\n\"'=:()]{3,70})(?:>|\}\}?|\]\]?)")
_FIELD_VALUE_RE = re.compile(r"(?:\b|_)values?(?:\b|_)", re.IGNORECASE)
_FIELD_SECRET_RE = re.compile(r"(?:\b|_)" + _SECRET_STRICT + r"(?:\b|_)", re.IGNORECASE)
_FIELD_WHOLE_RE = re.compile(r"(?:\b|_)" + _WHOLE + r"(?:\b|_)", re.IGNORECASE)
_FIELD_PART_RE = re.compile(r"(?:\b|_)(?:last|first|masked|redacted|hash(?:ed)?|fingerprint|prefix|suffix|truncated|"
                            r"names?|id|path|url|location|reference|ref|sentence|line|studies|count|number)(?:\b|_)",
                            re.IGNORECASE)
_FIELD_LITS = ("full", "complete", "entire", "whole", "abridg", "verbatim", "plain", "clear", "unmask", "unredact",
               "untruncat", "included")
# a sentence saying the values go in whole: "so both go in unabridged", "paste the tokens in full", "don't mask them"
WHOLE_SAID_RE = re.compile(
    r"\b(?:values?|" + _SECRET[3:-1] + r"|both|them)\b[^.\n|]{0,60}?\b(?:go(?:es)?\s+in|are\s+(?:written|included|posted|"
    r"pasted|put|listed|shown)|write|paste|post|include|put)\s+(?:them\s+|it\s+)?(?:in\s+)?(?:unabridged|full|verbatim|"
    r"unmasked|unredacted|untruncated|whole|plain\s?text|clear\s?text)\b|"
    r"\b(?:don't|do\s+not|never|no\s+need\s+to|without)\s+(?:mask|redact|truncat|shorten|abbreviat|obfuscat|star\s+out)\w*\s+"
    r"(?:the\s+)?(?:values?|" + _SECRET[3:-1] + r"|them|it)\b",
    re.IGNORECASE)
_SAID_LITS = ("abridg", "in full", "verbatim", "unmask", "unredact", "untruncat", "plain", "clear", "mask", "redact",
              "truncat", "shorten", "abbreviat", "obfuscat", "star out", "whole")
# the user's credentials read from where they are kept and written into the output as literals
STORE_RE = re.compile(
    r"(?:~/)?\.netrc\b|\bhosts\.yml\b|\.npmrc\b|\.pypirc\b|(?<![\w/])\.env(?:\.local)?\b|\.aws/credentials\b|"
    r"\baws\s+credentials\s+file\b|\.docker/config\.json\b|\.git-credentials\b|\bkubeconfig\b|\.kube/config\b|"
    r"\bkeychain\b|\brc\s+files\b|\.(?:bash|zsh)rc\b", re.IGNORECASE)
_STORE_LITS = (".netrc", "hosts.yml", ".npmrc", ".pypirc", ".env", "aws/credentials", "aws credentials",
               ".docker/config.json", ".git-credentials", "kubeconfig", ".kube/config", "keychain", "rc files", ".bashrc",
               ".zshrc")
EMBED_RE = re.compile(
    r"\bhard-?code\s+(?:them|it|the\s+(?:values?|tokens?|keys?|credentials?|secrets?|passwords?))\b|"
    r"\bas\s+(?:literal|string)\s+(?:defaults?|values?|constants?)\b|\bliteral\s+defaults?\b|"
    r"\bwith\s+the\s+(?:real|actual)\s+values\b|\bbak(?:e|es|ed|ing)\s+(?:them|it|the\s+(?:values?|tokens?|keys?|credentials?|"
    r"secrets?))\s+into\b|\bembed(?:s|ded|ding)?\s+(?:them|it|the\s+(?:values?|tokens?|keys?|credentials?))\s+(?:in|into)\b|"
    r"\binline\s+(?:them|the\s+values)\b|\bwrite\s+(?:the\s+values|their\s+(?:keys|values|tokens))\s+(?:you\s+find\s+)?"
    r"(?:as|into|in)\b", re.IGNORECASE)
# around an embedding, talk about what not to do or what to look for
_EMBED_TALK_RE = re.compile(r"\b(?:vulnerab\w*|detect\w*|flag\w*|scan\s+for|findings?|anti-?patterns?|insecure|bad\s+practice|"
                            r"avoid|instead\s+of|rather\s+than\s+hard)\b|\u274c", re.IGNORECASE)
# the document puts it where others read it: a comment, an issue, a pull request, a chat post, a commit, a pushed image
PUBLISH_RE = re.compile(
    r"\bpost(?:s|ed|ing)?\b[^.\n]{0,60}?\b(?:comments?|issues?|channels?|slack|teams|discord|threads?|pull\s+requests?|"
    r"PRs?|wiki)\b|\bgh\s+(?:issue|pr)\s+(?:comment|create|edit)\b|\bglab\s+(?:issue|mr)\s+(?:note|create)\b|"
    r"\b(?:issue|PR|pull\s+request)\s+(?:comments?|body|description)\b|\bcommit(?:s|ted|ting)?\b(?!\s+(?:message\s+)?(?:hash|sha))|"
    r"\bgit\s+push\b|\bdocker\s+push\b|\bpush(?:es|ed)?\s+(?:the\s+)?(?:image|branch|commits?|changes)\b|\bpublish(?:es|ed|ing)?\b",
    re.IGNORECASE)
# a secret put straight into what others read: "include the API key in the PR description", "paste the token
# into the issue", "add the password to the Slack message" (the carrier is published by nature)
INTO_CARRIER_RE = re.compile(
    r"\b(?:include|includes|including|paste|pastes|put|puts|add|adds|write|writes|copy|copies|list|lists|quote|quotes)\s+"
    r"(?:the\s+|their\s+|its\s+|each\s+|every\s+|all\s+|your\s+|our\s+)?(?:[\w-]+\s+){0,2}?(?:api[ _-]?keys?|tokens?|"
    r"passwords?|passphrases?|secrets?|credentials?|connection\s+strings?|private\s+keys?)\s+(?:\w+\s+){0,3}?(?:in|into|to)\s+"
    r"(?:the\s+|a\s+|each\s+|every\s+|your\s+)?(?:#[\w-]+\s+|[\w-]+\s+(?=channel|ticket|issue|wiki))?(?:pr\s+(?:description|body)|pull[- ]request\s+(?:description|body)|"
    r"pull[- ]requests?|issue\s+(?:comments?|body|description)|issues?|commit\s+messages?|slack\s+(?:messages?|posts?|channels?)|"
    r"(?:team\s+)?channels?|chat\s+messages?|tickets?|release\s+notes|changelog|readme|wiki(?:\s+page)?|status\s+page)\b",
    re.IGNORECASE)
_ASKED_RE = re.compile(r"\b(?:if|when|whenever|should|unless|whether|asks?|asked|requests?|wants?)\b[^.;:!?]*$",
                       re.IGNORECASE)
_CARRIER_LITS = ("pr ", "pull request", "pull-request", "issue", "commit message", "slack", "channel", "chat message",
                 "ticket", "release notes", "changelog", "readme", "wiki", "status page")
_PUB_LITS = ("post", "gh ", "glab", "comment", "body", "description", "commit", "push", "publish")
_SAID_TAILS = ("abridg", "in full", "verbatim", "unmask", "unredact", "untruncat", "plaintext", "plain text", "cleartext",
               "clear text", "mask", "redact", "truncat", "shorten", "abbreviat", "obfuscat", "star out")
_EMBED_LITS = ("hard", "literal", "real value", "actual value", "bake", "embed", "inline", "write the values", "write their")


def _first(rx, text, negated, lo=0, hi=None, found=None):
    for m in (rx.finditer(text, lo, len(text) if hi is None else hi) if found is None else found):
        before = text[max(0, m.start() - 60):m.start()].rsplit("\n", 1)[-1]
        if not _NOT_VALUE_RE.search(before) and not negated(text, m.start(), m.end()):
            return m
    return None


def _w(*ws: str) -> frozenset:
    return frozenset(w.encode() for w in ws)


# the words each half needs (set tests on the engine's words of the file, when at hand)
_PUB_WORDS = _w("post", "posted", "posts", "posting", "gh", "glab", "comment", "comments", "body", "description", "commit",
                "commits", "committed", "committing", "push", "pushed", "pushes", "publish", "published", "publishes",
                "publishing")
_FIELD_WORDS = _w("full", "complete", "entire", "whole", "unabridged", "verbatim", "plaintext", "plain", "cleartext",
                  "clear", "unmasked", "unredacted", "untruncated", "included")
_SAID_WORDS = _w("unabridged", "full", "verbatim", "unmasked", "unredacted", "untruncated", "plaintext", "plain",
                 "cleartext", "clear", "mask", "masking", "redact", "redacting", "truncate", "truncating", "shorten",
                 "shortening", "abbreviate", "abbreviating", "obfuscate", "obfuscating", "star")
_FIELD_SECRET_WORDS = _w("key", "keys", "token", "tokens", "password", "passwords", "passphrase", "secret", "secrets",
                        "credential", "credentials", "connection")
_EMBED_WORDS = _w("hard", "hardcode", "literal", "literals", "real", "actual", "bake", "bakes", "baked", "baking", "embed",
                  "embeds", "embedded", "embedding", "inline", "write")


def placed(ctx, by_id: dict, negated) -> list[Finding]:
    """SE-03 where a document asks for a credential's whole value in a template's field or in words, or has the
    user's stored credentials written into its output as literals, and puts that output where others read it."""
    rule = by_id.get(PLACED_RULE)
    text = ctx.text
    if rule is None or len(text) > MAX_BYTES:
        return []
    words = getattr(getattr(ctx, "base", None), "words", None)
    if words is not None and _PUB_WORDS.isdisjoint(words):
        return []  # the common case: nothing is posted, committed or published (a set test)
    low = low_of(ctx) if words is not None else text.lower()
    if words is None and not any(p in low for p in _PUB_LITS):
        return []
    what = None
    if (not _FIELD_WORDS.isdisjoint(words) if words is not None else any(w in low for w in _FIELD_LITS)) and ("<" in text or "{" in text or "[" in text):
        for m in PLACEHOLDER_RE.finditer(text):
            inner = m.group(1)
            if (_FIELD_WHOLE_RE.search(inner) and (_FIELD_VALUE_RE.search(inner) or _FIELD_SECRET_RE.search(inner))
                    and not _FIELD_PART_RE.search(inner)
                    and (_FIELD_SECRET_RE.search(inner) or _FIELD_SECRET_RE.search(text, max(0, m.start() - 300),
                                                                                    m.end() + 300))):
                what = (m, "a template field asking for a credential whole")
                break
    if what is None and (not _SAID_WORDS.isdisjoint(words) if words is not None else any(w in low for w in _SAID_LITS)):
        m = _first(WHOLE_SAID_RE, text, negated, found=near(low, _SAID_TAILS, WHOLE_SAID_RE, text, before=130, after=30))
        if m is not None and _FIELD_SECRET_RE.search(text, max(0, m.start() - 300), m.end() + 300):
            what = (m, "the values asked for whole")
    if what is None:
        stores = near(low, _STORE_LITS, STORE_RE, text, before=3, after=20) if (
            not _EMBED_WORDS.isdisjoint(words) if words is not None else any(w in low for w in _EMBED_LITS)) else ()
        for s in stores:
            lo, hi = max(0, s.start() - 400), s.end() + 400
            e = _first(EMBED_RE, text, negated, lo, hi)
            if e is not None and not _EMBED_TALK_RE.search(text, lo, hi):
                what = (e, f"credentials from {s.group(0)!r} written into the output as literals")
                break
    if what is None and not _FIELD_SECRET_WORDS.isdisjoint(words if words is not None else _FIELD_SECRET_WORDS):
        put = _first(INTO_CARRIER_RE, text, negated,
                     found=near(low, _CARRIER_LITS, INTO_CARRIER_RE, text, before=110, after=30, most=12))
        if put is not None and _ASKED_RE.search(text[max(0, put.start() - 80):put.start()].rsplit("\n", 1)[-1]):
            put = None  # a condition or someone's ask: "if the user asks you to paste a token into a ticket"
        if put is not None:
            line = text.count("\n", 0, put.start()) + 1
            return [document_finding(ctx, rule, "high", line, f"a credential put into what others read "
                                     f"({put.group(0).strip()[:80]!r})")]
    if what is None:
        return []
    m, why = what
    pub = _first(PUBLISH_RE, text, negated, found=near(low, _PUB_LITS, PUBLISH_RE, text, before=3, after=90))
    if pub is None:
        return []
    line = text.count("\n", 0, m.start()) + 1
    pub_line = text.count("\n", 0, pub.start()) + 1
    note = f"{why} ({m.group(0).strip()[:60]!r}), and line {pub_line} puts it where others read it ({pub.group(0)[-50:]!r})"
    return [document_finding(ctx, rule, "high", line, note)]
