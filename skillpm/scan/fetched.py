"""Code a program downloads and runs is a supply-chain harm, whichever check saw it run.

DX-04 (executes untrusted input) is what the patterns and the Python, JavaScript, PHP and Ruby flows
report when text reaches ``eval``/``exec``/``new Function``; when that text is what the program has just
downloaded (``https.get(u, r => … new Function('require', body))``), it runs whatever the server returns,
the harm SC-01 names and the shell and PowerShell flows report. ``fetched_code`` adds SC-01, at DX-04's
severity, beside each such DX-04 finding that has no SC-01 near it (the flows add theirs in the engine).
"""

from __future__ import annotations

import re

# a network read in a program: the first half of DX-04's download patterns
DOWNLOAD_RE = re.compile(r"\burlopen\(|\b(?:requests|httpx|session|client)\.get\(|\bhttps?\.get\(|\bfetch\(|Net::HTTP\.get"
                         r"|\bLWP::|DownloadString\(|\bInvoke-(?:WebRequest|RestMethod)\b|\bfile_get_contents\(\s*['\"]https?://"
                         r"|\bURI\.open\(|\baxios\.get\(|\bgot\(|\bhttp\.Get\(|LookupTXT\(|resolveTxt\(|\.resolve\([^\n)]{0,80}['\"]TXT['\"]")
REACH = 12  # lines before the finding where the download may be (DX-04's patterns span ~700 characters)


def fetched_code(sc, files: dict[str, bytes], found: list) -> list:
    out = []
    for f in found:
        if f.rule != "DX-04" or not f.grades or f.file not in files or f.note and "data flow" in f.note:
            continue  # (what a flow follows is left as the flow reports it)
        if any(x.rule == "SC-01" and x.file == f.file and abs(x.line - f.line) <= REACH for x in (*found, *out)):
            continue
        lines = files[f.file].decode("utf-8", errors="replace").split("\n")
        window = "\n".join(lines[max(0, f.line - 1 - REACH):f.line + 1])
        if DOWNLOAD_RE.search(window) is None:
            continue
        note = "the text it runs is downloaded just before: it runs whatever the server returns"
        out.append(sc._finding("SC-01", f.severity, f.file, f.line, f.text, note=note))
    return out
