"""Skill cost (session, invoke, resources, scripts) and prices."""

from __future__ import annotations

import pytest

from skillpm import tokens
from skillpm.errors import SkillpmError
from skillpm.skill import load_skill
from skillpm_testing import write_skill


def test_cost_splits_resources_scripts_and_binaries(tmp_path, reference_encoding):
    folder = write_skill(tmp_path, "demo", description="Demo skill.", files={
        "references/guide.md": "# Guide\n\nRead me when needed.\n",
        "notes.txt": "plain notes\n",
        "scripts/helper.md": "under scripts/: a script even without code\n",
        "tools/run": "#!/bin/sh\necho hi\n",  # shebang → script (write_skill also sets its x bit)
        "tools/build.py": "print('built')\n",  # extension → script
        "assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00binary",
        "assets/latin1.txt": "caf\xe9".encode("latin-1"),  # not UTF-8 → treated as binary
    })
    (folder / "references" / "exec.md").write_text("an executable markdown file\n")
    (folder / "references" / "exec.md").chmod(0o755)  # executable bit → script
    cost = tokens.skill_cost(load_skill(folder))

    count = lambda t: len(reference_encoding.encode_ordinary(t))  # noqa: E731
    assert cost.session == count("demo: Demo skill.")
    assert cost.invoke == count((folder / "SKILL.md").read_text())
    assert cost.resource_files == [("notes.txt", count("plain notes\n")),
                                   ("references/guide.md", count("# Guide\n\nRead me when needed.\n"))]
    assert cost.resources == sum(n for _, n in cost.resource_files)
    assert [(s.path, s.size, s.mode, s.executable) for s in cost.scripts] == [
        ("references/exec.md", 28, "0755", True),
        ("scripts/helper.md", 43, "0755", True),
        ("tools/build.py", 15, "0644", False),
        ("tools/run", 18, "0755", True),
    ]
    assert cost.binaries == [("assets/latin1.txt", 4), ("assets/logo.png", 16)]
    doc = cost.as_dict()
    assert doc["scripts"][2] == {"path": "tools/build.py", "size": 15, "mode": "0644", "executable": False}
    assert doc["resource_files"][0]["path"] == "notes.txt"


@pytest.mark.parametrize("path,data,exe,expected", [
    ("scripts/a.txt", b"x", False, True),
    ("docs/a.md", b"#!/usr/bin/env python3\n", False, True),
    ("docs/a.md", b"text", True, True),
    ("docs/A.SH", b"echo", False, True),
    ("docs/a.md", b"# Title", False, False),
    ("docs.py/readme", b"text", False, False),  # the dot is in a folder name, not the file's extension
    ("myscripts/a.md", b"text", False, False),
])
def test_is_script(path, data, exe, expected):
    assert tokens.is_script(path, data, exe) is expected


def test_prices_default_and_example():
    prices = tokens.load_prices()
    assert prices == {"Fable 5.1": 10.0, "Opus 5": 5.0, "Sonnet 5": 2.0, "Haiku 4.5": 1.0}
    rows = dict(tokens.price_rows(126))
    assert rows["Opus 5"] == "0.00063"  # DESIGN §2's example
    assert rows == {"Fable 5.1": "0.00126", "Opus 5": "0.00063", "Sonnet 5": "0.00025", "Haiku 4.5": "0.00013"}
    assert tokens.usd(1, 5.0) == "0.00001"  # 0.000005 rounds half up
    assert tokens.usd(1_000_000, 2.5) == "2.50000"


def test_user_config_overrides_prices(home):
    from skillpm.paths import config_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "config.toml").write_text('[prices]\n"Opus 5" = 15.0\n"My Local Model" = 0.25\n')
    prices = tokens.load_prices()
    assert prices["Opus 5"] == 15.0  # overridden
    assert prices["Haiku 4.5"] == 1.0  # kept from the shipped list
    assert prices["My Local Model"] == 0.25  # added
    assert list(prices)[-1] == "My Local Model"
    assert dict(tokens.price_rows(126))["Opus 5"] == "0.00189"


@pytest.mark.parametrize("body", ['[prices]\n"Opus 5" = "cheap"\n', '[prices]\n"Opus 5" = -1\n', 'prices = 3\n',
                                  '[prices]\n"Opus 5" = true\n'])
def test_bad_user_price_is_a_clear_error(home, body):
    from skillpm.paths import config_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "config.toml").write_text(body)
    with pytest.raises(SkillpmError) as err:
        tokens.load_prices()
    assert "config.toml" in err.value.message and err.value.hint
