"""Credentials a script gathers, packed and carried out in a request's headers, cookie or query string.

A request's body is not the only thing it sends: a custom header (``x-diag-context``), a cookie, the
user agent and the query string reach the server as surely. The data-flow readers follow a secret into a
body; this pass reads the construct that carries it elsewhere, whatever the script's variables are called:

- the script gathers credentials: through a helper protocol (``gh auth token``, ``git credential fill``,
  ``docker-credential-*``, ``security find-generic-password``, ``gcloud auth print-access-token``, ``az
  account get-access-token``), by reading a credential file (``.npmrc``, ``.docker/config.json``, gh's
  ``hosts.yml``, ``.git-credentials``, ``.netrc``, ``.pypirc``, ``.aws/credentials``), or by taking the
  whole environment;
- and a request of the same script carries, in a header other than ``Authorization`` (a token presented
  to the service that issued it is how it is used), a cookie, the user agent or a query parameter, an
  encoded blob (base64 or hex of a value, made there or held in a name made so) or what was gathered
  (a name assigned the gathered value, or one assigned from such a name).

EX-02 high on the request's line, naming the gathering line. What stays clean: a token sent as a bearer
to its own API; a header of plain values (a version, the OS); an encoded header in a script that gathers
no credential.
"""

from __future__ import annotations

import posixpath
import re

CODE_EXT = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".php", ".sh", ".bash", ".zsh", ".ps1", ".psm1", ".pl")
CODE_MAX = 256 * 1024
_SEP = r"""['"\s,\[\]]+"""
GATHER_RE = re.compile(
    r"\bgh" + _SEP + r"auth" + _SEP + r"token\b"
    r"|\bgit" + _SEP + r"credential" + _SEP + r"fill\b"
    r"|\bdocker-credential-[\w-]+"
    r"|\bsecurity" + _SEP + r"find-(?:generic|internet)-password\b"
    r"|\bgcloud" + _SEP + r"auth" + _SEP + r"print-(?:access|identity)-token\b"
    r"|\baz" + _SEP + r"account" + _SEP + r"get-access-token\b"
    r"|['\"/\\](?:\.npmrc|\.git-credentials|\.netrc|\.pypirc|\.pgpass)['\"]"
    r"|\.docker['\"]?\s*[,/\\]\s*['\"]?config\.json|['\"]gh['\"]\s*,\s*['\"]hosts\.yml|gh/hosts\.yml"
    r"|\.aws['\"]?\s*[,/\\]\s*['\"]?credentials\b"
    r"|JSON\.stringify\(\s*process\.env\s*\)|\bdict\(\s*os\.environ\s*\)|\bgetenv\(\s*\)|Get-ChildItem\s+env:|\bENV\.to_h\b")
# an encoding of a value: base64 or hex, in the languages the skill's scripts are written in
ENCODE_RE = re.compile(
    r"""toString\(\s*['"](?:base64(?:url)?|hex)['"]\s*\)|\bbtoa\(|b(?:64|32)encode\(|\burlsafe_b64encode\(|ToBase64String\("""
    r"""|\bbase64_encode\(|\bbin2hex\(|Base64\.(?:strict_|urlsafe_)?encode64|\bbase64\s+-w\s*0|\|\s*base64\b|\.hex\(\)""")
ASSIGN_RE = re.compile(r"""^[ \t]*(?:(?:const|let|var|local|my)[ \t]+)?\$?([A-Za-z_]\w{0,40})[ \t]*(?::[^=\n]{1,40})?=(?!=)""")
# a request: its call, and the parts of it that are not its body
REQUEST_RE = re.compile(
    r"\bfetch\(|\baxios\b|\brequests\.\w+\(|\bhttpx\.\w+\(|\burlopen\(|\bRequest\(|\bhttps?\.(?:get|request)\("
    r"|Invoke-(?:RestMethod|WebRequest)\b|\b(?:irm|iwr)\b|\bcurl\b|\bwget\b|\bNet::HTTP\b|\bwp_remote_\w+\(|\bgot\(",
    re.IGNORECASE)
CARRIER_RE = re.compile(
    r"""['"]?(?:x-[\w-]{1,60}|cookie|user-agent)['"]?\]?\s*(?::|=>|=|,)\s*(?P<v>[^,}\n]{1,200})"""
    r"""|(?:-H|--header)\s+['"](?:x-[\w-]{1,60}|cookie|user-agent)\s*:\s*(?P<h>[^'"\n]{1,200})"""
    r"""|(?:-A|--user-agent|-b|--cookie)\s+(?P<a>"[^"\n]{1,200}"|'[^'\n]{1,200}'|\S{1,200})"""
    r"""|\?[\w-]{1,40}=(?P<q>[^\s'"`&]{0,200}|\$\{[^}\n]{1,80}\})|\bparams\s*=\s*\{(?P<p>[^}\n]{1,200})"""
    r"""|\bURLSearchParams\(\s*\{(?P<s>[^}\n]{1,200})|\?\$\{(?P<t>[^}\n]{1,80})\}""",
    re.IGNORECASE)
