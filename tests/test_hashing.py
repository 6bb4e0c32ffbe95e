import os

import pytest

from skillpm.errors import SkillpmError
from skillpm.hashing import check_relpath, dirhash, read_tree

VECTOR = "h1:BtJGSP9e6hcv2Pse7aNGPDtlKGnA60MoaUlVSfs+cp4="


def make_vector(root):
    (root / "SKILL.md").write_text("---\nname: demo-skill\ndescription: Demo skill for hash test vectors\n---\n# Demo\n")
    (root / "scripts").mkdir()
    (root / "scripts/run.sh").write_text("#!/bin/sh\necho hi\n")
    os.chmod(root / "scripts/run.sh", 0o755)
    (root / "Zeta.md").write_text("B\n")
    (root / "alpha.md").write_text("a\n")
    (root / "références").mkdir()
    (root / "références/ü.md").write_text("unicode name\n")


def test_design_test_vector(tmp_path):
    make_vector(tmp_path)
    tree = read_tree(tmp_path)
    assert tree.h1 == VECTOR
    assert tree.executables == {"scripts/run.sh"}
    assert list(sorted(tree.files, key=str.encode))[:3] == ["SKILL.md", "Zeta.md", "alpha.md"]


def test_modes_are_not_hashed_and_git_is_skipped(tmp_path):
    make_vector(tmp_path)
    os.chmod(tmp_path / "scripts/run.sh", 0o644)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git/HEAD").write_text("ref: refs/heads/main\n")
    assert read_tree(tmp_path).h1 == VECTOR


def test_internal_symlink_is_materialised(tmp_path):
    (tmp_path / "SKILL.md").write_text("x")
    (tmp_path / "ref.md").symlink_to("SKILL.md")
    tree = read_tree(tmp_path)
    assert tree.files["ref.md"] == b"x"
    assert tree.h1 == dirhash({"SKILL.md": b"x", "ref.md": b"x"})


@pytest.mark.parametrize("target", ["../outside.txt", "/etc/passwd", "missing.md"])
def test_symlink_leaving_or_dangling_is_refused(tmp_path, target):
    skill = tmp_path / "s"
    skill.mkdir()
    (tmp_path / "outside.txt").write_text("secret")
    (skill / "SKILL.md").write_text("x")
    (skill / "link").symlink_to(target)
    with pytest.raises(SkillpmError) as exc:
        read_tree(skill)
    assert "link" in exc.value.message


def test_fifo_is_refused(tmp_path):
    (tmp_path / "SKILL.md").write_text("x")
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(SkillpmError, match="not a regular file"):
        read_tree(tmp_path)


def test_case_collision_refused(tmp_path):
    (tmp_path / "SKILL.md").write_text("x")
    (tmp_path / "Notes.md").write_text("a")
    (tmp_path / "notes.md").write_text("b")
    with pytest.raises(SkillpmError, match="collide"):
        read_tree(tmp_path)


def test_unicode_normalisation_collision_refused(tmp_path):
    (tmp_path / "SKILL.md").write_text("x")
    (tmp_path / "caf\u00e9.md").write_text("a")  # NFC
    (tmp_path / "cafe\u0301.md").write_text("b")  # NFD
    with pytest.raises(SkillpmError, match="collide"):
        read_tree(tmp_path)


@pytest.mark.parametrize("bad", ["../x", "/abs", "a/../b", "CON", "nul.txt", "a\x01b", "a\\b", "trailing."])
def test_check_relpath_refuses(bad):
    with pytest.raises(SkillpmError):
        check_relpath(bad)


def test_file_count_cap(tmp_path):
    from skillpm.hashing import DEFAULT_LIMITS

    (tmp_path / "SKILL.md").write_text("x")
    for i in range(12):
        (tmp_path / f"f{i}.md").write_text("a")
    with pytest.raises(SkillpmError, match="more than 10 files"):
        read_tree(tmp_path, {**DEFAULT_LIMITS, "max_files": 10})
