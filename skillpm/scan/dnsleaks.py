"""Data leaving as the labels of names a script looks up (DNS exfiltration), read by construct.

A lookup of ``<chunk>.<n>.<id>.zone`` sends ``chunk`` to whoever serves ``zone``, past any HTTP proxy or
egress allow-list. The engine's two-halves check reads the plain form (a name looked up, data spelled as hex
or base32 in the same file). This reader takes the forms it misses, in a skill's scripts:

- the resolver is named only at run time: a shell function or a variable that runs a command assembled from
  an array or pieces (``_r=(n s l o o k u p)``, ``"$(IFS=; echo "${_r[*]}")"``: the shell's literal
  variables expanded by ``assembled.shell_assembled``), or a resolver the plain pattern does not list
  (``dns.resolver.resolve``, ``Resolv.getaddress``, ``InetAddress.getByName``, ``Dns.GetHostAddresses``,
  Node's ``lookup`` destructured from ``dns``);
- the data is spelled as base64 (labels stripped of ``=+/``), not hex or base32.

What makes it a leak, not a service name (``"${bucket}.s3.amazonaws.com"``, ``f"{svc}.{ns}.svc.cluster.local"``):
a resolver in the file, and a name whose first label is a value put in at run time followed by more labels
(``"${label}.${i}.${zone}"``, ``f"{enc[i:i+50]}.{n}.{ZONE}"``, ```${p}.${i}.reg.example.com```) where that value
is data made to fit a label: a name assigned from an encoding (hex, base32, base64) or a slice of one, a loop's
variable over such pieces (``parts.forEach((p, i) => …)``, ``… | fold -w 40 | while read -r seg``), followed
through assignments (``_tainted``), or a variable named as a secret (``$GITHUB_TOKEN.zone``). Reported as
EX-02 (high) on the line that builds the name.

Not read: a name built in one file and looked up in another; data carried in a lookup's record type or in the
timing of lookups.
"""

from __future__ import annotations

import re

from skillpm.scan import assembled, flow

SCRIPT_MAX = 256 * 1024
LANGS = ("python", "ruby", "javascript", "php", "powershell", "shell")
# a cheap gate: some word a resolver needs
GATE_WORDS = ("lookup", "resolv", "Resolv", "getaddrinfo", "gethostbyname", "dig ", "host ", "getent", "drill",
              "DnsName", "GetHost", "getByName", "getAllByName", "IFS=", "[@]", "[*]", "dns")
RESOLVER_RE = re.compile(
    r"\bnslookup\b|\bdig[\"']?\s+(?:[+@-][\w.=@-]*\s+)*[\"'$]|(?<![-\w.])host\s+(?:-\w+\s+){0,3}[\"']?\$|\bgetent\s+(?:ahosts|hosts)\b"
    r"|\bdrill\s+[\"'$]|Resolve-DnsName\b|\bdns\.(?:promises\.)?(?:resolve\w*|lookup)\("
    r"|\bsocket\.(?:gethostbyname(?:_ex)?|getaddrinfo)\(|\bnet\.Lookup\w+\(|\bResolv(?:::DNS\b|\.getaddress(?:es)?\()"
    r"|\bdns\.resolver\.(?:resolve|query)\(|\bResolver\(\)\.(?:resolve|query)\(|\bInetAddress\.getBy(?:All)?Name\("
    r"|\bDns\.GetHost(?:Addresses|Entry)(?:Async)?\(|\bgethostbyname\(|\bgetaddrinfo\("
    r"|\{\s*(?:lookup|resolve\w*)\b[^}\n]{0,60}\}\s*=\s*require\(\s*['\"](?:node:)?dns(?:/promises)?['\"]"
    r"|\bimport\s*\{[^}\n]{0,60}\b(?:lookup|resolve\w*)\b[^}\n]{0,60}\}\s*from\s*['\"](?:node:)?dns(?:/promises)?['\"]"
    r"|\brequire\(\s*['\"](?:node:)?dns['\"]\s*\)\s*\.(?:lookup|resolve\w*)\(")
