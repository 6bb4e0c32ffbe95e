"""What a file makes the machine do: one table (filekinds.toml) of the file kinds a workflow runs, applies or opens,
each with how it is recognised and the keys in it that do harm, read by this one module.

A skill ships data that a tool acts on without any script of the skill saying so: an S3 lifecycle policy expires the
bucket, a CloudFormation role hands the account to whoever the trust policy names, a deploy key entry grants push, a
workbook's formula sends its rows when opened, a CLI config fetches every provider from a mirror, a Kotlin script
resolves its dependencies from the first repository it lists, an R start-up file runs what it downloads. The line
rules read such a file as text and see no command. Here:

- a data file (JSON, YAML, TOML) is parsed and each mapping in it (a record: a lifecycle rule, an IAM statement, a
  role's properties, a deploy key) flattened to one line per leaf (``Filter.Prefix = ``, ``Expiration.Days = 1``);
  a ``[[record]]`` entry holds when all its regexes match lines of one record and none of its ``none`` do, and,
  when it names ``with``, when that other entry holds somewhere in the skill (an admin policy, and a trust policy
  of an outside account);
- before that, a template is rendered the way its tool renders it: CloudFormation's ``${Param}`` and ``!Ref Param``
  by the parameter's ``Default``, a cookiecutter or copier template's ``{{ cookiecutter.x }}`` by its variables'
  values, so that a value split between a parameter and a ``!Sub`` reads whole;
- a ``[[text]]`` entry is a regex over the (rendered) text of files of its kind, with an address that must be
  someone else's (group ``host``), what else the file must hold (``needs``) and what the skill's other files may
  add (``skill_needs``: the SKILL.md row that says to delete the lock file).

- a ``[[runner]]`` entry is a setting that names a program a tool runs by itself on each event (a git clean filter,
  textconv or fsmonitor; an ssh ProxyCommand or Match exec; a tmux run-shell; a vim autocommand; npm's script-shell
  or node-options preload; a .pth import): the skill's file it names that sends data out is EX-01 high there;
- the ``[[source]]`` rows are the package managers' own config files and the settings that switch verification off
  (obeyed.SOURCE_SETTINGS reads them, ``sources()``).

Every entry is gated by its path (``ends``) and literals (``mark``, plain substring tests); a skill with no file of
a listed kind pays a suffix test per file and a few substring tests for the kinds recognised by content.
"""

from __future__ import annotations

import posixpath
import re



def _any(data: bytes, marks: tuple[bytes, ...]) -> bool:
    return any(m in data for m in marks)

MAX_BYTES = 256 * 1024
MAX_LEAVES = 4000
_RAW = None
_TABLE = None


def _raw() -> dict:
    """filekinds.toml as parsed, read once per process (``table()`` and obeyed's ``sources()`` both read it)."""
    global _RAW
    if _RAW is None:
        import tomllib
        from pathlib import Path

        _RAW = tomllib.loads((Path(__file__).with_name("filekinds.toml")).read_text())
    return _RAW


def _row(e: dict) -> dict:
    """A row with its content marks as bytes and its path ends lower-cased (every kind of row has both)."""
    e = dict(e)
    e["_mark"] = tuple(m.encode() for m in e.get("mark", []))
    e["ends"] = tuple(x.lower() for x in e.get("ends", []))
    return e


def table():
    global _TABLE
    if _TABLE is None:
        raw = _raw()
        recs, texts, runners = [], [], []
        for e in map(_row, raw.get("record", [])):
            e["_all"] = [re.compile(x, re.M) for x in e.get("all", [])]
            e["_none"] = [re.compile(x, re.M) for x in e.get("none", [])]
            recs.append(e)
        for e in map(_row, raw.get("text", [])):
            e["_re"] = re.compile(e["re"], re.M)
            e["_needs"] = [re.compile(x, re.M) for x in e.get("needs", [])]
            e["_skill"] = [re.compile(x, re.M) for x in e.get("skill_needs", [])]
            texts.append(e)
        for e in map(_row, raw.get("runner", [])):
            e["_re"] = re.compile(e["re"], re.M)
            runners.append(e)
        _TABLE = (recs, texts, runners)
    return _TABLE


def sources() -> tuple[tuple[str, tuple[str, ...], tuple[str, ...], str], ...]:
    """The ``[[source]]`` rows (package managers' config files and their settings that switch verification off or
    take packages over plain HTTP), as obeyed.SOURCE_SETTINGS reads them: (tool, file names, path ends, regex)."""
    return tuple((s["tool"], tuple(s["files"]), tuple(s["ends"]), s["re"]) for s in _raw().get("source", []))


# ================================================================ rendering

