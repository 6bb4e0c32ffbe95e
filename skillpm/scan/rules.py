"""Loading the rule catalogue (``rules.toml``) into compiled ``Rule`` objects.

The catalogue is data a reviewer can read; this module only checks its shape and
compiles each regex the first time a scan needs it. ``rules_version()`` reads the declared
version plus a short hash of the file, so that any edit to a rule changes the
version recorded with every grade.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from skillpm.scan.intent import outside

try:  # Python 3.11+
    from re import _constants as _sre_constants, _parser as _sre_parser  # type: ignore[attr-defined]
except ImportError:  # Python 3.10
    import sre_constants as _sre_constants  # type: ignore[no-redef]
    import sre_parse as _sre_parser  # type: ignore[no-redef]

RULES_FILE = Path(__file__).with_name("rules.toml")
SEVERITIES = ("info", "low", "medium", "high", "critical")
RANK = {s: i for i, s in enumerate(SEVERITIES)}
SCOPES = {"prose", "code", "frontmatter"}


class LazyRegex:
    """A rule regex, compiled the first time it is used.

    A scan only runs the patterns whose anchor words occur in the skill, usually a handful;
    compiling all ~300 of them up front was most of the scanner's start-up (docs/performance.md).
    ``compile_all()`` compiles every one (the rule tests do, so a broken regex still fails early)."""

    __slots__ = ("pattern", "flags", "_rx", "_ascii")

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags, self._rx, self._ascii = pattern, flags, None, None

    @property
    def compiled(self) -> re.Pattern:
        if self._rx is None:
            self._rx = re.compile(self.pattern, self.flags)
        return self._rx

    @property
    def ascii(self) -> re.Pattern:
        """The same regex with re.ASCII: the same matches on a text that ``ascii_safe`` holds
        (its \\w, \\b, \\s and case-blind tests then read ASCII tables, not Unicode data)."""
        if self._ascii is None:
            self._ascii = ascii_variant(self.compiled)
        return self._ascii

    def search(self, string: str, *args):
        return self.compiled.search(string, *args)

    def finditer(self, string: str, *args):
        return self.compiled.finditer(string, *args)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern!r})"


# ASCII characters that Unicode's \s reads as blanks and re.ASCII's does not (file, group, record, unit separators)
_UNICODE_ONLY_BLANKS = ("\x1c", "\x1d", "\x1e", "\x1f")


def ascii_safe(text: str) -> bool:
    """Whether every regex matches ``text`` the same with re.ASCII as with Unicode rules: no
    character of it is read differently by the two. Those are the non-ASCII letters, digits and
    blanks and any cased character (for \\w, \\b, \\d, \\s and case-blind matching), and four
    ASCII separators Unicode counts as blanks. Punctuation, symbols and emoji read the same."""
    if text.isascii():
        return not any(c in text for c in _UNICODE_ONLY_BLANKS)
    if any(c in text for c in _UNICODE_ONLY_BLANKS):
        return False
    other = text.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    return not any(c.isalnum() or c.isspace() or c.isdecimal() or c.lower() != c or c.upper() != c or c == "_"
                   for c in set(other))


_ASCII_BYTES = bytes(range(128))


# Non-ASCII characters that Unicode's case-blind matching pairs with ASCII letters (ı, İ with i,
# ſ with s, the Kelvin sign with k): a pattern naming one would match an ASCII text differently.
_FOLDS_TO_ASCII = frozenset((0x130, 0x131, 0x17F, 0x212A))


def _names_ascii_fold(items) -> bool:
    """Whether a parsed pattern names a character of ``_FOLDS_TO_ASCII``, alone or in a range."""
    for item in items:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], _sre_constants._NamedIntConstant):
            op, av = item
            if op in (_sre_constants.LITERAL, _sre_constants.NOT_LITERAL) and av in _FOLDS_TO_ASCII:
                return True
            if op is _sre_constants.RANGE and any(av[0] <= c <= av[1] for c in _FOLDS_TO_ASCII):
                return True
            item = av
        if isinstance(item, (list, tuple, _sre_parser.SubPattern)) and _names_ascii_fold(item):
            return True
    return False


def ascii_variant(rx: re.Pattern) -> re.Pattern:
    """``rx`` compiled with re.ASCII; ``rx`` itself when its pattern sets Unicode rules inline or
    names a character Unicode's case-blind matching pairs with an ASCII letter."""
    if not isinstance(rx.pattern, str):
        return rx
    try:
        if not rx.pattern.isascii() or "\\" in rx.pattern:  # a character or an escape that may name one
            if _names_ascii_fold(_sre_parser.parse(rx.pattern, rx.flags)):
                return rx
        return re.compile(rx.pattern, (rx.flags & ~re.UNICODE) | re.ASCII)
    except (re.error, ValueError):
        return rx


