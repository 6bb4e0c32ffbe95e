"""What a skill's declared purpose licenses: actions its orders ask for that its purpose does not.

Honest skills name sensitive things all the time: a cloud setup skill reads ``~/.aws/credentials``,
a database skill drops schemas, an agent-settings skill edits ``bypassPermissions``. So these
actions, alone, are weak signals the pattern rules do not count. What separates an i18n extractor
that uploads the user's SSH key from a cloud login helper that reads it is the purpose the skill
declares: its frontmatter description and its title. ``purpose.toml`` (data, not code) holds the
purpose classes (each a vocabulary written from meaning) and the action classes (a signal, an
optional second word the same order must hold, the purposes that license it). An action that
none of the declared purposes licenses is reported, medium, under the action's rule (PU-01 …),
and the note says why: "a documentation skill has no reason to read credential stores".

Read in SKILL.md (its frontmatter description included: a description can order too) and in a
document SKILL.md tells the agent to follow (read as SKILL.md is, one level up, as the intents
do). An order is a logical line: a table row, a line of a code block, a list item or a paragraph
with its soft-wrapped lines. The usual context checks apply: a negation governing the signal
("never read ~/.ssh"), a defensive order ("flag any … such as"), a heading of things not to do.
A declared purpose never lowers or removes any other finding; it only keeps this check quiet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from skillpm.scan.result import FOLLOWED_NOTE, Finding, raise_one

DATA = Path(__file__).with_name("purpose.toml")
MAX_PER_ACTION = 2  # findings per action per file (the per-rule cap counts two toward the grade)
REACH = 6  # lines a paragraph or list item is followed up and down
SETTINGS_LANGS = {"yaml", "yml", "toml", "json", "jsonc", "ini", "conf", "cfg", "properties", "env"}
SETTINGS_REACH = 16  # lines of a settings block read around the signal, each way
# A line that starts an order of its own: a list item, a table row, a heading, a fence, a quote
STARTS_ORDER = re.compile(r"\s*(?:[-*+]\s|\d{1,3}[.)]\s|\||#|```|~~~|>)")
NEWLINE_RE = re.compile("\n")
MARGIN = 100  # characters read around an entry's text: every signal's match lies within them
MAX_TEXT = 128 * 1024  # characters of a file read for actions (a SKILL.md is a few KiB; a 1 MB file is hostile)
MAX_HITS = 40  # signal matches weighed per action per file
ORDER_REACH = 400  # characters of an order read on each side of its signal
MAX_GATES = 200  # occurrences of one entry's text read per file
SENTENCE_END_RE = re.compile(r"[.!?;](?=\s)|\n\s*\n")
TITLE_RE = re.compile(r"^#\s+(.{1,120})$", re.M)
# Where a description turns from what the skill does to when to use it ("Use when builds fail in
# CI", "Triggers on: deploy"): the occasions name other tools, not the skill's purpose.
OCCASIONS_RE = re.compile(r"\b(?:use (?:this(?: skill)? |it )?(?:when|whenever|if|for|after|before|to)|"
                          r"(?:invoke|activate|call|load|trigger)(?:ed)? (?:it |this(?: skill)? )?(?:when|whenever|if|on)|"
                          r"triggers?(?: on)?:|when the user (?:asks|says|mentions|wants))\b", re.I)


@dataclass(frozen=True)
class Action:
    name: str
    rule: str
    what: str
    entries: tuple  # (text to find, words that must all be the file's or None): one holds in every match
    some_word: frozenset  # one word of each word entry: a file with none of them holds no word entry
    texts_only: tuple  # the texts of the entries read as substrings
    line: bool  # the signal lies on one line (a setting): read on the line of an entry's text only
    then: re.Pattern | None  # must match right where an entry's text occurs (a setting's value after its key)
    signal: re.Pattern
    needs: re.Pattern | None
    unless: re.Pattern | None
    licensed_by: frozenset


@dataclass(frozen=True)
class Model:
    purposes: dict  # name -> compiled vocabulary
    labels: dict  # name -> how a note names the purpose ("a cloud skill")
    actions: tuple


def _with_defs(rx: str, defs: dict) -> str:
    """``rx`` with each ``{name}`` of purpose.toml's [defs] written out (other braces stay)."""
    for name, value in defs.items():
        rx = rx.replace("{" + name + "}", value)
    return rx


