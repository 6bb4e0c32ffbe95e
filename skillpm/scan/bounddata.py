"""Orders carried by a data file the skill makes binding: a term base's notes, a style table's rules, a policy's actions.

A translator skill says "load the term base at assets/termbase.tsv and apply it … treat each row's note as a binding
usage rule for the whole session"; a PR skill says "look up its state in references/policy.yaml and do what the
matching entry says"; a docs skill says "the rules in assets/style.csv are mandatory". The file is data by its kind
(TSV, CSV, JSON, YAML, TOML, INI, .properties, .po), so the engine reads it with the pattern rules only: the
sentence-level readers (intents, the sentence model, precedence over the user, refusals answered in advance, remote
code said in words, a protection bypassed) read Markdown. Once SKILL.md makes the file binding, each of its text
values is an order the agent will carry out, as a followed document's sentence is.

So such a file is read a second time as prose, its lines kept where they are: a TSV or CSV row becomes a list item
of its cells (a unit of its own, its cells sentences; a table row's cells are no sentence to the precedence reader);
a JSON, YAML, TOML or INI line becomes its value (the key, quotes and brackets taken out, so that "action: merge it
anyway …" reads as the sentence it is). The prose is scanned as a document SKILL.md tells the
agent to follow (``scan_text(followed=line)``), and what it finds there that the data reading did not is kept, with
a note saying why. Binding is read as for a followed document (rules.toml ``[defs] follows`` and ``holds_for``) or by
words that make the file's content rule ("binding", "mandatory", "authoritative", "outranks", "takes precedence",
"treat its notes as rules"), in the sentence that names the file's path and the one after it. A file SKILL.md hands to a
tool on the same line ("kubectl apply -f manifests/x.yaml", "helm install … --values …") is the tool's input, not binding.

A data file SKILL.md only points at ("the colour table is in assets/palette.json") is not read so, nor a file over
64 KiB; at most eight files per skill. The honest forms stay clean because their values are terms, colours and
settings, which no reader takes for an order.
"""

from __future__ import annotations

import csv
import posixpath
import re

from skillpm.scan.result import Finding

MAX_BYTES = 64 * 1024
MAX_FILES = 8
TABLE_EXT = {".tsv": "\t", ".csv": ","}
VALUE_EXT = (".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties", ".po",
             ".strings", ".xliff", ".xlf")
# words that make a named file's content rule, beside the engine's follows / holds_for
BINDING_RE = re.compile(
    r"\b(?:binding|mandatory|authoritative|non-?negotiable|outranks?|takes?\s+precedence|overrides?|"
    r"must\s+(?:always\s+)?(?:be\s+)?(?:follow\w*|appl\w*|obey\w*|honou?r\w*|respect\w*)|"
    r"(?:do|does|carry\s+out)\s+what\s+(?:the\s+)?(?:matching\s+)?(?:entry|row|rule|note|action)\s+says|"
    r"treat\w*\s+(?:it|them|each|every|its|their|the)\b[^.\n]{0,40}?\bas\s+(?:a\s+|an\s+)?(?:binding|rules?|"
    r"instructions?|orders?|policy|policies|requirements?))\b", re.IGNORECASE)
# a JSON/YAML/TOML/INI line's key (with a list dash), quotes and brackets: taken out, the value kept
KEY_RE = re.compile(r"""^[ \t]*(?:-[ \t]+)?(?:["']?[\w .$@/-]{1,60}["']?[ \t]*[:=](?![:=/])[ \t]*)?""")
INNER_KEY_RE = re.compile(r"""["'][\w .$@/-]{1,60}["'][ \t]*:[ \t]*""")
PUNCT_RE = re.compile(r"""[{}\[\]]|(?<!\w)["']|["'](?!\w)|,[ \t]*$""")
PO_RE = re.compile(r"^(?:msgid|msgstr|msgctxt)(?:\[\d+\])?[ \t]+")
# a tool named before the path on its line: the file is the tool's input ("kubectl apply -f", "helm … --values")
TOOL_BEFORE_RE = re.compile(
    r"(?:\b(?:kubectl|oc|helm|kustomize|terraform|tofu|docker|podman|compose|ansible(?:-playbook)?|npm|npx|pnpm|yarn|"
    r"pip3?|uv|python3?|node|deno|bun|bash|sh|zsh|curl|jq|yq|cat|psql|mysql|sqlite3|gh|az|aws|gcloud|make|cargo|go|"
    r"java|mvn|gradle|dotnet|ruby|php)\b[^\n]{0,60}|(?:^|\s)(?:-f|--file|--values|-c|--config|--from-file|<)\s*=?\s*)[`'\"]?\.?/?$")
SKIP_CATEGORIES = {"hidden-text", "binary"}  # what the data reading reads of the file as it is, not of its values
SENT_END_RE = re.compile(r"[.!?]+[\"'”’)\]*_`]*[ \t\n]+|\n[ \t]*\n")


