"""Scripts that answer another program's protocol: what they read is what that program asked for.

A git credential helper (git-credential(1)) is a program git runs with ``get``, ``store`` or ``erase``,
feeding it ``protocol=``/``host=``/``username=`` lines on stdin; for ``get`` it prints ``username=`` and
``password=`` lines on stdout, which git reads and nobody else sees. A helper backed by the OS keychain
reads one keychain item for the host git asked about: that read is the protocol's answer, the reason the
helper exists, not a credential store raided. Such a read (PE-01) is lowered one level when the script
speaks the protocol on both sides, sends nothing over the network, and the item it reads is named for
git or built from the request (never a literal naming another program's item, "Chrome Safe Storage").
"""

from __future__ import annotations

import re

from skillpm.scan.result import Finding, lower_one

# The protocol's answer: a password= line written to stdout
ANSWER_RE = re.compile(r"\b(?:printf|echo|print|puts|write|Write-Output|Write-Host|console\.log)\b[^\n]{0,80}?(?:\\n|\b)password=")
# The operations git runs it with: `get)` in a case, `== "get"`, `= "get"`, `when "get"`, and erase or store
GET_RE = re.compile(r"""(?:^|\s)["']?get["']?\)|[=!]=?\s*["']get["']|\bwhen\s+["']get["']|\bcase\s+["']get["']""", re.MULTILINE)
OTHER_OP_RE = re.compile(r"""(?:^|\s|\|)["']?(?:erase|store)["']?\)|[=!]=?\s*["'](?:erase|store)["']|\bwhen\s+["'](?:erase|store)["']"""
                         r"""|\bcase\s+["'](?:erase|store)["']""", re.MULTILINE)
# The request read from stdin: its host= (or protocol=) field
REQUEST_RE = re.compile(r"\bhost=|\[[\"']?host[\"']?\]|\.get\([\"']host[\"']|\bprotocol\b")
# Anything that reaches the network or another machine
NETWORK_RE = re.compile(r"\b(?:curl|wget|nc|ncat|socat|telnet|scp|sftp|rsync|ssh|sendmail|mail|mailx|requests|urllib\d?(?!\.parse\b)|"
                        r"http\.client|httpx|aiohttp|socket|fetch|axios|XMLHttpRequest|Net::HTTP|open-uri|HTTParty|"
                        r"Invoke-WebRequest|Invoke-RestMethod|WebClient|HttpClient|smtplib)\b|/dev/(?:tcp|udp)/")
# One keychain item read for its secret: the macOS `security` lookups, libsecret's lookup
ITEM_READ_RE = re.compile(r"\bsecurity\s+find-(?:generic|internet)-password\b|\bsecret-tool\s+lookup\b")
# The item named by a literal (-s/-l "Name", service "Name"): another program's item unless it says git
LITERAL_ITEM_RE = re.compile(r"""(?:\s-[sl]\s+|\bservice\s+)(["']?)([^\s"'$#{}()`]+[^"'$#{}()`\n]*?)\1(?=\s|$)""")


def _speaks_protocol(text: str) -> bool:
    return bool(ANSWER_RE.search(text) and GET_RE.search(text) and OTHER_OP_RE.search(text)
                and REQUEST_RE.search(text) and not NETWORK_RE.search(text))