@dataclass
class Pattern:
    regex: LazyRegex
    severity: str
    negation: bool
    anchors: tuple[tuple[str, ...], ...] = ()  # groups of literals; each group must occur near a match
    span: int = 450  # how far a match may reach from an anchor (from the pattern's bounded gaps)
    inherited: bool = False  # the anchors are the rule's keywords, not the pattern's own `kw`


@dataclass
class Intent:
    """Concepts that must all occur in one sentence (or ``window`` neighbouring sentences of one
    line). The finding sits on the first concept's match; ``pattern`` carries its regex,
    severity and negation so that it takes the same context checks as a pattern match."""

    concepts: tuple[str, ...]
    pattern: Pattern
    window: int = 1
    unless: tuple[LazyRegex, ...] = ()  # the sentences matched by one of these are left alone
    negate: tuple[str, ...] = ()  # concepts besides the first whose match must not be negated either
    # concepts looked for in the steps before the sentence rather than in it (intent.py, earlier
    # steps): what an earlier step gathered, which this sentence sends on by a word that refers back
    earlier: tuple[str, ...] = ()


@dataclass
class Rule:
    id: str
    category: str
    severity: str
    description: str
    message: str
    engine: str | None = None
    keywords: tuple[str, ...] = ()
    patterns: list[Pattern] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)
    scope: frozenset = frozenset(SCOPES)
    join: bool = False
    quotable: bool = False
    secret_check: bool = False
    pipes: bool = False  # a `|` in a match is a shell pipe (not a Markdown table's cell border)
    lower_if_host_in_description: str | None = None
    # the service's real addresses: a match that is a route a loopback-only server in its script answers, in a
    # script that names none of these, is a local imitation's (skillpm/scan/testdoubles.py), lowered to low
    served: LazyRegex | None = None
    unless: list[LazyRegex] = field(default_factory=list)
    lower: list[tuple[LazyRegex, str]] = field(default_factory=list)
    # (regex read over the description, severity, and a regex that, found anywhere in the file,
    # keeps the severity after all, or None)
    lower_if_description: list[tuple[LazyRegex, str, LazyRegex | None]] = field(default_factory=list)
    catch: list = field(default_factory=list)
    clean: list = field(default_factory=list)


