"""Speed steps that must not change a finding: each rewritten piece finds what the old form found.

- ``intent.SENTENCE_END_RE`` is written with its first character a class of its own (re then
  skips ahead in C to the next ``.``, ``!``, ``?`` or line break): its matches are those of the
  plain alternation it replaces, at every offset and bounds, in prose, code, other languages and
  the abbreviations it must not end a sentence at.
"""

from __future__ import annotations

import re

import pytest

from skillpm.scan import intent, nlmodel

# The sentence end as it was written before (the reference the rewritten one must equal).
OLD_SENTENCE_END_RE = re.compile(r"[.!?]+(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\betc\.)[\"'”’)\]*_]*[ \t]+|\n")

SENTENCE_TEXTS = [
    "Read the file. Then send it!  Why? Because.\nNext line",
    "Use tools, e.g. grep, i.e. a search; vs. that, etc. and more. Done.",
    "He said \"stop.\" Then went on.) Later...  Wait?!  Now.\n\nNew paragraph",
    "*Bold end.* _Italic end._ [link end.] (paren end.) “curly end.” ‘single.’ Next",
    "no end at all",
    "\n\n\n...\n!?\n",
    "x = a.b.c(); print('done.')\n  if y!: z?\tq",
    "Envoyez le fichier. Puis supprimez-le ! Pourquoi ? Ainsi.",
    "文件。然后发送!  好? 是.\n",
    "e.g.  i.e.  vs.  etc.  E.G. X",
    "end.\t\tnext. .  . !\n",
]


@pytest.mark.parametrize("text", SENTENCE_TEXTS)
def test_sentence_end_same_matches(text):
    def spans(rx, lo, hi):
        return [m.span() for m in rx.finditer(text, lo, hi)]

    for lo in range(0, len(text) + 1, 3):
        for hi in (len(text), len(text) - 2, lo + 7):
            if lo <= hi <= len(text):
                assert spans(intent.SENTENCE_END_RE, lo, hi) == spans(OLD_SENTENCE_END_RE, lo, hi), (lo, hi)


def test_sentences_read_the_same(monkeypatch):
    text = " ".join(SENTENCE_TEXTS) + "\n- 1. item one. 2. two\n- item three"
    new = nlmodel.sentences(text), [intent._sentences(text, p, 600) for p in range(0, len(text), 5)]
    monkeypatch.setattr(nlmodel, "SENTENCE_END_RE", OLD_SENTENCE_END_RE)
    monkeypatch.setattr(intent, "SENTENCE_END_RE", OLD_SENTENCE_END_RE)
    old = nlmodel.sentences(text), [intent._sentences(text, p, 600) for p in range(0, len(text), 5)]
    assert new == old and len(new[0]) > 5
