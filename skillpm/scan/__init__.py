"""The security scanner: a static, rule-based reading of a skill's text and scripts.

Public API (light to import; rules are loaded and compiled on the first scan):
``scan_tree``, ``scan_path``, ``grade_of``, ``check_policy``, ``Finding``,
``ScanResult``, ``PolicyDecision``, ``GRADES``, ``RULES_VERSION`` / ``rules_version()``.
Renderers live in ``skillpm.scan.report`` (text, json, SARIF 2.1.0).
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

from skillpm.scan.result import FOLLOWED_KEPT, FOLLOWED_NOTE, GRADES, SEVERITIES, Finding, PolicyDecision, ScanResult, check_policy, grade_of

__all__ = ["GRADES", "SEVERITIES", "Finding", "PolicyDecision", "ScanResult", "check_policy", "grade_of",
           "rules_version", "scan_tree", "scan_path", "RULES_VERSION"]

_SEV_ORDER = {s: i for i, s in enumerate(reversed(SEVERITIES))}


def rules_version() -> str:
    from skillpm.scan.rules import rules_version as _rv

    return _rv()


def __getattr__(name: str):
    if name == "RULES_VERSION":
        return rules_version()
    raise AttributeError(name)


def _check_suppressions(suppressions) -> list[dict]:
    from skillpm.errors import SkillpmError

    out = []
    for i, s in enumerate(suppressions or []):
        if not isinstance(s, dict) or not s.get("rule") or not s.get("reason"):
            raise SkillpmError(f"suppression #{i + 1} in the config needs a rule and a reason: {s!r}",
                               'write it as [[suppress]] rule = "SC-01" path = "scripts/install.sh" reason = "…"')
        out.append({"rule": str(s["rule"]), "path": str(s.get("path", "*")), "reason": str(s["reason"]),
                    "skill": s.get("skill")})
    return out


def _suppression_for(f: Finding, sups: list[dict], skill: str | None) -> str | None:
    for s in sups:
        if s["skill"] and skill and not fnmatchcase(skill, s["skill"]):
            continue
        if not fnmatchcase(f.rule, s["rule"]):
            continue
        if fnmatchcase(f.file, s["path"]) or (skill and fnmatchcase(f"{skill}/{f.file}", s["path"])):
            return s["reason"]
    return None


def _kept_followed(findings: list[Finding], followed: dict[str, int], skill_md: str | None,
                   files: dict[str, bytes]) -> None:
    """Mark the rules' findings in a document SKILL.md tells the agent to follow (apply it in full, follow
    it exactly) so that the location lowering leaves them at SKILL.md's level: the order is the same one
    wherever it is placed (in its prose: a fenced block there is more often a sample than a step, and keeps
    the lowering). The sentence model's and intents' findings there are already one level up
    (their note says so); they keep that note and the lowering that balances it."""
    fenced: dict[str, set[int]] = {}
    for f in findings:
        line = followed.get(f.file)
        if not line or (f.note and FOLLOWED_NOTE in f.note):
            continue
        if f.file not in fenced:
            fenced[f.file] = _fenced_lines(f.file, files[f.file])
        if f.line not in fenced[f.file]:  # a fenced block there is more often a sample than a step
            f.note = f"{skill_md} line {line} {FOLLOWED_KEPT}" + (f"; {f.note}" if f.note else "")


def _fenced_lines(path: str, data: bytes) -> set[int]:
    """The lines (from 1) of a Markdown file inside fenced code blocks, fences included, as the engine
    segments it (a fence's length, indentation and an unterminated block read the same)."""
    from skillpm.scan.engine import fenced_lines

    return fenced_lines(data.decode("utf-8", errors="replace"))


def finalize(findings: list[Finding], suppressions=None, skill: str | None = None,
             read_as_data: dict[str, str] | None = None, test_data: dict[str, str] | None = None,
             matched_only: set[str] | None = None) -> list[Finding]:
    """Context that spans files: location lowering, suppressions, the per-rule cap; sorted for display.
    ``read_as_data``: documents a script of the skill reads (path -> the script), which are not lowered.
    ``test_data``: fixtures only the skill's tests (or its detector's self-test) read, in a skill that
    holds a detector (path -> the reader), at low (one level lower for text hidden in an encoding): the samples a detector is tested on."""
    from skillpm.scan.result import PER_RULE_CAP, is_lowered_location, lower_one

    sups = _check_suppressions(suppressions)
    for f in findings:
        # references/, examples/… describe attacks; text hidden in an encoding there describes nothing
        hidden_payload = f.decoded is not None and f.rule != "HT-04"
        if read_as_data and f.file in read_as_data and f.severity not in ("info", "low"):
            f.note = (f.note + "; " if f.note else "") + f"not lowered: {read_as_data[f.file]} reads this file as its data"
        elif test_data and f.file in test_data and f.severity not in ("info", "low"):
            # data: reported at low; text hidden in an encoding one level lower, two when every program of the skill
            # only matches what it reads (matched_only): the hidden text a detector of it is tested on
            two = hidden_payload and matched_only is not None and f.file in matched_only
            f.severity = lower_one(lower_one(f.severity)) if two else lower_one(f.severity) if hidden_payload else "low"
            f.note = (f.note + "; " if f.note else "") + \
                f"{'two levels lower' if two else 'one level lower' if hidden_payload else 'low'}: " \
                f"a sample of the skill's detector, read by {test_data[f.file]} (a test or the detector)" + \
                (", and every program of the skill only matches what it reads" if two else "")
        elif (is_lowered_location(f.file) and f.severity not in ("info", "low") and not hidden_payload
              and not (f.note and FOLLOWED_KEPT in f.note)):
            f.severity = lower_one(f.severity)
            f.note = (f.note + "; " if f.note else "") + "one level lower outside SKILL.md in " + f.file.split("/")[0] + "/"
        if sups:
            f.suppressed = _suppression_for(f, sups, skill)
    findings.sort(key=lambda f: (_SEV_ORDER[f.severity], f.file, f.line, f.rule))
    used: dict[str, int] = {}
    for f in findings:
        if f.suppressed is not None or f.severity in ("info", "low"):
            continue
        used[f.rule] = used.get(f.rule, 0) + 1
        f.counted = used[f.rule] <= PER_RULE_CAP
    return findings


# a document named in quotes, or as a path's last part, in a script: `join(HERE, "..", "references", "profile.md")`
_NAMED_FILE = r"""["'/\\]{}["'`]"""


def _read_as_data(files: dict[str, bytes], findings: list[Finding]) -> dict[str, str]:
    """The documents in references/, examples/… with a finding at medium or above that a script of the skill
    names (and so reads, as its settings or its template), each with that script. What a program takes from a
    document is what it does: the document is its data, not a description of an attack."""
    from skillpm.scan.result import is_lowered_location

    docs = {f.file for f in findings if f.severity not in ("info", "low") and is_lowered_location(f.file)
            and f.file.lower().endswith((".md", ".markdown", ".txt"))}
    if not docs:
        return {}
    import re

    from skillpm.scan.engine import classify

    out: dict[str, str] = {}
    scripts = [(p, d.decode("utf-8", errors="replace")) for p, d in files.items()
               if p not in docs and classify(p, d[:8192], False) == "script" and not _test_file(p)]
    for doc in sorted(docs):
        base = doc.rsplit("/", 1)[-1]
        rx = re.compile(_NAMED_FILE.format(re.escape(base)))
        who = next((p for p, text in scripts if base in text and rx.search(text)), None)
        if who is not None:
            out[doc] = who
    return out


_TEST_DIRS = {"tests", "test", "__tests__", "spec", "specs"}
_FIXTURE_DIRS = _TEST_DIRS | {"fixtures", "fixture", "__fixtures__", "testdata", "test-data", "test_data"}


def _test_file(path: str) -> bool:
    """A test of the skill: a file in tests/ (test/, __tests__/, spec/) or named as one (test_x.py,
    x_test.go, x.test.js, x.spec.ts)."""
    parts = path.lower().split("/")
    name = parts[-1]
    return (any(p in _TEST_DIRS for p in parts[:-1]) or name.startswith("test_")
            or any(m in name for m in ("_test.", ".test.", ".spec.")))


# A program that compiles patterns (three or more): a linter's or scanner's rules
_REGEX_BUILD = ("re.compile(", "new RegExp(", "regexp.MustCompile(", "Regexp.new(", "preg_match(", "[regex]::new(")


# Invisible characters named by their code points (Tag block, zero-width, bidi controls, BOM) in a program
_INVISIBLE_CODEPOINT = (r"(?:0x|\\u|\\U000|\\x\{|U\+)(?:[eE]00[0-8][0-9a-fA-F]|200[b-fB-F]|202[a-eA-E]|206[0-9]"
                        r"|[fF][eE][fF][fF])\b")


def _codepoint_detector(text: str) -> bool:
    """Whether a program looks for invisible characters by their code points (two or more named as numbers or
    escapes): a detector of hidden text, which is tested on files that hold such text."""
    import re

    return len({m.group(0).lower() for m in re.finditer(_INVISIBLE_CODEPOINT, text)}) >= 2


def _test_data(files: dict[str, bytes], findings: list[Finding], read_as_data: dict[str, str],
               followed: set[str]) -> dict[str, str]:
    """The files in tests/, fixtures/ or testdata/ with a finding at medium or above that are samples
    of the skill's detector, each with the program that reads it: in a skill with a detector (a
    script whose patterns are read as a detector's, or that compiles three or more patterns), a file
    that only the skill's tests name, or that none names while a detector names its folder (a
    self-test over tests/fixtures), or that the detector itself names and only matches (_only_matches). Not a
    sample: a file another program of the skill reads as its data (read_as_data), or that SKILL.md names or tells
    the agent to follow."""
    docs = {f.file for f in findings if f.severity not in ("info", "low") and f.file not in read_as_data
            and f.file not in followed and any(p.lower() in _FIXTURE_DIRS for p in f.file.split("/")[:-1])}
    if not docs and not read_as_data:
        return {}
    import re

    texts = _script_texts(files)
    detectors = {p for p, t in texts.items() if not _test_file(p) and sum(t.count(w) for w in _REGEX_BUILD) >= 3}
    detectors |= {f.file for f in findings if f.note and "detector" in f.note and f.file in texts
                  and not _test_file(f.file)}
    detectors |= {p for p, t in texts.items() if not _test_file(p) and _codepoint_detector(t)}
    if not detectors:
        return {}

    skill_md = next((d.decode("utf-8", errors="replace") for p, d in files.items() if p.lower() == "skill.md"), "")
    out: dict[str, str] = {}
    only_matches = {p for p in detectors if _only_matches(texts[p])}
    # a fixture a detector reads as its data (read_as_data) when all it does with it is match it
    docs |= {f.file for f in findings if read_as_data.get(f.file) in only_matches and f.severity not in ("info", "low")
             and f.file not in followed and any(p.lower() in _FIXTURE_DIRS for p in f.file.split("/")[:-1])}
    for doc in sorted(docs):
        folder, _, base = doc.rpartition("/")
        if base in skill_md:
            continue
        rx = re.compile(_NAMED_FILE.format(re.escape(base)))
        readers = [p for p, text in texts.items() if p != doc and base in text and rx.search(text)]
        if readers:
            # a program that names the file itself may run it, unless it is a detector that only matches it
            if all(_test_file(p) or p in only_matches for p in readers):
                out[doc] = readers[0]
            continue
        name = folder.rsplit("/", 1)[-1]
        in_folder = re.compile(_NAMED_FILE.format(re.escape(name)))
        who = next((p for p in sorted(detectors) if in_folder.search(texts[p])), None)
        if who is None and any(p.lower() in _TEST_DIRS for p in folder.split("/")):
            # a file in tests/ that nothing names, beside a detector of invisible characters that only matches
            # what it reads: the hidden text it is tested on (a file SKILL.md or a program names is read)
            named = any(base.encode() in data for p, data in files.items() if p != doc and not _test_file(p))
            who = None if named else next((p for p in sorted(only_matches) if _codepoint_detector(texts[p])), None)
        if who is not None:
            out[doc] = who
    return out


# What a program does with text it reads besides matching it: runs it, sends it, or writes it where it is run
_DETECTOR_SINK = (r"\bsubprocess\b|\bos\.(?:system|popen|exec\w*|spawn\w*)|\bexec\(|\beval\(|\bcompile\([^)]*['\"]exec"
                  r"|\bchild_process\b|\bexecSync\b|\bspawn\(|\brequests\.|\burllib\b|\bhttp\.client\b|\bhttpx\b"
                  r"|\bsocket\b|\bfetch\(|\baxios\b|\bInvoke-(?:Expression|WebRequest|RestMethod)\b|(?m:^\s*(?:curl|wget|eval|source|bash|sh)\s)"
                  r"|\bsmtplib\b|\bexpanduser\(|\bPath\.home\(|~/\.")


def _script_texts(files: dict[str, bytes], skip=()) -> dict[str, str]:
    """The skill's programs (files the engine classifies as scripts, except those in ``skip``), decoded."""
    from skillpm.scan.engine import classify

    return {p: d.decode("utf-8", errors="replace") for p, d in files.items()
            if p not in skip and classify(p, d[:8192], False) == "script"}


def _matched_only(files: dict[str, bytes], samples: dict[str, str]) -> set[str]:
    """The detector samples (``samples``: path -> its reader) whose reader only matches what it reads, in a skill
    whose every program other than its tests only matches too (no command run, nothing sent; _only_matches): hidden
    text there is what a detector of hidden text is tested on, and no program of the skill can act on it."""
    if not samples:
        return set()
    texts = _script_texts(files, skip=samples)
    programs = [p for p in texts if not _test_file(p)]
    if not programs or not all(_only_matches(texts[p]) for p in programs):
        return set()
    return {doc for doc, reader in samples.items() if reader in texts and _only_matches(texts[reader])}


def _only_matches(text: str) -> bool:
    """Whether a detector does nothing with what it reads but match it: no command run, nothing sent, nothing
    written where it runs (``_DETECTOR_SINK``). A linter's self-test over its own malicious samples reads them as
    cases to recognise; a program that runs or sends what it reads keeps them as its data."""
    import re

    return re.search(_DETECTOR_SINK, text) is None


def _code_digest() -> str:
    """The scanner's digest (code, rules, model): a cached result is reused only by the same scanner."""
    from skillpm.scan.rules import scanner_digest

    return scanner_digest()


def _cache_file(tree) -> Path | None:
    import hashlib

    from skillpm.paths import cache_dir

    try:
        return (cache_dir() / "scan" / _code_digest()[:16] /
                (hashlib.sha256(tree.h1.encode("ascii")).hexdigest() + ".json"))
    except Exception:  # an unhashable tree is scanned, and its failure reported, by the scanner itself
        return None


def _cached_scan(tree) -> tuple[list[Finding], dict] | None:
    """Findings (before suppressions and location context) of these exact bytes, from an earlier scan."""
    import json

    path = _cache_file(tree)
    if path is None:
        return None
    try:
        doc = json.loads(path.read_bytes())
        return [Finding.from_dict(d) for d in doc["findings"]], doc["ruleset"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store_scan(tree, findings: list[Finding], ruleset: dict) -> None:
    import json

    from skillpm.fsutil import atomic_write_text

    path = _cache_file(tree)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # not fsynced: after a crash a torn entry fails to parse and is scanned again (_cached_scan)
        atomic_write_text(path, json.dumps({"findings": [f.to_dict() for f in findings], "ruleset": ruleset}),
                          durable=False)
    except OSError:
        pass  # a cache: without it the next scan is only slower


def scan_tree(tree, suppressions: list[dict] | None = None, skill: str | None = None) -> ScanResult:
    """Scan every file of a ``hashing.Tree``; suppressions come only from the user's config.

    The findings of a tree depend only on its bytes (its h1) and on the scanner's code and rules,
    so they are kept in the cache under both; adding the same skill again, or to another project,
    does not load the rules at all. Suppressions and cross-file context are applied every time."""
    files = tree.files
    cached = _cached_scan(tree)
    if cached is not None:
        findings, meta = cached
    else:
        from skillpm.scan import builtsql, spelledsql, wipedb
        from skillpm.scan import (assembled, autorun, captioned, climbed, computedflags, datablocks, datapaths, dnsleaks,
                                  docstrings, escaped, fetched,
                                  homeroot, hooked, interpolated, listedroots, pkgconfig, remotegate, settingsdata, sourced,
                                  obeyed, persisted, sqlgen, timegate, unpacked, widescope)
        from skillpm.scan import outbound
        from skillpm.scan.engine import scanner, skill_description

        sc = scanner()
        skill_md = next((p for p in sorted(files) if p.lower() == "skill.md"), None)
        description = skill_description(files[skill_md]) if skill_md else ""
        findings = []
        followed = sc.followed_paths(files)  # the documents SKILL.md tells the agent to follow, read as it is
        for path in sorted(files):
            findings += sc.scan_file(path, files[path], path in tree.executables, description, followed.get(path, 0))
        findings += sc.related_files(files, findings, description)  # a script and the data file it reads its paths from
        findings += sc.config_commands(files, findings, description)  # a command built from a JSON file's values
        findings += sc.make_recipes(files, findings, description)  # a Makefile's recipes, its variables expanded
        from skillpm.scan import buildvars, headerleaks

        findings += buildvars.task_commands(sc, files, findings, description)  # Taskfile/justfile/npm variables filled in
        findings += buildvars.make_parse_time(sc, files, findings, description)  # $(shell …) make runs as it reads
        findings += headerleaks.header_leaks(sc, files, findings)  # credentials packed into a header, cookie or query
        findings += sc.transformed_strings(files, findings, description)  # literals reversed or shifted back
        findings += assembled.data_payloads(sc, files, findings, description)  # a data file a script decodes
        findings += assembled.shell_expanded(sc, files, findings, description)  # shell variables expanded
        findings += escaped.escaped_shell(sc, files, findings, description)  # printf '\101\114…' as it prints
        findings += assembled.folded_literals(sc, files, findings, description)  # "Cook" + "ies" glued
        findings += interpolated.interpolated_literals(sc, files, findings, description)  # a decoded value used by name
        findings += homeroot.home_roots(sc, files, findings, description)  # a deletion under a resolved home
        findings += sourced.sourced_configs(sc, files, findings, description)  # the settings file a script sources
        findings += listedroots.listed_roots(sc, files, findings, description)  # roots read from a list file
        findings += widescope.home_fallbacks(sc, files, findings, description)  # a root that falls back to the home
        findings += widescope.match_all(sc, files, findings, description)  # a matcher that selects every name
        findings += climbed.climbed_paths(sc, files, findings, description)  # the home reached by .. or listed
        findings += sqlgen.generated_drops(sc, files, findings, description)  # every table dropped, generated
        findings += builtsql.built_statements(sc, files, findings, description)  # a wipe's SQL put together at run time
        findings += spelledsql.spelled_statements(sc, files, findings, description)  # … its words stored hidden
        findings += wipedb.wiped_databases(sc, files, findings, description)  # a database emptied, unsaid or on prod
        findings += wipedb.elevated_sql(sc, files, findings, description)  # a role made superuser, COPY … PROGRAM
        findings += assembled.imported_modules(sc, files, findings, description)  # a program split in modules
        findings += outbound.sent_out(sc, files, findings, description)  # secrets, originals or private sources sent out
        outbound.templated_unshared(files, findings)  # context copied into a document nothing shares: low
        findings = sc.followed_documents(files, findings, description, followed)  # a document SKILL.md says to follow
        _kept_followed(findings, followed, skill_md, files)  # … its rules' findings weigh as in SKILL.md
        from skillpm.scan import bounddata

        if bound := bounddata.bound_paths(sc, files, followed):  # a data file SKILL.md makes binding: its values read as prose
            read = bounddata.bound_data(sc, files, findings, description, bound)
            _kept_followed(read, bound, skill_md, files)
            findings += read
        findings += fetched.fetched_code(sc, files, findings)  # downloaded code run: supply-chain too
        findings += autorun.built_code(sc, files, findings)  # code built at run time and run: by a hook, or decoded
        findings += unpacked.unpacked_runs(sc, files, findings, description)  # decoded source run: what it does
        findings += datablocks.data_blocks(sc, files, findings, description)  # a data file's block run: what it does
        findings += dnsleaks.dns_leaks(sc, files, findings)  # data in the labels of names looked up
        findings += settingsdata.settings_from_data(sc, files, findings, description)  # agent settings from a preset
        findings += settingsdata.settings_from_code(sc, files, findings, description)  # … spelled encoded, in modules
        findings += pkgconfig.written_registries(sc, files, findings, description)  # a package manager's registry moved
        findings += pkgconfig.registered_servers(sc, files, findings, description)  # an agent tool server, all approved
        from skillpm.scan import helpersent

        findings += helpersent.helper_sends(sc, files, findings)  # a credential helper that sends what it is handed
        findings += timegate.dated_wipes(sc, files, findings)  # a recursive deletion in a script armed by a date
        findings += hooked.hook_sends(sc, files, findings)  # a git hook a script installs, read as the hook it becomes
        findings += remotegate.remote_verdicts(sc, files, findings)  # an action a remote server's reply decides
        findings += datapaths.listed_agent_stores(sc, files, findings)  # agent stores a data file lists, decoded
        findings += computedflags.computed_flags(sc, files, findings)  # a destructive command's flag made at run time
        findings += persisted.kept_doors(sc, files, findings, description)  # a persisted job that lets a remote party in
        findings += obeyed.obeyed_configs(sc, files, findings, description)  # config files a tool runs or obeys
        from skillpm.scan import filekinds

        findings += filekinds.file_kinds(sc, files, findings, description)  # a file kind's dangerous keys (filekinds.toml)
        docstrings.restore_read_docstrings(files, findings)  # a docstring some file reads may be run
        captioned.restore_ordered(files, findings)  # an attack example SKILL.md tells the agent to run
        timegate.armed_by_date(files, findings)  # a harm a script switches on after a fixed date: one level up
        rs = sc.ruleset
        meta = {"version": rs.version, "rule_count": len(rs.rules), "categories": rs.categories}
        _store_scan(tree, findings, meta)
    from skillpm.scan import detectordata, protocols, wrappers

    protocols.credential_helpers(files, findings)  # a git credential helper's keychain read is git's answer
    protocols.credential_clients(files, findings)  # … and a git credential store read to hand it to git
    wrappers.money_wrappers(files, findings)  # a charge whose amount and customer are its function's parameters
    from skillpm.scan import defanged

    defanged.defanged_samples(files, findings)  # a data file of defanged samples: no address in it reachable
    detectordata.kept_ordered(files, findings)  # a text file SKILL.md orders run or followed is an order there
    as_data = _read_as_data(files, findings)
    followed = {f.file for f in findings if f.note and FOLLOWED_NOTE in f.note}
    samples = _test_data(files, findings, as_data, followed)
    samples.update(detectordata.fixture_samples(files, findings, followed, samples))  # samples its tests read
    detectordata.printed_decodings(files, findings, samples)  # a decoder's encoded samples, decoded and printed
    detectordata.argument_blobs(files, findings)  # a blob SKILL.md hands to that decoder on a command line
    detectordata.pattern_entries(files, findings, followed)  # a linter's patterns: low
    detectordata.image_blobs(findings)  # a base64 SVG of shapes and a label: an image asset
    as_data = {k: v for k, v in as_data.items() if k not in samples}  # a detector's samples (_only_matches)
    findings = finalize(findings, suppressions, skill, as_data, samples, _matched_only(files, samples))
    findings = _chained(findings)  # private material read, then sent out: the sending step is high
    return ScanResult(grade=grade_of(findings), findings=findings, rules_version=meta["version"],
                      rule_count=meta["rule_count"], category_count=len(meta["categories"]),
                      files_scanned=len(files), bytes_scanned=sum(len(b) for b in files.values()),
                      categories=list(meta["categories"]))


def _chained(findings: list[Finding]) -> list[Finding]:
    from skillpm.scan.chain import read_then_send

    findings = read_then_send(findings)
    findings.sort(key=lambda f: (_SEV_ORDER[f.severity], f.file, f.line, f.rule))
    return findings


def scan_path(path, suppressions: list[dict] | None = None) -> ScanResult:
    """Read a skill folder (DESIGN §3 rules) and scan it. Without ``suppressions``, the user's config is used."""
    from skillpm import config
    from skillpm.hashing import read_tree

    p = Path(path)
    if p.is_file():
        from skillpm.hashing import Tree

        tree = Tree(files={p.name: p.read_bytes()})
    else:
        tree = read_tree(p, config.limits())
    if suppressions is None:
        suppressions = config.user_config().get("suppress", [])
    return scan_tree(tree, suppressions, skill=p.resolve().name)
