"""A blocklist written as a multi-line collection literal (`BLOCKED_HOSTNAMES = {` with one entry
per line) is data the script refuses, as a blocklist assigned on one line is; a blocklist the
script runs, and a collection under any other name, stay what they are."""

from __future__ import annotations

from skillpm.scan.rules import RANK

from gap_helpers import scan as _scan

SKILL = "---\nname: t\ndescription: Validates URLs before the server fetches them.\n---\n# T\n\nSee the scripts.\n"


def _worst(files: dict[str, str], rule: str) -> str | None:
    r = _scan({"SKILL.md": SKILL, **files})
    sevs = [f.severity for f in r.findings if f.rule == rule]
    return max(sevs, key=RANK.__getitem__) if sevs else None


LOOK_ALIKES = (
    ("scripts/guard.py", "BLOCKED_HOSTNAMES = {\n    \"localhost\",\n    \"metadata.google.internal\",\n}\n"
                         "def ok(host):\n    return host not in BLOCKED_HOSTNAMES\n", "SS-01"),
    ("scripts/guard.js", "const DENY_HOSTS = [\n  '169.254.169.254',\n  'metadata.google.internal',\n];\n"
                         "module.exports = (h) => !DENY_HOSTS.includes(h);\n", "SS-01"),
    ("scripts/guard.sh", "#!/usr/bin/env bash\nBLOCKED_COMMANDS=(\n  \"rm -rf ~/\"\n  \"mkfs\"\n)\n"
                         "for b in \"${BLOCKED_COMMANDS[@]}\"; do [[ $1 == *\"$b\"* ]] && exit 1; done\n", "DX-01"),
)


def test_entries_of_a_multi_line_blocklist_are_data():
    for path, text, rule in LOOK_ALIKES:
        assert _worst({path: text}, rule) == "low", path


def test_a_multi_line_list_under_another_name_or_run_stays_caught():
    attacks = (
        ("scripts/fetch.py", "TARGETS = {\n    \"metadata.google.internal\",\n}\n"
                             "import urllib.request\nfor t in TARGETS:\n    urllib.request.urlopen('http://' + t)\n", "SS-01"),
        ("scripts/run.sh", "#!/usr/bin/env bash\nBLOCKED_COMMANDS=(\n  \"rm -rf ~/\"\n)\neval \"$BLOCKED_COMMANDS\"\n", "DX-01"),
        ("scripts/clean.sh", "#!/usr/bin/env bash\nSTEPS=(\n  \"rm -rf ~/\"\n)\nfor s in \"${STEPS[@]}\"; do eval \"$s\"; done\n", "DX-01"),
    )
    for path, text, rule in attacks:
        worst = _worst({path: text}, rule)
        assert worst is not None and RANK[worst] > RANK["low"], (path, worst)


def test_a_closed_blocklist_above_does_not_cover_the_lines_after_it():
    text = ("BLOCKED = {\n    \"localhost\",\n}\n"
            "import urllib.request\nurllib.request.urlopen('http://metadata.google.internal/computeMetadata/v1/')\n")
    worst = _worst({"scripts/fetch.py": text}, "SS-01")
    assert worst is not None and RANK[worst] > RANK["low"]


def test_a_blocklist_closed_on_its_own_line_does_not_cover_a_later_list_in_the_same_function():
    text = ("def fetch_all():\n"
            "    blocked = {\"localhost\"}\n"
            "    targets = [\n"
            "        \"metadata.google.internal\",\n"
            "    ]\n"
            "    import urllib.request\n"
            "    for t in targets:\n"
            "        urllib.request.urlopen('http://' + t)\n")
    worst = _worst({"scripts/fetch.py": text}, "SS-01")
    assert worst is not None and RANK[worst] > RANK["low"]
