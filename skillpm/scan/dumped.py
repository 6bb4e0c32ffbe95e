"""A collection step that dumps secret-bearing stores in bulk, described in words, in a workflow that ships it out.

outbound.py reads the values of named secrets put into what is sent (the environment, a ``.env`` file, a
credential file). The same harm is written without naming one secret: a step that takes a whole store that holds
secrets, values included, and another that ships the bundle to a third party:

- every Kubernetes resource kind (``kubectl api-resources``, "every listable kind") saved with its ``data``
  fields, or every Secret and ConfigMap with values, decoded;
- all of a cloud account's parameters or secrets with their values (Parameter Store decrypted, Secrets
  Manager, Key Vault, Secret Manager, a Vault mount read recursively);
- a password vault or keychain exported whole (1Password, Bitwarden, LastPass, KeePass, "the team vault");
- a browser profile copied whole, or its saved logins and cookies.

A unit of the document (a list item, a table row, a paragraph) holds the store, a word that takes all of it
(every, all, entire, whole, export, dump, recursive) and, for the stores whose listing alone is harmless, a word
that takes the values (data, values, decrypted, decoded, unredacted, complete). The honest forms stay clean:
Secrets redacted or excluded, names or metadata only, an act negated ("never export the vault"), text about attacks.

The send is outbound.py's (a section with an outside address and a verb of sending), in the same document as the
dump, and not held for the user's review ("after the user reviews it", "once they approve"). ``bulk_dump`` finds
the unit; outbound.sent_out pairs it with the send (SE-03 and EX-01, high).
"""

from __future__ import annotations

import re

from skillpm.scan.docunits import clause_start, unit_at

# the stores that hold secrets, with whether listing them needs a word for the values to be a dump
STORES = (
    # every Kubernetes kind (which includes Secrets), or the Secrets and ConfigMaps themselves
    ("every resource kind", True,
     r"\bapi-resources\b|\b(?:every|all|each)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:kinds?|resource\s+(?:kinds?|types?)|"
     r"resources?|objects?)\b(?=[^.\n|]{0,80}?\b(?:namespaces?|cluster|kube-system|kubectl|-A\b|yaml)\b)"),
    ("Secrets and ConfigMaps", True,
     r"\b(?:every|all|each)\s+(?:the\s+)?(?:(?:kubernetes|k8s|cluster|namespace)\s+)?(?:ConfigMaps?\s+(?:and|&)\s+)?"
     r"Secrets?\b(?:\s+(?:and|&)\s+ConfigMaps?)?|"
     r"\bkubectl\s+get\s+(?:[\w-]+,)*secrets?(?:,[\w-]+)*\b[^\n|]{0,40}?(?:\s-A\b|--all-namespaces\b)|"
     r"\betcdctl\s+snapshot\s+save\b|\betcd\s+(?:snapshot|backup)\b"),
    ("a cloud account's parameters or secrets", True,
     r"\b(?:every|all|each|entire|whole)\s+(?:the\s+)?(?:[\w'-]+\s+){0,3}?(?:parameters?|secrets?|keys?|entries|credentials?)\s+(?:in|from|of|under)\s+"
     r"(?:the\s+)?(?:[\w'-]+\s+){0,3}?(?:Parameter\s+Store|SSM|Secrets?\s+Manager|Key\s*Vault|Secret\s+Manager|vault)\b|"
     r"\b(?:Parameter\s+Store|Secrets?\s+Manager|Key\s*Vault|Secret\s+Manager)\b[^.\n|]{0,40}?\b(?:every|all|entire|"
     r"whole)\b|\bget-parameters-by-path\b[^\n|]{0,80}?--recursive\b|\bvault\s+kv\s+get\b[^\n|]{0,40}?\b(?:every|each|all)\b"),
    ("a platform's config vars", True,
     r"\bheroku\s+config\b|\bvercel\s+env\s+pull\b|\bnetlify\s+env:list\b|\b(?:every|all|each)\s+(?:the\s+|of\s+the\s+)?"
     r"(?:[\w'-]+\s+){0,2}?(?:config(?:uration)?\s+vars|env(?:ironment)?\s+vars|environment\s+variables|secrets?)\s+(?:of|for|from|"
     r"in|across)\s+(?:the\s+|each\s+|every\s+|all\s+)?(?:[\w'-]+\s+){0,2}?(?:apps?|projects?|services?|sites?|workspaces?|"
     r"teams?|accounts?|subscriptions?|environments?|repos?|repositories|organi[sz]ations?|orgs?)\b"),
    ("a password vault or keychain", False,
     r"\b(?:export|dump|download|copy|back\s+up)(?:s|ed|ing)?\s+(?:the\s+)?(?:entire\s+|whole\s+|full\s+|complete\s+)?"
     r"(?:team\s+|shared\s+|company\s+|user's\s+|their\s+|your\s+)?(?:(?:password|secrets?|credential)\s+)?"
     r"(?:vaults?|keychains?|password\s+manager|1Password|Bitwarden|LastPass|KeePass(?:XC)?|Dashlane)\b|"
     r"\b(?:bw|op|lpass)\s+export\b|\bsecurity\s+dump-keychain\b|"
     r"\b(?:every|all|each)\s+(?:the\s+)?(?:items?|entries|logins?|passwords?)\s+(?:in|from)\s+(?:the\s+)?"
     r"(?:[\w'-]+\s+){0,2}?(?:vault|password\s+manager|keychain)\b"),
    ("a browser profile", False,
     r"\b(?:whole|entire|full|complete)\s+(?:[\w'-]+\s+){0,2}?(?:Chrome|Chromium|Firefox|Edge|Brave|Safari|browser)\s+"
     r"profile\b|\b(?:Chrome|Chromium|Firefox|Edge|Brave|browser)\s+profile\s+(?:directory|folder)\b"
     r"(?=[^.\n|]{0,120}?\b(?:logins?|cookies|passwords?|sessions?)\b)|"
     r"(?<![\w-])(?:Login\s+Data|logins\.json|key4\.db|cookies\.sqlite)\b|\b(?:every|all)\s+(?:the\s+)?(?:browser's\s+)?"
     r"saved\s+(?:passwords|logins)\b"),
)
# a word that takes a whole store, or a store that is whole by itself (a line without one is not read further)
BULK_RE = re.compile(r"\b(?:every|all|each|entire|whole|full|complete|export\w*|dump\w*|api-resources|etcd\w*|"
                     r"recursive|kubectl|heroku|vercel|netlify|Login\s+Data|logins\.json|key4\.db|cookies\.sqlite)\b", re.IGNORECASE)
