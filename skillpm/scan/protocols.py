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
NETWORK_RE = re.compile(r"\b(?:curl|wget|nc|ncat|socat|telnet|scp|sftp|rsync|ssh|sendmail|mail|mailx|requests|urllib\d?|"
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
