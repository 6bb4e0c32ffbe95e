import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
import lint  # noqa: E402

FIX = os.path.join(os.path.dirname(__file__), "fixtures")


def rules_in(name):
    return {f["rule"] for f in lint.scan_file(os.path.join(FIX, name))}


def test_shell_rules():
    assert {"SH001", "SH002", "SH003"} <= rules_in("bad_script.sh.txt")


def test_secret_rules():
    assert {"SEC001", "SEC003"} <= rules_in("leaked_config.env.txt")


def test_private_key_header():
    assert "SEC002" in rules_in("key_header.pem.txt")


def test_prompt_injection_phrase():
    assert "PI001" in rules_in("injected_readme.md.txt")


def test_redaction():
    f = next(lint.scan_file(os.path.join(FIX, "leaked_config.env.txt")))
    assert f["match"].endswith("…") and "EXAMPLE" not in f["match"]
