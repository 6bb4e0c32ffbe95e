"""Data flow in PowerShell: a download run later, and credentials sent out later.

The patterns catch ``iex (iwr …)`` and ``$s = (iwr …).Content; iex $s`` on one line. Here values
are followed through ``$name = …`` assignments in source order, statement by statement (a
statement ends at a newline or ``;``; a backtick at the end of a line continues it):

- downloaded: ``Invoke-WebRequest``/``iwr``/``Invoke-RestMethod``/``irm``/``curl``/``wget``
  (aliases), ``Net.WebClient`` ``DownloadString``/``DownloadData``, ``HttpClient``
  ``GetStringAsync``; with ``-OutFile F`` or ``DownloadFile(u, F)`` the file F is downloaded;
- secret: ``Get-Content``/``gc``/``cat``/``[IO.File]::ReadAll*`` of a credential path, the whole
  environment (``Get-ChildItem env:``, ``[Environment]::GetEnvironmentVariables()``), and
  ``Compress-Archive`` of a credential folder into a file.

A downloaded value reaching ``Invoke-Expression``/``iex``, ``[scriptblock]::Create``,
``Add-Type``, ``powershell -Command``/``-EncodedCommand``, or a downloaded file run (``& F``,
``. F``, ``Start-Process F``, ``powershell -File F``) is SC-01; a secret reaching
``Invoke-WebRequest``/``Invoke-RestMethod`` with a body, ``UploadString``/``UploadFile``/
``UploadData``, or ``Resolve-DnsName`` is EX-02.

Limits: no control flow, and functions are read where they are written.
"""

from __future__ import annotations

import re

from skillpm.scan.flow import Flow
from skillpm.scan.patternargs import blank_pattern_literals

DOWNLOAD = re.compile(r"\b(?:Invoke-WebRequest|iwr|Invoke-RestMethod|irm|curl|wget|Start-BitsTransfer)\b|\.Download(?:String|Data|File)(?:Async)?\s*\("
                      r"|\.GetString(?:Async)?\s*\(|\.GetByteArrayAsync\s*\(|\.OpenRead\s*\(", re.IGNORECASE)
OUTFILE = re.compile(r"-OutFile\s+(['\"]?)([^'\"\s;|)]+)\1|\.DownloadFile(?:Async)?\s*\([^,]{1,300},\s*(['\"]?)([^'\")]+)\3\s*\)"
                     r"|Start-BitsTransfer\b[^\n;]{0,300}?-Destination\s+(['\"]?)([^'\"\s;|)]+)\5", re.IGNORECASE)
CREDENTIAL = re.compile(r"\.ssh\b|id_rsa|id_ed25519|\.aws\b|credentials|\.netrc|\.git-credentials|\.npmrc|\.kube\b"
                        r"|\.docker[\\/]config|(?:^|[\\/])\.env\b|Login Data|Cookies|ConsoleHost_history|\.azure\b"
                        r"|\.config[\\/]gh\b|\.config[\\/]gcloud|wallet", re.IGNORECASE)
READ = re.compile(r"\b(?:Get-Content|gc|cat|type)\b|\[(?:System\.)?IO\.File\]::ReadAll\w*|\bCompress-Archive\b", re.IGNORECASE)
ENV_DUMP = re.compile(r"\b(?:Get-ChildItem|gci|ls|dir)\s+env:(?![\w])|\[(?:System\.)?Environment\]::GetEnvironmentVariables\(\)"
                      r"|\$env:\*", re.IGNORECASE)
RUN = re.compile(r"\b(?:Invoke-Expression|iex)\b|\[scriptblock\]::Create|\bAdd-Type\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n;]{0,80}?-(?:c|Command|e|EncodedCommand)\b"
                 r"|\.Invoke(?:Script)?\s*\(|\bInvoke-Command\b[^\n;]{0,80}?-ScriptBlock", re.IGNORECASE)
RUN_FILE = re.compile(r"(?:^|[;|{(]\s*)(?:&|\.)\s+(['\"]?)(?P<f>[^'\"\s;|)]+)\1|\bStart-Process\s+(?:-FilePath\s+)?(['\"]?)(?P<g>[^'\"\s;|)]+)\3"
                      r"|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n;]{0,80}?-File\s+(['\"]?)(?P<h>[^'\"\s;|)]+)\5"
                      r"|\b(?:cmd(?:\.exe)?\s+/c|Invoke-Item|ii)\s+(['\"]?)(?P<i>[^'\"\s;|)]+)\7", re.IGNORECASE)
SEND = re.compile(r"\b(?:Invoke-WebRequest|iwr|Invoke-RestMethod|irm)\b[^\n;]{0,400}?-(?:Body|InFile|Form)\b"
                  r"|\.Upload(?:String|File|Data|Values)(?:Async)?\s*\(|\.PostAsync\s*\(|\bResolve-DnsName\b|\bSend-MailMessage\b"
                  r"|\bnslookup\b", re.IGNORECASE)
ASSIGN = re.compile(r"^\s*(?:\[[\w.\[\]]+\]\s*)?\$(?:script:|global:|local:)?(\w+)\s*[+]?=(?!=)\s*(.*)$", re.S | re.IGNORECASE)
VAR = re.compile(r"\$(?:script:|global:|local:)?(\w+)", re.IGNORECASE)
WORDS = ("iwr", "irm", "invoke-webrequest", "invoke-restmethod", "download", "webclient", "httpclient", "curl", "wget", "bitstransfer")