def credential_helpers(files: dict[str, bytes], findings: list[Finding]) -> None:
    """Lower, in place, each PE-01 keychain read of a script that is a git credential helper (module doc)."""
    reads = [f for f in findings if f.rule == "PE-01" and f.severity in ("high", "critical") and ITEM_READ_RE.search(f.text)]
    if not reads:
        return
    texts: dict[str, str | None] = {}
    for f in reads:
        if f.file not in texts:
            data = files.get(f.file)
            text = data.decode("utf-8", errors="replace") if data is not None else ""
            texts[f.file] = text if _speaks_protocol(text) else None
        text = texts[f.file]
        lines = text.split("\n") if text is not None else []
        line = lines[f.line - 1] if 0 < f.line <= len(lines) else ""
        at = ITEM_READ_RE.search(line)
        if at is None:
            continue  # not a helper, or the finding is not on the read itself (a note's expanded line)
        call = line[at.end():]
        named = [m.group(2) for m in LITERAL_ITEM_RE.finditer(call)]
        if any("git" not in n.lower() for n in named):
            continue  # a literal item of another program's ("Chrome Safe Storage"), whatever the script around it
        f.severity = lower_one(f.severity)
        f.note = (f.note + "; " if f.note else "") + ("lowered: a git credential helper reading the keychain item "
                                                      "git asked for (get, and password= on stdout), sending nothing")


# The protocol's other side: a script that hands credentials to git's own credential machinery, `git
# credential approve` (store), `reject` (erase) or `fill` (look up), or a helper run with store/get/erase, the
# request's fields on its stdin. Moving tokens from the plain-text ~/.git-credentials into the keychain, or
# asking git for the token of one host, reads a credential store to give it to git, the protocol's purpose.
# The protocol's harm is a credential that leaves it: sent over the network by any script of the skill, or
# shown (a print of the password, token or secret itself). Without either, the read is lowered one level.
CLIENT_RE = re.compile(r"""\bcredential["']?(?:\s*,\s*["']|\s+)(?:approve|reject|fill)\b"""
                       r"""|\bcredential-(?:osxkeychain|libsecret|manager(?:-core)?|wincred|store|cache)["']?(?:\s*,\s*["']|\s+)"""
                       r"""(?:--[\w-]+(?:[= ]\S+)?\s+)*(?:store|get|erase)\b""")
# A store git's protocol keeps credentials in, named on the finding's line
GIT_STORE_RE = re.compile(r"git-credentials|git/credentials|\bosxkeychain\b|\blibsecret\b")
# The secret itself written where someone sees it: a print or log of a password, token or secret value
SHOWN_RE = re.compile(
    r"\b(?:print|printf|echo|puts|console\.log|logging\.\w+|log\.\w+|logger\.\w+|Write-Host|Write-Output|sys\.std(?:out|err)\.write)\b"
    r"""[^\n]*?(?:\[\s*["'](?:password|passwd|token|secret)["']\s*\]|\.(?:password|token|secret)\b"""
    r"""|\$\{?(?:password|passwd|token|tok|secret|pass)\b|\{(?:password|passwd|token|tok|secret|pass)\}"""
    r"""|\(\s*(?:password|passwd|token|tok|secret|pass)\s*[,)])""", re.IGNORECASE)


def credential_clients(files: dict[str, bytes], findings: list[Finding]) -> None:
    """Lower, in place, each PE-01 read of a git credential store (~/.git-credentials, git's keychain items)
    in a script that hands what it reads to git's credential protocol (CLIENT_RE), shows no secret value, in
    a skill none of whose scripts reaches the network."""
    reads = [f for f in findings if f.rule == "PE-01" and f.severity in ("high", "critical") and f.file != "SKILL.md"
             and (GIT_STORE_RE.search(f.text) or ITEM_READ_RE.search(f.text))]
    if not reads:
        return
    texts = {name: data.decode("utf-8", errors="replace") for name, data in files.items()
             if name.rsplit("/", 1)[-1].upper() != "SKILL.MD" and b"\0" not in data[:1024]}
    if any(NETWORK_RE.search(t) for t in texts.values()):
        return
    for f in reads:
        text = texts.get(f.file)
        if text is None or not CLIENT_RE.search(text) or not REQUEST_RE.search(text) or SHOWN_RE.search(text):
            continue
        f.severity = lower_one(f.severity)
        f.note = (f.note + "; " if f.note else "") + ("lowered: a git credential store read to hand it to git's own "
                                                      "credential protocol (credential approve/fill), nothing sent or shown")
