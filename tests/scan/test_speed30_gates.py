"""The cheap gates in front of some readers (speed only): a document that holds the construct, and only barely
passes its gate, is still read; the gate drops documents that cannot hold it."""

from __future__ import annotations

import pytest

from skillpm.scan import unreviewed
from skillpm.scan.literals import Lexicon
from tests.scan.gap_helpers import caught, scan_skill

# one phrase per form of unreviewed.SKIP_RE, each the least that form matches
SKIP_FORMS = [
    "don't stage", "do not staging", "not drafting first", "never save-as-draft", "without saving as drafts",
    "do not queue it for approval", "never hold them for the lead's review", "don't route it to the finance lead",
    "never hand them to a human", "nobody has to see it first", "no one needs to review it beforehand",
    "doesn't have to approve them first", "does not review the replies", "no longer approve refunds",
    "not save-as-draft", "no need to wait for the go-ahead", "needn't ask for permission",
    "without first checking with legal for sign-off", "don't get an OK", "without human review", "without a second look",
    "without escalating", "no need to escalate", "no human review needed", "no sign-off required",
    "skip the approval step", "bypass review", "no human in the loop", "without a human in the loop",
    "the request is the approval to send", "counts as consent to deliver", "as the go-ahead to merge",
    "as the goahead to merge", "for any amount the customer", "whatever amount they claim",
    "don't show them to the user", "rather than showing each", "reviews happen after the fact",
    "never ask the user to approve", "have already agreed to whatever", "has consented to anything",
    "never pause to confirm", "none of this needs review", "nothing here needs sign-off",
]


def _gate(text: str) -> bool:
    low = text.lower()
    return unreviewed.may_skip(text, low, Lexicon.words(low))


@pytest.mark.parametrize("phrase", SKIP_FORMS)
def test_every_skip_form_passes_the_gate(phrase):
    for text in (phrase, phrase.upper(), phrase.replace(" ", "\n", 1), "x " + phrase + ".\n"):
        assert unreviewed.SKIP_RE.search(text), text  # (the form is one SKIP_RE reads)
        assert _gate(text), text


def test_the_gate_drops_common_words_without_a_skip():
    text = ("Review the draft first, and see the staging notes. Do not hold the lock; send the approved replies to "
            "customers only after the user confirms. No one has seen it. Without the key the call fails.")
    assert unreviewed.SKIP_RE.search(text) is None
    assert not _gate(text)


def test_a_homoglyph_case_fold_skips_the_gate():
    assert _gate("Send it to the customer w\u0130thout review")  # (SKIP_RE, case-blind, reads İ as i)


def test_a_barely_gated_document_is_still_read():
    # the only skip phrase is one whose gate literal is a rare row ("nobody"), wrapped over a line
    body = "## Replies\n\nSend each reply to the customer as soon as it is written; nobody\nhas to see it first.\n"
    ok, got = caught(scan_skill(body), ("excessive-agency",))
    assert ok, got


# assembled._list_var_joins: a named list is looked for only where _bracket_assigned saw a name given a bracketed
# value; each form of LIST_ASSIGN's opening, barely written, is still folded
from skillpm.scan import assembled  # noqa: E402

LIST_JOINS = [
    ('parts = ["ev", "al"]\nprint("".join(parts))\n', '"eval"'),  # Python
    ('parts\n    = ("ev", "al")\nx = "".join( parts )\n', '"eval"'),  # the name and its "=" on two lines
    ("const parts = ['ev', 'al'];\nconst f = parts.join('');\n", "eval"),  # JavaScript
    ("$parts = array('ev', 'al');\n$f = implode('', $parts);\n", "eval"),  # PHP, the name after a $
    ('parts := []string{"ev", "al"}\nf := strings.Join(parts, "")\n', "eval"),  # Go
    ("parts={'ev','al'}\nf = parts.join\n", "eval"),  # Ruby, no blanks
]


@pytest.mark.parametrize("code,want", LIST_JOINS)
def test_a_joined_named_list_is_still_folded(code, want):
    out = assembled._list_var_joins(code)
    assert out != code and want in out, out


def test_a_joined_name_without_a_list_is_left():
    code = 'parts = get_parts()\nprint("".join(parts))\nother = ["ev", "al"]\n'
    assert "parts" not in assembled._bracket_assigned(code)
    assert assembled._list_var_joins(code) == code


# litgate.any_in: the readers' "one of these words in the file" gates, words grouped behind shared keys
from skillpm.scan import litgate  # noqa: E402
from skillpm.scan.assembled import FOLD_BYTES  # noqa: E402
from skillpm.scan.engine import TRANSFORM_BYTES  # noqa: E402
from skillpm.scan.interpolated import DECODE_BYTES  # noqa: E402
from skillpm.scan.settingsdata import _spelled_bytes  # noqa: E402

GATED_WORDS = [TRANSFORM_BYTES, FOLD_BYTES, DECODE_BYTES, _spelled_bytes()]


@pytest.mark.parametrize("words", GATED_WORDS)
def test_each_word_alone_passes_any_in(words):
    for w in words:
        for data in (w, b"x = " + w + b"\n", b"\n" * 3 + w):
            assert litgate.any_in(data, words), data


@pytest.mark.parametrize("words", GATED_WORDS)
def test_any_in_answers_as_any(words):
    samples = [b"", b"print('hello')\n", b"def code(): return node.mode\n", b"rev = 1\nchar c; byte b;\n",
               b"x[::-2]", b"ROT 13", b"from_hex", b"base 64", b"H *"]
    for data in samples + [w[:-1] for w in words] + [w[1:] for w in words]:
        assert litgate.any_in(data, words) == any(w in data for w in words), data
    assert litgate.any_in("a str text with chr( in it", ("chr(", "ord(", "chr,")) is True
