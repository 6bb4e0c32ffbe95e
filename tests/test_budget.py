"""cost --budget: per-agent session cost of everything an agent sees, in its own listing format."""

import json

from skillpm_testing import write_skill


def _install_three(cli, project, tmp_path):
    src = tmp_path / "src"
    write_skill(src, "alpha", "Alpha does the first thing.")
    write_skill(src, "beta", "Beta does the second thing, with a longer description " + "and more words " * 10)
    write_skill(src, "gamma", "Gamma <does> & the third.")
    r = cli("add", src, "-a", "claude-code", "-a", "codex", "-a", "cursor", "--yes")
    assert r.exit_code == 0, r.output
    return src


def test_budget_matches_the_agents_listing_cost(cli, project, tmp_path):
    from skillpm.listing import session_cost_by_agent
    from skillpm.ops.budget import budget
    from skillpm.skill import load_skill
    from skillpm.tokens import count_tokens

    _install_three(cli, project, tmp_path)
    rep = budget()
    assert rep.agents_from == "manifest"
    by_agent = {a.agent: a for a in rep.agents}
    assert sorted(by_agent) == ["claude-code", "codex", "cursor"]
    for agent_id, folder in (("claude-code", ".claude/skills"), ("codex", ".agents/skills"), ("cursor", ".agents/skills")):
        skills = [load_skill(project / folder / n) for n in ("alpha", "beta", "gamma")]
        expected = session_cost_by_agent(skills, [agent_id], project)[agent_id]
        b = by_agent[agent_id]
        assert b.skills == ["alpha", "beta", "gamma"]
        assert b.session == expected > 0
        assert b.generic == sum(count_tokens(f"{s.name}: {s.description}") for s in skills)
    # the formats differ, so the numbers do: Codex adds paths and a header, Claude Code does not
    assert by_agent["codex"].session != by_agent["claude-code"].session


def test_budget_counts_user_level_and_unmanaged_skills(cli, project, tmp_path, home):
    from skillpm.ops.budget import budget

    _install_three(cli, project, tmp_path)
    write_skill(home / ".claude/skills", "mine", "My own user-level skill.")
    write_skill(project / ".claude/skills", "stray", "Copied in by hand.")
    b = {a.agent: a for a in budget(["claude-code"]).agents}["claude-code"]
    assert b.skills == ["alpha", "beta", "gamma", "stray", "mine"]
    assert [f["scope"] for f in b.folders] == ["project", "global"]
    assert [f["skills"] for f in b.folders] == [4, 1]


def test_budget_with_nothing_installed_is_zero(project):
    from skillpm.ops.budget import budget

    rep = budget()
    assert rep.agents_from == "fallback"
    assert [(a.agent, a.session, a.skills) for a in rep.agents] == [("claude-code", 0, []), ("codex", 0, [])]


def test_cost_budget_cli_text_and_json(cli, project, tmp_path):
    from skillpm.ops.budget import budget

    _install_three(cli, project, tmp_path)
    expected = {a.agent: a.session for a in budget().agents}
    r = cli("cost", "--budget")
    assert r.exit_code == 0, r.output
    assert f"Your 3 skills cost Claude Code {expected['claude-code']:,} tokens every session." in r.stdout
    assert f"Your 3 skills cost Codex {expected['codex']:,} tokens every session." in r.stdout
    doc = json.loads(cli("cost", "--budget", "--json").stdout)
    assert {a["agent"]: a["session"] for a in doc["result"]["budget"]["agents"]} == expected
    r = cli("cost", "--budget", tmp_path / "src")
    assert r.exit_code == 2 and "--budget looks at the installed skills" in r.stderr


def test_add_summary_shows_the_per_agent_number_beside_the_generic_one(cli, project, tmp_path):
    from skillpm.listing import skill_session_cost_by_agent
    from skillpm.skill import load_skill

    src = write_skill(tmp_path / "src", "demo", "Demo skill for the summary.")
    r = cli("add", src, "-a", "claude-code", "-a", "codex", "--dry-run")
    assert r.exit_code == 0, r.output
    # add's summary counts locations relative to the project, so the count is the same in every
    # project and comes from the cache (cost and cost --budget count the absolute path).
    e = skill_session_cost_by_agent([load_skill(src)], ["claude-code", "codex"], project, relative_locations=True)
    line = next(x for x in r.stdout.splitlines() if "each agent's own skill list" in x)
    assert "relative to the project" in line
    assert line.endswith(f"claude-code +{e['claude-code'][0].tokens:,} · codex +{e['codex'][0].tokens:,}")
