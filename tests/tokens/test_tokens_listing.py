"""Per-agent session cost (issue 8): each agent's own way of listing skills, rendered and counted."""

from __future__ import annotations

import json

import pytest

from skillpm import listing
from skillpm.errors import SkillpmError
from skillpm.skill import load_skill
from skillpm_testing import write_skill

LONG = ("Use when the user works with spreadsheets: read, write and reshape xlsx and csv files, pivot tables, "
        "formulas, charts and conditional formats; keep formulas live; never flatten a workbook. ") * 20  # ~3,000 chars


def _skill(root, name, description):
    folder = write_skill(root, name, frontmatter=f"name: {name}\ndescription: {json.dumps(description)}\n")
    return load_skill(folder)


def test_formats_file_is_well_formed():
    formats = listing.load_listing_formats()
    assert formats.default == "xml"
    assert formats.for_agent("claude-code").id == "claude-code"
    assert formats.for_agent("codex").id == "codex"
    assert formats.for_agent("cursor").id == "xml"  # not listed: the default
    for fmt in formats.formats.values():
        assert listing.template_fields(fmt) <= {"name", "description", "location"}


def test_each_agent_pays_its_own_format(tmp_path, reference_encoding):
    skill = _skill(tmp_path / "src", "pdf", "Fill & merge <PDF> forms.")
    root = tmp_path / "proj"
    per_skill = listing.skill_session_cost_by_agent([skill], ["claude-code", "codex", "cursor"], root)
    count = lambda t: len(reference_encoding.encode_ordinary(t))  # noqa: E731

    claude = per_skill["claude-code"][0]
    assert claude.text == "- pdf: Fill & merge <PDF> forms."
    assert claude.tokens == count(claude.text + "\n")

    codex = per_skill["codex"][0]
    codex_path = f"{root}/.agents/skills/pdf/SKILL.md"
    assert codex.text == f"- pdf: Fill & merge <PDF> forms. (file: {codex_path})"

    xml = per_skill["cursor"][0]
    cursor_path = listing.skill_location("pdf", "cursor", "project", root)
    assert xml.text == ("<skill>\n<name>\npdf\n</name>\n<description>\nFill &amp; merge &lt;PDF&gt; forms.\n</description>\n"
                        f"<location>\n{cursor_path}\n</location>\n</skill>")

    totals = listing.session_cost_by_agent([skill], ["claude-code", "codex", "cursor"], root)
    assert totals["claude-code"] == count("<system-reminder>\nThe following skills are available for use with the Skill tool:"
                                          "\n\n" + claude.text + "\n</system-reminder>\n")
    assert totals["codex"] == count(codex.text) + 66 + 439  # fixed header and rules, counted in the data file
    assert totals["cursor"] == count("<available_skills>\n" + xml.text + "\n</available_skills>")
    # the DESIGN §2 number is the plain "name: description"; every real listing costs more
    assert all(t > count("pdf: Fill & merge <PDF> forms.") for t in totals.values())


def test_long_description_claude_cuts_codex_skips_xml_keeps(tmp_path, reference_encoding):
    assert len(LONG) > 1536
    skill = _skill(tmp_path, "sheets", LONG)
    per_skill = listing.skill_session_cost_by_agent([skill], ["claude-code", "codex", "amp"], tmp_path)
    claude = per_skill["claude-code"][0]
    assert claude.truncated and not claude.skipped
    assert claude.text == "- sheets: " + LONG[:1535] + "…"
    assert len(claude.text) == len("- sheets: ") + 1536
    codex = per_skill["codex"][0]
    assert codex.skipped and codex.tokens == 0  # Codex refuses descriptions over 1,024 characters
    xml = per_skill["amp"][0]
    assert not xml.truncated and LONG.strip() in xml.text.replace("&#x27;", "'")
    totals = listing.session_cost_by_agent([skill], ["claude-code", "codex", "amp"], tmp_path)
    assert totals["codex"] == 0  # nothing listed → no header either
    assert totals["amp"] > totals["claude-code"]


def test_codex_makes_descriptions_single_line(tmp_path):
    skill = _skill(tmp_path, "multi", "First line.\n\n  Second   line.")
    entry = listing.skill_session_cost_by_agent([skill], ["codex"], tmp_path)["codex"][0]
    assert entry.text.startswith("- multi: First line. Second line. (file: ")


def test_braces_in_a_description_are_text(tmp_path):
    skill = _skill(tmp_path, "braces", "Render {location} and {name} literally, and {0}.")
    entry = listing.skill_session_cost_by_agent([skill], ["claude-code"], tmp_path)["claude-code"][0]
    assert entry.text == "- braces: Render {location} and {name} literally, and {0}."


def test_several_skills_and_no_skills(tmp_path, reference_encoding):
    a = _skill(tmp_path / "s", "alpha", "First skill.")
    b = _skill(tmp_path / "s", "beta", "Second skill.")
    totals = listing.session_cost_by_agent([a, b], ["claude-code"], tmp_path)
    text = ("<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n"
            "- alpha: First skill.\n- beta: Second skill.\n</system-reminder>\n")
    assert totals == {"claude-code": len(reference_encoding.encode_ordinary(text))}
    assert listing.session_cost_by_agent([], ["claude-code", "codex"], tmp_path) == {"claude-code": 0, "codex": 0}


def test_unknown_agent_is_a_clear_error(tmp_path):
    skill = _skill(tmp_path, "pdf", "x")
    with pytest.raises(SkillpmError, match="unknown agent 'claude'"):
        listing.session_cost_by_agent([skill], ["claude"], tmp_path)


def test_malformed_formats_file_names_the_problem(tmp_path):
    bad = tmp_path / "listing-formats.toml"
    bad.write_text('default = "xml"\n[format.xml]\nentry = "{name}"\nescape = "rot13"\n')
    with pytest.raises(SkillpmError, match="unknown over_limit or escape"):
        listing.load_listing_formats(bad)
    bad.write_text('default = "nope"\n[format.xml]\nentry = "{name}"\n')
    with pytest.raises(SkillpmError, match="does not define"):
        listing.load_listing_formats(bad)