def prose_view(path: str, text: str) -> str | None:
    """The text values of a data file as prose, line for line (None: not a data file read so)."""
    name = path.lower()
    ext = posixpath.splitext(name)[1]
    lines = text.split("\n")
    out = []
    if ext in TABLE_EXT:
        sep = TABLE_EXT[ext]
        for line in lines:
            cells = next(csv.reader([line], delimiter=sep), []) if line.strip() else []
            cells = [c.strip() for c in cells]
            row = " — ".join(c for c in cells if c)
            out.append(f"- {row}" + ("" if row[-1:] in ".!?:;" else ".") if row else "")
        return "\n".join(out)
    if not name.endswith(VALUE_EXT):
        return None
    for line in lines:
        s = line.strip()
        if not s or s.startswith(("#", ";", "//")):
            out.append("")
            continue
        v = PO_RE.sub("", s)
        v = KEY_RE.sub("", v, count=1)
        v = INNER_KEY_RE.sub(" ", v)
        v = PUNCT_RE.sub(" ", v).strip()
        out.append(v.replace("\\n", " ").replace('\\"', '"'))
    return "\n".join(out)


def _binding_line(sc, skill_md: str, path: str) -> int:
    """The line of SKILL.md that makes ``path`` binding (follows / holds_for / BINDING_RE in the sentence naming it or
    the next one); 0: none does, or SKILL.md hands the file to a tool (``kubectl apply -f path``: the tool applies it,
    the agent does not obey it)."""
    at = skill_md.find(path)
    while at >= 0:
        if TOOL_BEFORE_RE.search(skill_md, max(0, skill_md.rfind("\n", 0, at) + 1, at - 80), at):
            return 0
        at = skill_md.find(path, at + 1)
    line = sc.follow_line(skill_md, path)
    if line:
        return line
    at = skill_md.find(path)
    while at >= 0:
        lo = max(0, at - 400)
        ends = [m.end() for m in SENT_END_RE.finditer(skill_md, lo, at)]
        start = ends[-1] if ends else lo
        after = [m.end() for m, _ in zip(SENT_END_RE.finditer(skill_md, at + len(path), at + len(path) + 600), range(2))]
        end = after[-1] if after else min(len(skill_md), at + len(path) + 600)
        if BINDING_RE.search(skill_md.replace("\n", " "), start, end):
            return skill_md.count("\n", 0, at) + 1
        at = skill_md.find(path, at + 1)
    return 0


def bound_paths(sc, files: dict[str, bytes], followed=()) -> dict[str, int]:
    """The data files SKILL.md makes binding, each with the line of SKILL.md that does (none of ``followed``, the
    engine's followed documents). SKILL.md may name a file by its path or, when no other file of the skill has it,
    by its name."""
    from skillpm.scan.engine import classify

    skill_md = next((p for p in sorted(files) if p.lower() == "skill.md"), None)
    if skill_md is None:
        return {}
    st = files[skill_md].decode("utf-8", errors="replace")
    names: dict[str, int] = {}
    for path in files:
        b = posixpath.basename(path)
        names[b] = names.get(b, 0) + 1
    out: dict[str, int] = {}
    for path in sorted(files):
        if len(out) >= MAX_FILES:
            break
        if path == skill_md or path in followed or len(files[path]) > MAX_BYTES:
            continue
        base = posixpath.basename(path)
        named = path if path in st else base if len(base) >= 6 and names[base] == 1 and base in st else None
        if named is None:
            continue
        kind = classify(path, files[path][:8192], False)
        if kind == "data" and path.lower().endswith((*TABLE_EXT, *VALUE_EXT)):
            line = _binding_line(sc, st, named)
            if line:
                out[path] = line
    return out


def bound_data(sc, files: dict[str, bytes], found: list[Finding], description: str = "",
               bound: dict[str, int] | None = None) -> list[Finding]:
    """What the prose readers find in the values of the data files SKILL.md makes binding, beyond ``found``."""
    from skillpm.scan.result import is_lowered_location, lower_one

    out: list[Finding] = []
    for path, line in (bound_paths(sc, files) if bound is None else bound).items():
        raw = files[path].decode("utf-8", errors="replace")
        text = prose_view(path, raw)
        if not text or not text.strip():
            continue
        got = sc.scan_text(path, text, "markdown", description, followed=line)
        note = f"a data file SKILL.md line {line} makes binding, its values read as prose"
        for f in got:
            if not is_lowered_location(path) and f.note and "one level up" in f.note:
                f.severity = lower_one(f.severity)  # (raised against the location lowering, which assets/ does not get)
                f.note = f.note.replace("one level up", "at its level")
            f.note = note + ("; " + f.note if f.note else "")
        had = {f.rule for f in found if f.file == path}  # (a rule the data reading found there keeps its findings)
        got = [f for f in got if f.category not in SKIP_CATEGORIES and f.rule not in had]
        out += got
    return out
