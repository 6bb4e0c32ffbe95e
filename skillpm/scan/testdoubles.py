"""A service's address in a test's code that is not a request to it: served by a local imitation, or
requested in a block that asserts the request is refused.

Two constructs, both in scripts:

- **Served on loopback** (``served_route``). A mock of a service (the cloud metadata service, say) holds
  the real service's paths as the *routes it answers*: a dict or object key (``"/latest/meta-data/…":
  handler``), a route registration (``@app.get("/computeMetadata/v1/…")``, ``mux.HandleFunc("/…", h)``), a
  comparison with the request's path (``if self.path == "/…"``, ``case "/…":``). The path is read as served
  only when the script binds its server on loopback (``HTTPServer(("127.0.0.1", port), …)``,
  ``.listen(port, "localhost")``, ``app.run(host="127.0.0.1")``), binds nothing wider (``0.0.0.0``, ``::``,
  an empty host), the line requests nothing (no ``urlopen``, ``fetch``, ``curl`` …), and the script names
  none of the real service's addresses at all (the rule's ``served`` regex): a "mock" that forwards to the real
  service has to name it somewhere, and is read as before.
- **Asserted refused** (``refusal_header``). ``with pytest.raises(BlockedURL):`` over ``fetch(url)``: the
  statement is the code under test being shown to refuse; the block's header is read with the statement,
  as the lines above a statement are not otherwise read in code.

- **Asked of a loopback endpoint** (``kept_beyond_loopback``). A document that points the SDKs' metadata endpoint
  setting at loopback (``export AWS_EC2_METADATA_SERVICE_ENDPOINT=http://127.0.0.1:1338``, ``GCE_METADATA_HOST=
  localhost:8080``) and then lists the service's paths bare (``| `/latest/meta-data/iam/security-credentials/mock-role`
  | fake keys |``) lists what the local imitation answers: a rule's description lowering is not kept for a bare
  path there. A path with any host or variable before it (``$BASE/latest/…``, ``http://169.254.169.254/…``), a
  line that names a real address, or a document that also points the setting anywhere but loopback, keeps it.

A server bound on a name (``(args.host, port)``, ``listen(PORT, HOST)``) is read through the name's definitions in
the script (``bound_by_name_on_loopback``): loopback when every one holds a loopback literal (a constant, an option's
default, an environment lookup's fallback). What this does not read: a name defined in another file; a
route built at run time (``routes[prefix + name]``) is not a route here; a refusal asserted in JavaScript over
several lines (``expect(() => …⏎).toThrow(…)``) is read by the line alone.
"""

from __future__ import annotations

import re

# The script binds a server on loopback: Python's http.server / socketserver, Flask, uvicorn, aiohttp,
# Node's listen, Go's ListenAndServe, Ruby's WEBrick and Sinatra, `python -m http.server --bind`.
LOOPBACK = r"""(?:127\.0\.0\.1|localhost|::1|\[::1\])"""
LOOPBACK_BIND_RE = re.compile(
    r"""\b(?:(?:Threading)?(?:HTTP|TCP|UDP)Server|HTTPServer|TCPServer|make_server|create_server|start_server)\(\s*\(?\s*["']""" + LOOPBACK + r"""["']"""
    r"""|\b(?:host|hostname|bind|BindAddress)\s*[=:]\s*["']""" + LOOPBACK + r"""["']"""
    r"""|\.listen\(\s*[\w.]{1,40}\s*(?:\|\|\s*\d+\s*)?,\s*["'`]""" + LOOPBACK + r"""["'`]"""
    r"""|\bListenAndServe(?:TLS)?\(\s*"(?:127\.0\.0\.1|localhost|\[::1\]):"""
    r"""|\bnet\.Listen\(\s*"tcp\d?"\s*,\s*"(?:127\.0\.0\.1|localhost|\[::1\]):"""
    r"""|--bind[= ]""" + LOOPBACK + r"""\b|\bset\s+:bind\s*,\s*["']""" + LOOPBACK + r"""["']""",
    re.IGNORECASE)
# … or wider: every interface, or a host left empty (Python's ("", port) is every interface too)
WIDE_BIND_RE = re.compile(
    r"""["'`](?:0\.0\.0\.0|::|\[::\])(?::\d+)?["'`]|\b(?:(?:Threading)?(?:HTTP|TCP)Server|make_server)\(\s*\(\s*["']{2}"""
    r"""|\bListenAndServe(?:TLS)?\(\s*":\d|--bind[= ](?:0\.0\.0\.0|::)\b""", re.IGNORECASE)