def flows(source: str) -> list[Flow]:
    low = source.lower()
    if not any(w in low for w in WORDS) and CREDENTIAL.search(source) is None and "env:" not in low:
        return []
    vars_: dict[str, tuple[str, int]] = {}
    files: dict[str, tuple[str, int]] = {}
    plain: dict[str, str] = {}
    out: list[Flow] = []
    commands: dict[int, str] = {}  # source line -> its statement, variables expanded (for the rule's lowering)

    def path(p: str) -> str:
        p = VAR.sub(lambda m: plain.get(m.group(1).lower(), m.group(0)), p)
        return p.replace("\\", "/").replace('"', "").replace("'", "").lower()

    def taint(text: str, line: int, want: str | None = None) -> tuple[str, int] | None:
        """What a piece of a statement carries: downloaded or secret (``want``: only that kind)."""
        if want != "secret" and DOWNLOAD.search(text) and not OUTFILE.search(text):
            commands.setdefault(line, path(text))
            return ("downloaded", line)
        if want != "downloaded" and (ENV_DUMP.search(text) or READ.search(text) and CREDENTIAL.search(text)):
            return ("secret", line)
        for name in VAR.findall(text):
            t = vars_.get(name.lower())
            if t and want in (None, t[0]):
                return t
        low = path(text)
        for f, t in files.items():
            if f in low and want in (None, t[0]):
                return t
        return None

    for line, stmt in _statements(source):
        stmt = blank_pattern_literals(stmt)  # `$c -match 'iex.*DownloadString'`: searched for, not run
        if "+" in stmt or ".(" in stmt or '."' in stmt or ".'" in stmt:
            stmt = _fold(stmt)
        m = OUTFILE.search(stmt)
        if m and DOWNLOAD.search(stmt):
            files[path(m.group(2) or m.group(4) or m.group(6))] = ("downloaded", line)
            commands.setdefault(line, path(stmt))
        dest = re.search(r"\bCompress-Archive\b[^\n;]{0,400}?-DestinationPath\s+(['\"]?)([^'\"\s;|)]+)\1", stmt, re.IGNORECASE)
        if dest and CREDENTIAL.search(stmt):
            files[path(dest.group(2))] = ("secret", line)
        run = RUN.search(stmt)
        if run:
            t = taint(stmt[run.end():], line, "downloaded") or taint(stmt[:run.start()], line, "downloaded") \
                if "|" in stmt[:run.start()] else taint(stmt[run.end():], line, "downloaded")  # `$code | iex` too
            if t:
                out.append(Flow("SC-01", line, t[1], "downloaded", run.group(0).strip()))
                continue
        r = RUN_FILE.search(stmt)
        if r:
            target = path(r.group("f") or r.group("g") or r.group("h") or r.group("i"))
            if target in files and files[target][0] == "downloaded":
                out.append(Flow("SC-01", line, files[target][1], "downloaded", "run " + target.rsplit("/", 1)[-1]))
                continue
        send = SEND.search(stmt)
        if send:
            t = taint(stmt, line, "secret")
            if t:
                out.append(Flow("EX-02", line, t[1], "secret", send.group(0).split("(")[0].split()[0]))
                continue
        a = ASSIGN.match(stmt)
        if a:
            name, value = a.group(1).lower(), a.group(2)
            t = taint(value, line)
            if t:
                vars_[name] = t
            else:
                vars_.pop(name, None)
            if re.fullmatch(r"""\s*(['"])[^'"$]*\1\s*|\s*\S+\s*""", value) or "Join-Path" in value:
                plain[name] = path(re.sub(r"Join-Path\s+", "", value).replace(" ", "/") if "Join-Path" in value else value.strip())
    for f in out:
        f.source_text = commands.get(f.source_line, "")
    return out


CONCAT = re.compile(r"""(["'])([^"'$`\n]{0,200})\1\s{0,20}\+\s{0,20}(["'])([^"'$`\n]{0,200})\3""")
MEMBER = re.compile(r"""\.\(?\s{0,20}(["'])(\w{1,60})\1\s{0,20}\)?(?:\.Invoke)?\s{0,20}\(""", re.IGNORECASE)


def _fold(stmt: str) -> str:
    """Undo the usual hiding of a method's name: literal strings joined with ``+``
    (``"Download" + "String"``) and a member called by a quoted name (``$wc.("DownloadString")($u)``,
    ``$wc.'DownloadString'($u)``, ``$wc.("DownloadString").Invoke($u)``) read as the plain call
    ``$wc.DownloadString($u)``."""
    for _ in range(8):  # each pass joins every other pair: a long chain takes log2(n) passes
        folded = CONCAT.sub(lambda m: '"' + m.group(2) + m.group(4) + '"', stmt)
        if folded == stmt:
            break
        stmt = folded
    return MEMBER.sub(lambda m: "." + m.group(2) + "(", stmt)


def _statements(source: str):
    """(line, text) of each statement: comments dropped, backtick continuations joined, split at ``;``."""
    start, buf = 1, []
    in_block = False
    for n, raw in enumerate(source.split("\n"), 1):
        if in_block:
            if "#>" in raw:
                in_block = False
            continue
        if raw.lstrip().startswith("<#"):
            in_block = "#>" not in raw
            continue
        if not buf:
            start = n
        text = re.sub(r"(?:^|\s)#.*$", "", raw) if "#" in raw else raw
        if text.rstrip().endswith("`"):
            buf.append(text.rstrip()[:-1])
            continue
        buf.append(text)
        joined = " ".join(buf)[:16384]
        buf = []
        for part in joined.split(";") if ";" in joined and '"' not in joined and "'" not in joined else [joined]:
            if part.strip():
                yield start, part.strip()
