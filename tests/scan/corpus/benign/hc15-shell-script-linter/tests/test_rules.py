#!/usr/bin/env python3
"""Reads the fixtures as text and checks the expected rule ids. Nothing is executed."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from shlint import lint_text  # noqa: E402


def ids(name):
    with open(os.path.join(HERE, "fixtures", name), encoding="utf-8") as fh:
        return [rid for _, rid, _, _ in lint_text(fh.read())]


def test_bad():
    assert ids("bad_install.sh.txt") == ["SL001", "SL002", "SL003", "SL004", "SL005", "SL006"], ids("bad_install.sh.txt")


def test_good():
    assert ids("good_install.sh.txt") == [], ids("good_install.sh.txt")


if __name__ == "__main__":
    test_bad()
    test_good()
    print("ok")