# The line requests something itself
REQUEST_RE = re.compile(
    r"""\b(?:urlopen|urlretrieve|requests\.\w+|httpx\.\w+|session\.\w+|fetch|axios(?:\.\w+)?|https?\.(?:get|request)"""
    r"""|http\.(?:Get|Post|NewRequest)|Net::HTTP|URI\.open|open-uri|curl|wget|Invoke-(?:WebRequest|RestMethod)"""
    r"""|HttpClient|WebClient|getaddrinfo|create_connection|connect)\b\s*[(\s]""", re.IGNORECASE)
# A path string is a route: a key of a dict or object, registered with a router, compared with the request's path
_Q = r"""(?:[frb]{0,2}["'`])"""
ROUTE_BEFORE_RE = re.compile(
    r"""(?:^\s*|[{,]\s*)""" + _Q + r"""$"""  # a key (its `:` checked after the string)
    r"""|\.(?:route|get|put|post|head|add_url_rule|add_get|add_put|add_route|api_route|HandleFunc|Handle|handle|match)\(\s*""" + _Q + r"""$"""
    r"""|\b(?:case|when)\s+""" + _Q + r"""$"""
    r"""|\b(?:self\.path|path|url|pathname|req\.url|req\.path|request\.path|r\.URL\.Path|parsed\.path|route)\s*"""
    r"""(?:===?|\.startswith\(|\.startsWith\(|\.match\()\s*""" + _Q + r"""$""", re.IGNORECASE)
KEY_AFTER_RE = re.compile(r"""\s*(?::(?!:)|=>)""")
COMPARED_AFTER_RE = re.compile(
    r"""\s*(?:===?|in)\s*(?:self\.path|path|url|pathname|req\.url|req\.path|request\.path|r\.URL\.Path|parsed\.path)\b""")


def _string_at(line: str, col: int) -> tuple[int, int] | None:
    """(opening quote, closing quote) of the one-line string literal around ``col``, or None."""
    for q in ("\"", "'", "`"):
        o = line.rfind(q, 0, col + 1)
        if o < 0 or line.count(q, 0, o) % 2:
            continue
        c = line.find(q, max(col, o + 1))
        if c > o:
            return o, c
    return None


def served_route(view: str, line: str, col: int, end: int, real: re.Pattern) -> bool:
    """Whether the match ``line[col:end]`` is a path the script's loopback-only server answers: a route of a
    local imitation of the service, not a request to it (see the module's docstring). ``view``: the whole
    script; ``real``: the service's real addresses, which the script must not name anywhere."""
    if "127.0.0.1" not in view and "localhost" not in view and "::1" not in view:
        return False  # cheap gate: no loopback anywhere
    span = _string_at(line, col)
    if span is None or span[1] < end or line[span[0] + 1:span[0] + 2] != "/":
        return False  # a route is a path string of its own, the match inside it: "/latest/meta-data/…"
    if REQUEST_RE.search(line):
        return False
    before = line[:span[0] + 1]
    after = line[span[1] + 1:]
    if not (ROUTE_BEFORE_RE.search(before) and (not re.search(r"""(?:^\s*|[{,]\s*)""" + _Q + "$", before)
                                                  or KEY_AFTER_RE.match(after))
            or COMPARED_AFTER_RE.match(after)):
        return False
    if real.search(view) or WIDE_BIND_RE.search(view):
        return False
    return LOOPBACK_BIND_RE.search(view) is not None or bound_by_name_on_loopback(view)


# A server bound on a name rather than a literal: the tuple or argument that names the host
_NAME = r"""\*?([A-Za-z_][\w.]{0,60})"""
BIND_NAME_RE = re.compile(
    r"""\b(?:(?:Threading)?(?:HTTP|TCP|UDP)Server|HTTPServer|TCPServer|make_server|create_server|start_server)\(\s*\(?\s*""" + _NAME + r"""\s*,"""
    r"""|[(,]\s*(?:host|hostname|bind)\s*=\s*""" + _NAME + r"""\s*[,)]"""
    r"""|\.listen\(\s*[\w.]{1,40}\s*(?:\|\|\s*\d+\s*)?,\s*""" + _NAME + r"""\s*[,)]"""
    r"""|\b(?:ListenAndServe(?:TLS)?\(|net\.Listen\(\s*"tcp\d?"\s*,)\s*""" + _NAME + r"""\s*,"""
    r"""|\bset\s+:bind\s*,\s*""" + _NAME + r"""\s*$""", re.IGNORECASE | re.MULTILINE)
LOOPBACK_LITERAL_RE = re.compile(r"""["'`]""" + LOOPBACK + r"""(?::\d{1,5})?["'`]""", re.IGNORECASE)