STORE_RES = [(name, values, re.compile(rx, re.IGNORECASE)) for name, values, rx in STORES]
# the lines worth reading: one of the stores' marks (plain substring finds on the lowercase)
STORE_LITS = ("api-resources", "config vars", "env vars", "environment variables", "heroku", "vercel env", "netlify env", "etcd", "saved passwords", "saved logins", "kind", "resource", "object", "secret", "configmap", "parameter", "vault", "keychain",
              "password manager", "1password", "bitwarden", "lastpass", "keepass", "dashlane", "bw export", "op export",
              "profile", "login data", "logins.json", "key4.db", "cookies.sqlite")
# the values taken, not only the names
VALUES_RE = re.compile(r"\bvalues?\b|(?<![\w/-])data\b(?![\w/-])|\bdecrypt\w*|--with-decryption\b|\bdecod\w*|base64\s+-d\b|\bunredacted\b|"
                       r"\bunmasked\b|\b(?:latest\s+)?versions?\b|\baccess\b|get-secret-value\b|\bsecret\s+show\b|\bplain\s?text\b|\bverbatim\b|\bas[- ]is\b|\bin\s+full\b|\bcomplete\b|\bfull\b|"
                       r"\bcontents?\b|-o\s+(?:yaml|json)\b|--reveal\b", re.IGNORECASE)
# a verb that takes the store (a description of who "can read all Secrets" takes nothing)
TAKE_RE = re.compile(r"(?<!can )(?<!could )(?<!may )(?<!might )(?<!will )(?<!would )\b(?:save|saves|saving|dump|dumps|dumping|"
                     r"export|exports|exporting|collect|collects|collecting|gather|gathers|gathering|copy|copies|copying|"
                     r"pull|pulls|fetch|fetches|get|gets|include|includes|including|bundle|bundles|zip|zips|tar|archive|"
                     r"pack|packs|back\s+up|download|downloads|attach|attaches|capture|captures|grab|grabs|concatenate|"
                     r"keep|keeps|list|lists|read|reads|put|puts|add|adds|write|writes)\b", re.IGNORECASE)
# the honest forms: secrets kept out, names only
KEPT_OUT_RE = re.compile(r"\bredact\w*|\bmask(?:ed|ing)?\b|\bnames?\s+only\b|\bonly\s+(?:the\s+)?(?:names|keys|metadata)\b|"
                         r"\bmetadata\s+only\b|\b(?:except|excluding|exclude|skip|omit\w*|not|never|without)\s+(?:the\s+)?"
                         r"(?:their\s+)?(?:Secrets?|values?|data|decryption)\b|\bno\s+(?:secret\s+)?values\b|--no-values\b|"
                         r"\bstrip\w*\s+(?:the\s+)?(?:data|values|secrets)\b|\b\*{3,}", re.IGNORECASE)
NEG_RE = re.compile(r"\b(?:never|not|no|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|avoid\w*|"
                    r"instead of|rather than|unless)\b", re.IGNORECASE)
TALK_RE = re.compile(r"\b(?:attackers?|malicious|adversar\w*|inject(?:ion|ions|ed)|red flags?|warning signs?|suspicious|"
                     r"exploit\w*|phishing|compromised?|threats?|stealers?|infostealers?|exfiltrat\w*|indicators?|"
                     r"detect\w*|flag(?:s|ged)?|warning|caution|danger)\b", re.IGNORECASE)
