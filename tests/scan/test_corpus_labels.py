"""tests/scan/corpus/labels.toml: the lines that carry each labelled injection's order (located from
the manifest without the scanner; bench/train_nl_model.py --positives labels trains on them)."""

from __future__ import annotations

import tomllib
from pathlib import Path

CORPUS = Path(__file__).parent / "corpus"


def _load(name: str) -> dict:
    with open(CORPUS / name, "rb") as fh:
        return tomllib.load(fh)


def test_labels_parse_and_every_labelled_line_exists_and_is_not_blank():
    labels = _load("labels.toml")
    nl = {e["name"] for e in _load("manifest.toml")["malicious"] if e["group"] == "nl"}
    assert len(labels) >= 300
    for name, files in labels.items():
        assert name in nl, f"{name}: not a natural-language injection of the manifest"
        assert files, name
        for path, lines in files.items():
            file = CORPUS / "malicious" / name / path
            assert file.is_file(), f"{name}: no file {path}"
            text = file.read_text(encoding="utf-8").splitlines()
            assert lines and lines == sorted(set(lines)), f"{name} {path}: lines not sorted or repeated"
            for n in lines:
                assert isinstance(n, int) and 1 <= n <= len(text), f"{name} {path}:{n}: no such line"
                assert text[n - 1].strip(), f"{name} {path}:{n}: blank line"


def test_the_trainer_reads_the_labels_as_positive_sentences():
    import sys

    sys.path.insert(0, str(CORPUS.parents[2] / "bench"))
    import train_nl_model as T

    labels = T.load_labels(CORPUS)
    name = "ho18-history-tidy"
    marked = [s for s, seen in T.skill_sentences(CORPUS / "malicious" / name, labels[name]) if seen]
    assert any("force" in s for s in marked) and any("delete every remote branch" in s for s in marked), marked