WORDS_BYTES = (b"base64", b"btoa", b"b64encode", b"hex", b"Base64", b"bin2hex", b"auth", b"credential", b"npmrc",
               b"netrc", b"pypirc", b"docker", b"hosts.yml", b"aws", b"env")
CARRIER_BYTES = (b"x-", b"X-", b"ookie", b"gent", b"-A ", b"?", b"params", b"auth", b"credential", b"find-")
WINDOW = 6  # lines a request's call may span
SPAN_MAX = 1200  # the longest request call read for what it carries
HELPER_RE = re.compile(
    r"\bgh" + _SEP + r"auth" + _SEP + r"token\b|\bgit" + _SEP + r"credential" + _SEP + r"fill\b|\bdocker-credential-[\w-]+"
    r"|\bsecurity" + _SEP + r"find-(?:generic|internet)-password\b|\bgcloud" + _SEP + r"auth" + _SEP
    + r"print-(?:access|identity)-token\b|\baz" + _SEP + r"account" + _SEP + r"get-access-token\b")
# the credential presented to the service it is for: how a token is used, not a leak
AUTH_RE = re.compile(r"authorization|bearer|\btoken\s|-u\s|--user\b|\bauth\s*[=:]|password\s*[=:]|\btoken\s*[=:]|login",
                     re.IGNORECASE)
ISSUER_RE = re.compile(r"(?:api\.)?github\.com|githubusercontent\.com|ghcr\.io|docker\.(?:io|com)|npmjs\.(?:org|com)"
                       r"|pypi\.org|amazonaws\.com|googleapis\.com|azure\.com|gitlab\.com|bitbucket\.org", re.IGNORECASE)


# each way of gathering credentials, tried only where a literal it needs occurs in the file (one regex of
# many alternatives, searched over every script, cost more than all the rest of this pass)
GATHER_PARTS = [(anchors, re.compile(rx)) for anchors, rx in (
    ((b"token",), r"\bgh" + _SEP + r"auth" + _SEP + r"token\b|\bgcloud" + _SEP + r"auth" + _SEP
     + r"print-(?:access|identity)-token\b|\baz" + _SEP + r"account" + _SEP + r"get-access-token\b"),
    ((b"fill",), r"\bgit" + _SEP + r"credential" + _SEP + r"fill\b"),
    ((b"docker-credential-",), r"\bdocker-credential-[\w-]+"),
    ((b"-password",), r"\bsecurity" + _SEP + r"find-(?:generic|internet)-password\b"),
    ((b".npmrc", b".git-credentials", b".netrc", b".pypirc", b".pgpass"),
     r"['\"/\\](?:\.npmrc|\.git-credentials|\.netrc|\.pypirc|\.pgpass)['\"]"),
    ((b".docker", b"hosts.yml", b".aws"), r"\.docker['\"]?\s*[,/\\]\s*['\"]?config\.json|['\"]gh['\"]\s*,\s*['\"]hosts\.yml"
     r"|gh/hosts\.yml|\.aws['\"]?\s*[,/\\]\s*['\"]?credentials\b"),
    ((b"process.env", b"os.environ", b"getenv(", b"env:", b"ENV.to_h"),
     r"JSON\.stringify\(\s*process\.env\s*\)|\bdict\(\s*os\.environ\s*\)|\bgetenv\(\s*\)|Get-ChildItem\s+env:|\bENV\.to_h\b"))]
GATHER_BYTES = tuple(a for anchors, _ in GATHER_PARTS for a in anchors)
ANCHOR_HITS = 200


def _gathering(text: str, data: bytes):
    """The first way the script gathers credentials (a match), or None: each way's pattern is tried in a
    window around each place its literal occurs (at most ANCHOR_HITS places per literal)."""
    best = None
    for anchors, rx in GATHER_PARTS:
        for a in anchors:
            if a not in data:
                continue
            word, at, n = a.decode(), 0, 0
            while n < ANCHOR_HITS and (at := text.find(word, at)) >= 0:
                m = rx.search(text, max(0, at - 60), at + 80)
                if m is not None:
                    if best is None or m.start() < best.start():
                        best = m
                    break
                at, n = at + 1, n + 1
    return best


def _lines_of(text: str) -> list[str]:
    return text.split("\n")


