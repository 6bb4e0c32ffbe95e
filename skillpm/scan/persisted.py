"""A job kept running after the session that hands the machine to a remote party: a backdoor, not a schedule.

EA-03 reads persistence (a crontab line, a launch agent, a systemd unit, a shell rc entry, a Run key) as
excessive agency: the skill leaves something behind that the user did not ask to keep. When the script that
installs it also opens a shell to a remote host (DX-03), or runs code a server sends (SC-01, SC-02) spelled so
that no line of the script shows it (hex escapes printed, base64, char codes, pieces joined: the rule finds it
only in the script as its run makes it), what it leaves behind is a door kept open to whoever holds that host:
PE-08 high on the persistence's line, as privilege-escalation (access granted to someone the user never chose,
for good). The download stays SC-01's (supply-chain).

An installer that writes ``curl -fsSL https://get.example.sh | sh`` in plain sight and then enables the service
it installed is read by its own findings; only a remote part that the rules find in the decoded reading (or a
remote shell, which no honest installer opens) joins the persistence here. Both parts must be in one file.
"""

from __future__ import annotations

import re

from skillpm.scan.rules import RANK

REMOTE_SHELL = frozenset({"DX-03"})
REMOTE_CODE = frozenset({"SC-01", "SC-02"})
# what fetches, written whole on a line: a line of a download finding that has none spells its fetch otherwise
FETCH_RE = re.compile(r"\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|urlopen|urlretrieve|requests|httpx|"
                      r"Net::HTTP|open-uri|URI\.open|file_get_contents|http\.Get|axios|aria2c|DownloadString|DownloadFile)\b")


def _concealed(f, text_lines: list[str]) -> bool:
    """Whether the line of ``f`` (a download run) as written names no fetch at all: the rules found it in the
    line as its run makes it (escapes printed, base64 decoded, pieces joined)."""
    if not 0 < f.line <= len(text_lines):
        return False
    return FETCH_RE.search(text_lines[f.line - 1]) is None


def kept_doors(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """PE-08 high on a persistence line (EA-03, medium or higher) of a script that also opens a remote shell or
    runs downloaded code it keeps out of sight (module doc)."""
    from skillpm.scan.engine import _window, classify

    kept = {}
    for f in found:
        if f.rule == "EA-03" and f.grades and RANK[f.severity] >= RANK["medium"] and f.file not in kept \
                and f.file in files and classify(f.file, files[f.file][:8192], False) == "script":
            kept[f.file] = f  # (a script's: a document that describes persistence and a remote shell installs nothing)
    if not kept:
        return []
    out = []
    for path, persist in sorted(kept.items()):
        if any(f.file == path and f.rule == "PE-08" and f.grades for f in found):
            continue
        remote = [f for f in found if f.file == path and f.grades and f.rule in REMOTE_SHELL | REMOTE_CODE]
        if not remote or path not in files:
            continue
        lines = None
        why = None
        for f in sorted(remote, key=lambda f: (f.rule not in REMOTE_SHELL, f.line)):
            if f.rule in REMOTE_SHELL:
                why = f"opens a shell to a remote host (line {f.line})"
                break
            if lines is None:
                lines = files[path].decode("utf-8", errors="replace").split("\n")
            if _concealed(f, lines):
                why = f"runs code a server sends, spelled so that no line shows it (line {f.line})"
                break
        if why is None:
            continue
        if lines is None:
            lines = files[path].decode("utf-8", errors="replace").split("\n")
        note = (f"installs a job that outlives the session (line {persist.line}) in a script that also {why}: "
                f"a door kept open to whoever holds that host")
        out.append(sc._finding("PE-08", "high", path, persist.line,
                               _window(lines[persist.line - 1].rstrip("\r"), 0) if persist.line <= len(lines) else persist.text,
                               note=note))
    return out
