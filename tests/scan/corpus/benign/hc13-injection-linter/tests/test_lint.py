#!/usr/bin/env python3
"""Tests: the malicious fixture must trigger every rule; the clean one none."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
import lint  # noqa: E402

EXPECTED = {"override-instructions", "role-hijack", "pipe-to-shell", "secret-path",
            "exfil-verb", "conceal", "invisible-char"}


def test_malicious_fixture():
    rules = {f["rule"] for f in lint.lint_file(HERE / "fixtures" / "injected_prompt.md")}
    missing = EXPECTED - rules
    assert not missing, f"rules not triggered: {missing}"


def test_clean_fixture():
    assert lint.lint_file(HERE / "fixtures" / "clean_prompt.md") == []


if __name__ == "__main__":
    test_malicious_fixture()
    test_clean_fixture()
    print("ok")
