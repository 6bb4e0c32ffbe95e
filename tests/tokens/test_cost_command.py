"""`skillpm cost`: the operation's result object, and the command end to end."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal

from skillpm.ops.cost import cost
from skillpm_testing import write_skill


def _demo(root):
    return write_skill(root, "demo", description="Demo skill for cost.", files={
        "references/guide.md": "# Guide\n\nRead when needed.\n",
        "scripts/run.sh": "#!/bin/sh\necho hi\n",
        "assets/logo.png": b"\x89PNG\x00\x00",
    })


def test_cost_operation_returns_counts_prices_scripts_and_agents(project, reference_encoding):
    folder = _demo(project / "skills")
    report = cost([str(project / "skills")], ["claude-code", "codex"])
    assert report.agents == ["claude-code", "codex"] and report.agents_from == "--agent"
    (s,) = report.skills
    count = lambda t: len(reference_encoding.encode_ordinary(t))  # noqa: E731
    assert (s.cost.session, s.cost.invoke) == (count("demo: Demo skill for cost."), count((folder / "SKILL.md").read_text()))
    half_up = Decimal(s.cost.session * 5) / Decimal(1_000_000)
    assert dict(s.price_session)["Opus 5"] == str(half_up.quantize(Decimal("0.00001"), ROUND_HALF_UP))
    assert [(x.path, x.mode, x.executable) for x in s.cost.scripts] == [("scripts/run.sh", "0755", True)]
    assert s.cost.binaries == [("assets/logo.png", 6)]
    assert [e.agent for e in s.agents] == ["claude-code", "codex"]
    assert s.agents[0].tokens == count("- demo: Demo skill for cost.\n")
    assert s.alone["codex"] > s.alone["claude-code"] > s.cost.session  # codex's fixed header is long
    assert report.listing_by_agent == s.alone  # one skill: the whole listing is this skill's
    doc = s.to_dict()
    assert doc["session_by_agent"]["codex"]["listing_if_only_skill"] == s.alone["codex"]
    assert "Claude's tokenizer differs" in report.note


def test_agents_come_from_manifest_then_detection_then_fallback(project, home):
    _demo(project / "skills")
    assert cost([str(project / "skills")]).agents_from == "fallback"
    (home / ".claude").mkdir()
    r = cost([str(project / "skills")])
    assert (r.agents_from, r.agents) == ("detected", ["claude-code"])
    (project / "skillpm.toml").write_text('agents = ["codex"]\n')
    r = cost([str(project / "skills")])
    assert (r.agents_from, r.agents) == ("manifest", ["codex"])


def test_cost_command_text(project, cli):
    _demo(project / "skills")
    r = cli("cost", "skills", "--agent", "claude-code")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "demo  (skills/demo)"
    assert lines[1].startswith("  tokens   ") and "every session" in lines[1] and "once invoked" in lines[1]
    assert any(line.split()[:2] == ["Opus", "5"] and line.split()[2].startswith("$0.000") for line in lines)
    assert "  script   scripts/run.sh (18 B, mode 0755, executable)" in lines
    assert "  binary   assets/logo.png (6 B, not counted)" in lines
    assert any(line.split()[0] == "claude-code" for line in lines if line.startswith("           claude-code"))
    assert lines[-1].startswith("(token counts use tiktoken o200k_base: exact for GPT models; Claude's tokenizer differs")


def test_cost_command_json_is_one_document(project, cli):
    _demo(project / "skills")
    r = cli("cost", "skills", "--json", "-a", "codex", "-a", "cursor")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["command"] == "cost" and doc["errors"] == []
    res = doc["result"]
    assert res["agents"] == ["codex", "cursor"] and res["tokenizer"] == "o200k_base"
    skill = res["skills"][0]
    assert set(skill["tokens"]) == {"session", "invoke", "resources"}
    assert skill["scripts"] == [{"path": "scripts/run.sh", "size": 18, "mode": "0755", "executable": True}]
    assert set(skill["session_by_agent"]) == {"codex", "cursor"}
    assert skill["session_by_agent"]["cursor"]["format"] == "xml"


def test_cost_command_errors(project, cli):
    r = cli("cost", "missing-folder")
    assert r.exit_code == 2
    assert "error: path does not exist: missing-folder" in r.stderr and "hint:" in r.stderr
    (project / "empty").mkdir()
    r = cli("cost", "empty")
    assert r.exit_code == 2 and "no SKILL.md under empty" in r.stderr
    _demo(project / "skills")
    r = cli("cost", "skills", "-a", "claude")
    assert r.exit_code == 2 and "unknown agent 'claude'" in r.stderr


def test_description_cut_or_refused_is_warned(project, cli):
    long = "Use this for spreadsheets and tables of every kind. " * 40
    write_skill(project / "skills", "sheets", frontmatter=f"name: sheets\ndescription: {json.dumps(long)}\n")
    r = cli("cost", "skills", "-a", "claude-code", "-a", "codex")
    assert r.exit_code == 0
    assert "warning: sheets: claude-code cuts this skill's description in its listing" in r.stderr
    assert "warning: sheets: codex will not load this skill: its description is over the agent's limit" in r.stderr