# data made to fit a label: hex, base32, base64 (stripped of what a label cannot hold), or cut in pieces
ENCODE_RE = re.compile(
    r"\bxxd\s+-p|\bod\s+(?:-\w+\s+){0,3}-(?:An\s+-)?t\s*x1\b|\bhexdump\b|\bbase(?:32|64)\b(?!\s+(?:-d|--decode|-D)\b)"
    r"|\bb(?:32|64|16)encode\(|\burlsafe_b64encode\(|\bhexlify\(|\.hex\(\)|toString\(\s*['\"](?:hex|base64|base64url)['\"]"
    r"|\bToBase64String\(|\bToHexString\(|\bbin2hex\(|\bbase64_encode\(|\bunpack1?\(\s*['\"]H\*|\bBase64\.(?:strict_|urlsafe_)?encode64"
    r"|\bhex\.EncodeToString\(|\bbase32\.\w+\.EncodeToString\(|\bbtoa\(|\bfold\s+-w\s*\d|\.match\(\s*/\.\{1,\d+\}/g\)"
    r"|\$\{\w+:\d+:\d+\}|\[\s*\w+\s*:\s*\w+\s*\+\s*\d+\s*\]|\.Substring\(\s*\w+\s*,|\.slice\(\s*\w+\s*,\s*\w+\s*\+\s*\d+\s*\)")
# A name whose first label is a run-time value, followed by at least one more label: the quoted text of a
# shell/PowerShell string, an f-string, a template literal, a Ruby interpolation
_INTERP = (r"(?:\$\{[^}\n]{1,80}\}|\$\((?:[^()\n]|\([^()\n]{0,60}\)){1,80}\)|\$[A-Za-z_]\w{0,40}|\{[^{}\n]{1,80}\}"
           r"|#\{[^}\n]{1,80}\})")
_LABEL = r"(?:" + _INTERP + r"|[A-Za-z0-9][\w-]{0,62})"
# (a file's name is no host: "${f}.tar.gz", f"{stem}.bak.json")
_FILE_EXT = r"(?:gz|bz2|xz|zst|zip|tar|tgz|json|ya?ml|toml|ini|cfg|conf|txt|log|bak|tmp|py|js|ts|rb|sh|md|csv|pem|key|crt|lock|old|orig|swp|out|err|pid|html?|png|jpe?g|svg|pdf|db|sqlite|sql)"
FIRST_RE = re.compile(_INTERP)
# the same name glued with + (or PHP's .): `p + '.' + i + '.zone.example'`, `$c . '.' . $zone`
CONCAT_HOST_RE = re.compile(r"""(?<![\w$.'"])(\$?[A-Za-z_][\w$]{0,40}(?:\[[^\]\n]{1,40}\]|\.(?:slice|substring|substr|Substring)\([^()\n]{0,40}\))?)"""
                            r"""\s*(?:\+|\.)\s*(["'])\.[\w.-]{0,200}\2""")
HOST_RE = re.compile(r"""(["'`])""" + _INTERP + r"""\.(?:""" + _LABEL + r"""\.){1,6}(?:""" + _INTERP
                     + r"""|(?!""" + _FILE_EXT + r"""\1)[A-Za-z][\w-]{1,62})\1""")


ASSIGN_RE = re.compile(r"^[ \t]*(?:(?:local|const|let|var|my|export|declare)\s+)?[$@]?([A-Za-z_]\w{0,40})\s*(?:\+|\|\|)?=(?!=)\s*(.+)$")
# loops whose variable takes each piece: (variable, what is iterated) on one line
LOOP_RES = (re.compile(r"\bfor\s*\(?\s*(?:(?:const|let|var)\s+)?\$?([A-Za-z_]\w{0,40})(?:\s*,\s*\w+)?\s+(?:in|of)\s+(.+)$"),
            re.compile(r"(.+?)\.(?:forEach|map|each(?:_slice\(\s*\d+\s*\)|_with_index)?)\s*(?:\(\s*\(?|do\s*\||\{\s*\|)\s*([A-Za-z_]\w{0,40})"),
            re.compile(r"(.+)\|\s*while\s+(?:IFS=\S*\s+)?read\s+(?:-\w+\s+)*([A-Za-z_]\w{0,40})"),
            re.compile(r"\bforeach\s*\(\s*\$([A-Za-z_]\w{0,40})\s+in\s+(.+)$", re.I))