# the send held for the user's review
REVIEWED_RE = re.compile(r"\b(?:after|once|when)\s+(?:the\s+user|they|you|the\s+owner)\s+(?:has\s+|have\s+)?(?:reviewed|"
                         r"reviews|approved|approves|confirmed|confirms|checked|checks)\b|\b(?:ask|let)\s+the\s+user\s+"
                         r"(?:to\s+)?(?:review|approve|confirm)\b|\bwith\s+the\s+user's\s+(?:approval|consent|ok)\b",
                         re.IGNORECASE)
SENT_END_RE = re.compile(r"[.!?;](?=\s)|\n(?![ \t]+\S)|\|")
# a third party named in words (a paste site, a relay, a webhook, a vendor's support case, a shared drive, a public
# link), or an outside address after a verb outbound.py's sends do not hold ("paste all of it into the form at https://…")
SINK_RE = re.compile(
    r"\b(?:upload|post|send|share|attach|submit|paste|put|publish|drop|push|sync|forward|deliver)(?:s|ed|ing)?\b"
    r"(?:[^.\n|]|\.(?=\w)){0,80}?"
    r"\b(?:paste\s*(?:bin|site|service|relay)|pastebin(?:\.com)?|hastebin|(?:public\s+)?gists?|transfer\.sh|file\.io|"
    r"0x0\.st|webhooks?|relay|vendor's\s+(?:support\s+)?(?:portal|case|ticket|team)|support\s+(?:portal|case)|"
    r"shared\s+(?:drive|folder|link)|public\s+(?:link|url|bucket)|Google\s+Drive|Dropbox|WeTransfer|"
    r"https?://(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|(?:[\w-]+\.)*example\.)[\w-]+\.[\w-])", re.IGNORECASE)
SINK_LITS = ("paste", "hastebin", "gist", "transfer.sh", "file.io", "0x0.st", "webhook", "relay", "vendor's", "support portal",
             "support case", "shared drive", "shared folder", "shared link", "public link", "public url", "public bucket",
             "google drive", "dropbox", "wetransfer", "://")


def bulk_dump(text: str, low: str, fenced) -> tuple[int, str, str] | None:
    """The first unit of ``text`` that dumps a secret-bearing store in bulk: (line, the words, the store's name).
    ``low``: the text's lowercase; ``fenced()``: its lines of fenced code (a sample of a command is not a step)."""
    cands = set()
    for w in STORE_LITS:  # (only the lines that hold one of the stores' marks are read)
        at = low.find(w)
        while at >= 0 and len(cands) < 400:
            cands.add(low.rfind("\n", 0, at) + 1)
            at = low.find(w, at + len(w))
    done: set[int] = set()
    for ls in sorted(cands):
        le = text.find("\n", ls)
        if not BULK_RE.search(text, ls, le if le >= 0 else len(text)):
            continue  # (no word that takes a whole store on the line: the common case)
        start, end, ctx_start = unit_at(text, ls)
        if start in done:
            continue
        done.add(start)
        if len(done) > 120:
            break  # (bounded: a document of hundreds of such lines is not read to its end)
        start, end = max(start, ls - 1500), min(end, ls + 1500)  # (a step is not longer)
        unit = text[start:end]
        for name, values, rx in STORE_RES:
            m = rx.search(unit)
            if m is None:
                continue
            at = start + m.start()
            if not TAKE_RE.search(unit):
                continue  # (nothing takes it: a description)
            if values and not VALUES_RE.search(unit):
                continue  # the names of the kinds or the Secrets: a listing
            if KEPT_OUT_RE.search(unit) and not re.search(r"\b(?:unmasked|unredacted)\b", unit, re.IGNORECASE):
                break  # the secrets redacted, excluded, or names only
            if NEG_RE.search(text, clause_start(SENT_END_RE, text, start, at), at) or TALK_RE.search(text, ctx_start, end):
                break
            line = text.count("\n", 0, at) + 1
            if line in fenced():
                break
            return line, " ".join(m.group(0).split())[:60], name
    return None


def sinks(text: str, low: str) -> list[int]:
    """Offsets of the sends to a third party named in words (not negated in their clause)."""
    out = []
    for lit in SINK_LITS:
        at, n = low.find(lit), 0
        while at >= 0 and len(out) < 20 and n < 40:  # (bounded: a long line of addresses is read a window at a time)
            ls = max(low.rfind("\n", 0, at) + 1, at - 160)
            m = SINK_RE.search(text, ls, min(len(text), at + 40))
            n += 1
            if m is not None:
                s = clause_start(SENT_END_RE, text, ls, m.start())
                if not NEG_RE.search(text, s, m.start()) and not TALK_RE.search(text, ls, m.end()):
                    out.append(m.start())
            at = low.find(lit, at + len(lit))
    return sorted(set(out))


def held_for_review(text: str, at: int) -> bool:
    """Whether the send at offset ``at`` is held for the user's review (in its unit)."""
    start, end, ctx_start = unit_at(text, at)
    return REVIEWED_RE.search(text, ctx_start, end) is not None
