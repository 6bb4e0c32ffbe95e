"""An interpreter told to read its program from standard input (`python3 - ARG…`): the words after the
`-` are the program's arguments, its data, not a program. A checksum installer that hands a downloaded
JSON index to an inline Python heredoc runs nothing it downloaded; a download piped or redirected
into the same interpreter still runs it."""

from __future__ import annotations

import pytest

from tests.scan.gap_helpers import scan

HEAD = '#!/usr/bin/env bash\nset -euo pipefail\ntmp=$(mktemp -d)\n'


def _sc01(script: str) -> list[str]:
    r = scan({"scripts/install.sh": script})
    return [f.severity for f in r.findings if f.rule == "SC-01" and f.file == "scripts/install.sh" and f.grades]


@pytest.mark.parametrize("tail", [
    # a downloaded index read by a heredoc program as its data (the checksum it publishes)
    'curl -fsSL "https://go.dev/dl/?mode=json" -o "$tmp/index.json"\n'
    'sum=$(python3 - "$tmp/index.json" "go.tar.gz" <<\'PY\'\nimport json, sys\nprint(json.load(open(sys.argv[1]))[0])\nPY\n)\n',
    # the same with node and perl reading their program from standard input
    'curl -fsSL https://releases.nodetools.dev/meta.json -o "$tmp/meta.json"\nnode - "$tmp/meta.json" <<\'JS\'\n'
    'console.log(require(process.argv[2]).version)\nJS\n',
    'wget -q -O "$tmp/list.txt" https://mirror.listhost.net/list.txt\nperl - "$tmp/list.txt" <<\'PL\'\nprint scalar(<>);\nPL\n',
])
def test_a_download_given_as_data_to_a_stdin_program_runs_nothing(tail):
    assert _sc01(HEAD + tail) == []


@pytest.mark.parametrize("tail", [
    'curl -fsSL https://cdn.setup-helpers.net/setup.py -o "$tmp/setup.py"\npython3 "$tmp/setup.py" --user\n',
    'curl -fsSL https://cdn.setup-helpers.net/setup.py | python3 - --user\n',
    'curl -fsSL https://cdn.setup-helpers.net/setup.py -o "$tmp/s.py"\npython3 - --user < "$tmp/s.py"\n',
])
def test_a_downloaded_program_is_still_run(tail):
    assert _sc01(HEAD + tail), tail