WORD_RE = re.compile(r"[A-Za-z_]\w{0,40}")
SECRET_NAME_RE = re.compile(r"(?i)token|secret|passw|api_?key|credential|private_?key")


def _tainted(text: str) -> set[str]:
    """The names that hold data made to fit a label: assigned from an encoding or slice, or from a name that
    does; a loop's variable over such a value (three passes: a chain of assignments, in any order)."""
    lines = text.replace("\\\n", " ").split("\n")
    out: set[str] = set()
    for _ in range(3):
        n = len(out)
        for line in lines:
            if len(line) > 400:
                continue
            words = None
            for part in (line, *line.split(";")) if ";" in line and "for" not in line else (line,):
                a = ASSIGN_RE.match(part)
                if a and a.group(1) not in out:
                    rhs = a.group(2)
                    if ENCODE_RE.search(rhs) or not out.isdisjoint(WORD_RE.findall(rhs)):
                        out.add(a.group(1))
            for i, rx in enumerate(LOOP_RES):
                m = rx.search(line)
                if m:
                    var, over = (m.group(1), m.group(2)) if i in (0, 3) else (m.group(2), m.group(1))
                    words = WORD_RE.findall(over)
                    if ENCODE_RE.search(over) or not out.isdisjoint(words):
                        out.add(var)
        if len(out) == n:
            break
    return out


def _leaks(first: str, tainted: set[str]) -> bool:
    """Whether the first label's interpolation carries label-sized data or a secret."""
    words = set(WORD_RE.findall(first))
    return not words.isdisjoint(tainted) or any(SECRET_NAME_RE.search(w) for w in words)


def _resolves(lang: str, text: str) -> bool:
    if RESOLVER_RE.search(text):
        return True
    if lang == "shell" and ("IFS=" in text or "[@]" in text or "[*]" in text or "+=" in text):
        copy = assembled.shell_assembled(text)  # a resolver named by the shell's literal variables
        return copy is not None and RESOLVER_RE.search("\n".join(copy)) is not None
    return False


def dns_leaks(sc, files: dict[str, bytes], found: list) -> list:
    from skillpm.scan.engine import _window

    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or path.lower().endswith((".md", ".markdown", ".txt", ".json", ".yaml", ".yml")):
            continue
        lang = flow.language_of_file(path, data)
        if lang not in LANGS:
            continue
        text = data.decode("utf-8", errors="replace")
        if not any(w in text for w in GATE_WORDS) or "." not in text:
            continue
        if any(f.file == path and f.rule == "EX-02" and f.grades for f in found):
            continue
        hosts = [(h, FIRST_RE.match(h.group(0), 1).group(0)) for h in HOST_RE.finditer(text)]
        if "'." in text or '".' in text:  # (a quoted label glued on: the scan is slow, and most files have none)
            hosts += [(h, h.group(1)) for h in CONCAT_HOST_RE.finditer(text)]
        if not hosts or not _resolves(lang, text):
            continue
        tainted = _tainted(text) if ENCODE_RE.search(text) else set()
        m = next((h for h, first in hosts if _leaks(first, tainted)), None)
        if m is None:
            continue
        line = text.count("\n", 0, m.start()) + 1
        f = sc._finding("EX-02", "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                        note="looks names up here whose first label is a value made at run time, in a file that "
                             "encodes or cuts data into label-sized pieces: the data leaves as DNS queries")
        out.append(f)
    return out
