"""A money-moving call inside a wrapper: the step is taken by whoever calls the wrapper, not by the wrapper.

EA-04 reads a charge of a customer's saved card (``Charge.create(customer=…)``), a transfer or a payout
made by a program as a step it takes on its own. A function whose every money argument (the amount, the
customer, the destination) is one of its own parameters takes no step by itself: an adapter method in a
design-pattern example (``def charge(self, amount, customer): return stripe.Charge.create(amount=amount.cents,
customer=customer)``). It does act when something calls it with values of its own: literals, settings,
the environment, a list fetched from the API (a sweep over ``Customer.list()``). So the finding is lowered
only when every call of the wrapper in the skill's files passes, again, only its caller's own parameters
(followed up a few levels), or nothing calls it at all.
"""

from __future__ import annotations

import re

from skillpm.scan.result import Finding

# A function's header, Python or JavaScript/TypeScript: its name and its parameter list
DEF_RE = re.compile(r"^(?P<ind>[ \t]*)(?:export\s+)?(?:async\s+)?(?:def\s+|function\s*\*?\s*)?(?P<name>[A-Za-z_$][\w$]*)\s*"
                    r"(?:=\s*(?:async\s*)?)?\((?P<params>[^()]*)\)\s*(?:->[^:\n]*)?(?::[^\n{=]*)?(?:=>|\{|:)?\s*$")
DEF_WORD_RE = re.compile(r"^\s*(?:export\s+)?(?:async\s+)?(?:def|function)\b|^\s*(?:async\s+)?[A-Za-z_$][\w$]*\s*\([^()]*\)\s*(?::\s*[\w<>\[\], |.]+)?\s*\{\s*$"
                         r"|^\s*(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*(?:async\s*)?\([^()]*\)\s*=>")
CONTROL_WORDS = frozenset({"if", "for", "while", "switch", "catch", "with", "return", "elif", "else", "try", "except"})
# The arguments that say how much and to or from whom
MONEY_ARG_RE = re.compile(r"\b(?P<key>amount|amount_cents|customer|customer_id|customerId|destination|source|payment_method"
                          r"|paymentMethod)\s*[:=]\s*(?P<value>[^,\n)}]+)")
ROOT_RE = re.compile(r"^\s*(?:await\s+)?(?:int|float|str|Number|round|Math\.round)?\(?\s*([A-Za-z_$][\w$]*)")
SHORTHAND_RE = re.compile(r"[{,]\s*(amount|customer|destination|source)\s*(?=[,}])")
MAX_UP = 3  # wrapper levels followed upward


def _params(text: str) -> set[str]:
    out = set()
    for part in re.split(r"[,{}\[\]]", text):
        name = re.match(r"\s*\**\s*(?:readonly\s+|public\s+|private\s+)?([A-Za-z_$][\w$]*)", part)
        if name and name.group(1) not in ("self", "cls", "this"):
            out.add(name.group(1))
    return out


def _enclosing(lines: list[str], n: int) -> tuple[str, set[str]] | None:
    """(name, parameters) of the function whose body holds line index ``n``: the nearest header above it that
    is indented less."""
    ind = len(lines[n]) - len(lines[n].lstrip())
    for k in range(n - 1, max(-1, n - 80), -1):
        t = lines[k]
        if not t.strip():
            continue
        k_ind = len(t) - len(t.lstrip())
        if k_ind >= ind:
            continue
        if t.lstrip().startswith(("```", "~~~")):
            return None  # the code block's start: no function around it
        m = DEF_RE.match(t)
        if m and m.group("name") not in CONTROL_WORDS and DEF_WORD_RE.match(t):
            return m.group("name"), _params(m.group("params"))
        if k_ind == 0 and not t.lstrip().startswith(("@", "#", "//")):
            return None  # top level reached (a class body is no function)
        ind = min(ind, k_ind) if not re.match(r"\s*class\b", t) else ind
    return None