_CC_RE = re.compile(r"\{\{\s*cookiecutter\.(\w+)\s*\}\}")
_SUB_RE = re.compile(r"\$\{([A-Za-z][\w:]*)\}")


def _template_vars(files: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """{template folder: {variable: value}} of each cookiecutter.json / copier.yml of the skill (plain string
    values only: a value that is itself a template is left as written)."""
    out: dict[str, dict[str, str]] = {}
    for path, data in files.items():
        base = posixpath.basename(path)
        if base not in ("cookiecutter.json", "copier.yml", "copier.yaml") or len(data) > MAX_BYTES:
            continue
        doc = _parse(path, data.decode("utf-8", errors="replace"))
        if not isinstance(doc, dict):
            continue
        vals = {}
        for k, v in doc.items():
            if isinstance(v, dict):  # copier: {type: str, default: …}
                v = v.get("default")
            if isinstance(v, list) and v:  # cookiecutter: a choice, the first is the default
                v = v[0]
            if isinstance(v, (str, int, float)) and "{{" not in str(v) and "{%" not in str(v):
                vals[str(k)] = str(v)
        if vals:
            out[posixpath.dirname(path)] = vals
    return out


# ================================================================ programs a tool runs on every event

_CMD_WORD_RE = re.compile(r"[\w~$./{}-]*[\w-]\.(?:py|sh|bash|js|mjs|cjs|rb|pl|ps1|php|ts)\b|[\w~$.{}-]*/[\w./-]+")


def _named_files(cmd: str, files: dict[str, bytes], module: bool = False) -> list[str]:
    """The skill's files a command names (by their file name, at least four characters); a Python module's name
    (``module``) names its ``.py`` file."""
    names = {posixpath.basename(w) for w in _CMD_WORD_RE.findall(cmd)}
    if module:
        names |= {w.split(".")[0] + ".py" for w in re.findall(r"[\w.]+", cmd)}
    names = {n for n in names if len(n) >= 4}
    return [p for p in sorted(files) if posixpath.basename(p) in names and not p.lower().endswith((".md", ".markdown"))]


def run_programs(sc, files: dict[str, bytes], found: list) -> list:
    """EX-01 high on the network send of a skill's program that a tool's setting runs on every event
    (``[[runner]]`` of the table): a git clean filter that uploads, an ssh ProxyCommand that reports."""
    _, _, runners = table()
    out: list = []
    done: set[str] = set()
    for path in sorted(files):
        data = files[path]
        if len(data) > MAX_BYTES:
            continue
        low = path.lower()
        es = [e for e in runners if (not e["ends"] or low.endswith(e["ends"])) and _any(data, e["_mark"])]
        if not es:
            continue
        text = data.decode("utf-8", errors="replace")
        for e in es:
            for m in e["_re"].finditer(text):
                cmd = next((m.group(g) for g in m.re.groupindex if m.group(g)), "")
                for target in _named_files(cmd, files, e.get("module", False)):
                    if target in done or target == path:
                        continue
                    done.add(target)
                    body = files[target].decode("utf-8", errors="replace") if len(files[target]) <= MAX_BYTES else ""
                    sent = sc._def("egress").search(body)
                    if not sent:
                        continue
                    line = body.count("\n", 0, sent.start()) + 1
                    if any(f.file == target and f.category == "exfiltration" and f.grades for f in (*found, *out)):
                        continue
                    where = f"{path}:{text.count(chr(10), 0, m.start()) + 1}"
                    out.append(sc._finding("EX-01", "high", target, line, body.split("\n")[line - 1].strip()[:300],
                                           note=f"set as {e['kind']} ({where}): {e['when']}; it sends data out each time"))
    return out


def _render_template(path: str, text: str, tvars: dict[str, dict[str, str]]) -> str:
    for root, vals in tvars.items():
        if root and not path.startswith(root + "/"):
            continue

        def sub(m, vals=vals):
            return vals.get(m.group(1) or m.group(2), m.group(0))

        text = re.sub(r"\{\{\s*(?:cookiecutter\.(\w+)|(\w+))\s*\}\}", sub, text)
    return text


def _loader():
    import yaml

    class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

    def tagged(loader, suffix, node):
        if isinstance(node, yaml.ScalarNode):
            v = loader.construct_scalar(node)
            return "${" + v + "}" if suffix in ("Ref", "!Ref") else v
        if isinstance(node, yaml.SequenceNode):
            seq = loader.construct_sequence(node, deep=True)
            if suffix in ("Sub", "!Sub") and seq and isinstance(seq[0], str):
                return seq[0]
            return seq
        return loader.construct_mapping(node, deep=True)

    Loader.add_multi_constructor("!", tagged)
    return Loader


_LOADER = None


def _parse(path: str, text: str):
    low = path.lower()
    try:
        if low.endswith(".json") or text.lstrip()[:1] in ("{", "["):
            import json

            return json.loads(text)
        if low.endswith(".toml"):
            import tomllib

            return tomllib.loads(text)
        import yaml

        global _LOADER
        if _LOADER is None:
            _LOADER = _loader()
        docs = list(yaml.load_all(text, Loader=_LOADER))
        return docs[0] if len(docs) == 1 else docs
    except Exception:
        return None


def _cfn_render(doc):
    """A CloudFormation template with ``${Param}`` (``!Ref`` too, read as ``${Param}``) replaced by each parameter's
    Default and ``${AWS::Partition}`` by ``aws``; ``${AWS::AccountId}`` stays (the deploying account itself)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("Parameters"), dict) or "Resources" not in doc:
        return doc
    vals = {"AWS::Partition": "aws"}
    for k, v in doc["Parameters"].items():
        if isinstance(v, dict) and isinstance(v.get("Default"), (str, int)) and str(v.get("Default")) != "":
            vals[str(k)] = str(v["Default"])

    def walk(x):
        if isinstance(x, str):
            return _SUB_RE.sub(lambda m: vals.get(m.group(1), m.group(0)), x)
        if isinstance(x, list):
            return [walk(i) for i in x]
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x

    return walk(doc)


# ================================================================ records

def _leaves(x, prefix: str, out: list, budget: list) -> None:
    if budget[0] <= 0:
        return
    if isinstance(x, dict):
        if not x:
            out.append(f"{prefix} = {{}}")
        for k, v in x.items():
            _leaves(v, f"{prefix}.{k}" if prefix else str(k), out, budget)
    elif isinstance(x, list):
        for v in x[:200]:
            _leaves(v, prefix + "[]", out, budget)
    else:
        budget[0] -= 1
        v = "true" if x is True else "false" if x is False else "null" if x is None else str(x).replace("\n", " ")
        out.append(f"{prefix} = {v}")


def records(doc) -> list[tuple[dict, str]]:
    """(mapping, its flattened leaves, one per line) of every mapping in ``doc``, innermost first."""
    out: list[tuple[dict, str]] = []

    def walk(x, depth):
        if depth > 40 or len(out) > 2000:
            return
        if isinstance(x, dict):
            for v in x.values():
                walk(v, depth + 1)
            lines: list[str] = []
            _leaves(x, "", lines, [MAX_LEAVES])
            out.append((x, "\n".join(lines)))
        elif isinstance(x, list):
            for v in x:
                walk(v, depth + 1)

    walk(doc, 0)
    return out


def _holds(e, flat: str) -> re.Match | None:
    first = None
    for rx in e["_all"]:
        m = rx.search(flat)
        if not m:
            return None
        first = first or m
    if any(rx.search(flat) for rx in e["_none"]):
        return None
    return first


def _line_of_leaf(text: str, leaf: str) -> int:
    key, _, val = leaf.partition(" = ")
    last = re.sub(r"\[\]", "", key.rsplit(".", 1)[-1])
    if last and val.strip():
        m = re.search(r"\b" + re.escape(last) + r"""['"]?\s*[:=]\s*['"]?""" + re.escape(val.strip()), text)
        if m:
            return text.count("\n", 0, m.start()) + 1
    for needle in (val.strip(), last):
        if needle and len(needle) >= 2:
            i = text.find(needle)
            if i >= 0:
                return text.count("\n", 0, i) + 1
    return 1


# ================================================================ the reading

def _host_ok(url: str, public_ok: bool) -> bool:
    from skillpm.scan import obeyed

    if obeyed._local(url):
        return False
    return public_ok or obeyed._foreign(url)


def _code_view(path: str, text: str) -> str:
    """The code as its run makes it: a notebook's code cells (hidden ones too) joined, and literals written as the
    values their decoders make (values.view: char codes, base64, hex, reversal, joined parts)."""
    from skillpm.scan import values

    if path.lower().endswith(".ipynb"):
        import json

        try:
            nb = json.loads(text)
            cells = [c for c in nb.get("cells", []) if isinstance(c, dict) and c.get("cell_type") == "code"]
            text = "\n".join("".join(c["source"]) if isinstance(c.get("source"), list) else str(c.get("source", ""))
                             for c in cells)
        except (ValueError, AttributeError, TypeError):
            pass
    return values.view(text) or text


def _line_in(text: str, body: str, m) -> int:
    """The line of ``text`` that holds the match ``m`` of ``body`` (the same text, or a view of it)."""
    at = m.start("host") if "host" in m.re.groupindex and m.group("host") else m.start()
    if body is text:
        return text.count("\n", 0, at) + 1
    ln = body[body.rfind("\n", 0, at) + 1:].split("\n", 1)[0].strip()
    for probe in (ln[:60], "--trusted-host", "trusted-host"):
        i = text.find(probe) if probe else -1
        if i >= 0:
            return text.count("\n", 0, i) + 1
    return 1


def _action_name(name: str) -> str:
    n = name.lower()
    n = n[:-len("-action")] if n.endswith("-action") else n
    return n[len("action-"):] if n.startswith("action-") else n


def _assigned_url(text: str, name: str) -> str | None:
    """The address a name is assigned in ``text`` (its first quoted URL on the assigning line), or None."""
    a = re.search(r"(?m)^[ \t]*(?:export[ \t]+|(?:const|let|var|val)[ \t]+)?" + re.escape(name)
                  + r"""[ \t]*:?=[^\n]*?["'](https?://[^"'\s]+)["']""", text)
    return a.group(1) if a else None


def _host_of(e, m, text: str) -> str | None:
    gi = e["_re"].groupindex
    if "host" in gi and m.group("host"):
        return m.group("host")
    if "name" in gi and m.group("name"):
        return _assigned_url(text, m.group("name"))
    return None


def _holds_text(e, m, text: str = "") -> bool:
    gi = e["_re"].groupindex
    if "host" in gi:
        host = _host_of(e, m, text)
        if not host or not _host_ok(host, e.get("public_ok", False)):
            return False
    if "owners" in e:  # a known action's name from another organisation
        owners = e["owners"].get(_action_name(m.group("action")))
        return owners is not None and m.group("owner").lower() not in {o.lower() for o in owners}
    return True


def file_kinds(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.obeyed import _known, _line_text

    recs, texts, _ = table()
    out: list = []
    tvars = None
    hold: dict[str, list] = {}  # record entry name -> [(path, line, leaf)]
    lowered = {p: p.lower() for p in files}
    for path in sorted(files):
        low = lowered[path]
        data = files[path]
        if len(data) > MAX_BYTES or low.endswith((".md", ".markdown")):
            continue
        rec_es = [e for e in recs if low.endswith(e["ends"]) and _any(data, e["_mark"])]
        txt_es = [e for e in texts if (not e["ends"] or low.endswith(e["ends"])) and _any(data, e["_mark"])]
        if not rec_es and not txt_es:
            continue
        text = data.decode("utf-8", errors="replace")
        if "{{" in text:
            if tvars is None:
                tvars = _template_vars(files)
            text = _render_template(path, text, tvars)
        if rec_es:
            doc = _cfn_render(_parse(path, text))
            if doc is not None:
                rs = records(doc)
                for e in rec_es:
                    for _, flat in rs:
                        m = _holds(e, flat)
                        if m:
                            hold.setdefault(e["name"], []).append((path, _line_of_leaf(text, m.group(0)), m.group(0)))
                            break
        for e in txt_es:
            body = _code_view(path, text) if e.get("view") else text
            m = next((m for m in e["_re"].finditer(body) if _holds_text(e, m, body)), None)
            if not m or not all(rx.search(text) for rx in e["_needs"]):
                continue
            sev, note = e.get("severity"), e["note"]
            if e["_skill"] and any(rx.search(files[p].decode("utf-8", errors="replace")) for p in files
                                   if len(files[p]) <= MAX_BYTES for rx in e["_skill"]):
                sev, note = e.get("severity_with", sev), note + e.get("note_with", "")
            if not sev or e["rule"] in _known(found + out, path):
                continue
            line = _line_in(text, body, m)
            where = f" ({_host_of(e, m, body)})" if "host" in e["_re"].groupindex else ""
            out.append(sc._finding(e["rule"], sev, path, line, _line_text(text, line),
                                   note=f"{e['kind']}{where}: {note}"))
    for e in recs:
        if not e.get("rule") or e["name"] not in hold:
            continue
        if e.get("with") and e["with"] not in hold:
            continue
        path, line, leaf = hold[e["name"]][0]
        if e["rule"] in _known(found + out, path):
            continue
        text = files[path].decode("utf-8", errors="replace")
        extra = ""
        if e.get("with"):
            p2, l2, leaf2 = hold[e["with"]][0]
            extra = f"; trusted: {leaf2.partition(' = ')[2]} ({p2}:{l2})"
        out.append(sc._finding(e["rule"], e["severity"], path, line, _line_text(text, line),
                               note=f"{e['kind']} ({leaf}): {e['note']}{extra}"))
    return out + run_programs(sc, files, found + out)
