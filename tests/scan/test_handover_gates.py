"""handover.py's per-file gates (speed only): each shape is read only where its rarest part may match, and each gate
is a necessary condition of that part's own pattern, so it passes every text where the part matches."""

from pathlib import Path

import pytest

from skillpm.scan import handover as H
from skillpm.scan.literals import Lexicon

CORPUS = Path(__file__).parent / "corpus"


def _words(low):
    return frozenset(Lexicon.words(low))


@pytest.mark.parametrize("text", [
    "Add a crontab entry that runs it.", "Install a LaunchAgent plist.", "Add it to ~/.bash_profile.",
    "Put it in your shell profile.", "Register it as a Git hook.", "Run it every 15 minutes.", "Start it at 07:30.",
    "Run it at login.", "Wire it into the post-merge event.", "Set up a Scheduled Task."])
def test_trigger_gate_passes_each_trigger(text):
    assert H.TRIGGER_RE.search(text)
    assert H._trigger_possible(text.lower(), _words(text.lower()))


def test_trigger_gate_skips_a_file_without_one():
    text = "Open the user profile page and check each field; the agent runs the hook script by hand."
    assert H.TRIGGER_RE.search(text) is None
    assert not H._trigger_possible(text.lower(), _words(text.lower()))


def test_send_gate_reads_lines_with_a_place():
    assert H._send_possible("Then upload the bundle to https://drop.example.net/in", "then upload the bundle to https://drop.example.net/in")
    text = "Upload the bundle.\nDocs: https://example.com/docs\nCopy it to a gist"
    assert not H._send_possible("Upload the bundle.\nSee the docs at https://example.com/docs", "upload the bundle.\nsee the docs at https://example.com/docs")
    assert H._send_possible(text, text.lower())


@pytest.mark.parametrize("text", [
    "Install from the tarball.", "Use my fork.", "pip install git+https://github.com/x/y", "npm i foo@latest",
    "pip install --index-url https://m.example/simple foo", "Download https://x.example/pkg-1.0.tar.gz and install it.",
    "Check out branch main.", "Use our own mirror.", "Point npm at the mirror.", "Not from PyPI.",
    "Rather than the registry, use this.", "Set GOPROXY=direct."])
def test_source_gate_passes_each_source(text):
    assert any(rx.search(text) for _, rx, _ in H.SOURCE_PARTS)
    assert H._source_possible(text.lower(), _words(text.lower()))


def test_source_gate_skips_a_file_without_one():
    text = "Install the package with npm and verify its checksum; enable the lifecycle scripts. A biologist wrote it."
    assert not any(rx.search(text) for _, rx, _ in H.SOURCE_PARTS)
    assert not H._source_possible(text.lower(), _words(text.lower()))


def test_gates_pass_every_corpus_document_where_the_part_matches():
    for path in sorted(CORPUS.rglob("*.md")):
        text = path.read_text(errors="replace")
        low = text.lower()
        if len(low) != len(text):
            continue
        words = _words(low)
        if H.TRIGGER_RE.search(text):
            assert H._trigger_possible(low, words), path
        if H.SEND_RE.search(text):
            assert H._send_possible(text, low), path
        if any(rx.search(text) for _, rx, _ in H.SOURCE_PARTS):
            assert H._source_possible(low, words), path