@lru_cache(maxsize=1)
def model() -> Model:
    import tomllib

    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    flags = re.IGNORECASE
    purposes = {name: re.compile(p["words"], flags) for name, p in data["purpose"].items()}
    labels = {name: p.get("label", name.replace("_", " ")) for name, p in data["purpose"].items()}
    defs = data.get("defs", {})
    actions = []
    for name, a in data["action"].items():
        unknown = set(a["licensed_by"]) - set(purposes)
        if unknown:
            raise ValueError(f"purpose.toml: action {name} is licensed by unknown purposes {sorted(unknown)}")
        entries = []
        for w in a["words"]:
            if w.endswith("*"):
                entries.append((w[:-1], None))
                continue
            need, _, text = w.partition(">")
            parts = need.split("+")
            entries.append((text or parts[0], frozenset(part.encode() for part in parts)))
        entries = tuple(entries)
        some_word = frozenset(next(iter(sorted(need))) for _, need in entries if need is not None)
        texts_only = tuple(text for text, need in entries if need is None)
        actions.append(Action(name, a["rule"], a["what"], entries, some_word, texts_only, bool(a.get("line")), 
                              re.compile(a["then"], flags) if a.get("then") else None,
                              re.compile(a["signal"], flags | re.MULTILINE),
                              re.compile(a["needs"], flags) if a.get("needs") else None,
                              re.compile(_with_defs(a["unless"], defs), flags) if a.get("unless") else None,
                              frozenset(a["licensed_by"])))
    return Model(purposes, labels, tuple(actions))


def declared(description: str, title: str = "") -> list[str]:
    """The purpose classes a skill declares, in purpose.toml's order."""
    occasions = OCCASIONS_RE.search(description)
    if occasions and occasions.start() > 20:
        description = description[:occasions.start()]
    said = f"{title}\n{description}"
    return [name for name, rx in model().purposes.items() if rx.search(said)]


def declared_of(ctx) -> list[str]:
    """``declared`` for the file ``ctx`` reads: its description, and SKILL.md's title (another file's
    title is not the skill's)."""
    return declared(ctx.description, _title(ctx.view) if ctx.kind == "skill_md" else "")


def _who(m: Model, purposes: list[str]) -> str:
    """How a note names the skill: "a packages / git skill", or one that declares no such purpose."""
    if not purposes:
        return "a skill whose description declares no purpose that needs it"
    said = " / ".join(m.labels[p] for p in purposes)
    return f"{'an' if said[0] in 'aeiou' else 'a'} {said} skill"


def _title(view: str) -> str:
    m = TITLE_RE.search(view, 0, 20000)
    return m.group(1) if m else ""


def _order(view: str, lines: list[int], k: int, fences) -> tuple[int, int, bool]:
    """The logical line around line index ``k`` (0-based; ``lines`` holds each line's start offset):
    a table row or a line of a program alone, a settings block (YAML, TOML, JSON) whole, else a
    list item or paragraph with its wrapped lines. The flag: the order is one statement (a row, a line
    of code, a settings block), not sentences to tell apart."""
    n = len(lines)

    def line(i: int) -> str:
        end = lines[i + 1] - 1 if i + 1 < n else len(view)
        return view[lines[i]:end]

    here = line(k)
    for first, last, lang in fences:
        if first < k + 1 < last or (first == k + 1 == last):
            if lang.lower() in SETTINGS_LANGS:  # a settings block is one statement: `digest:` and its keys
                lo, hi = max(first, k + 1 - SETTINGS_REACH), min(last - 2, k - 1 + SETTINGS_REACH)
                return lines[lo], lines[hi] + len(line(hi)), True
            return lines[k], lines[k] + len(here), True
    if here.lstrip().startswith("|"):
        return lines[k], lines[k] + len(here), True
    lo = k
    while k - lo < REACH and lo > 0 and not STARTS_ORDER.match(line(lo)) and line(lo - 1).strip() \
            and not line(lo - 1).lstrip().startswith(("|", "#", "```", "~~~")):
        lo -= 1
    hi = k
    while hi - k < REACH and hi + 1 < n and line(hi + 1).strip() and not STARTS_ORDER.match(line(hi + 1)):
        hi += 1
    return lines[lo], lines[hi] + len(line(hi)), False


def _holding(action: Action, low: str, words) -> set[str]:
    """The texts of ``action``'s entries that hold in the file: ``low`` its lowercase view, ``words``
    its words (None: unknown)."""
    if words is not None and action.some_word.isdisjoint(words):  # a set lookup in C: most files stop here
        return {text for text in action.texts_only if text in low}
    return {text for text, need in action.entries
            if (text in low if need is None or words is None else need <= words)}


