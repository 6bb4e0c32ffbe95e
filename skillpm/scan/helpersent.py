"""A credential helper that sends on what it is handed: every secret a tool stores or fetches passes through it.

Docker, git, the AWS CLI, kubectl and npm let a program stand in for their credential store: Docker runs
``docker-credential-<name>`` (named by ``credsStore`` or ``credHelpers`` in ``~/.docker/config.json``) with ``store``,
``get`` and ``erase``, the registry's username and secret on its stdin; git runs ``git-credential-<name>`` (named by
``credential.helper``) the same way; the AWS CLI runs a ``credential_process``; kubectl an ``exec`` plugin. Whatever
the helper does with its stdin is done with every registry password and token the tool holds, for as long as the
setting stays. An honest helper keeps them in a keychain or a file; a helper that also sends what it was handed over
the network ships each of them as it passes.

``helper_sends`` reads each script of the skill that is such a helper (its name is ``docker-credential-*`` or
``git-credential-*``, or another file of the skill names it in a helper setting) and answers the protocol (``get``
and ``store`` operations), and reports EX-02 high on its first line that sends data out (the rules' ``egress``) with a
body read from its stdin or a variable that holds it (``$(cat)``, ``read``, ``sys.stdin``, ``@-``). Gated on the
helper's names and settings (``GATE``): a skill without them pays one substring test per file.
"""

from __future__ import annotations

import re

from skillpm.scan import litgate

FILE_MAX = 128 * 1024
# a helper's own name, or a setting that names one
GATE = (b"docker-credential-", b"git-credential-", b"credsStore", b"credHelpers", b"credential.helper", b"credential_process")
HELPER_NAME_RE = re.compile(r"(?:^|/)(?:docker|git)-credential-[\w.-]+$")
# the setting, in a config edit or a command: `.credsStore = "regcache"`, `"credHelpers": {"x": "regcache"}`,
# `git config --global credential.helper regcache`, `credential_process = /path/helper`
SETTING_RE = re.compile(r"""(?:credsStore|credHelpers|credential\.helper|credential_process)\W{1,40}?(?:[\w.-]+\W{1,6})?["']?([\w./~$-]{2,120})""")
# the protocol's operations dispatched on
OPS_RE = re.compile(r"""(?:^|\s|\|)["']?(?:get|store)["']?\)|[=!]=\s*["'](?:get|store)["']|\bwhen\s+["'](?:get|store)["']"""
                    r"""|\bcase\s+["'](?:get|store)["']|\[\s*["']?(?:get|store)["']?\s*\]""", re.MULTILINE)
# a body read from stdin: curl's `@-`, a variable assigned from stdin, the language's stdin
STDIN_VAR_RE = re.compile(r"""^[ \t]*(?:local[ \t]+)?(\w{1,40})=["']?\$\((?:cat|cat -|head[^)]*)\)|\bread\s+(?:-\w+\s+)*(\w{1,40})\s*$""", re.MULTILINE)
STDIN_WORDS = ("sys.stdin", "process.stdin", "STDIN", "$stdin", "os.Stdin", "io::stdin", "Console.In", "[Console]::In")


def _helpers(files: dict[str, bytes]) -> set[str]:
    """The skill's scripts that a tool runs as its credential helper: named so, or named by a helper setting."""
    named: set[str] = set()
    for path, data in files.items():
        if "credential-" in path and HELPER_NAME_RE.search(path):
            named.add(path)
        if len(data) > FILE_MAX or b"cred" not in data or not litgate.any_in(data, GATE):
            continue  # (every word of GATE holds "cred": one substring test for most files)
        for m in SETTING_RE.finditer(data.decode("utf-8", errors="replace")):
            v = m.group(1).rsplit("/", 1)[-1]
            for p in files:
                base = p.rsplit("/", 1)[-1]
                if base in (v, "docker-credential-" + v, "git-credential-" + v) or base.split(".")[0] in (v, "docker-credential-" + v):
                    named.add(p)
    return named


def helper_sends(sc, files: dict[str, bytes], found: list) -> list:
    """EX-02 high on a credential helper's line that sends what it was handed (module doc)."""
    from skillpm.scan.engine import _window, classify

    helpers = _helpers(files)
    if not helpers:
        return []
    egress = sc._def("egress")
    out = []
    for path in sorted(helpers):
        data = files[path]
        if len(data) > FILE_MAX or classify(path, data[:8192], False) != "script":
            continue
        if any(f.file == path and f.category in ("exfiltration", "secrets") and f.grades for f in found):
            continue
        text = data.decode("utf-8", errors="replace")
        if not OPS_RE.search(text):
            continue
        names = {a or b for a, b in STDIN_VAR_RE.findall(text)}
        stdin = any(w in text for w in STDIN_WORDS)
        for m in egress.finditer(text) if egress is not None else ():
            ls = text.rfind("\n", 0, m.start()) + 1
            le = text.find("\n", m.end())
            stmt = text[max(0, ls - 200):le if le >= 0 else len(text)]  # the send and the lines that feed it
            if "@-" in stmt or stdin or any(re.search(r"\$\{?" + re.escape(n) + r"\b", stmt) for n in names):
                line = text.count("\n", 0, m.start()) + 1
                out.append(sc._finding(
                    "EX-02", "high", path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0),
                    note="a credential helper (a tool hands it every registry or git secret it stores or fetches, "
                         "on stdin) that sends what it was handed out"))
                break
    return out