@dataclass
class Ruleset:
    version: str
    rules: list[Rule]
    defs: dict[str, str]
    concepts: dict[str, LazyRegex] = field(default_factory=dict)
    # the sentence model's gates (nlmodel.py): (concepts, rule id); a sentence that names all of a
    # gate's concepts passes it (the finding sits on the first), and the first gate passed wins
    model_gates: tuple[tuple[tuple[str, ...], str], ...] = ()
    # category -> rule id of a sentence the model scores over its strong score, gate or none
    model_strong: dict[str, str] = field(default_factory=dict)
    # rule id -> regexes: a sentence the model would report under that rule, gate or strong score,
    # is not when one of them matches it (the rule's own exceptions: a report, a go-ahead awaited)
    model_unless: dict[str, list[LazyRegex]] = field(default_factory=dict)

    @property
    def by_id(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    @property
    def categories(self) -> list[str]:
        return sorted({r.category for r in self.rules})

    def compile_all(self) -> int:
        """Compile every regex now (raises re.error on a broken one); returns how many."""
        rxs = [*self.concepts.values(), *(u for r in self.rules for it in r.intents for u in it.unless)]
        rxs += [x for r in self.rules for x in (*(p.regex for p in r.patterns), *r.unless,
                                                 *(rx for rx, _ in r.lower),
                                                 *(rx for x in r.lower_if_description for rx in (x[0], x[2]) if rx is not None))]
        for rx in rxs:
            rx.compiled
        return len(rxs)


def _toml():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib


@lru_cache(maxsize=1)
def scanner_digest() -> str:
    """sha256 of everything that decides a grade: the rules, the sentence model's weights and the
    scanner's code (this package and its subpackages). Line endings are read as LF, so a Windows
    checkout has the same digest. The rules version and the scan cache's key both come from it:
    a change to the engine re-grades skills exactly as a change to rules.toml does, and shows."""
    here = RULES_FILE.parent
    h = hashlib.sha256()
    for f in sorted([*here.rglob("*.py"), *here.rglob("*.toml"), *here.rglob("*.tsv")]):
        if f.name == "evaluate.py":  # scores the test corpus; scans nothing, grades nothing
            continue
        h.update(f.relative_to(here).as_posix().encode() + b"\0" + f.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def _raw() -> tuple[dict, str]:
    data = RULES_FILE.read_bytes()
    return _toml().loads(data.decode("utf-8")), scanner_digest()[:8]


def ruleset_data() -> dict:
    """rules.toml as parsed for the rules (cached): for readers built from the rules' own words."""
    return _raw()[0]


def rules_version() -> str:
    raw, digest = _raw()
    return f"{raw['version']}+{digest}"


def _expand(pattern: str, defs: dict[str, str]) -> str:
    return re.sub(r"<<(\w+)>>", lambda m: defs[m.group(1)], pattern)


def _loose_spaces(src: str) -> str:
    """A concept regex with each literal blank (outside classes and escapes) read as a run of
    blanks. Prose is read with soft-wrapped lines joined at the same offsets, so a list item's
    continuation line keeps its indentation: "the list of\n   removals" is read as "the list
    of    removals", and a concept written "list of removals" must still match it. The word
    prefilter reads a blank and a run of blanks alike (each ends a word)."""
    out, pos = [], 0
    for i, c in outside(src):
        if c == " " and src[i + 1:i + 2] not in ("?", "*", "+", "{"):
            out += [src[pos:i], r"[ \t]+"]
            pos = i + 1
    out.append(src[pos:])
    return "".join(out)


@lru_cache(maxsize=1)
def load_rules() -> Ruleset:
    raw, _ = _raw()
    defs = dict(raw.get("defs", {}))
    concepts = {name: LazyRegex(_loose_spaces(_expand(src, defs)), re.IGNORECASE)
                for name, src in raw.get("concepts", {}).items()}
    rules: list[Rule] = []
    seen: set[str] = set()
    for entry in raw["rule"]:
        rid = entry["id"]
        if rid in seen:
            raise ValueError(f"rules.toml: duplicate rule id {rid}")
        seen.add(rid)
        sev = entry["severity"]
        if sev not in RANK:
            raise ValueError(f"rules.toml: {rid} has unknown severity {sev!r}")
        flags = re.MULTILINE | (0 if entry.get("case") else re.IGNORECASE)
        negation = bool(entry.get("negation", False))
        pats = []
        for p in entry.get("patterns", []):
            if isinstance(p, str):
                p = {"re": p}
            inherited = not p.get("kw")
            kw = p.get("kw") or [entry.get("keywords", [])]
            if kw and isinstance(kw[0], str):
                kw = [kw]
            anchors = tuple(tuple(k.lower() for k in group) for group in kw if group)
            src = _expand(p["re"], defs)
            span = min(900, 160 + sum(int(n) for n in re.findall(r"\{\d*,(\d+)\}", src)))
            pats.append(Pattern(LazyRegex(src, flags), p.get("severity", sev),
                                bool(p.get("negation", negation)), anchors, span, inherited))
        intents = []
        for it in entry.get("intents", []):
            names = tuple(it["all"])
            unknown = [n for n in names if n not in concepts]
            if not names or unknown:
                raise ValueError(f"rules.toml: {rid} has an intent with unknown concepts {unknown}")
            window = int(it.get("window", 1))
            if not 1 <= window <= 3:
                raise ValueError(f"rules.toml: {rid} has an intent window {window} (1 to 3 sentences)")
            unless = tuple(LazyRegex(_expand(u, defs), re.IGNORECASE) for u in it.get("unless", []))
            negate = tuple(it.get("negate", ()))
            if not set(negate) <= set(names):
                raise ValueError(f"rules.toml: {rid} negates concepts its intent does not name: {negate}")
            earlier = tuple(it.get("earlier", ()))
            if not set(earlier) <= set(names[1:]):
                raise ValueError(f"rules.toml: {rid} looks earlier for concepts its intent does not name "
                                 f"(or for its first, which holds the finding): {earlier}")
            intents.append(Intent(names, Pattern(concepts[names[0]], it.get("severity", sev),
                                                 bool(it.get("negation", True))), window, unless, negate, earlier))
        scope = frozenset(entry.get("scope", sorted(SCOPES)))
        if not scope <= SCOPES:
            raise ValueError(f"rules.toml: {rid} has unknown scope {sorted(scope - SCOPES)}")

        def lowers(key: str) -> list[tuple[LazyRegex, str]]:
            return [(LazyRegex(_expand(x["re"], defs), re.IGNORECASE), x["to"]) for x in entry.get(key, [])]

        rules.append(Rule(
            id=rid, category=entry["category"], severity=sev,
            description=entry["description"], message=entry["message"],
            engine=entry.get("engine"),
            keywords=tuple(k.lower() for k in entry.get("keywords", [])),
            patterns=pats, intents=intents, scope=scope, join=bool(entry.get("join", False)),
            quotable=bool(entry.get("quotable", False)),
            secret_check=bool(entry.get("secret_check", False)),
            pipes=bool(entry.get("pipes", False)),
            lower_if_host_in_description=entry.get("lower_if_host_in_description"),
            served=LazyRegex(_expand(entry["served"], defs), re.IGNORECASE) if entry.get("served") else None,
            unless=[LazyRegex(_expand(u, defs), re.IGNORECASE) for u in entry.get("unless", [])],
            lower=lowers("lower"),
            lower_if_description=[(rx, to, LazyRegex(_expand(x["keep"], defs), re.IGNORECASE) if x.get("keep") else None)
                                  for (rx, to), x in zip(lowers("lower_if_description"),
                                                         entry.get("lower_if_description", []))],
            catch=list(entry.get("catch", [])), clean=list(entry.get("clean", [])),
        ))
        if not rules[-1].engine and not pats and not intents:
            raise ValueError(f"rules.toml: {rid} has neither patterns, intents nor an engine")
    gates = tuple(((c,) if isinstance(c, str) else tuple(c), r) for c, r in raw.get("model", {}).get("gates", []))
    for c, r in gates:
        if not c or any(x not in concepts for x in c) or r not in seen:
            raise ValueError(f"rules.toml: [model] gate {list(c)!r} -> {r!r} names an unknown concept or rule")
    strong = dict(raw.get("model", {}).get("strong", {}))
    for cat, r in strong.items():
        if r not in seen or next(x for x in rules if x.id == r).category != cat:
            raise ValueError(f"rules.toml: [model] strong {cat!r} -> {r!r} names an unknown rule or one of another category")
    unless = {r: [LazyRegex(_expand(x, defs), re.IGNORECASE) for x in xs]
              for r, xs in raw.get("model", {}).get("unless", {}).items()}
    if set(unless) - seen:
        raise ValueError(f"rules.toml: [model] unless names unknown rules: {sorted(set(unless) - seen)}")
    return Ruleset(version=rules_version(), rules=rules, defs=defs, concepts=concepts, model_gates=gates,
                   model_strong=strong, model_unless=unless)