def header_leaks(sc, files: dict[str, bytes], found: list) -> list:
    out = []
    for path, data in files.items():
        if not path.lower().endswith(CODE_EXT) or len(data) > CODE_MAX:
            continue
        if not any(map(data.__contains__, GATHER_BYTES)) or not any(map(data.__contains__, WORDS_BYTES)) \
                or not any(map(data.__contains__, CARRIER_BYTES)):
            continue
        text = data.decode("utf-8", errors="replace")
        g = _gathering(text, data)
        if g is None:
            continue
        if any(f.file == path and f.rule == "EX-02" and f.grades for f in (*found, *out)):
            continue
        lines = _lines_of(text)
        encoded = _carried_names(lines)
        hit = _carrier_line(lines, encoded) or _body_line(text, lines, _gathered_names(lines))
        if hit is None:
            continue
        from skillpm.scan.engine import _window

        gline = text.count("\n", 0, g.start()) + 1
        note = (f"a request carries gathered or encoded data ({hit[1][:80]}), "
                f"and the script gathers credentials at line {gline} ({g.group(0)[:60]})")
        out.append(sc._finding("EX-02", "high", path, hit[0] + 1, _window(lines[hit[0]].rstrip("\r"), 0), note=note))
    return out


def _assigned_from(lines: list[str], seeded, ref: str) -> set[str]:
    """The names a line ``seeded`` accepts assigns to, and the names assigned from those (a few rounds); ``ref``
    is how a name is written where it is used (``\\$?`` or ``\\$?\\{?``)."""
    names, assigns = set(), []
    for line in lines:
        m = ASSIGN_RE.match(line)
        if m is None:
            continue
        if seeded(line):
            names.add(m.group(1))
        else:
            assigns.append((m.group(1), line[m.end():]))
    for _ in range(3):
        if not names or not assigns:
            break
        rx = re.compile(r"(?<![\w.])" + ref + r"(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
        new = {n for n, rhs in assigns if n not in names and rx.search(rhs)}
        if not new:
            break
        names |= new
    return names


def _carried_names(lines: list[str]) -> set[str]:
    """The names a script assigns an encoding to (``h = b64(json(ctx))``) or gathered credentials to
    (``tok = os.popen('gh auth token').read()``), and the names assigned from those (a few rounds)."""
    return _assigned_from(lines, lambda line: bool(ENCODE_RE.search(line) or GATHER_RE.search(line)), r"\$?")


def _gathered_names(lines: list[str]) -> set[str]:
    """The names assigned what a credential helper prints (``t = `gh auth token```, ``out = run(['git',
    'credential', 'fill'], …).stdout``), and the names assigned from those (a few rounds)."""
    return _assigned_from(lines, lambda line: bool(HELPER_RE.search(line)), r"\$?\{?")


def _body_line(text: str, lines: list[str], gathered: set[str]):
    """(index, call text) of a request whose call (to its closing parenthesis, or a shell command to its
    line's end) carries a name holding what a credential helper printed, other than as the credential
    presented to its own service (an Authorization header, a bearer, ``-u``, ``auth=``, an issuer's host)."""
    if not gathered:
        return None
    names = re.compile(r"(?<![\w.])\$?\{?(?:" + "|".join(map(re.escape, sorted(gathered))) + r")\b")
    for m in REQUEST_RE.finditer(text):
        span = _call_span(text, m.start())
        if ISSUER_RE.search(span):
            continue
        for n in names.finditer(span):
            if AUTH_RE.search(span[max(0, n.start() - 40):n.start()]):
                continue
            return text.count("\n", 0, m.start()), span[:120].split("\n", 1)[0]
    return None


def _call_span(text: str, at: int) -> str:
    """The text of the call starting at ``at``: to its balanced closing parenthesis (or line end with the
    lines a backslash continues), at most SPAN_MAX characters."""
    end = min(len(text), at + SPAN_MAX)
    depth, k = 0, at
    while k < end:
        c = text[k]
        if c == "(" or c == "{" or c == "[":
            depth += 1
        elif c == ")" or c == "}" or c == "]":
            depth -= 1
            if depth <= 0 and c == ")":
                return text[at:k + 1]
        elif c == "\n" and depth <= 0 and text[k - 1] != "\\":
            return text[at:k]
        k += 1
    return text[at:end]


def _carrier_line(lines: list[str], encoded: set[str]):
    """(index, carrier text) of a request line whose header, cookie, agent or query holds an encoding or an
    encoded name; None."""
    names = re.compile(r"(?<![\w.])\$?(?:" + "|".join(map(re.escape, sorted(encoded))) + r")\b") if encoded else None
    for i, line in enumerate(lines):
        if not REQUEST_RE.search(line):
            continue
        for k in range(i, min(len(lines), i + WINDOW)):
            if k > i and REQUEST_RE.search(lines[k]):
                break
            for m in CARRIER_RE.finditer(lines[k]):
                v = next(x for x in m.groups() if x is not None) if any(m.groups()) else ""
                if v and (ENCODE_RE.search(v) or GATHER_RE.search(v) or names is not None and names.search(v)) \
                        and "authorization" not in lines[k][max(0, m.start() - 30):m.start()].lower():
                    return k, m.group(0)
    return None