def _definitions(view: str, name: str) -> list[str]:
    """What the script gives ``name`` (the last part of a bound name: ``args.host`` → ``host``): the right-hand side
    of each assignment to it (``HOST = …``, ``const HOST = …``, ``addr := …``), and each command-line option or flag
    of that name with its default (``add_argument("--host", default=…)``, ``flag.String("addr", …)``)."""
    n = re.escape(name)
    out = [m.group(1) for m in re.finditer(r"""(?<![\w.])(?:self\.)?""" + n + r"""\s*(?::=|=(?!=))\s*([^\n]{0,160})""", view)
           if not view[:m.start()].rstrip(" \t").endswith(("(", ","))]  # not a keyword argument: run(host=host)
    out += [m.group(0) for m in re.finditer(
        r"""\b(?:add_argument|option|flag\.String|flag\.StringVar|String)\(\s*(?:&\w+\s*,\s*)?["'](?:--?)?"""
        + n + r"""["'][^\n]{0,200}""", view, re.IGNORECASE)]
    return out


def bound_by_name_on_loopback(view: str) -> bool:
    """Whether every server the script binds on a name (``ThreadingHTTPServer((args.host, port), H)``,
    ``server.listen(PORT, HOST)``, ``http.ListenAndServe(*addr, nil)``) is given loopback by every definition of
    that name in the script: a constant, a command-line option's default, an environment lookup's fallback, each
    holding a loopback literal (``HOST = "127.0.0.1"``, ``add_argument("--host", default="127.0.0.1")``,
    ``os.environ.get("HOST", "localhost")``). A name with any definition that holds none (``host = sys.argv[1]``),
    or with no definition at all, is not known to be loopback."""
    names = {next(g for g in m.groups() if g).rsplit(".", 1)[-1] for m in BIND_NAME_RE.finditer(view)}
    if not names:
        return False
    for name in names:
        defs = _definitions(view, name)
        if not defs or not all(LOOPBACK_LITERAL_RE.search(d) for d in defs):
            return False
    return True


# The header of a block that asserts what runs in it raises: pytest, unittest
RAISES_HEADER_RE = re.compile(r"""^\s*(?:async\s+)?with\s+(?:pytest\.raises|self\.assertRaises(?:Regex)?)\s*\(""")


def refusal_header(lines, line: int, indent_of) -> str | None:
    """The header line of the ``pytest.raises`` / ``assertRaises`` block that holds ``line``, or None: the nearest
    line above, within a few, indented less than it (``lines(n)``: the text of line ``n``)."""
    own = indent_of(lines(line))
    for n in range(line - 1, max(0, line - 6), -1):
        text = lines(n)
        if not text.strip():
            continue
        if indent_of(text) < own:
            return text if RAISES_HEADER_RE.match(text) else None
    return None


# An SDK setting that points the metadata client at another endpoint (AWS, GCP, Azure, ECS)
_ENDPOINT_VARS = (r"""\b(?:AWS_EC2_METADATA_SERVICE_ENDPOINT|AWS_CONTAINER_CREDENTIALS_FULL_URI|ECS_CONTAINER_METADATA_URI(?:_V4)?"""
                  r"""|GCE_METADATA_HOST|GCE_METADATA_IP|GCE_METADATA_ROOT|IDENTITY_ENDPOINT|MSI_ENDPOINT|IMDS_ENDPOINT)\b""")
ENDPOINT_SET_RE = re.compile(_ENDPOINT_VARS + r"""\s*[=:]\s*["'`]?(\S{0,80})""")
LOOPBACK_VALUE_RE = re.compile(r"""(?:https?://)?""" + LOOPBACK + r"""(?![\w.-])""", re.IGNORECASE)
# A path with nothing before it but a quote, a table border, a list marker or a blank: not joined to a host
BARE_BEFORE_RE = re.compile(r"""(?:^|[\s|`'"(])$""")


def kept_beyond_loopback(keep: re.Pattern, text: str, real: re.Pattern | None) -> bool:
    """Whether ``keep`` (a rule's pattern that keeps its description lowering from applying) finds something in
    ``text`` that is not a bare path of a document pointing the metadata endpoint setting at loopback only (see
    the module's docstring). ``real``: the service's real addresses, which the path's line must not name."""
    m = keep.search(text)
    if m is None:
        return False
    sets = [v.group(1) for v in ENDPOINT_SET_RE.finditer(text)] if "METADATA" in text or "_ENDPOINT" in text \
        or "CREDENTIALS_FULL_URI" in text else []
    if not sets or not all(LOOPBACK_VALUE_RE.match(v) for v in sets):
        return True
    while m is not None:
        lo = text.rfind("\n", 0, m.start()) + 1
        hi = text.find("\n", m.end())
        line = text[lo:len(text) if hi < 0 else hi]
        path = text.rfind("/latest/", lo, m.start() + 1)
        path = path if path >= 0 else text.rfind("/computeMetadata/", lo, m.start() + 1)
        path = path if path >= 0 else text.rfind("/metadata/", lo, m.start() + 1)
        if path < 0 or not BARE_BEFORE_RE.search(text[lo:path]) or (real is not None and real.search(line)):
            return True
        m = keep.search(text, m.end())
    return False