def _hits(action: Action, view: str, texts: set[str], flat: str, low: str) -> list[re.Match]:
    """The signal's matches, read only around the places where ``texts`` occur (substring searches
    in C; the regex then reads a few hundred characters, not the file). ``flat``: the lowercase view
    ``low`` with line breaks as blanks (a signal's blank may be a soft line break)."""
    spans = []
    for text in texts:
        at = flat.find(text, 0, MAX_TEXT)
        k = 0
        while at >= 0 and k < MAX_GATES:
            if action.then is not None and not action.then.match(flat, at + len(text)):
                pass  # not a setting's key
            elif action.line:
                lo = max(low.rfind("\n", 0, at) + 1, at - MARGIN)
                hi = low.find("\n", at, at + MARGIN)
                spans.append((lo, hi if hi >= 0 else min(len(low), at + MARGIN)))
            else:
                spans.append((max(0, at - MARGIN), at + len(text) + MARGIN))
            at = flat.find(text, at + 1, MAX_TEXT)
            k += 1
    if not spans:
        return []
    spans.sort()
    merged = [list(spans[0])]
    for lo, hi in spans[1:]:
        if lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return [m for lo, hi in merged for m in action.signal.finditer(view, lo, hi)]


def _sentence(view: str, lo: int, hi: int, start: int, end: int) -> str:
    """The sentence of the order ``view[lo:hi]`` (a paragraph or list item) that holds ``view[start:end]``."""
    a = lo
    for m in SENTENCE_END_RE.finditer(view, lo, start):
        a = m.end()
    m = SENTENCE_END_RE.search(view, end, hi)
    return view[a:m.start() + 1 if m else hi]


def unlicensed(scanner, ctx, found: list[Finding], negated, prohibiting: re.Pattern,
               defensive: re.Pattern) -> list[Finding]:
    """Findings for the actions in ``ctx`` (SKILL.md or a followed document) that the skill's
    declared purpose does not license. ``negated(view, start, end)`` is the engine's negation check."""
    from skillpm.scan.engine import _joined  # (engine imports this module)

    m = model()
    view = ctx.view
    joined = _joined(ctx)  # soft line breaks in prose read as blanks (same offsets): a signal's blank may be one
    base = ctx.base  # the patterns' lowercase view (same offsets) and its words, when they ran
    low = base.low if base is not None else view.lower()
    if len(low) != len(view):
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in view)  # keep the offsets
    words = base.words if base is not None else None
    flat = None
    found_hits = []
    for action in m.actions:
        texts = _holding(action, low, words)
        if texts:
            flat = flat or low.replace("\n", " ")
            hits = _hits(action, joined, texts, flat, low)
            if hits:
                found_hits.append((action, hits))
    if not found_hits:
        return []
    purposes = declared_of(ctx)
    allowed = set(purposes)
    found_hits = [(a, h) for a, h in found_hits if not (a.licensed_by & allowed)]
    lines = None
    taken = {(f.category, f.line) for f in found if f.grades}
    up = ctx.kind != "skill_md"  # a followed document: one level up, as the intents read it
    out = []
    for action, hits in found_hits:
        rule = scanner.by_id[action.rule]
        n = 0
        for hit in hits[:MAX_HITS]:
            if lines is None:
                lines = [0] + [m.end() for m in NEWLINE_RE.finditer(view)]
            line = ctx.line_of(hit.start())
            if (rule.category, line) in taken:
                continue
            lo, hi, whole = _order(view, lines, line - 1, ctx.fences)
            lo, hi = max(lo, hit.start() - ORDER_REACH), min(hi, hit.end() + ORDER_REACH)  # a 1 MB line is no order
            order = joined[lo:hi]
            said = order if whole else _sentence(joined, lo, hi, hit.start(), hit.end())
            if action.needs is not None and not action.needs.search(said):
                continue
            if action.unless is not None and action.unless.search(said):
                continue
            if negated(view, hit.start(), hit.end()) or defensive.search(order):
                continue
            heading = ctx.heading_at(line)
            if prohibiting.search(heading) or defensive.search(heading):
                continue
            note = f"{_who(m, purposes)} has no reason to {action.what}"
            sev = rule.severity
            if up:
                sev = raise_one(sev)
                note = f"SKILL.md line {ctx.follow_intents} {FOLLOWED_NOTE}: read as SKILL.md is, one level up; " + note
            out.append(Finding(rule.id, rule.category, sev, ctx.path, line, ctx.orig_line(line)[:240],
                               rule.message, note=note))
            taken.add((rule.category, line))
            n += 1
            if n >= MAX_PER_ACTION:
                break
    return out
