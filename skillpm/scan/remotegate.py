"""An action whose go/no-go is a remote server's verdict on what the script sent it.

A script that posts something (a plan, a diff, a manifest) to a server and then applies, deploys, merges,
pushes or publishes when a value of the reply says so has handed the decision to whoever runs that server:
the user never sees the change before it lands, and the server can approve anything (EA-01 high, on the
action's line). Whatever the reply is called and however it is parsed (``jq -r .risk``, ``.json()``,
``const { decision } = await r.json()``), the construct is the same: a value that came back from a POST
is tested, and the branch it guards changes live state.

What stays clean: a reply printed or logged; a status or health check read by GET (``curl -s
https://status…``) that only decides whether to print or wait; an action that no reply decides.
"""

from __future__ import annotations

import re

SCRIPT_MAX = 256 * 1024
EXTS = (".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".ps1")
# a network call that sends a body
POSTED_RE = re.compile(r"\bcurl\b[^\n]*?(?:\s-[A-Za-z]*[dF]\b|\s--data|\s--form|\s-X\s*(?:POST|PUT)\b|\s-T\b)|\bwget\b[^\n]*?--post-"
                       r"|\b(?:requests|httpx|session|client|s|http|axios)\.(?:post|put)\s*\(|\burlopen\([^\n]*\bdata="
                       r"|\bfetch\s*\([^\n]*?\bmethod\s*:\s*['\"](?:POST|PUT)['\"]|Invoke-(?:RestMethod|WebRequest)\b[^\n]*-Method\s+['\"]?(?:Post|Put)"
                       r"|Net::HTTP\.post|\bhttps?\.request\(", re.I)
# a name assigned on a line: `x=…`, `x = …`, `const x = …`, `const { a, b } = …`, `$x = …`
ASSIGN_RE = re.compile(r"^\s*(?:local\s+|export\s+|const\s+|let\s+|var\s+|my\s+)?(?:\$?([A-Za-z_]\w*)|\{\s*([\w\s,:=]+?)\s*\})\s*=(?!=)\s*(.+)$")
# a test on a line: the names it reads decide what follows
COND_RE = re.compile(r"^\s*(?:if|elif|elsif|while|unless|when)\b|^\s*\}?\s*else\s+if\b|\)\s*\?|&&|\|\||^\s*\(\(|^\s*\[\[?\s")
# an action that changes live state
ACTION_RE = re.compile(
    r"""\b(?:terraform|tofu|terragrunt)['"]?[\s,]+(?:['"]?-[\w=-]+['"]?[\s,]+)?['"]?(?:apply|destroy)\b"""
    r"""|\bkubectl['"]?[\s,]+(?:['"]?-[\w=-]+['"]?[\s,]+)?['"]?(?:apply|delete|replace|rollout|scale|set)\b"""
    r"""|\bhelm['"]?[\s,]+['"]?(?:upgrade|install|uninstall)\b|\bgh['"]?[\s,]+['"]?pr['"]?[\s,]+['"]?merge\b"""
    r"""|\bgit['"]?[\s,]+(?:['"]?-[\w=-]+['"]?[\s,]+)?['"]?push\b|\b(?:npm|pnpm|yarn|twine|cargo|gem)['"]?[\s,]+['"]?(?:publish|upload|push)\b"""
    r"""|\bpulumi['"]?[\s,]+['"]?(?:up|destroy)\b|\bdocker['"]?[\s,]+['"]?push\b|\b(?:flyctl|fly|vercel|netlify|serverless|sls)\b[^\n]{0,30}\bdeploy\b"""
    r"""|\baws['"]?[\s,]+['"]?\w+['"]?[\s,]+['"]?(?:deploy|update-service|update-function-code)\b""")
WORD_RE = re.compile(r"[A-Za-z_]\w*")
REACH = 8  # lines of a branch read after its test


# substrings a line needs before its pattern is tried (bytes: a whole file's gate; str: a line's)
POST_BYTES = (b"curl", b"wget", b".post", b".put", b"POST", b"Post", b"urlopen", b".request(")
ACTION_BYTES = (b"apply", b"destroy", b"merge", b"push", b"publish", b"upload", b"upgrade", b"install", b"deploy",
                b"rollout", b"scale", b"replace", b"delete", b"pulumi", b"kubectl")
POST_HINT_RE = re.compile("|".join(re.escape(w.decode()) for w in POST_BYTES))
ACTION_HINT_RE = re.compile("|".join(re.escape(w.decode()) for w in ACTION_BYTES))


def _any_line(text: str, hint: re.Pattern, rx: re.Pattern) -> bool:
    """Whether a line holding one of the hint's words matches ``rx`` (each such line tried once)."""
    done = -1
    for m in hint.finditer(text):
        if m.start() <= done:
            continue
        a = text.rfind("\n", 0, m.start()) + 1
        b = text.find("\n", m.end())
        b = len(text) if b < 0 else b
        if rx.search(text, a, b):
            return True
        done = b
    return False


def _names(m: re.Match) -> set[str]:
    if m.group(1):
        return {m.group(1)}
    return {w for w in WORD_RE.findall(m.group(2) or "")}


def _replied(lines: list[str]) -> set[str]:
    """The names that hold a value from the reply to a POST, and the names built from them."""
    tainted: set[str] = set()
    assigns = [(i, m) for i, l in enumerate(lines) if (m := ASSIGN_RE.match(l))]
    for i, m in assigns:
        rhs = m.group(3)
        if POSTED_RE.search(rhs) or i + 1 < len(lines) and rhs.rstrip().endswith(("\\", "(", ",")) \
                and POSTED_RE.search(lines[i] + " " + lines[i + 1]):
            tainted |= _names(m)
    if not tainted:
        return tainted
    for _ in range(3):  # names built from the reply: `score=$(jq -r .risk <<<"$resp")`, `v = r.json()`
        grew = False
        for _i, m in assigns:
            names = _names(m)
            if names <= tainted:
                continue
            if any(w in tainted for w in WORD_RE.findall(m.group(3))):
                tainted |= names
                grew = True
        if not grew:
            break
    return tainted


def remote_verdicts(sc, files: dict[str, bytes], found: list) -> list:
    out: list = []
    for path, data in sorted(files.items()):
        if path.lower().endswith(".md") or len(data) > SCRIPT_MAX or not path.lower().endswith(EXTS) and not data.startswith(b"#!"):
            continue
        if not any(w in data for w in POST_BYTES) or not any(w in data for w in ACTION_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if not _any_line(text, POST_HINT_RE, POSTED_RE) or not _any_line(text, ACTION_HINT_RE, ACTION_RE):
            continue
        lines = text.split("\n")
        tainted = _replied(lines)
        if not tainted:
            continue
        for i, l in enumerate(lines):
            if not COND_RE.search(l) or ASSIGN_RE.match(l) and not l.lstrip().startswith(("if", "elif")):
                continue
            if not any(w in tainted for w in WORD_RE.findall(l)):
                continue
            indent = len(l) - len(l.lstrip())
            for j in range(i, min(len(lines), i + REACH)):
                if j > i and lines[j].strip() and len(lines[j]) - len(lines[j].lstrip()) <= indent \
                        and not lines[j].strip().startswith(("then", "{", "}")) and "fi" != lines[j].strip()[:2]:
                    break  # the branch has ended
                if ACTION_RE.search(lines[j]) and not lines[j].lstrip().startswith("#"):
                    line = j + 1
                    if not any(f.file == path and f.line == line and f.category == "excessive-agency" and f.grades
                               for f in (*found, *out)):
                        note = "whether this runs is decided by a value from a remote server's reply to what the script sent"
                        out.append(sc._finding("EA-01", "high", path, line, lines[j].strip()[:300], note=note))
                    break
    return out
