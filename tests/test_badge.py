"""skillpm badge: a well-formed SVG with the skill's real grade and session tokens, offline."""

import json
import xml.etree.ElementTree as ET

from skillpm_testing import write_skill
from skillpm.ops.badge import GRADE_COLORS, BadgeInfo, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg_file):
    root = ET.parse(svg_file).getroot()  # raises if not well-formed XML
    assert root.tag == f"{SVG}svg"
    return root, [t.text for t in root.iter(f"{SVG}text")]


def test_badge_for_a_folder_has_the_right_numbers(cli, project, tmp_path):
    from skillpm.skill import load_skill
    from skillpm.tokens import count_tokens

    src = write_skill(tmp_path / "src", "pdf-tools", "Fill & sign PDF forms <quickly>.")
    expected = count_tokens("pdf-tools: Fill & sign PDF forms <quickly>.")
    assert expected == count_tokens(f"{load_skill(src).name}: {load_skill(src).description}")
    r = cli("badge", src, "--json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)["result"]
    assert res["session_tokens"] == expected and res["grade"] in GRADE_COLORS
    svg = project / "pdf-tools-skillpm-badge.svg"
    assert res["svg"] == "pdf-tools-skillpm-badge.svg" and svg.is_file()
    root, texts = _texts(svg)
    assert f"{res['grade']} · {expected:,} tokens/session" in texts and "skillpm" in texts
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect")]
    assert GRADE_COLORS[res["grade"]] in fills
    assert res["markdown"] == f"![skillpm: grade {res['grade']}, {expected} tokens per session](./pdf-tools-skillpm-badge.svg)"
    assert res["html"].startswith('<img src="./pdf-tools-skillpm-badge.svg" alt="skillpm: grade ')


def test_badge_text_output_prints_snippets_and_honours_out(cli, project, tmp_path):
    src = write_skill(tmp_path / "src", "demo", "Demo.")
    r = cli("badge", src, "--out", "docs/badge.svg")
    assert r.exit_code == 0, r.output
    assert (project / "docs/badge.svg").is_file()
    assert "![skillpm: grade" in r.stdout and "](./docs/badge.svg)" in r.stdout
    assert '<img src="./docs/badge.svg"' in r.stdout
    assert "Wrote docs/badge.svg" in r.stderr


def test_svg_colour_follows_grade_and_escapes_text():
    for grade, color in GRADE_COLORS.items():
        svg = render_svg(BadgeInfo("x", grade, 4210, "here"))
        root = ET.fromstring(svg)
        assert color in [r.get("fill") for r in root.iter(f"{SVG}rect")]
        assert f"{grade} · 4,210 tokens/session" in [t.text for t in root.iter(f"{SVG}text")]
        assert root.get("aria-label") == f"skillpm: grade {grade}, 4,210 tokens per session"
    # widths grow with the text so a longer message never overflows its box
    short = ET.fromstring(render_svg(BadgeInfo("x", "A", 9, "")))
    long_ = ET.fromstring(render_svg(BadgeInfo("x", "A", 123456, "")))
    assert int(long_.get("width")) > int(short.get("width"))


def test_badge_missing_path_is_a_usage_error(cli, project):
    r = cli("badge", "./nope", "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert doc["result"] is None and "no such folder" in doc["errors"][0]["message"]


def test_badge_for_an_index_id_uses_the_entry_numbers(cli, project, git_repo, tmp_path):
    from skillpm.index import open_index
    from skillpm.ops.index_build import build, parse_source

    up = git_repo("forms")
    up.add_skill("pdf", description="Fill PDF forms.")
    up.commit("forms")
    index_dir = tmp_path / "index"
    build([parse_source(str(up.path), "https://github.com/acme/forms")], index_dir, workers=1)
    v = open_index(str(index_dir)).get("acme/forms/pdf").latest
    r = cli("badge", "acme/forms/pdf", "--index", index_dir, "--json")
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)["result"]
    assert (res["name"], res["grade"], res["session_tokens"], res["source"]) == (
        "pdf", v.grade, v.tokens["session"], "acme/forms/pdf")
    _, texts = _texts(project / "pdf-skillpm-badge.svg")
    assert f"{v.grade} · {v.tokens['session']:,} tokens/session" in texts
    r = cli("badge", "acme/forms/nope", "--index", index_dir, "--json")
    assert r.exit_code == 2 and json.loads(r.stdout)["errors"]
