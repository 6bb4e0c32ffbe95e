import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from pi_scan import scan_text  # noqa: E402

FIX = Path(__file__).resolve().parent / "fixtures"


def rules(name):
    return {h["rule"] for h in scan_text((FIX / name).read_text(encoding="utf-8"), name)}


def test_positives():
    for n in ["pi001", "pi002", "pi003", "pi004", "pi005", "pi006", "pi007", "pi008"]:
        ext = ".html" if n == "pi006" else ".md"
        assert n.upper() in rules(f"{n}_pos{ext}"), n


def test_negatives():
    assert rules("pi001_neg.md") == set()
    assert rules("clean.md") == set()
