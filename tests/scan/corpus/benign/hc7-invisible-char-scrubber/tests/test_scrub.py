"""Fixtures with invisible characters on purpose; every hidden payload is a harmless word."""
import subprocess
import sys
from pathlib import Path

SCRUB = Path(__file__).resolve().parent.parent / "scripts" / "scrub.py"

CASES = {
    "zero_width.txt": "hel\u200blo wor\u200cld\n",
    "bidi.txt": "access = \"user\u202e \u2066// admin\u2069 \u2066\"\n",
    "tags.txt": "greeting\n",
    "homoglyph.py": "def v\u0430lidate(x):\n    return x\n",
    "emoji_ok.txt": "family \U0001F468\u200d\U0001F469\u200d\U0001F467\n",
}
TAGGED = "greeting󠁨󠁥󠁬󠁬󠁯\n"


def run(tmp_path, *extra):
    return subprocess.run([sys.executable, str(SCRUB), str(tmp_path), *extra], capture_output=True, text=True)


def write_cases(tmp_path):
    for name, text in CASES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "tags.txt").write_text(TAGGED, encoding="utf-8")


def test_report_finds_everything(tmp_path):
    write_cases(tmp_path)
    res = run(tmp_path)
    assert res.returncode == 1
    assert "zero_width.txt:1:4: zero-width U+200B" in res.stdout
    assert "bidi-control U+202E" in res.stdout
    assert "tag characters spell: 'hello'" in res.stdout
    assert "homoglyph identifier" in res.stdout
    assert "emoji_ok.txt" not in res.stdout


def test_fix_removes_controls(tmp_path):
    write_cases(tmp_path)
    run(tmp_path, "--fix")
    assert (tmp_path / "zero_width.txt").read_text(encoding="utf-8") == "hello world\n"
    assert (tmp_path / "tags.txt").read_text(encoding="utf-8") == "greeting\n"
    assert "\u200d" in (tmp_path / "emoji_ok.txt").read_text(encoding="utf-8")