def _call_args(text: str, open_at: int) -> str | None:
    depth = 0
    for i in range(open_at, min(len(text), open_at + 800)):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    return None


def _split_top(args: str) -> list[str]:
    out, depth, cur = [], 0, []
    for c in args:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    if "".join(cur).strip():
        out.append("".join(cur))
    return out


def _roots_are(values: list[str], params: set[str]) -> bool:
    for v in values:
        v = v.strip()
        if "=" in v and not v.startswith("=") and re.match(r"\s*[A-Za-z_]\w*\s*=(?!=)", v):
            v = v.split("=", 1)[1]
        if ":" in v and re.match(r"\s*[A-Za-z_$][\w$]*\s*:", v):
            v = v.split(":", 1)[1]
        m = ROOT_RE.match(v)
        if m is None or m.group(1) not in params:
            return False
    return True


def _calls_pass_parameters(texts: dict[str, list[str]], name: str, depth: int, seen: set[str]) -> bool:
    """Whether every call of ``name`` in the skill's files passes only its caller's own parameters, whose
    callers do the same (up to MAX_UP levels; a call at the top level, or with a value of its own, acts)."""
    if name in seen:
        return True
    seen = seen | {name}
    call = re.compile(r"(?<![\w$])" + re.escape(name) + r"\s*\(")
    for lines in texts.values():
        whole = "\n".join(lines)
        if name not in whole:
            continue
        for m in call.finditer(whole):
            n = whole.count("\n", 0, m.start())
            if DEF_WORD_RE.match(lines[n]) or re.match(r"\s*(?:async\s+)?def\b", lines[n]):
                continue  # its own header (or another class's method of the same name)
            args = _call_args(whole, m.end() - 1)
            if args is None:
                return False
            caller = _enclosing(lines, n)
            if caller is None or depth >= MAX_UP:
                return False
            values = [a for a in _split_top(args) if a.strip()]
            if not _roots_are(values, caller[1]):
                return False
            if not _calls_pass_parameters(texts, caller[0], depth + 1, seen):
                return False
    return True


def money_wrappers(files: dict[str, bytes], findings: list[Finding]) -> None:
    """Lower, in place, each EA-04 money call (high) made inside a wrapper (module doc) to low."""
    hits = [f for f in findings if f.rule == "EA-04" and f.severity == "high"]
    if not hits:
        return
    texts = {p: d.decode("utf-8", errors="replace").split("\n") for p, d in files.items()
             if len(d) < 400_000 and not p.lower().endswith((".png", ".jpg", ".gif", ".pdf", ".zip"))}
    for f in hits:
        lines = texts.get(f.file)
        if not lines or not 0 < f.line <= len(lines):
            continue
        n = f.line - 1
        whole = "\n".join(lines)
        at = sum(len(x) + 1 for x in lines[:n])
        paren = whole.find("(", at + len(lines[n]) - len(lines[n].lstrip()))
        if paren < 0 or paren > at + len(lines[n]):
            continue
        args = _call_args(whole, paren)
        if args is None or "off_session" in args:
            continue  # (a saved card charged with the customer absent names no wrapper's choice)
        fn = _enclosing(lines, n)
        if fn is None:
            continue
        money = [m.group("value") for m in MONEY_ARG_RE.finditer(args)]
        money += SHORTHAND_RE.findall("{" + args)
        keys = {m.group("key") for m in MONEY_ARG_RE.finditer(args)} | set(SHORTHAND_RE.findall("{" + args))
        if not money or not any(k.startswith("amount") for k in keys) or not _roots_are(money, fn[1]):
            continue
        if not _calls_pass_parameters(texts, fn[0], 0, set()):
            continue
        f.severity = "low"
        f.note = (f.note + "; " if f.note else "") + (f"lowered: a wrapper, the amount and the party are {fn[0]}()'s own parameters, "
                                                      "and no call of it in the skill passes values of its own")
